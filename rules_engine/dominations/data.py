"""Dominations facts the sheet checks need: table size, the end-of-game scoring's bounds.

Each fact is checked against the German rulebook (../shared/rules/dominations.de.txt) and a
second public source in tests/test_dominations_data.py, which also names the facts only the
rulebook gives. The table of victory points per fulfilled objective is a picture in the
rulebook, missing from its text, so nothing here depends on it.
"""
from __future__ import annotations

from dataclasses import dataclass

#: Players at one table: 4 player boards, markers in 4 colours; rules for 2 players.
MIN_PLAYERS = 2
MAX_PLAYERS = 4
#: "Eine Partie DOMINATIONS besteht aus 3 Zeitaltern und jedes Zeitalter besteht aus 5
#: Spielzügen pro Spieler."
AGES = 3
TURNS_PER_AGE = 5
#: Each player keeps one objective card ("wählen alle jeweils 1 Karte") with 5 objectives
#: ("Jede Zielkarte hat 5 Ziele"), so 0 to 5 objectives fulfilled.
OBJECTIVES_PER_CARD = 5
#: The score track ends at 100 (then a 100/200/... tile), the influence track at 50.
VP_TRACK = 100
INFLUENCE_TRACK = 50
#: At the end of the third age each domination card is worth 3 VP ("jede Karte gibt 3 SP
#: statt ihres gewöhnlichen Wertes").
FINAL_DOMINATION_VP = 3


@dataclass(frozen=True)
class DominationCard:
    """The card for the most knowledge of one area at the end of an age, and its VP in ages
    1 and 2 (`vp_two_players` where a 2-player game differs)."""

    area_de: str
    area_en: str
    name_de: str
    vp: int
    vp_two_players: int | None = None


#: One card per knowledge area ("Es gibt 6 verschiedene Wissensgebiete"), rulebook order.
DOMINATION_CARDS: tuple[DominationCard, ...] = (
    DominationCard("Regierung", "Government", "Gouverneur", 6, vp_two_players=0),
    DominationCard("Religion", "Religion", "Hohepriesterin", 5),
    DominationCard("Kunst", "Art", "Diplomatin", 4),
    DominationCard("Handel", "Trade", "Kaufmann", 3),
    DominationCard("Wissenschaft", "Science", "Erfinderin", 2),
    DominationCard("Handwerk", "Craft", "Bauer", 1),
)
