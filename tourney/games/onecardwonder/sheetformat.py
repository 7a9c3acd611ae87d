"""The One Card Wonder score sheet: its columns, their words in every language, and how a row
is read. Light on purpose: a sheet's header is matched against every game's format without
loading the games (`tourney.games.registry.sheet_game`)."""
from __future__ import annotations

from typing import Any

from rules_engine.findings import Text, phrase
from tourney.core.sheetio import SheetFormat
from tourney.core.vocabulary import GENERIC, Vocabulary, Word

REQUIRED = ("round", "table", "seat", "player", "stages", "buildings")
COLUMNS = ("round", "table", "seat", "player", "wonder", "stages", "buildings", "winner")

#: The One Card Wonder words (German labels as printed, other spellings accepted).
WORDS = GENERIC + Vocabulary((
    Word("wonder", "Wunder", ("weltwunder", "wunderkarte"), fr="Merveille"),
    Word("stages", "Bauabschnitte", ("bauabschnitt", "stufen"), fr="Étapes"),
    Word("buildings", "Gebäude", fr="Bâtiments"),
    Word("winner", "Sieger", ("siegerin", "gewinner", "sieg", "gagnant"), fr="Vainqueur"),
))


def _winner_cell(values: Any) -> list[tuple[str, Text]]:
    winner = values.get("winner")
    if winner not in (None, 0, 1):
        return [("winner", phrase("winner must be 1 for the player who completed their wonder, 0 or empty for the "
                                  "others, got {value!r}", value=winner))]
    return []


SHEET = SheetFormat(
    REQUIRED, ("wonder",), ("winner",), WORDS.aliases(COLUMNS),
    frozenset({"round", "table", "player", "stages", "winner"}),
    no_header=phrase("{file}: no worksheet has a One Card Wonder header row (expected columns like: {columns})",
                     columns=", ".join(COLUMNS)),
    csv_first_row=phrase("{file}:1: the first row is not a One Card Wonder header: it needs the columns {columns} "
                         "(English, German or French names)", columns=", ".join(COLUMNS)),
    row_checks=(_winner_cell,),
    score_column="stages",
    words=WORDS,
)
