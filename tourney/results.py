"""Check score sheets against the rules and the event, then store them in one transaction.

`check_files` stores nothing; `import_results` stores everything or nothing.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Generic, Iterable, Sequence, TypeVar

from rules_engine.findings import Finding, Severity, error, warning
from tourney import store
from tourney.errors import ImportRefused, SheetError, UsageError
from tourney.sheetio import SheetRow

if TYPE_CHECKING:
    from tourney.games import GameWorkflow


@dataclass(frozen=True)
class LocatedFinding:
    """A finding plus where it is: file, worksheet, rows, round, table."""

    finding: Finding
    file: str | None = None
    rows: tuple[int, ...] = ()
    sheet: str | None = None
    round: int | None = None
    table: int | None = None

    @property
    def is_error(self) -> bool:
        return self.finding.severity is Severity.ERROR

    def location(self) -> str:
        parts = []
        if self.file:
            where = f"{self.file}[{self.sheet}]" if self.sheet else self.file
            if self.rows:
                lo, hi = min(self.rows), max(self.rows)
                where += f":{lo}" if lo == hi else f":{lo}-{hi}"
            parts.append(where)
        if self.round is not None and self.table is not None:
            parts.append(f"round {self.round}, table {self.table}")
        elif self.round is not None:
            parts.append(f"round {self.round}")
        return ": ".join(parts)

    def render(self) -> str:
        f = self.finding
        loc = self.location()
        return f"{loc + ': ' if loc else ''}{f.severity.value}: {f.message} [{f.rule}]"

    def as_dict(self) -> dict[str, object]:
        f = self.finding
        return {"file": self.file, "sheet": self.sheet, "rows": list(self.rows), "round": self.round,
                "table": self.table, "player": f.player, "rule": f.rule, "severity": f.severity.value,
                "message": f.message}


SheetT = TypeVar("SheetT", covariant=True)


@dataclass(frozen=True)
class ParsedTable(Generic[SheetT]):
    """One table's rows and the game's sheet built from them (the rules engine's sheet type)."""

    round: int
    table: int
    rows: tuple[SheetRow, ...]
    sheet: SheetT | None  # None when a row could not be read


@dataclass
class CheckReport:
    files: list[str]
    tables: list[ParsedTable[object]] = field(default_factory=list)
    findings: list[LocatedFinding] = field(default_factory=list)

    @property
    def errors(self) -> list[LocatedFinding]:
        return [f for f in self.findings if f.is_error]

    @property
    def warnings(self) -> list[LocatedFinding]:
        return [f for f in self.findings if not f.is_error]

    @property
    def ok(self) -> bool:
        return not self.errors

    def summary(self) -> str:
        n_lines = sum(len(t.rows) for t in self.tables)
        ne, nw = len(self.errors), len(self.warnings)
        return (f"checked {len(self.files)} file{'s' * (len(self.files) != 1)}: "
                f"{len(self.tables)} table{'s' * (len(self.tables) != 1)}, {n_lines} player{'s' * (n_lines != 1)}: "
                f"{ne} error{'s' * (ne != 1)}, {nw} warning{'s' * (nw != 1)}")


def at_table(table: ParsedTable[object], finding: Finding) -> LocatedFinding:
    """`finding` located at the table's rows (the player's own row when it names one)."""
    rows = table.rows
    if finding.player is not None:
        mine = [r for r in rows if r.player.casefold() == finding.player.casefold()]
        rows = tuple(mine) or rows
    first = rows[0].where
    return LocatedFinding(finding, first.file, tuple(r.where.row for r in rows if r.where.file == first.file),
                          first.sheet, table.round, table.table)


def at_row(row: SheetRow, finding: Finding) -> LocatedFinding:
    """`finding` located at one row."""
    return LocatedFinding(finding, row.where.file, (row.where.row,), row.where.sheet,
                          row.get_int("round"), row.get_int("table"))


def parse_sheets(paths: Sequence[str | Path], read: Callable[[str | Path], list[SheetRow]],
                 build: Callable[[int, int, list[SheetRow], bool], ParsedTable[SheetT]],
                 check: Callable[[SheetT], Iterable[Finding]],
                 row_findings: Callable[[SheetRow], Iterable[Finding]] = lambda row: ()) -> CheckReport:
    """Read every file with `read`, group the rows into tables (`build` gets round, table,
    rows and whether every row could be read) and run the game's `check` on each readable
    table; `row_findings` adds a game's findings about single rows."""
    report = CheckReport(files=[Path(p).name for p in paths])
    rows: list[SheetRow] = []
    for path in paths:
        try:
            rows.extend(read(path))
        except SheetError as exc:
            report.findings.append(LocatedFinding(error("file", str(exc)), Path(path).name))
    by_table: dict[tuple[int, int], list[SheetRow]] = defaultdict(list)
    for row in rows:
        for col, msg in row.problems:
            name = row.player or "?"
            report.findings.append(at_row(row, error("cell", f"{msg} (player {name!r})", row.player or None)))
        report.findings.extend(at_row(row, f) for f in row_findings(row))
        if not row.player:
            report.findings.append(at_row(row, error("cell", "player is empty: write the player's name")))
        r, t = row.get_int("round"), row.get_int("table")
        if r is not None and t is not None:
            if r < 1 or t < 1:
                report.findings.append(at_row(row, error("cell", f"round {r} / table {t}: numbers start at 1")))
            else:
                by_table[(r, t)].append(row)
    for (r, t), trows in sorted(by_table.items()):
        table = build(r, t, trows, all(not row.problems and row.player for row in trows))
        report.tables.append(table)
        if table.sheet is not None:
            report.findings.extend(at_table(table, f) for f in check(table.sheet))
    _check_one_table_per_player(report)
    return report


def _check_one_table_per_player(report: CheckReport) -> None:
    seen: dict[tuple[int, str], ParsedTable[object]] = {}
    for table in report.tables:
        for row in table.rows:
            if not row.player:
                continue
            key = (table.round, row.player.casefold())
            other = seen.get(key)
            if other is not None and other is not table:
                report.findings.append(at_row(row, error(
                    "player.round", f"{row.player!r} is on the sheets of table {other.table} and table "
                                    f"{table.table} in round {table.round}: a player plays one table per round",
                    row.player)))
            seen[key] = table


def already_stored(table: ParsedTable[object], version: int) -> LocatedFinding:
    r, t = table.round, table.table
    return at_table(table, error("result.exists", f"round {r}, table {t} already has results (version {version}): "
                                             "to replace them, import with --correct --reason TEXT"))


@dataclass(frozen=True)
class EventView:
    """What checking sheets against an event looks up: its players, seated rounds and stored
    results; the checks every game shares."""

    info: store.EventInfo
    players: dict[str, store.Player]  # by casefolded name
    seated: dict[int, str]
    stored: dict[tuple[int, int], store.TableResult]
    stored_player_table: dict[tuple[int, str], int]  # (round, casefolded name) -> table

    @classmethod
    def of(cls, event: store.Event, replacing: Iterable[ParsedTable[object]] = ()) -> EventView:
        """The event as the sheets are checked against it; the stored seats of the tables in
        `replacing` (a correction's) are free, so a correction may move players between them."""
        stored = {(t.round, t.table): t for t in event.results()}
        free = {(t.round, t.table) for t in replacing}
        return cls(event.info(), {p.name.casefold(): p for p in event.players()}, event.seated_rounds(), stored,
                   {(t.round, line.player.casefold()): t.table for t in stored.values() for line in t.lines
                    if (t.round, t.table) not in free})

    def table_findings(self, table: ParsedTable[object], *, correct: bool, beyond: bool = True) -> list[LocatedFinding]:
        """A round past the event's last (when `beyond`); results already stored (unless `correct`)."""
        out = []
        r, t = table.round, table.table
        if beyond and r > self.info.rounds:
            out.append(at_table(table, warning(
                "round.beyond", f"round {r} is beyond the event's {self.info.rounds} rounds")))
        if (r, t) in self.stored and not correct:
            out.append(already_stored(table, self.stored[(r, t)].version))
        return out

    def row_findings(self, table: ParsedTable[object], row: SheetRow, *, register: bool) -> list[LocatedFinding]:
        """A player not registered (unless `register`), dropped, or stored at another table."""
        out = []
        name, r = row.player, table.round
        p = self.players.get(name.casefold())
        if p is None:
            if not register:
                out.append(at_row(row, error(
                    "player.unknown", f"{name!r} is not registered: check the spelling against "
                                      "'tourney players list', or add them with 'tourney players add' "
                                      "(or import with --register)", name)))
        elif p.dropped_after is not None and r > p.dropped_after:
            out.append(at_row(row, error(
                "player.dropped", f"{p.name!r} dropped after round {p.dropped_after} but is on a round {r} "
                                  f"sheet: re-enter them with 'tourney players add' if they play on", name)))
        other = self.stored_player_table.get((r, name.casefold()))
        if other is not None and other != table.table:
            out.append(at_row(row, error(
                "player.round", f"{name!r} already has a stored result at table {other} in round {r}: "
                                "a player plays one table per round", name)))
        return out


def check_files(paths: Sequence[str | Path], event: store.Event | None = None) -> CheckReport:
    """`tourney check`: every finding for the files, against the event when given; stores nothing."""
    from tourney.games import sheet_game, workflow

    # Without an event, the header row tells the game.
    game = workflow(event.info().game) if event is not None else sheet_game(paths)
    report = game.parse(paths)
    if event is not None:
        game.check(report, event, register=False, correct=True)
    return report


@dataclass(frozen=True)
class ImportSummary:
    tables: tuple[tuple[int, int, int], ...]  # (round, table, version)
    registered: tuple[str, ...]
    warnings: tuple[LocatedFinding, ...]

    def lines(self) -> list[str]:
        out = [w.render() for w in self.warnings]
        out += [f"registered {name!r}" for name in self.registered]
        for r, t, v in self.tables:
            out.append(f"stored round {r}, table {t}" + (f" (correction, version {v})" if v > 1 else ""))
        n = len(self.tables)
        out.append(f"{n} table{'s' * (n != 1)} stored")
        return out


#: A table's seats as stored from a sheet: (player id, wonder) by seat.
Seats = list[tuple[int, str | None]]
#: What a game stores for one checked table, given the player ids by casefolded name: the
#: table's seats when the round has no seating to keep (else None), and its result lines.
TableRowsFn = Callable[[ParsedTable[object], dict[str, int]], tuple[Seats | None, list[store.NewLine]]]


def store_checked_table(conn: store.Connection, table: ParsedTable[object], table_rows: TableRowsFn,
                        ids: dict[str, int], *, version: int, author: str, reason: str | None, source: str,
                        warnings: Iterable[LocatedFinding]) -> None:
    """Store one checked table as `version` inside the caller's transaction, with its seats
    (for rounds seated from sheets), the warnings found at it, and a history line."""
    r, t = table.round, table.table
    seats, lines = table_rows(table, ids)
    if seats is not None:
        store.store_table_seats(conn, r, t, seats)
    store.store_result(conn, round_no=r, table_no=t, version=version, author=author,
                       reason=reason if version > 1 else None, source=source,
                       warnings=[f.render() for f in warnings if (f.round, f.table) == (r, t)], lines=lines)
    store.log(conn, "results.correct" if version > 1 else "results.import",
              f"round {r}, table {t}, version {version} from {source}" + (f": {reason}" if version > 1 else ""),
              author)


def import_checked(event: store.Event, paths: Sequence[str | Path], game: GameWorkflow, *,
                   register: bool = False, correct: bool = False, reason: str | None = None,
                   author: str | None = None) -> ImportSummary:
    """Verify then store every table in the files, all in one transaction, or nothing:
    register new players, store each table as its next version, log it in the history."""
    if correct and not (reason and reason.strip()):
        raise UsageError("--correct needs --reason TEXT: say why the stored sheet is replaced")
    report = game.parse(paths)
    game.check(report, event, register=register, correct=correct)
    if not report.tables and not report.errors:
        report.findings.append(LocatedFinding(error("empty", "no result rows found: nothing to import"),
                                              ", ".join(report.files)))
    if not report.ok:
        raise ImportRefused(report)
    who = author or store.current_user()
    table_rows = game.table_rows(event)
    registered: list[str] = []
    stored: list[tuple[int, int, int]] = []
    with event.transaction() as conn:
        # A correction may move players between the tables it replaces: free their seats first.
        store.clear_sheet_seats(conn, [(t.round, t.table) for t in report.tables])
        ids = {p.name.casefold(): p.id for p in event.players()}
        for table in report.tables:
            for row in table.rows:
                if row.player.casefold() not in ids:
                    ids[row.player.casefold()] = store.add_player(conn, row.player, joined_round=table.round)
                    registered.append(row.player)
        for table in report.tables:
            version = store.next_version(conn, table.round, table.table)
            if version > 1 and not correct:
                # Decided again under the event's write lock: another desk or import may have
                # stored this table since the files were checked. Raising rolls everything back.
                report.findings.append(already_stored(table, version - 1))
                raise ImportRefused(report)
            files = ", ".join(sorted({row.where.file for row in table.rows}))
            store_checked_table(conn, table, table_rows, ids, version=version, author=who, reason=reason,
                                source=files, warnings=report.warnings)
            stored.append((table.round, table.table, version))
    return ImportSummary(tuple(stored), tuple(registered), tuple(report.warnings))


def import_results(event: store.Event, paths: Sequence[str | Path], *, register: bool = False,
                   correct: bool = False, reason: str | None = None, author: str | None = None,
                   ) -> ImportSummary:
    """Verify then store every table in the files, all in one transaction, or nothing."""
    from tourney.games import workflow

    return import_checked(event, paths, workflow(event.info().game), register=register,
                          correct=correct, reason=reason, author=author)
