"""7 Wonders score sheets in the event workflow: the sheet's columns and German vocabulary,
reading and checking sheets against the rules and the event, and a table as stored
(`dump_line`/`load_table`: the store keeps each line's game data as JSON)."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Mapping, Sequence, cast

from rules_engine.findings import Finding, error
from rules_engine.findings import phrase
from rules_engine.sevenwonders import CATEGORIES, PlayerScore, TableSheet, check_sheet
from rules_engine.sevenwonders.sheet import split_guilds
from tourney.core.errors import EventError
from tourney.games.sevenwonders.drawstore import round_draws
from tourney.games.tablegame import seating_findings
from tourney.event.checking import (
    CheckReport, EventView, ParsedTable, PlannedBoards, Seats, TableRowsFn, at_table, parse_sheets,
)
from tourney.core.sheetio import SheetFormat, SheetRow, read_sheet_file
from tourney.core.tabular import Source
from tourney.core.vocabulary import GENERIC, Vocabulary, Word
from tourney.core.names import name_key

if TYPE_CHECKING:
    from tourney.core import store  # imported where a table is stored: checking sheets needs no database

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
)



def read_score_file(path: Source) -> list[SheetRow]:
    """All score-sheet rows in a CSV or XLSX file, or in rows in memory."""
    return read_sheet_file(path, SCORE_SHEET)


def _text(row: SheetRow, key: str) -> str | None:
    value = row.values.get(key)
    return str(value) if value else None


def player_score(row: SheetRow) -> PlayerScore:
    """One readable row as the rules engine's line (its required numbers are whole numbers)."""
    side = _text(row, "side")
    return _score(row.whole("seat"), row.player, row.values, _text(row, "wonder"), side.upper() if side else None)


#: A line's whole numbers in `PlayerScore`'s field order: categories, total, coins (`STORED_INTS`).
_NUMBERS = itemgetter(*CATEGORIES, "total", "coins")


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) else None


def _score(seat: int, player: str, data: Mapping[str, object], wonder: str | None, side: str | None) -> PlayerScore:
    """A `PlayerScore` from the values of its whole-number fields by name: those of
    `STORED_INTS` are whole numbers (the caller made sure), the optional ones may be missing."""
    # Built once per line of every sheet checked: the fields by position, read in one go.
    military, treasury, wonders, civilian, commercial, guilds, science, total, coins = cast(
        "tuple[int, int, int, int, int, int, int, int, int]", _NUMBERS(data))
    get = data.get
    compasses, gears, tablets, wild, stages = [_whole(get(key)) for key in OPTIONAL_INT]
    return PlayerScore(seat, player, military, treasury, wonders, civilian, commercial, guilds, science, total,
                       coins, wonder, side, compasses, gears, tablets, wild, stages)


def _side_findings(row: SheetRow) -> list[Finding]:
    side = row.values.get("side")
    if side and str(side).upper() not in ("A", "B"):
        return [error("side", "side {side!r} for {player!r}: write A or B", row.player, side=side, player=row.player)]
    return []


#: The guilds a "guilds in play" cell names, worked out once per text: every table of a round
#: (and every line of a table) repeats the same cell.
_guilds_named = lru_cache(maxsize=256)(split_guilds)


def _table(r: int, t: int, rows: list[SheetRow], readable: bool) -> ParsedTable[TableSheet]:
    sheet = None
    if readable:
        named = next((str(row.values["guilds_in_play"]) for row in rows if row.values.get("guilds_in_play")), None)
        sheet = TableSheet(tuple(player_score(row) for row in sorted(rows, key=lambda x: x.whole("seat"))),
                           _guilds_named(named))
    return ParsedTable(r, t, tuple(rows), sheet)


def _check_with_drawn_guilds(report: CheckReport, event: store.Event) -> None:
    """Check again, with the guilds drawn for the round (a table of n: its n + 2), the tables
    whose sheets don't name the guilds in play; their findings replace those without guilds."""
    draws = round_draws(event)
    for k, table in enumerate(report.tables):
        draw = draws.get(table.round)
        sheet = table.sheet
        if draw is None or not isinstance(sheet, TableSheet) or sheet.guilds is not None or not draw.guilds:
            continue
        before = {at_table(table, f) for f in check_sheet(sheet)}
        sheet = replace(sheet, guilds=draw.guilds_for(sheet.size))
        table = report.tables[k] = ParsedTable(table.round, table.table, table.rows, sheet)
        report.findings = [f for f in report.findings if f not in before]
        report.findings.extend(at_table(table, f) for f in check_sheet(sheet))


def parse_files(paths: Sequence[Source]) -> CheckReport:
    """Read every file, group rows into tables and run the rules engine on each table."""
    return parse_sheets(paths, read_score_file, _table, check_sheet, _side_findings)


def check_against_event(report: CheckReport, event: store.Event, *, register: bool = False,
                        correct: bool = False) -> None:
    """Add the findings that need the event: registration, drops, seating, stored results,
    and the rules checked again with the guilds drawn for the round."""
    _check_with_drawn_guilds(report, event)
    view = EventView.of(event, report.tables if correct else (), checking=report.tables)
    for table in report.tables:
        report.findings.extend(view.table_findings(table, correct=correct))
        for row in table.rows:
            if row.player:
                report.findings.extend(view.row_findings(table, row, register=register))
    seating_findings(report, event, view, _drawn_wonder)


def _drawn_wonder(row: SheetRow, planned: store.SeatRow) -> list[Finding]:
    """The wonder on the sheet must be the one drawn for the seat (when both are given)."""
    wonder = row.values.get("wonder")
    if planned.wonder and wonder and str(wonder).casefold() != planned.wonder.casefold():
        return [error("wonder.draw", "{player!r} played {wonder!r} on the sheet but the draw gave seat "
                                     "{seat} {planned!r}: fix the sheet", row.player, player=row.player,
                      wonder=wonder, seat=planned.seat, planned=planned.wonder)]
    return []


# --- a table as stored ---------------------------------------------------------------------------
#: The whole-number fields of a line that the store keeps (the optional ones when present).
STORED_INTS = (*CATEGORIES, "total", "coins")


def dump_line(p: PlayerScore) -> store.Json:
    """A player's line as stored: categories, total, coins and the optional counts given."""
    data: dict[str, store.Json] = {k: getattr(p, k) for k in STORED_INTS}
    data.update({k: getattr(p, k) for k in OPTIONAL_INT if getattr(p, k) is not None})
    return data


def load_line(line: store.ResultLine, where: str) -> PlayerScore:
    """A stored line back as the rules engine's `PlayerScore`."""
    data = line.data
    if not isinstance(data, dict) or not all(isinstance(data.get(k), int) for k in STORED_INTS):
        raise EventError(f"{where}: the stored line of {line.player!r} is damaged ({data!r}): "
                         "import the sheet again with --correct")

    return _score(line.seat, line.player, data, line.wonder, line.side)


def load_table(result: store.TableResult) -> TableSheet:
    """A stored table's current version as the rules engine's `TableSheet`."""
    where = f"round {result.round}, table {result.table}"
    return TableSheet(tuple(load_line(line, where) for line in result.lines))


def table_rows(event: store.Event) -> TableRowsFn:
    """How a checked table is stored: seats from the sheet when the tool did not seat the round,
    the seating's wonder when the sheet leaves it out."""
    from tourney.core import store

    seated = event.seated_rounds()

    planned_wonder = PlannedBoards(event)

    def rows(table: ParsedTable[object], ids: dict[str, int]) -> tuple[Seats | None, list[store.NewLine]]:
        sheet = table.sheet
        assert isinstance(sheet, TableSheet)  # every table is readable once there are no errors
        r, t = table.round, table.table
        seats = None if seated.get(r) == "seat" else [(ids[name_key(p.player)], p.wonder) for p in sheet.players]
        return seats, [store.NewLine(p.seat, ids[name_key(p.player)], p.wonder or planned_wonder(r, t).get(p.seat),
                                     p.side, dump_line(p)) for p in sheet.players]

    return rows

