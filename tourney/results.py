"""Check score sheets against the rules and the event, then store them in one transaction.

`check_files` stores nothing; `import_results` stores everything or nothing.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generic, Iterable, Sequence, TypeVar

from rules_engine.findings import Finding, Severity, error, warning
from rules_engine.sevenwonders import CATEGORIES, PlayerScore, TableSheet, check_sheet
from tourney import store
from tourney.errors import RegistrationError, SheetError, UsageError
from tourney.games import workflow
from tourney.names import clean_name, name_key
from tourney.sheetio import OPTIONAL_INT, SheetRow, read_sheet_file


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


SheetT = TypeVar("SheetT")


@dataclass(frozen=True)
class ParsedTable(Generic[SheetT]):
    """One table's rows and the game's sheet built from them (a 7 Wonders `TableSheet`, a Duel
    `MatchSheet`)."""

    round: int
    table: int
    rows: tuple[SheetRow, ...]
    sheet: SheetT | None  # None when a row could not be read


@dataclass
class CheckReport:
    files: list[str]
    tables: list[ParsedTable[Any]] = field(default_factory=list)
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


class ImportRefused(Exception):
    """The files have errors: nothing was stored. Carries the report to print."""

    def __init__(self, report: CheckReport) -> None:
        super().__init__(report.summary())
        self.report = report


def _at(table: ParsedTable[Any], finding: Finding) -> LocatedFinding:
    rows = table.rows
    if finding.player is not None:
        mine = [r for r in rows if name_key(r.player) == name_key(finding.player)]
        rows = tuple(mine) or rows
    first = rows[0].where
    return LocatedFinding(finding, first.file, tuple(r.where.row for r in rows if r.where.file == first.file),
                          first.sheet, table.round, table.table)


def _row_at(row: SheetRow, finding: Finding) -> LocatedFinding:
    return LocatedFinding(finding, row.where.file, (row.where.row,), row.where.sheet,
                          row.get_int("round"), row.get_int("table"))


def _player_score(row: SheetRow) -> PlayerScore:
    v = row.values
    side = v.get("side")
    return PlayerScore(
        seat=v["seat"], player=row.player, **{c: v[c] for c in CATEGORIES},  # type: ignore[arg-type]
        total=v["total"], coins=v["coins"],  # type: ignore[arg-type]
        wonder=v.get("wonder"), side=str(side).upper() if side else None,  # type: ignore[arg-type]
        **{c: v.get(c) for c in OPTIONAL_INT},  # type: ignore[arg-type]
    )


def parse_sheets(paths: Sequence[str | Path], read: Callable[[str | Path], list[SheetRow]],
                 build: Callable[[int, int, list[SheetRow], bool], ParsedTable[Any]],
                 check: Callable[[Any], Iterable[Finding]],
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
            report.findings.append(_row_at(row, error("cell", f"{msg} (player {name!r})", row.player or None)))
        report.findings.extend(_row_at(row, f) for f in row_findings(row))
        if not row.player:
            report.findings.append(_row_at(row, error("cell", "player is empty: write the player's name")))
        r, t = row.get_int("round"), row.get_int("table")
        if r is not None and t is not None:
            if r < 1 or t < 1:
                report.findings.append(_row_at(row, error("cell", f"round {r} / table {t}: numbers start at 1")))
            else:
                by_table[(r, t)].append(row)
    for (r, t), trows in sorted(by_table.items()):
        table = build(r, t, trows, all(not row.problems and row.player for row in trows))
        report.tables.append(table)
        if table.sheet is not None:
            report.findings.extend(_at(table, f) for f in check(table.sheet))
    _check_one_table_per_player(report)
    return report


def _side_findings(row: SheetRow) -> list[Finding]:
    side = row.values.get("side")
    if side and str(side).upper() not in ("A", "B"):
        return [error("side", f"side {side!r} for {row.player!r}: write A or B", row.player)]
    return []


def _table(r: int, t: int, rows: list[SheetRow], readable: bool) -> ParsedTable[TableSheet]:
    sheet = None
    if readable:
        sheet = TableSheet(tuple(_player_score(row) for row in sorted(rows, key=lambda x: x.values["seat"])))
    return ParsedTable(r, t, tuple(rows), sheet)


def parse_files(paths: Sequence[str | Path]) -> CheckReport:
    """Read every file, group rows into tables and run the rules engine on each table."""
    return parse_sheets(paths, read_sheet_file, _table, check_sheet, _side_findings)


def _check_one_table_per_player(report: CheckReport) -> None:
    seen: dict[tuple[int, str], ParsedTable[Any]] = {}
    for table in report.tables:
        for row in table.rows:
            if not row.player:
                continue
            key = (table.round, name_key(row.player))
            other = seen.get(key)
            if other is not None and other is not table:
                report.findings.append(_row_at(row, error(
                    "player.round", f"{row.player!r} is on the sheets of table {other.table} and table "
                                    f"{table.table} in round {table.round}: a player plays one table per round",
                    row.player)))
            seen[key] = table


def already_stored(table: ParsedTable[Any], version: int) -> LocatedFinding:
    r, t = table.round, table.table
    return _at(table, error("result.exists", f"round {r}, table {t} already has results (version {version}): "
                                             "to replace them, import with --correct --reason TEXT"))


@dataclass(frozen=True)
class EventView:
    """What checking sheets against an event looks up: its players, seated rounds and stored
    results; the checks every game shares."""

    info: store.EventInfo
    players: dict[str, store.Player]  # by names.name_key
    seated: dict[int, str]
    stored: dict[tuple[int, int], store.TableResult]
    stored_player_table: dict[tuple[int, str], int]  # (round, names.name_key) -> table

    @classmethod
    def of(cls, event: store.Event) -> EventView:
        stored = {(t.round, t.table): t for t in event.results()}
        return cls(event.info(), {name_key(p.name): p for p in event.players()}, event.seated_rounds(), stored,
                   {(t.round, name_key(line.player)): t.table for t in stored.values() for line in t.lines})

    def table_findings(self, table: ParsedTable[Any], *, correct: bool, beyond: bool = True) -> list[LocatedFinding]:
        """A round past the event's last (when `beyond`); results already stored (unless `correct`)."""
        out = []
        r, t = table.round, table.table
        if beyond and r > self.info.rounds:
            out.append(_at(table, warning(
                "round.beyond", f"round {r} is beyond the event's {self.info.rounds} rounds")))
        if (r, t) in self.stored and not correct:
            out.append(already_stored(table, self.stored[(r, t)].version))
        return out

    def row_findings(self, table: ParsedTable[Any], row: SheetRow, *, register: bool) -> list[LocatedFinding]:
        """A player not registered (unless `register`), dropped, or stored at another table."""
        out = []
        name, r = row.player, table.round
        p = self.players.get(name_key(name))
        if p is None:
            if not register:
                out.append(_row_at(row, error(
                    "player.unknown", f"{name!r} is not registered: check the spelling against "
                                      "'tourney players list', or add them with 'tourney players add' "
                                      "(or import with --register)", name)))
            else:
                try:
                    clean_name(name)
                except RegistrationError as exc:
                    out.append(_row_at(row, error("player.name", str(exc), name)))
        elif p.dropped_after is not None and r > p.dropped_after:
            out.append(_row_at(row, error(
                "player.dropped", f"{p.name!r} dropped after round {p.dropped_after} but is on a round {r} "
                                  f"sheet: re-enter them with 'tourney players add' if they play on", name)))
        other = self.stored_player_table.get((r, name_key(name)))
        if other is not None and other != table.table:
            out.append(_row_at(row, error(
                "player.round", f"{name!r} already has a stored result at table {other} in round {r}: "
                                "a player plays one table per round", name)))
        return out


def check_against_event(report: CheckReport, event: store.Event, *, register: bool = False,
                        correct: bool = False) -> None:
    """Add the findings that need the event: registration, drops, seating, stored results."""
    view = EventView.of(event)
    seated = view.seated
    seats: dict[tuple[int, int], dict[int, store.SeatRow]] = defaultdict(dict)
    where_seated: dict[tuple[int, str], store.SeatRow] = {}
    for s in event.seats():
        seats[(s.round, s.table)][s.seat] = s
        where_seated[(s.round, name_key(s.player))] = s
    for table in report.tables:
        r, t = table.round, table.table
        report.findings.extend(view.table_findings(table, correct=correct))
        for row in table.rows:
            name = row.player
            if not name:
                continue
            report.findings.extend(view.row_findings(table, row, register=register))
            if seated.get(r) == "seat":
                seat = row.get_int("seat")
                planned = seats.get((r, t), {}).get(seat) if seat is not None else None
                mine = where_seated.get((r, name_key(name)))
                if mine is None:
                    report.findings.append(_row_at(row, error(
                        "seating", f"{name!r} is not in the seating of round {r}: fix the name, or re-seat "
                                   "the round before its sheets are in", name)))
                elif (mine.table, mine.seat) != (t, seat):
                    report.findings.append(_row_at(row, error(
                        "seating", f"{name!r} is at table {t}, seat {seat} on the sheet but the seating of "
                                   f"round {r} has them at table {mine.table}, seat {mine.seat}: fix the sheet",
                        name)))
                wonder = row.values.get("wonder")
                if planned is not None and planned.wonder and wonder and \
                        str(wonder).casefold() != planned.wonder.casefold():
                    report.findings.append(_row_at(row, error(
                        "wonder.draw", f"{name!r} played {wonder!r} on the sheet but the draw gave seat {seat} "
                                       f"{planned.wonder!r}: fix the sheet", name)))
        if seated.get(r) == "seat" and (r, t) in seats:
            planned_names = {name_key(s.player) for s in seats[(r, t)].values()}
            on_sheet = {name_key(row.player) for row in table.rows}
            for missing in sorted(planned_names - on_sheet):
                who = next(s.player for s in seats[(r, t)].values() if name_key(s.player) == missing)
                report.findings.append(_at(table, error(
                    "seating", f"{who!r} is seated at table {t} in round {r} but missing from its sheet: "
                               "add their line")))


def check_files(paths: Sequence[str | Path], event: store.Event | None = None) -> CheckReport:
    """`tourney check`: every finding for the files; stores nothing."""
    from tourney import duel_event
    # Without an event, the header row tells the game.
    game = event.info().game if event is not None else "duel" if duel_event.looks_like_duel(paths) else "7wonders"
    return workflow(game).game_import().check_files(paths, event)  # type: ignore[no-any-return]


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


#: A result line as stored: (seat, player id, wonder, side, scores).
Line = tuple[int, int, str | None, str | None, dict[str, int | str]]
#: A table's seats as stored from a sheet: (player id, wonder) by seat.
Seats = list[tuple[int, str | None]]
#: What a game stores for one checked table, given the player ids by names.name_key: the
#: table's seats when the round has no seating to keep (else None), and its result lines.
TableRows = Callable[[ParsedTable[Any], dict[str, int]], tuple[Seats | None, list[Line]]]


@dataclass(frozen=True)
class GameImport:
    """The game-specific parts of importing result sheets: reading and checking the files,
    checking them against the event, and (from the event, once the files passed) how a
    table becomes stored rows."""

    parse: Callable[[Sequence[str | Path]], CheckReport]
    check: Callable[..., None]  # (report, event, *, register, correct): adds findings
    table_rows: Callable[[store.Event], TableRows]

    def check_files(self, paths: Sequence[str | Path], event: store.Event | None = None) -> CheckReport:
        """Every finding for the files, against the event when given; stores nothing."""
        report = self.parse(paths)
        if event is not None:
            self.check(report, event, register=False, correct=True)
        return report


def import_checked(event: store.Event, paths: Sequence[str | Path], game: GameImport, *,
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
        ids = {name_key(p.name): p.id for p in event.players()}
        for table in report.tables:
            for row in table.rows:
                if name_key(row.player) not in ids:
                    ids[name_key(row.player)] = store.add_player(conn, row.player, joined_round=table.round)
                    registered.append(row.player)
        for table in report.tables:
            r, t = table.round, table.table
            seats, lines = table_rows(table, ids)
            if seats is not None:
                store.store_table_seats(conn, r, t, seats)
            version = store.next_version(conn, r, t)
            if version > 1 and not correct:
                # Decided again under the event's write lock: another desk or import may have
                # stored this table since the files were checked. Raising rolls everything back.
                report.findings.append(already_stored(table, version - 1))
                raise ImportRefused(report)
            warnings_here = [f.render() for f in report.warnings if (f.round, f.table) == (r, t)]
            files = sorted({row.where.file for row in table.rows})
            store.store_result(conn, round_no=r, table_no=t, version=version, author=who,
                               reason=reason if version > 1 else None, source=", ".join(files),
                               warnings=warnings_here, lines=lines)
            store.log(conn, "results.correct" if version > 1 else "results.import",
                      f"round {r}, table {t}, version {version} from {', '.join(files)}"
                      + (f": {reason}" if version > 1 else ""), who)
            stored.append((r, t, version))
    return ImportSummary(tuple(stored), tuple(registered), tuple(report.warnings))


def _sevenwonders_rows(event: store.Event) -> TableRows:
    seated = event.seated_rounds()
    planned_wonder = {(s.round, s.table, s.seat): s.wonder for s in event.seats()}

    def table_rows(table: ParsedTable[TableSheet], ids: dict[str, int]) -> tuple[Seats | None, list[Line]]:
        assert table.sheet is not None  # every table is readable once there are no errors
        r, t = table.round, table.table
        seats = None if seated.get(r) == "seat" else [(ids[name_key(p.player)], p.wonder)
                                                       for p in table.sheet.players]
        lines: list[Line] = []
        for p, row in zip(table.sheet.players, sorted(table.rows, key=lambda x: x.values["seat"])):
            scores = {k: v for k, v in row.values.items()
                      if isinstance(v, int) and k not in ("round", "table", "seat")}
            wonder = p.wonder or planned_wonder.get((r, t, p.seat))
            lines.append((p.seat, ids[name_key(p.player)], wonder, p.side, scores))
        return seats, lines

    return table_rows


SEVEN_WONDERS_IMPORT = GameImport(parse_files, check_against_event, _sevenwonders_rows)


def import_results(event: store.Event, paths: Sequence[str | Path], *, register: bool = False,
                   correct: bool = False, reason: str | None = None, author: str | None = None,
                   ) -> ImportSummary:
    """Verify then store every table in the files, all in one transaction, or nothing."""
    return import_checked(event, paths, workflow(event.info().game).game_import(), register=register,
                          correct=correct, reason=reason, author=author)
