"""Duel match sheets in the event workflow: the sheet's columns and their German and French words,
reading and checking them against the rules and the event's pairing, and how a checked
match is stored."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from rules_engine.duel.sheet import MatchLine, MatchSheet, check_match, outcome
from rules_engine.findings import Finding, error, warning
from tourney.games.duel.stored import StoredRound, dump_line, new_match_line, stored_rounds
from tourney.event.checking import CheckReport, EventView, ParsedTable, Seats, TableRowsFn, at_table, parse_sheets
from tourney.core.sheetio import SheetRow, read_sheet_file
from tourney.games.duel.sheetformat import MATCH_SHEET
from tourney.core.tabular import Source
from tourney.core.names import name_key

if TYPE_CHECKING:
    from tourney.core import store

def read_match_file(path: Source) -> list[SheetRow]:
    """All match-sheet rows in a CSV file or a workbook (every worksheet with a match header), or in
    rows in memory."""
    return read_sheet_file(path, MATCH_SHEET)


# --- match sheets: checking and storing -------------------------------------------------------
def match_line(row: SheetRow) -> MatchLine:
    """One readable row as the rules engine's line."""
    v = row.values
    senate = v.get("senate")
    winner = v.get("winner")
    return new_match_line(row.player, v.get("first") == 1, row.whole,
                          senate if isinstance(senate, int) else None, victory=str(v.get("victory") or ""),
                          winner=str(winner) if winner else None)


def _match(r: int, t: int, rows: list[SheetRow], readable: bool) -> ParsedTable[MatchSheet]:
    ordered = sorted(rows, key=lambda x: -(x.get_int("first") or 0))  # who started Age I first
    sheet = MatchSheet(r, t, tuple(match_line(row) for row in ordered)) if readable else None
    return ParsedTable(r, t, tuple(ordered), sheet)


def _senate_written(row: SheetRow) -> list[Finding]:
    if row.player and row.values.get("senate") is None:
        return [error("senate.missing", "{player!r} has no senate points: the event is played with Agora, so every "
                                        "player's senate row counts; write 0 if they had none", row.player,
                      player=row.player)]
    return []


def parse_files(paths: Sequence[Source], agora: bool = False) -> CheckReport:
    """Read every file, group rows into matches and run the Duel checks on each; in an event
    played with Agora (`tourney new --option agora`) every row needs its senate points."""
    if agora:
        return parse_sheets(paths, read_match_file, _match, check_match, _senate_written)
    return parse_sheets(paths, read_match_file, _match, check_match)


def check_against_event(report: CheckReport, event: store.Event, *, register: bool = False,
                             correct: bool = False) -> None:
    """Registration, drops, the stored pairing and stored results."""
    view = EventView.of(event, report.tables if correct else (), checking=report.tables)
    rounds = stored_rounds(event, {t.round for t in report.tables})
    seated = view.seated
    for table in report.tables:
        r, t = table.round, table.table
        report.findings.extend(view.table_findings(table, correct=correct, beyond=seated.get(r) != "seat"))
        for row in table.rows:
            if row.player:
                report.findings.extend(view.row_findings(table, row, register=register))
        if seated.get(r) == "seat" and r in rounds:
            planned = rounds[r].tables.get(t)
            on_sheet = tuple(row.player for row in table.rows)
            if planned is None:
                report.findings.append(at_table(table, error(
                    "pairing", "round {round} has no table {table}: the pairing has tables 1 to "
                               "{last}; fix the table number", round=r, table=t, last=max(rounds[r].tables))))
            elif len(planned) == 1:
                report.findings.append(at_table(table, error(
                    "pairing", "table {table} in round {round} is {player!r}'s bye: there is no match to record",
                    table=t, round=r, player=planned[0])))
            elif {name_key(x) for x in planned} != {name_key(x) for x in on_sheet}:
                report.findings.append(at_table(table, error(
                    "pairing", "the sheet has {sheet} but round {round}, table {table} is "
                               "{player!r} v {other!r}: fix the names or the table number",
                    sheet=" v ".join(map(repr, on_sheet)), round=r, table=t, player=planned[0], other=planned[1])))
            elif isinstance(table.sheet, MatchSheet):
                first = [ln.player for ln in table.sheet.lines if ln.first]
                if first and name_key(first[0]) != name_key(planned[0]):
                    report.findings.append(at_table(table, warning(
                        "first.draw", "{player!r} started Age I on the sheet but the pairing had "
                                      "{planned!r} start: the sheet is kept as played", player=first[0],
                        planned=planned[0])))


def table_rows(event: store.Event) -> TableRowsFn:
    """How a checked match is stored: lines in the pairing's seat order (seats from the sheet
    when the tool did not pair the round)."""
    from tourney.core import store

    seated = event.seated_rounds()
    paired: dict[int, dict[int, StoredRound]] = {}

    def pairing(r: int) -> dict[int, StoredRound]:
        # Read per round as its matches are stored: a desk's POST reads its own round only.
        if r not in paired:
            paired[r] = stored_rounds(event, [r])
        return paired[r]

    def rows(table: ParsedTable[object], ids: dict[str, int]) -> tuple[Seats | None, list[store.NewLine]]:
        sheet = table.sheet
        assert isinstance(sheet, MatchSheet)  # every match is readable once there are no errors
        r, t = table.round, table.table
        result = outcome(sheet)
        seats: Seats | None = None
        if seated.get(r) == "seat" and r in pairing(r):
            planned = [name_key(x) for x in pairing(r)[r].tables[t]]
            lines = sorted(sheet.lines, key=lambda ln: planned.index(name_key(ln.player)))
        else:
            lines = list(sheet.lines)
            seats = [(ids[name_key(ln.player)], None) for ln in lines]
        return seats, [store.NewLine(seat, ids[name_key(ln.player)], None, None, dump_line(ln, result))
                       for seat, ln in enumerate(lines, 1)]

    return rows
