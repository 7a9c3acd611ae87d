"""Check and store one table's sheet from in-memory rows (a desk's form, a script's JSON),
through the same game reader, checks and stored rows as `results import` of a file."""
from __future__ import annotations

import csv
import re
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rules_engine.findings import error
from tourney import store
from tourney.errors import UsageError, VersionConflict
from tourney.games import workflow
from tourney.errors import ImportRefused
from tourney.results import CheckReport, LocatedFinding, store_checked_table
from tourney.sheetio import SheetFormat
from tourney.names import name_key

#: Most rows one table's sheet may have (7 Wonders seats up to 7; a little slack for typos).
MAX_ROWS = 12


def sheet_format(game: str) -> SheetFormat:
    """The columns of the game's score sheet."""
    return workflow(game).sheet_format


def sheet_columns(game: str) -> list[str]:
    """Column names in sheet order: required first (round, table, seat, player...), then optional."""
    fmt = sheet_format(game)
    head = [c for c in fmt.required if c in ("round", "table", "seat", "player")]
    rest = [c for c in fmt.required if c not in head]
    return head + list(fmt.optional_text) + rest + list(fmt.optional_int)


@dataclass(frozen=True)
class Entered:
    """One table stored from rows: its new version and the warnings it was stored with."""

    round: int
    table: int
    version: int
    warnings: tuple[LocatedFinding, ...]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")[:40] or "desk"


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def line_cells(line: store.ResultLine) -> dict[str, object]:
    """A stored line's values by sheet column (the game's serialisation is one JSON object of
    column values), for pre-filling a desk's form and the API's stored rows."""
    return dict(line.data) if isinstance(line.data, dict) else {}


def stored_table(event: store.Event, round_no: int, table_no: int) -> store.TableResult | None:
    """The table's latest stored version, or None."""
    return next((t for t in event.results(upto_round=round_no) if (t.round, t.table) == (round_no, table_no)),
                None)


def check_table(event: store.Event, round_no: int, table_no: int, rows: Sequence[Mapping[str, object]],
                *, source: str = "desk") -> CheckReport:
    """Every finding for one table's rows (column name → value, as on the sheet), against the
    event, with the game's own reader and checks; stores nothing. Findings name the source
    (`source.csv`) and the sheet row (the first row is row 2, after the header)."""
    if not rows:
        raise UsageError("no rows: send one row per player at the table")
    if len(rows) > MAX_ROWS:
        raise UsageError(f"{len(rows)} rows for one table: a table has at most {MAX_ROWS}")
    game = workflow(event.info().game)
    columns = sheet_columns(event.info().game)
    unknown = sorted({str(k) for row in rows for k in row} - set(columns))
    if unknown:
        raise UsageError(f"unknown column(s) {', '.join(unknown)}: the sheet's columns are {', '.join(columns)}")
    clash = [i for i, row in enumerate(rows, 2) if (row.get("round") not in (None, "", round_no)
                                                    or row.get("table") not in (None, "", table_no))]
    with tempfile.TemporaryDirectory(prefix="tourney-entry-") as tmp:
        # The game's file reader is the one place rows are read and converted: a desk's rows
        # take the same path as a typed CSV file.
        path = Path(tmp) / f"{_slug(source)}.csv"
        with path.open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(columns)
            for row in rows:
                filled = {**row, "round": round_no, "table": table_no}
                w.writerow([_cell(filled.get(c)) for c in columns])
        report = game.parse([path])
    for rowno in clash:
        report.findings.append(LocatedFinding(error(
            "cell", f"row {rowno - 1} is for another round or table: send it to its own table"),
            path.name, (rowno,), None, round_no, table_no))
    if report.ok:
        game.check(report, event, register=False, correct=True)
    return report


def enter_table(event: store.Event, round_no: int, table_no: int, rows: Sequence[Mapping[str, object]], *,
                version: int | None, author: str, reason: str | None = None) -> Entered:
    """Store one table's sheet as the version after `version` (None: the first entry), exactly
    as `results import` would: same checks, one transaction, a history line naming `author`.
    Raises VersionConflict when the stored version is not `version`, ImportRefused (nothing
    stored) when the rows have errors."""
    stored = stored_table(event, round_no, table_no)
    if (stored.version if stored else None) != version:
        raise VersionConflict(round_no, table_no, version, stored)
    report = check_table(event, round_no, table_no, rows, source=author)
    if not report.ok:
        raise ImportRefused(report)
    [table] = report.tables
    why = (reason or "").strip() or f"corrected by {author}"
    table_rows = workflow(event.info().game).table_rows(event)
    with event.transaction() as conn:
        # Under the event's write lock: the version the desk saw must still be the stored one.
        new = store.next_version(conn, round_no, table_no)
        if new != (version or 0) + 1:
            raise VersionConflict(round_no, table_no, version, stored_table(event, round_no, table_no))
        ids = {name_key(p.name): p.id for p in event.players()}
        if not store_checked_table(conn, table, table_rows, ids, version=new, author=author, reason=why,
                                   source=author, warnings=report.warnings):
            new -= 1  # the same sheet again: nothing stored, the stored version stands
    return Entered(round_no, table_no, new, tuple(report.warnings))
