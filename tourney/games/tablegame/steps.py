"""The steps of a table game that read sheets (`TableGame`): reading and checking sheets, the
checks against the event and its seating, stored rows. Loaded by the steps that need them:
`tourney standings` reads none of this, `tourney check` none of the seating (`seating`)."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

from rules_engine.findings import Finding, error
from tourney.core.names import name_key
from tourney.core.sheetio import SheetRow, read_sheet_file
from tourney.core.tabular import Source
from tourney.event.checking import (
    CheckReport,
    EventView,
    ParsedTable,
    PlannedBoards,
    Seats,
    TableRowsFn,
    at_row,
    at_table,
    parse_sheets,
)
from tourney.games.tablegame.model import L, P, S, TableGame

if TYPE_CHECKING:
    # The store (and SQLAlchemy) is imported by the functions that read or write an event:
    # `tourney check` of a file loads the game packages but needs no database.
    from tourney.core import store
    from tourney.core.store import Event

#: The rules engine's line of a table game, as a sheet hands it out.
Line_co = TypeVar("Line_co", covariant=True)


class SeatedSheet(Protocol[Line_co]):
    """A table game's checked sheet: its players' lines (each with a seat and a player)."""

    @property
    def players(self) -> Sequence[Line_co]: ...


# --- sheets in -----------------------------------------------------------------------------
def parse_files(game: TableGame[P, S, L], paths: Sequence[Source], **options: object) -> CheckReport:
    """Read every file (or rows in memory), group rows into tables and run the game's checks on each table (with
    the event's keywords: optional rules, e.g. leaders=True, and a loaded card list)."""
    def build(r: int, t: int, rows: list[SheetRow], readable: bool) -> ParsedTable[S]:
        sheet = None
        if readable:
            ordered = sorted(rows, key=lambda row: row.get_int("seat") or 0)
            sheet = game.table(tuple(game.line(row) for row in ordered))
        return ParsedTable(r, t, tuple(rows), sheet)

    return parse_sheets(paths, lambda p: read_sheet_file(p, game.sheet_format), build,
                        partial(game.check, **options) if options else game.check)


def seating_findings(report: CheckReport, event: Event, view: EventView,
                     extra: Callable[[SheetRow, store.SeatRow], Iterable[Finding]] = lambda row, seat: ()) -> None:
    """For rounds the tool seated: each player at the table and seat the seating gives them,
    nobody seated at a table missing from its sheet; `extra` adds a game's findings for a row
    and its planned seat (a drawn board)."""
    seats: dict[tuple[int, int], dict[int, store.SeatRow]] = defaultdict(dict)
    where_seated: dict[tuple[int, str], store.SeatRow] = {}
    for s in view.seats:  # the seats of the rounds checked
        seats[(s.round, s.table)][s.seat] = s
        where_seated[(s.round, name_key(s.player))] = s
    for table in report.tables:
        r, t = table.round, table.table
        if view.seated.get(r) != "seat":
            continue
        for row in table.rows:
            name = row.player
            if not name:
                continue
            seat = row.get_int("seat")
            mine = where_seated.get((r, name_key(name)))
            if mine is None:
                report.findings.append(at_row(row, error(
                    "seating", "{player!r} is not in the seating of round {round}: fix the name, or re-seat "
                               "the round before its sheets are in", name, player=name, round=r)))
            elif (mine.table, mine.seat) != (t, seat):
                report.findings.append(at_row(row, error(
                    "seating", "{player!r} is at table {table}, seat {seat} on the sheet but the seating of "
                               "round {round} has them at table {seated_table}, seat {seated_seat}: fix the sheet",
                    name, player=name, table=t, seat=seat, round=r, seated_table=mine.table, seated_seat=mine.seat)))
            planned = seats.get((r, t), {}).get(seat) if seat is not None else None
            if planned is not None:
                report.findings.extend(at_row(row, f) for f in extra(row, planned))
        if (r, t) in seats:
            on_sheet = {name_key(row.player) for row in table.rows}
            for s in seats[(r, t)].values():
                if name_key(s.player) not in on_sheet:
                    report.findings.append(at_table(table, error(
                        "seating", "{player!r} is seated at table {table} in round {round} but missing from its "
                                   "sheet: add their line", player=s.player, table=t, round=r)))


def check_against_event(game: TableGame[P, S, L], report: CheckReport, event: Event, *, register: bool,
                        correct: bool) -> None:
    """Registration, drops, stored results and the seating."""
    view = EventView.of(event, checking=report.tables)
    for table in report.tables:
        report.findings.extend(view.table_findings(table, correct=correct))
        for row in table.rows:
            if row.player:
                report.findings.extend(view.row_findings(table, row, register=register))

    def board(row: SheetRow, planned: store.SeatRow) -> list[Finding]:
        value = row.values.get(game.board) if game.board else None
        if planned.wonder and value and str(value).casefold() != planned.wonder.casefold():
            return [error(f"{game.board}.draw", "{player!r} played {value!r} on the sheet but the seating "
                                                "gave seat {seat} {planned!r}: fix the sheet", row.player,
                          player=row.player, value=value, seat=planned.seat, planned=planned.wonder)]
        return []

    seating_findings(report, event, view, board)


def table_rows(game: TableGame[P, S, L], event: Event) -> TableRowsFn:
    """How a checked table is stored: the seats from the sheet when the tool did not seat the
    round; each line as the game's JSON, its board (from the sheet or the seating)."""
    from tourney.core import store

    seated = event.seated_rounds()

    planned_board = PlannedBoards(event)

    def board(line: P) -> str | None:
        value = getattr(line, game.board) if game.board else None
        return str(value) if value else None

    def rows(table: ParsedTable[object], ids: dict[str, int]) -> tuple[Seats | None, list[store.NewLine]]:
        sheet = table.sheet
        assert sheet is not None  # every table is readable once there are no errors
        # The sheet `game.table` made of the game's lines: what the table stores.
        lines = sorted(cast(SeatedSheet[P], sheet).players, key=lambda p: p.seat)
        r, t = table.round, table.table
        seats = None if seated.get(r) == "seat" else [(ids[name_key(p.player)], board(p)) for p in lines]
        return seats, [store.NewLine(p.seat, ids[name_key(p.player)], board(p) or planned_board(r, t).get(p.seat),
                                     None, game.dump(p)) for p in lines]

    return rows
