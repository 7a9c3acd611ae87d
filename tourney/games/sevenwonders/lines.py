"""The 7 Wonders score sheet's format and words, and its lines: a readable row as the rules
engine's line, a line as stored (`dump_line`/`load_line`: the store keeps each line's game data
as JSON). Light on purpose: the standings read lines back without the sheet checks."""
from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Mapping, cast

from rules_engine.findings import phrase
from rules_engine.sevenwonders.data import wonder_name
from rules_engine.sevenwonders.sheet import CATEGORIES, PlayerScore
from tourney.core.sheetio import SheetFormat, SheetRow
from tourney.core.vocabulary import GENERIC, Vocabulary, Word

if TYPE_CHECKING:
    from tourney.core import store  # for types: reading lines back needs no database

REQUIRED = ("round", "table", "seat", "player", *CATEGORIES, "total", "coins")
OPTIONAL_TEXT = ("wonder", "side", "guilds_in_play")
OPTIONAL_INT = ("compasses", "gears", "tablets", "wild", "stages")
COLUMNS = REQUIRED[:4] + OPTIONAL_TEXT + REQUIRED[4:] + OPTIONAL_INT

#: The 7 Wonders words (German and French labels as printed on the sheets, other spellings accepted).
WORDS = GENERIC + Vocabulary((
    Word("wonder", "Weltwunder", ("wunder",), fr="Merveille"), Word("side", "Seite", fr="Face"),
    Word("military", "Militär", fr="Militaire"), Word("treasury", "Münzen-Punkte", ("schatz",), fr="Trésor"),
    Word("wonders", "Weltwunder-Punkte", ("wunder-punkte", "points merveilles", "pv merveilles"), fr="Merveilles"),
    Word("civilian", "Zivil", ("civils",), fr="Civil"), Word("commercial", "Handel", fr="Commerce"),
    Word("guilds", "Gilden", fr="Guildes"), Word("science", "Wissenschaft", fr="Science"),
    Word("coins", "Münzen", fr="Pièces"), Word("compasses", "Zirkel", fr="Compas"),
    Word("gears", "Zahnräder", fr="Engrenages"), Word("tablets", "Tafeln", fr="Tablettes"),
    Word("wild", "Joker", fr="Joker"), Word("stages", "Stufen", ("bauabschnitte",), fr="Étapes"),
    Word("guilds_in_play", "Gilden im Spiel", ("guilds in play",), fr="Guildes en jeu"),
))
#: The line above the header that names the guilds in play (printed sheets have it), in every language.
GUILD_LINES = {label.lower(): "guilds_in_play" for label in ("guilds in play", *WORDS.labels("guilds_in_play")[1:])}
#: Accepted header spellings (case-insensitive) → canonical column name.
ALIASES: dict[str, str] = WORDS.aliases(COLUMNS)

#: The 7 Wonders score sheet (one line per player, several players per table).
SCORE_SHEET = SheetFormat(
    REQUIRED, OPTIONAL_TEXT, OPTIONAL_INT, ALIASES, frozenset({"round", "table", "player", "total"}),
    no_header=phrase("{file}: no worksheet has a score-sheet header row (expected columns like: {columns})",
                     columns=", ".join(REQUIRED)),
    csv_first_row=phrase("{file}:1: the first row is not a score-sheet header: it needs the columns {columns} "
                         "(English, German or French names)", columns=", ".join(REQUIRED)),
    header_lines=GUILD_LINES,
    words=WORDS,
)

#: The columns printed, in import order (the sheet format reads them case-insensitively).
PRINTED = ("round", "table", "seat", "player", "wonder", "side", *CATEGORIES, "total", "coins")


def player_score(row: SheetRow) -> PlayerScore:
    """One readable row as the rules engine's line (its required numbers are whole numbers)."""
    # Built for every line of every sheet checked (a big file: 30,000 of them): the row's
    # values read directly, not through `SheetRow.whole` and `SheetRow.player`.
    values = row.values
    wonder, side, name = values.get("wonder"), values.get("side"), values.get("player")
    # A board by any accepted spelling ("Gizeh" on a French sheet) is kept by its one name, so
    # statistics and the comparison with a stored version see one board.
    board = (wonder_name(str(wonder)) or str(wonder)) if wonder else None
    return _score(cast(int, values["seat"]), name if type(name) is str else str(name or ""), values,
                  board, str(side).upper() if side else None)


#: A line's whole numbers in `PlayerScore`'s field order: categories, total, coins (`STORED_INTS`).
_NUMBERS = itemgetter(*CATEGORIES, "total", "coins")


def _score(seat: int, player: str, data: Mapping[str, object], wonder: str | None, side: str | None) -> PlayerScore:
    """A `PlayerScore` from the values of its whole-number fields by name: those of
    `STORED_INTS` are whole numbers (the caller made sure), the optional ones may be missing."""
    military, treasury, wonders, civilian, commercial, guilds, science, total, coins = cast(
        "tuple[int, int, int, int, int, int, int, int, int]", _NUMBERS(data))
    if data.keys().isdisjoint(OPTIONAL_INT):  # a sheet without the counts' columns (the usual one)
        compasses = gears = tablets = wild = stages = None
    else:
        compasses, gears, tablets, wild, stages = [v if isinstance(v, int) else None
                                                   for v in map(data.get, OPTIONAL_INT)]
    return PlayerScore(seat, player, military, treasury, wonders, civilian, commercial, guilds, science, total,
                       coins, wonder, side, compasses, gears, tablets, wild, stages)


#: The whole-number fields of a line that the store keeps (the optional ones when present).
STORED_INTS = (*CATEGORIES, "total", "coins")


def dump_line(p: PlayerScore) -> store.Json:
    """A player's line as stored: categories, total, coins and the optional counts given."""
    data: dict[str, store.Json] = {k: getattr(p, k) for k in STORED_INTS}
    data.update({k: getattr(p, k) for k in OPTIONAL_INT if getattr(p, k) is not None})
    return data


def load_line(line: store.ResultLine) -> PlayerScore:
    """A stored line back as the rules engine's `PlayerScore` (ValueError when damaged)."""
    data = line.data
    if not isinstance(data, dict) or not all(isinstance(data.get(k), int) for k in STORED_INTS):
        raise ValueError(data)
    return _score(line.seat, line.player, data, line.wonder, line.side)
