"""The Dominations score sheet: its columns, their words in every language, and how a row is
read. Light on purpose: a sheet's header is matched against every game's format without
loading the games (`tourney.games.registry.sheet_game`)."""
from __future__ import annotations

from rules_engine.findings import phrase
from tourney.core.sheetio import SheetFormat
from tourney.core.vocabulary import GENERIC, Vocabulary, Word

REQUIRED = ("round", "table", "seat", "player", "vp", "initiative")
OPTIONAL = ("objectives", "influence", "dominations")
COLUMNS = (*REQUIRED, *OPTIONAL)

#: The Dominations words (German labels as printed, other spellings accepted).
WORDS = GENERIC + Vocabulary((
    Word("vp", "Siegpunkte", ("sp", "victory-points", "pv"), fr="Points de victoire"),
    Word("initiative", "Initiative", ("initiativeleiste",), fr="Initiative"),
    Word("objectives", "Ziele", ("zielkarte",), fr="Objectifs"),
    Word("influence", "Einfluss", ("einflusspunkte",), fr="Influence"),
    Word("dominations", "Dominationen", ("dominationskarten",), fr="Dominations"),
))

SHEET = SheetFormat(
    REQUIRED, (), OPTIONAL, WORDS.aliases(COLUMNS), frozenset({"round", "table", "player", "vp", "initiative"}),
    no_header=phrase("{file}: no worksheet has a Dominations header row (expected columns like: {columns})",
                     columns=", ".join(COLUMNS)),
    csv_first_row=phrase("{file}:1: the first row is not a Dominations header: it needs the columns {columns} "
                         "(English, German or French names)", columns=", ".join(REQUIRED)),
    score_column="vp",
    words=WORDS,
)
