"""The toy game's score sheet: its columns and their words in every language."""
from __future__ import annotations

from rules_engine.findings import phrase
from tourney.core.sheetio import SheetFormat
from tourney.core.vocabulary import GENERIC, Vocabulary, Word

COLUMNS = ("round", "table", "seat", "player", "gold", "silver")

WORDS = GENERIC + Vocabulary((
    Word("gold", "Gold", ("goldstuecke",), fr="Or"),
    Word("silver", "Silber", ("silberstuecke",), fr="Argent"),
))

SHEET = SheetFormat(
    COLUMNS, (), (), WORDS.aliases(COLUMNS), frozenset({"round", "table", "player", "gold", "silver"}),
    no_header=phrase("{file}: no worksheet has a toy game header row (expected columns like: {columns})",
                     columns=", ".join(COLUMNS)),
    csv_first_row=phrase("{file}:1: the first row is not a toy game header: it needs the columns {columns}",
                         columns=", ".join(COLUMNS)),
    score_column="gold",
    words=WORDS,
)
