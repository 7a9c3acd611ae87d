"""The Duel match sheet: its columns, their words in every language, and how a row is read.
Light on purpose: a sheet's header is matched against every game's format without loading the
games (`tourney.games.registry.sheet_game`)."""
from __future__ import annotations

from typing import Mapping

from rules_engine.duel.names import CATEGORIES
from rules_engine.findings import Text, phrase
from tourney.core.sheetio import SheetFormat
from tourney.core.vocabulary import GENERIC, Vocabulary, Word

REQUIRED = ("round", "table", "player", "first", *[c for c in CATEGORIES if c != "senate"], "total", "coins")
OPTIONAL_INT = ("senate",)
OPTIONAL_TEXT = ("victory", "winner")
COLUMNS = ("round", "table", "player", "first", *CATEGORIES, "total", "coins", "victory", "winner")
#: The Duel words (German and French labels as printed on the match sheets, other spellings
#: accepted; the French ones are the French rulebook's: Sénat, Progrès, Trésor).
WORDS = GENERIC + Vocabulary((
    Word("first", "Startspieler", ("premier joueur",), fr="Premier"), Word("blue", "Blau", fr="Bleu"),
    Word("green", "Grün", fr="Vert"), Word("yellow", "Gelb", fr="Jaune"),
    Word("purple", "Lila", ("violett",), fr="Violet"), Word("wonders", "Weltwunder", fr="Merveilles"),
    Word("progress", "Fortschritt", fr="Progrès"), Word("treasury", "Münzen-Punkte", ("schatz",), fr="Trésor"),
    Word("military", "Militär", fr="Militaire"), Word("senate", "Senat", fr="Sénat"),
    Word("coins", "Münzen", fr="Pièces"), Word("victory", "Sieg", fr="Victoire"),
    Word("winner", "Sieger", ("gewinner", "gagnant"), fr="Vainqueur"),
))
#: Accepted header spellings (case-insensitive) → canonical column name.
ALIASES: dict[str, str] = WORDS.aliases(COLUMNS)


def _first_is_0_or_1(values: Mapping[str, object]) -> list[tuple[str, Text]]:
    if values.get("first") not in (None, 0, 1):
        return [("first", phrase("first must be 1 (started Age I) or 0, got {value!r}", value=values["first"]))]
    return []


#: The Duel match sheet: one line per player, two lines per match.
MATCH_SHEET = SheetFormat(
    REQUIRED, OPTIONAL_TEXT, OPTIONAL_INT, ALIASES, frozenset({"round", "table", "player", "first", "total"}),
    no_header=phrase("{file}: no Duel match-sheet header row (expected columns: {columns})",
                     columns=", ".join(COLUMNS)),
    row_checks=(_first_is_0_or_1,),
    words=WORDS,
)
