"""Reading and checking 7 Wonders score sheets in the event workflow: the rules engine's
checks on each table (with the guilds named on the sheet or drawn for the round), the checks
against the event and its draws, and a checked table as stored. Loaded by the steps that read
sheets: the standings need only `lines`."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Sequence

from rules_engine.findings import Finding, error
from rules_engine.sevenwonders import TableSheet, check_sheet
from rules_engine.sevenwonders.data import wonder_name
from rules_engine.sevenwonders.sheet import split_guilds
from tourney.core.names import name_key
from tourney.core.sheetio import SheetRow, read_sheet_file
from tourney.core.tabular import Source
from tourney.event.checking import (
    CheckReport, EventView, ParsedTable, PlannedBoards, Seats, TableRowsFn, at_table, parse_sheets,
)
from tourney.games.sevenwonders.drawstore import round_draws
from tourney.games.sevenwonders.lines import SCORE_SHEET, dump_line, player_score
from tourney.games.tablegame.steps import seating_findings

if TYPE_CHECKING:
    from tourney.core import store  # imported where a table is stored: checking sheets needs no database


def read_score_file(path: Source) -> list[SheetRow]:
    """All score-sheet rows in a CSV file or a workbook, or in rows in memory."""
    return read_sheet_file(path, SCORE_SHEET)


def _side_findings(row: SheetRow) -> list[Finding]:
    side = row.values.get("side")
    if side and str(side).upper() not in ("A", "B"):
        return [error("side", "side {side!r} for {player!r}: write A or B", row.player, side=side, player=row.player)]
    return []


#: The guilds a "guilds in play" cell names, worked out once per text: every table of a round
#: (and every line of a table) repeats the same cell.
_guilds_named = lru_cache(maxsize=256)(split_guilds)


_SEAT = attrgetter("seat")


def _table(r: int, t: int, rows: list[SheetRow], readable: bool) -> ParsedTable[TableSheet]:
    sheet = None
    if readable:
        named = next((str(row.values["guilds_in_play"]) for row in rows if row.values.get("guilds_in_play")), None)
        sheet = TableSheet(tuple(sorted(map(player_score, rows), key=_SEAT)), _guilds_named(named))
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
    same = (wonder_name(str(wonder)) or str(wonder).casefold()) == (wonder_name(planned.wonder or "") or
                                                                      (planned.wonder or "").casefold())
    if planned.wonder and wonder and not same:  # "Gizeh" on a French sheet is the drawn "Gizah"
        return [error("wonder.draw", "{player!r} played {wonder!r} on the sheet but the draw gave seat "
                                     "{seat} {planned!r}: fix the sheet", row.player, player=row.player,
                      wonder=wonder, seat=planned.seat, planned=planned.wonder)]
    return []


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

