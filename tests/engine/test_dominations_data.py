"""Dominations facts of rules_engine/dominations/data.py and the sources each was checked against.

Sources (facts only, quoted short):
- [DE] the German rulebook (/work/shared/rules/dominations.de.txt).
- [HGG] the publisher's page, holygrail.games/en/games/dominations-road-to-civilization/.
- [TT] tabletopping.games review "Dominations: Road to Civilization" (2021-05-19).
- [DD] dicedaniel.nl review "Dominations: Road to Civilization" (Dutch).
- [MN] meeplenation.com "Domination: Road to Civilization" (2-4 players, six knowledge forms).

Facts only [DE] gives are in ONE_SOURCE. The rulebook's table of VP per fulfilled objective is
a picture missing from its text and no second source gives it: nothing depends on it.
"""
from __future__ import annotations

import pytest

from rules_engine.dominations import data

# fact -> (our value, [DE] quote, second source and its quote)
FACTS: dict[str, tuple[object, str, str]] = {
    "players per table": (
        (data.MIN_PLAYERS, data.MAX_PLAYERS), "4 Spielertafeln ... Spielmarker (in 4 Farben); SPIEL ZU ZWEIT",
        "[HGG] 'a 2 – 4 player game'; [MN] 'a 2-4 player game'"),
    "3 ages of 5 turns each": (
        (data.AGES, data.TURNS_PER_AGE),
        "Eine Partie DOMINATIONS besteht aus 3 Zeitaltern und jedes Zeitalter besteht aus 5 Spielzügen pro Spieler",
        ("[TT] 'played over the course of 3 ages, in which each player takes 5 turns'; [DD] 'drie tijdperken van "
        "elk vijf rondes'")),
    "5 objectives on each player's card": (
        data.OBJECTIVES_PER_CARD, "Jede Zielkarte hat 5 Ziele ... wählen alle jeweils 1 Karte",
        "[DD] 'Elke samenleving heeft vijf doelen die de spelers proberen te behalen'"),
    "6 knowledge areas, one domination card each": (
        len(data.DOMINATION_CARDS), ("Es gibt 6 verschiedene Wissensgebiete: Handel, Handwerk, Kunst, Wissenschaft, "
        "Regierung und Religion"),
        ("[HGG] 'There are 6 types of Knowledge available: Government, Craft, Art, Religion, Trade, and Science'; "
        "[TT] 'The player with the most knowledge in each domain gains a domination card'")),
    "most VP after the third age wins": (
        "most vp", "Am Ende des dritten Zeitalters gewinnt, wer die meisten Siegpunkte hat",
        "[TT] 'After the third and final age ... the player with the most points wins the game'"),
}

# fact -> ([DE] quote, why no second source)
ONE_SOURCE: dict[str, tuple[str, str]] = {
    "a tie goes to the player further ahead on the initiative track": (
        "Bei Gleichstand ist besser platziert, wer auf der Initiativeleiste weiter vorne ist",
        "the reviews don't mention ties; [DE] says it twice (turn order and final scoring)"),
    "domination cards are worth 3 VP at the end of the third age": (
        "jede Karte gibt 3 SP statt ihres gewöhnlichen Wertes",
        "used only for the 'vp.minimum' warning"),
    "influence scores as VP at the end of each age": (
        "Dann erhält jeder von euch Siegpunkte in Höhe seiner derzeitigen Einflusspunkte",
        "[TT] 'gain points based on their influence' agrees but gives no amount; used only for 'vp.minimum'"),
    "the score track wraps at 100, the influence track at 50": (
        "Falls du dabei das Ende einer Leiste erreichst (100 Siegpunkte oder 50 Einfluss)",
        "why sheets hold the full number, tiles included"),
    "domination card VP in ages 1-2 (6 5 4 3 2 1; Gouverneur 0 with two players)": (
        "GOUVERNEUR (+6 SP / SPIEL ZU ZWEIT 0 SP) ... HOHEPRIESTERIN (+5 SP) ... BAUER (+1 SP)",
        "data only; no check uses it"),
}


@pytest.mark.parametrize("fact", sorted(FACTS))
def test_every_fact_names_two_sources(fact):
    ours, de, other = FACTS[fact]
    assert ours is not None and de and other.startswith("[")


def test_numbers():
    assert (data.MIN_PLAYERS, data.MAX_PLAYERS, data.AGES, data.TURNS_PER_AGE) == (2, 4, 3, 5)
    assert data.OBJECTIVES_PER_CARD == 5
    assert (data.VP_TRACK, data.INFLUENCE_TRACK, data.FINAL_DOMINATION_VP) == (100, 50, 3)
    assert len(ONE_SOURCE) == 5


def test_domination_cards():
    assert [(c.area_de, c.name_de, c.vp) for c in data.DOMINATION_CARDS] == [
        ("Regierung", "Gouverneur", 6), ("Religion", "Hohepriesterin", 5), ("Kunst", "Diplomatin", 4),
        ("Handel", "Kaufmann", 3), ("Wissenschaft", "Erfinderin", 2), ("Handwerk", "Bauer", 1)]
    assert {c.area_en for c in data.DOMINATION_CARDS} == {"Government", "Craft", "Art", "Religion", "Trade",
                                                          "Science"}
    assert [c.vp_two_players for c in data.DOMINATION_CARDS] == [0, None, None, None, None, None]
