"""Check score sheets against the rules and the event, and find the likely cause behind the
findings; `check_files` stores nothing (`tourney.event.importing` stores checked sheets)."""
from __future__ import annotations

import json
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Iterator, Mapping, Sequence, TypeVar, cast, Protocol
import os
import sys

from rules_engine.findings import Finding, Joined, Severity, Text, error, warning
from rules_engine.findings import phrase
from tourney.core.errors import RegistrationError, SheetError
from tourney.core.findingtext import data_params, finding_text, params_data, severity_text
from tourney.core.i18n import _, and_list, ngettext, use_language
from tourney.core.names import clean_name, name_key, question_marks_match, similar, similar_names
from tourney.core.sheetio import EMPTY_CELL, SheetFormat, SheetRow
from tourney.core.tabular import Source, collector_paused, reading_once, source_name

if TYPE_CHECKING:
    from tourney.core import store  # imported where used: checking sheets alone needs no database


class SheetGame(Protocol):
    """What checking, importing and a sheet typed at a desk or reported ask of the event's game."""

    @property
    def sheet_format(self) -> SheetFormat:
        """The columns of the game's score sheets."""
    def parse(self, paths: Sequence[Source], event: store.Event | None = None) -> CheckReport: ...
    def check(self, report: CheckReport, event: store.Event, *, register: bool, correct: bool) -> None: ...
    def table_rows(self, event: store.Event) -> TableRowsFn: ...


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
            parts.append(_("round {round}, table {table}").format(round=self.round, table=self.table))
        elif self.round is not None:
            parts.append(_("round {round}").format(round=self.round))
        return ": ".join(parts)

    def render(self) -> str:
        """The finding for a person, in the current language: where, severity, message, rule id."""
        f = self.finding
        loc = self.location()
        return f"{loc + ': ' if loc else ''}{severity_text(f)}: {finding_text(f)} [{f.rule}]"

    def stored(self) -> dict[str, store.Json]:
        """The finding as data for the store (English template and values, where it is), said
        in the reader's language when shown (`stored_warning_text`)."""
        f = self.finding
        return {"rule": f.rule, "severity": f.severity.value, "template": f.template, "player": f.player,
                "params": params_data(f.params), "file": self.file, "sheet": self.sheet, "rows": list(self.rows),
                "round": self.round, "table": self.table}

    @classmethod
    def from_stored(cls, data: Mapping[str, Any]) -> LocatedFinding:
        """The finding `stored` gave (KeyError, TypeError or ValueError for other data)."""
        finding = Finding(str(data["rule"]), Severity(data["severity"]), str(data["template"]), data.get("player"),
                          data_params(data.get("params") or {}))
        return cls(finding, data.get("file"), tuple(data.get("rows") or ()), data.get("sheet"), data.get("round"),
                   data.get("table"))

    def as_dict(self) -> dict[str, object]:
        f = self.finding
        return {"file": self.file, "sheet": self.sheet, "rows": list(self.rows), "round": self.round,
                "table": self.table, "player": f.player, "rule": f.rule, "severity": f.severity.value,
                "message": f.message}


def stored_warning_text(stored: object) -> str:
    """A warning stored with a table, in the current language: one stored as data (schema
    version 2, `LocatedFinding.stored`) is said anew; English text an older tourney stored is
    shown as it is."""
    if isinstance(stored, dict):
        try:
            return LocatedFinding.from_stored(stored).render()
        except (KeyError, TypeError, ValueError):
            pass
    return stored if isinstance(stored, str) else json.dumps(stored, ensure_ascii=False)


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
    #: Rows that belong to no table (no round or table number): notes, half-filled lines.
    loose_rows: list[SheetRow] = field(default_factory=list)
    #: Tables of a file with names but no scores yet, left out while others are filled in
    #: (a round's workbook typed in as the tables finish): (file, round, table).
    blank_tables: list[tuple[str, int, int]] = field(default_factory=list)

    def blank_lines(self) -> list[str]:
        """One line per file naming its tables left out as not filled in yet."""
        by_file: dict[tuple[str, int], list[int]] = defaultdict(list)
        for file, r, t in self.blank_tables:
            by_file[(file, r)].append(t)
        return [ngettext("{file}: round {round}, table {tables} is not filled in yet: left out",
                         "{file}: round {round}, tables {tables} are not filled in yet: left out", len(ts)).format(
            file=file, round=r, tables=", ".join(map(str, sorted(ts)))) for (file, r), ts in sorted(by_file.items())]

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
        ne, nw, nf, nt = len(self.errors), len(self.warnings), len(self.files), len(self.tables)
        return _("checked {files}: {tables}, {players}: {errors}, {warnings}").format(
            files=ngettext("{n} file", "{n} files", nf).format(n=nf),
            tables=ngettext("{n} table", "{n} tables", nt).format(n=nt),
            players=ngettext("{n} player", "{n} players", n_lines).format(n=n_lines),
            errors=ngettext("{n} error", "{n} errors", ne).format(n=ne),
            warnings=ngettext("{n} warning", "{n} warnings", nw).format(n=nw))


def at_table(table: ParsedTable[object], finding: Finding) -> LocatedFinding:
    """`finding` located at the table's rows (the player's own row when it names one)."""
    rows = table.rows
    if finding.player is not None:
        mine = [r for r in rows if name_key(r.player) == name_key(finding.player)]
        rows = tuple(mine) or rows
    first = rows[0].where
    return LocatedFinding(finding, first.file, tuple(r.where.row for r in rows if r.where.file == first.file),
                          first.sheet, table.round, table.table)


def at_row(row: SheetRow, finding: Finding) -> LocatedFinding:
    """`finding` located at one row."""
    return LocatedFinding(finding, row.where.file, (row.where.row,), row.where.sheet,
                          row.get_int("round"), row.get_int("table"))


#: Files of at least this many tables are checked by several processes (`check_tables`).
PARALLEL_TABLES = 2000
#: What the forked workers check: the sheets and the game's check (set while they run).
_WORK: tuple[Sequence[Any], Callable[[Any], Iterable[Finding]]] | None = None


def check_tables(sheets: Sequence[SheetT], check: Callable[[SheetT], Iterable[Finding]],
                 meanwhile: Callable[[], None] = lambda: None) -> list[list[Finding]]:
    """`check`'s findings for each sheet, in order; `meanwhile` (work that needs no findings)
    runs in this process while other processes check, else after the checks.

    The rules engine takes half the time of checking a big file and each table is checked on
    its own, so from `PARALLEL_TABLES` tables on, forked copies of this process check slices
    of them alongside this one: a fork shares the sheets already built, and only the findings
    (few) travel back. Only where `fork` exists (Linux; not Windows, where a worker would
    import everything again) and in a single-threaded process (the live server stays serial).
    """
    global _WORK
    workers = _workers(len(sheets))
    if workers < 2:
        out = [list(check(s)) for s in sheets]
        meanwhile()
        return out
    import multiprocessing

    # This process checks a smaller slice than the others: it does `meanwhile` too.
    n = len(sheets)
    first = n * 9 // (10 * workers)
    step = -(-(n - first) // (workers - 1))
    slices = [(0, first), *((lo, min(lo + step, n)) for lo in range(first, n, step))]
    _WORK = (sheets, check)
    try:
        with multiprocessing.get_context("fork").Pool(len(slices) - 1) as pool:
            others = pool.map_async(_check_slice, slices[1:])
            out = _check_slice(slices[0])
            meanwhile()
            for part in others.get():
                out.extend(part)
        return out
    finally:
        _WORK = None


def _workers(tables: int) -> int:
    """How many processes check `tables` tables (1: this one alone)."""
    if tables < PARALLEL_TABLES or not sys.platform.startswith("linux") or threading.active_count() > 1:
        return 1
    return max(1, min(len(os.sched_getaffinity(0)), tables // (PARALLEL_TABLES // 2), 4))


def _check_slice(bounds: tuple[int, int]) -> list[list[Finding]]:
    assert _WORK is not None  # set by check_tables before the workers are forked
    sheets, check = _WORK
    return [list(check(s)) for s in sheets[bounds[0]:bounds[1]]]


def parse_sheets(paths: Sequence[Source], read: Callable[[Source], list[SheetRow]],
                 build: Callable[[int, int, list[SheetRow], bool], ParsedTable[SheetT]],
                 check: Callable[[SheetT], Iterable[Finding]],
                 row_findings: Callable[[SheetRow], Iterable[Finding]] = lambda row: ()) -> CheckReport:
    """Read every file (or rows in memory) with `read`, group the rows into tables (`build`
    gets round, table, rows and whether every row could be read) and run the game's `check` on
    each readable table; `row_findings` adds a game's findings about single rows."""
    with collector_paused():
        return _parse_sheets(paths, read, build, check, row_findings)


def _parse_sheets(paths: Sequence[Source], read: Callable[[Source], list[SheetRow]],
                  build: Callable[[int, int, list[SheetRow], bool], ParsedTable[SheetT]],
                  check: Callable[[SheetT], Iterable[Finding]],
                  row_findings: Callable[[SheetRow], Iterable[Finding]]) -> CheckReport:
    report = CheckReport(files=[source_name(p) for p in paths])
    rows: list[SheetRow] = []
    for path in paths:
        try:
            rows.extend(read(path))
        except SheetError as exc:
            report.findings.append(LocatedFinding(exc.finding(), source_name(path)))
    blank = _blank_tables(rows)
    if blank:
        rows = [row for row in rows if (row.where.file, row.values.get("round"), row.values.get("table")) not in blank]
        report.blank_tables = sorted(blank)
    by_table: dict[tuple[int, int], list[SheetRow]] = defaultdict(list)
    unreadable: set[tuple[int, int]] = set()  # tables with a row that could not be read
    findings = report.findings
    for row in rows:
        player = row.player
        for _col, msg in row.problems:
            rule = "cell.empty" if isinstance(msg, Text) and msg.template == EMPTY_CELL else "cell"
            findings.append(at_row(row, error(rule, "{problem} (player {player!r})", player or None,
                                              problem=msg, player=player or "?")))
        found = row_findings(row)
        if found:
            findings.extend(at_row(row, f) for f in found)
        if not player:
            findings.append(at_row(row, error("cell", "player is empty: write the player's name")))
        r, t = row.values.get("round"), row.values.get("table")
        if isinstance(r, int) and isinstance(t, int):
            if r < 1 or t < 1:
                report.findings.append(at_row(row, error("cell", "round {round} / table {table}: numbers start at 1",
                                                         round=r, table=t)))
            else:
                by_table[(r, t)].append(row)
                if row.problems or not player:
                    unreadable.add((r, t))
        else:
            report.loose_rows.append(row)
    for (r, t), trows in sorted(by_table.items()):
        report.tables.append(build(r, t, trows, (r, t) not in unreadable))
    readable = [table for table in report.tables if table.sheet is not None]
    twice: list[LocatedFinding] = []  # players at two tables of a round: found while the rules are checked
    checked = check_tables([cast("SheetT", t.sheet) for t in readable], check,
                           lambda: twice.extend(_one_table_per_player(report.tables)))
    for table, found in zip(readable, checked):
        if found:
            findings.extend(at_table(table, f) for f in found)
    findings.extend(twice)
    return report


def _one_table_per_player(tables: Sequence[ParsedTable[object]]) -> Iterator[LocatedFinding]:
    # Usually no name is twice in a round: one pass over the names shows it, then nothing to find.
    names = [(table.round, name_key(player)) for table in tables for row in table.rows if (player := row.player)]
    if len(set(names)) == len(names):
        return
    seen: dict[tuple[int, str], ParsedTable[object]] = {}
    for table in tables:
        for row in table.rows:
            player = row.player
            if not player:
                continue
            key = (table.round, name_key(player))
            other = seen.get(key)
            if other is not None and other is not table:
                yield at_row(row, error(
                    "player.round", "{player!r} is on the sheets of table {other} and table "
                                    "{table} in round {round}: a player plays one table per round",
                    row.player, player=row.player, other=other.table, table=table.table, round=table.round))
            seen[key] = table


def already_stored(table: ParsedTable[object], version: int) -> LocatedFinding:
    r, t = table.round, table.table
    return at_table(table, error("result.exists", "round {round}, table {table} already has results (version "
                                                  "{version}): to replace them, import with --correct --reason TEXT",
                                 round=r, table=t, version=version))


@dataclass(frozen=True)
class EventView:
    """What checking sheets against an event looks up: its players, seated rounds and stored
    results; the checks every game shares."""

    info: store.EventInfo
    players: dict[str, store.Player]  # by names.name_key
    seated: dict[int, str]
    stored: dict[tuple[int, int], store.TableResult]
    stored_player_table: dict[tuple[int, str], int]  # (round, names.name_key) -> table
    seats: tuple[store.SeatRow, ...] = ()

    @classmethod
    def of(cls, event: store.Event, replacing: Iterable[ParsedTable[object]] = (), *,
           checking: Sequence[ParsedTable[object]] | None = None) -> EventView:
        """The event as the sheets are checked against it; the stored seats of the tables in
        `replacing` (a correction's) are free, so a correction may move players between them.

        Given the tables `checking` (the only ones the view is then asked about), it reads just
        what they need: the stored results and seats of their rounds, and their players (the
        whole roster only when a name is not found as typed: a name's other spelling, or a
        guess for an unknown one). A desk's POST then reads as much in round 6 as in round 1."""
        players: list[store.Player] | None = None
        seats: list[store.SeatRow] | None = None
        if checking is None:
            results = event.results()
        else:
            rounds = sorted({t.round for t in checking})
            names = {row.player for t in checking for row in t.rows if row.player}
            found = event.players_named(names)
            if names and len(found) == len(names):  # names are unique ignoring case: each one found is the one
                players = found
                # The tables checked, and where their players are stored or seated: all the checks look at.
                results = event.results(rounds=rounds, tables={(t.round, t.table) for t in checking}, players=names)
                seats = [s for r in rounds for s in event.seats(
                    r, tables={t.table for t in checking if t.round == r}, players=names)]
            else:   # a name spelt otherwise, or unknown: the roster and the rounds to match it with
                results = event.results(rounds=rounds)
                seats = [s for r in rounds for s in event.seats(r)]
        stored = {(t.round, t.table): t for t in results}
        free = {(t.round, t.table) for t in replacing}
        return cls(event.info(), {name_key(p.name): p for p in players or event.players()}, event.seated_rounds(),
                   stored, {(t.round, name_key(line.player)): t.table for t in stored.values() for line in t.lines
                            if (t.round, t.table) not in free},
                   tuple(event.seats() if seats is None else seats))

    def did_you_mean(self, name: str, round_no: int) -> Text | None:
        """'did you mean 'Jürgen Weiß' (seated at table 4, seat 2)?' from the round's seating,
        else the roster; None when no name is close."""
        seated = {s.player: s for s in self.seats if s.round == round_no}
        near = similar_names(name, seated) or similar_names(name, [p.name for p in self.players.values()])
        if not near:
            return None
        shown = tuple(phrase("{name!r} (seated at table {table}, seat {seat})", name=n, table=seated[n].table,
                           seat=seated[n].seat) if n in seated else repr(n) for n in near)
        return phrase("did you mean {names}?", names=Joined(shown, " or "))

    def matching_with_question_marks(self, name: str) -> list[str]:
        """The registered names `name` stands for when each '?' in it is one letter Excel could
        not save (case ignored)."""
        return question_marks_match(name, (p.name for p in self.players.values()))

    def table_findings(self, table: ParsedTable[object], *, correct: bool, beyond: bool = True) -> list[LocatedFinding]:
        """A round past the event's last (when `beyond`); results already stored (unless `correct`)."""
        out = []
        r, t = table.round, table.table
        if beyond and r > self.info.rounds:
            out.append(at_table(table, warning(
                "round.beyond", "round {round} is beyond the event's {rounds} rounds", round=r,
                rounds=self.info.rounds)))
        if (r, t) in self.stored and not correct:
            out.append(already_stored(table, self.stored[(r, t)].version))
        return out

    def row_findings(self, table: ParsedTable[object], row: SheetRow, *, register: bool) -> list[LocatedFinding]:
        """A player not registered (unless `register`), dropped, or stored at another table."""
        out = []
        name, r = row.player, table.round
        p = self.players.get(name_key(name))
        if p is None and "?" in name:
            # Excel's "CSV" (Windows-1252) writes '?' for a letter it can't encode: Łukasz -> ?ukasz.
            likely = self.matching_with_question_marks(name)
            out.append(at_row(row, error(
                "player.encoding", "{player!r} is not registered: Excel replaced letters it could not save with "
                                   "'?': save the file as 'CSV UTF-8' or XLSX; it is most likely {names}", name,
                player=name, names=Joined(tuple(map(repr, likely)), " or ")) if likely else error(
                "player.encoding", "{player!r} is not registered: Excel replaced letters it could not save with "
                                   "'?': save the file as 'CSV UTF-8' or XLSX", name, player=name)))
        elif p is None:
            guess = self.did_you_mean(name, r)
            if guess is not None:
                out.append(at_row(row, error(
                    "player.unknown", "{player!r} is not registered: {guess} fix the name on the sheet", name,
                    player=name, guess=guess)))
            elif not register:
                out.append(at_row(row, error(
                    "player.unknown", "{player!r} is not registered: check the spelling against "
                                      "'tourney players list', or add them with 'tourney players add' "
                                      "(or import with --register)", name, player=name)))
            else:
                try:
                    clean_name(name)
                except RegistrationError as exc:
                    out.append(at_row(row, error("player.name", str(exc), name)))
        elif p.dropped_after is not None and r > p.dropped_after:
            seat = next((s for s in self.seats if s.round == r and s.player == p.name and s.table == table.table), None)
            if seat is not None and r == p.dropped_after + 1:
                # Dropped while seated in this round (a tourney before 2026-12 then dropped them after
                # the round before): dropping them again moves the drop after this round.
                out.append(at_row(row, error(
                    "player.dropped", "{player!r} is dropped from round {round} on, but was seated at this table: "
                                      "if they played it, 'tourney players drop EVENT {player!r}' moves their drop "
                                      "after round {round} and this sheet counts", name, player=p.name, round=r)))
            else:
                out.append(at_row(row, error(
                    "player.dropped", "{player!r} dropped after round {dropped} but is on a round {round} "
                                      "sheet: re-enter them with 'tourney players add' if they play on", name,
                    player=p.name, dropped=p.dropped_after, round=r)))
        other = self.stored_player_table.get((r, name_key(name)))
        if other is not None and other != table.table:
            out.append(at_row(row, error(
                "player.round", "{player!r} already has a stored result at table {table} in round {round}: "
                                "a player plays one table per round", name, player=name, table=other, round=r)))
        return out


def unseated_round_findings(report: CheckReport, event: store.Event, *, paper: bool) -> list[LocatedFinding]:
    """Sheets of a round the event can't place, one error per file and round unless `paper`:
    in an event whose rounds the tool seats, a round it has not seated (a typed round number
    would make the sheet's tables a new round); in an event seated on paper, a round after one
    that neither has results nor is on the sheets."""
    if paper or not report.tables:
        return []
    seated = event.seated_rounds()
    by_tool = any(source == "seat" for source in seated.values())
    given = {t.round for t in report.tables}
    groups: dict[tuple[str, int], list[ParsedTable[object]]] = defaultdict(list)
    for table in report.tables:
        if table.rows and table.round not in seated:
            groups[(table.rows[0].where.file, table.round)].append(table)
    out = []
    seating: dict[int, dict[int, frozenset[str]]] | None = None
    for (file, r), tables in sorted(groups.items()):
        rows = tuple(row.where.row for t in tables for row in t.rows if row.where.file == file)
        sheet = tables[0].rows[0].where.sheet
        if by_tool:
            if seating is None:
                seating = defaultdict(dict)
                players: dict[tuple[int, int], set[str]] = defaultdict(set)
                for s in event.seats():
                    players[(s.round, s.table)].add(s.player.casefold())
                for (q, t), names in players.items():
                    seating[q][t] = frozenset(names)
            finding = _unseated(r, tables, seating, sorted(seated))
        else:
            missing = [q for q in range(1, r) if q not in seated and q not in given]
            if not missing:
                continue
            finding = error("round.gap", "round {round} can't be stored before round {missing}: no sheet of round "
                                         "{missing} is stored or imported with it; check the round column, import "
                                         "round {missing} first, or import with --paper if the rounds were numbered "
                                         "so on paper", round=r, missing=missing[0])
        out.append(LocatedFinding(finding, file, rows, sheet, r))
    return out


def _unseated(r: int, tables: Sequence[ParsedTable[object]], seating: dict[int, dict[int, frozenset[str]]],
              seated: Sequence[int]) -> Finding:
    """The error for sheets of round `r`, which the tool has not seated: which seated round's
    tables hold the sheets' players, when one round's do."""
    for q in sorted(seating, reverse=True):
        owner = {names: t for t, names in seating[q].items()}
        found = sorted(t for t in (owner.get(_names(t.rows)) for t in tables) if t is not None)
        if len(found) == len(tables):
            return (error("round.unseated", "round {round} is not seated yet: this is round {other}'s table {tables}; "
                                            "write {other} in the round column", round=r, other=q,
                          tables=_spans(found)) if len(found) == 1 else
                    error("round.unseated", "round {round} is not seated yet: these are round {other}'s tables "
                                            "{tables}; write {other} in the round column", round=r, other=q,
                          tables=_spans(found)))
    return error("round.unseated", "round {round} is not seated yet (the last seated round is {last}): check the "
                                   "round column, seat the round with 'tourney seat' first, or import with --paper "
                                   "if it was seated on paper", round=r, last=max(seated))


def _spans(numbers: Sequence[int]) -> str:
    """1, 2, 3, 5 as "1–3, 5"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


# --- root cause first ------------------------------------------------------------------------------
#: Rules of the checks against the event (seating, registration, stored results): the ones a
#: wrong round or table number sets off. The rules engine's own findings stay listed apart.
EVENT_RULES = frozenset({"seating", "wonder.draw", "pairing", "first.draw", "player.round", "player.unknown",
                         "player.dropped", "result.exists", "round.beyond"})
#: Details shown under a cause; the rest are counted.
CAUSE_DETAILS = 5
_LAYOUT = ("round", "table", "seat", "player")


@dataclass(frozen=True)
class Cause:
    """The likely cause behind several findings: one line saying what and how to fix it,
    then the findings it explains."""

    cause: Text | LocatedFinding  # the line saying it, or the finding that is the cause
    details: tuple[LocatedFinding, ...]
    head: LocatedFinding | None = None  # the finding the message is, when it is one

    @property
    def message(self) -> str:
        """The cause in English (JSON, tests); `lines` speaks the current language."""
        if isinstance(self.cause, LocatedFinding):
            with use_language("en"):
                return self.cause.render()
        return self.cause.render()

    def lines(self, limit: int = CAUSE_DETAILS) -> list[str]:
        first = self.cause.render() if isinstance(self.cause, LocatedFinding) else self.cause.render(_)
        out = [first] + ["  " + f.render() for f in self.details[:limit]]
        if len(self.details) > limit:
            more = len(self.details) - limit
            out.append("  " + ngettext("… and {n} more like this", "… and {n} more like this", more).format(n=more))
        return out

    def as_dict(self) -> dict[str, object]:
        return {"cause": self.message, "findings": [f.as_dict() for f in self.details]}


def _names(rows: Iterable[SheetRow]) -> frozenset[str]:
    return frozenset(r.player.casefold() for r in rows if r.player)


def _blank_tables(rows: Sequence[SheetRow]) -> set[tuple[str, int, int]]:
    """The (file, round, table)s whose lines have names but no scores, when another table of
    the files has scores: a round's workbook typed in as the tables finish. When no table has
    any, nothing is left out (the report then says the sheets are not filled in yet)."""
    filled: dict[tuple[str, int, int], bool] = {}  # a line of the table has scores
    for row in rows:
        values = row.values
        r, t = values.get("round"), values.get("table")
        if isinstance(r, int) and isinstance(t, int):
            key = (row.where.file, r, t)
            if not filled.get(key):  # looked at until one line has scores
                filled[key] = not _scores_blank(row)
    blank = {key for key, scores in filled.items() if not scores}
    return blank if len(blank) < len(filled) else set()


def _scores_blank(row: SheetRow) -> bool:
    """A line with a name (and seat) but no score: numbers outside the layout all missing."""
    return bool(row.player) and all(v is None or isinstance(v, str) for k, v in row.values.items()
                                    if k not in _LAYOUT)


def _at_rows(findings: Iterable[LocatedFinding], file: str, rows: Iterable[int]) -> list[LocatedFinding]:
    wanted = set(rows)
    return [f for f in findings if f.file == file and wanted.intersection(f.rows)]


def _tables(n: int) -> Text:
    return phrase("{count} table", count=n) if n == 1 else phrase("{count} tables", count=n)


def diagnose(report: CheckReport, event: store.Event | None = None) -> list[Cause]:
    """Group the report's findings under their likely causes, most telling first: formulas
    without saved values, sheets not filled in, one table in two files, sheets of another
    round, swapped table numbers, a note or numbers without a player on a line, unknown
    names. Each finding is explained by one cause at most; findings no cause explains are
    left out (the caller lists them as they are)."""
    causes: list[Cause] = []
    if not report.findings:
        return causes  # every cause explains at least one finding
    taken: set[int] = set()

    def claim(message: Text | LocatedFinding, found: Iterable[LocatedFinding], head: LocatedFinding | None = None,
              least: int = 1) -> None:
        mine = [f for f in found if id(f) not in taken]
        if len(mine) >= least or head is not None:
            taken.update(id(f) for f in mine)
            causes.append(Cause(message, tuple(mine), head))

    findings = report.findings
    rows = [row for t in report.tables for row in t.rows] + list(report.loose_rows)
    by_file: dict[str, list[SheetRow]] = defaultdict(list)
    for row in rows:
        by_file[row.where.file].append(row)

    # Formulas without saved values: every number in the file may be missing.
    for file, frows in by_file.items():
        cells = sum(len(r.unsaved_formulas) for r in frows)
        if cells:
            claim(phrase("{file}: {cells} hold a formula without a saved value (the workbook was made by a "
                       "program and never saved in a spreadsheet): open it in Excel or LibreOffice, save it, and "
                       "import it again", file=file,
                       cells=phrase("{count} cell", count=cells) if cells == 1
                       else phrase("{count} cells", count=cells)),
                  [f for f in findings if f.file == file])

    # Printed sheets that come back empty.
    for file, frows in by_file.items():
        named = [r for r in frows if r.player]
        if named and all(_scores_blank(r) for r in named):
            tables = {(r.get_int("round"), r.get_int("table")) for r in named}
            claim(phrase("{file}: not filled in yet: {tables} with names and seats but no scores; "
                       "type in the scores (or import the filled-in file)", file=file,
                       tables=_tables(len(tables))),
                  [f for f in findings if f.file == file])
    for table in report.tables:
        if table.rows and all(_scores_blank(r) for r in table.rows):
            file = table.rows[0].where.file
            claim(phrase("{file}: round {round}, table {table} is not filled in yet: names but no scores",
                       file=file, round=table.round, table=table.table),
                  _at_rows(findings, file, (r.where.row for r in table.rows)))

    # One table in two files (or one file named twice).
    for table in report.tables:
        files = sorted({r.where.file for r in table.rows})
        places = [r.where for r in table.rows]
        if len(set(places)) < len(places):
            claim(phrase("round {round}, table {table} is read twice from {files}: name each file once",
                       round=table.round, table=table.table, files=", ".join(files)),
                  [f for f in findings if (f.round, f.table) == (table.round, table.table)])
        elif len(files) > 1:
            claim(phrase("round {round}, table {table} is in {n} files ({files}): import each table once (take it "
                       "out of one file, or use --correct to replace a stored one)",
                       round=table.round, table=table.table, n=len(files), files=", ".join(files)),
                  [f for f in findings if (f.round, f.table) == (table.round, table.table)])

    if event is not None:
        seating: dict[int, dict[int, frozenset[str]]] = defaultdict(dict)
        seats_by: dict[tuple[int, int], list[str]] = defaultdict(list)
        for s in event.seats():
            seats_by[(s.round, s.table)].append(s.player)
        for (r, t), names in seats_by.items():
            seating[r][t] = frozenset(n.casefold() for n in names)
        _replaced_seating(report, event, seating, claim)
        _wrong_round(report, seating, claim)
        _swapped_tables(report, seating, claim)

    # Lines that are not a player's result.
    for row in report.loose_rows:
        file, n = row.where.file, row.where.row
        if row.player and not any(isinstance(v, int) for v in row.values.values()):
            claim(phrase("{file}:{row}: {text!r} is not a player's line (no round, table or score): a note under "
                       "a table? delete it, or move it away from the table's columns", file=file, row=n,
                       text=row.player), _at_rows(findings, file, [n]))
    for row in rows:
        file, n = row.where.file, row.where.row
        if not row.player and any(isinstance(v, int) and v for v in row.values.values()):
            # One finding says it already ("player is empty"); several need the line's cause.
            claim(phrase("{file}:{row}: numbers but no player: write the player's name, or delete the line",
                       file=file, row=n), _at_rows(findings, file, [n]), least=2)

    # Unknown names: the "did you mean" line first, then what follows from it: the typed name
    # is not in the seating, and the name meant is missing from the sheet.
    known = [p.name for p in event.players()] if event is not None else []
    for f in findings:
        if f.finding.rule == "player.unknown" and id(f) not in taken:
            taken.add(id(f))
            near = similar(f.finding.player or "", known)
            same = [g for g in findings if g is not f and g.finding.rule in EVENT_RULES and (
                (g.file == f.file and g.rows == f.rows and g.finding.player == f.finding.player)
                or ((g.round, g.table) == (f.round, f.table) and any(g.finding.message.startswith(f"{n!r} is seated")
                                                                   for n in near)))]
            claim(f, same, f)
    return causes


ClaimFn = Callable[..., None]


def _event_findings(report: CheckReport, r: int, tables: Iterable[int]) -> list[LocatedFinding]:
    wanted = set(tables)
    return [f for f in report.findings if f.round == r and f.table in wanted and f.finding.rule in EVENT_RULES]


def _replaced_seating(report: CheckReport, event: store.Event, seating: dict[int, dict[int, frozenset[str]]],
                      claim: ClaimFn) -> None:
    """Sheets printed from a seating the round had before it was seated again (`seat --reprint`,
    a Duel round paired again): one line naming the replaced seating and the tables where the
    players sit differently now, instead of every seat. A replaced seating is never stored
    again (seating anew plans from today's roster), so the tables get the new sheets."""

    sheet: dict[int, dict[int, frozenset[str]]] = defaultdict(dict)
    for table in report.tables:
        sheet[table.round][table.table] = _names(table.rows)
    names: dict[int, str] | None = None
    for r, tables in sorted(sheet.items()):
        current = seating.get(r, {})
        past = event.past_seatings(r) if current else []
        if not past:
            continue
        if names is None:
            names = {p.id: p.name.casefold() for p in event.players()}
        best: tuple[store.PastSeating, list[int], bool] | None = None
        for old in past:  # newest first: on a tie the latest replaced seating explains it
            by_table: dict[int, set[str]] = defaultdict(set)
            for (t, _seat), pid in old.seats.items():
                by_table[t].add(names.get(pid, ""))
            was = {t: frozenset(players) for t, players in by_table.items()}
            follow = [t for t, on_sheet in sorted(tables.items()) if on_sheet == was.get(t)]
            moved = [t for t in follow if tables[t] != current.get(t)]
            if moved and (best is None or len(moved) > len(best[1])):
                best = (old, moved, len(follow) == len(tables))
        if best is None:
            continue
        old, moved, every = best
        shown = and_list([str(t) for t in moved])
        one = len(moved) == 1
        at = phrase("table {tables}", tables=shown) if one else phrase("tables {tables}", tables=shown)
        which = (phrase("these sheets follow") if every else
                 phrase("the sheet of table {tables} follows", tables=shown) if one else
                 phrase("the sheets of tables {tables} follow", tables=shown))
        claim(phrase("round {round}: {which} the seating of round {round} that was replaced at {time} (seating "
                     "version {version}): the players now sit differently at {at} — print the new sheets ('tourney "
                     "sheets {event} --round {round} -o FILE') and hand them to {those}; a replaced seating can't "
                     "be brought back", round=r, which=which, time=_clock(old.replaced_at), version=old.version,
                     at=at, event=event.location,
                     those=phrase("that table") if one else phrase("those tables")),
              _event_findings(report, r, moved))


def _clock(stamp: str) -> str:
    """A stored (UTC) time stamp as the local time of day, 14:05."""
    from tourney.event.history import local_moment

    local = local_moment(stamp)
    return stamp if local is None else f"{local:%H:%M}"


def _wrong_round(report: CheckReport, seating: dict[int, dict[int, frozenset[str]]], claim: ClaimFn) -> None:
    """Sheets whose tables all match the seating of another round than the one they say."""
    groups: dict[tuple[str, int], dict[int, frozenset[str]]] = defaultdict(dict)
    for table in report.tables:
        if table.rows:
            groups[(table.rows[0].where.file, table.round)][table.table] = _names(table.rows)
    for (file, r), sheet in sorted(groups.items()):
        if all(seating.get(r, {}).get(t) == names for t, names in sheet.items()):
            continue
        for other in sorted(seating):
            if other != r and all(seating[other].get(t) == names for t, names in sheet.items()):
                claim(phrase("{file}: these are round-{other} sheets but say round {round}: all {tables} "
                           "match the seating of round {other}; write {other} in the round column (or import the "
                           "round-{round} sheets)", file=file, other=other, round=r,
                           tables=_tables(len(sheet))),
                      _event_findings(report, r, sheet))
                break


def _swapped_tables(report: CheckReport, seating: dict[int, dict[int, frozenset[str]]], claim: ClaimFn) -> None:
    """Sheets whose players are seated at another table of the round: two tables' numbers
    swapped, or one table number wrong."""
    sheet: dict[int, dict[int, frozenset[str]]] = defaultdict(dict)
    for table in report.tables:
        sheet[table.round][table.table] = _names(table.rows)
    done: set[tuple[int, int]] = set()
    for r, tables in sorted(sheet.items()):
        seated = seating.get(r, {})
        owner = {names: t for t, names in seated.items()}
        for t, names in sorted(tables.items()):
            u = owner.get(names)
            if u is None or u == t or (r, t) in done:
                continue
            if tables.get(u) == seated.get(t):
                done.update({(r, t), (r, u)})
                claim(phrase("round {round}: the table numbers of tables {table} and {other} are swapped: the sheet "
                           "of table {table} has the players seated at table {other} and the other way round; swap "
                           "the two table numbers", round=r, table=t, other=u), _event_findings(report, r, (t, u)))
            else:
                done.add((r, t))
                claim(phrase("round {round}: the sheet of table {table} has the players seated at table {other}: "
                           "write {other} in its table column", round=r, table=t, other=u),
                      _event_findings(report, r, (t,)))


def report_lines(report: CheckReport, event: store.Event | None = None) -> list[str]:
    """The report for a person: each likely cause in one line with its details under it,
    then the findings no cause explains, as they are."""
    causes = diagnose(report, event)
    explained = {id(f) for c in causes for f in (*c.details, *((c.head,) if c.head else ()))}
    lines = [line for c in causes for line in c.lines()]
    lines += [f.render() for f in report.findings if id(f) not in explained]
    return lines


def check_files(game: SheetGame, paths: Sequence[str | Path], event: store.Event | None = None, *,
                paper: bool = False) -> CheckReport:
    """`tourney check`: every finding for the files of `game`, against the event when given
    (sheets of a round it can't place are errors unless `paper`, as on import); stores nothing."""
    with reading_once(), collector_paused():
        report = game.parse(paths, event)
    if event is not None:
        game.check(report, event, register=False, correct=True)
        if report.ok:
            report.findings.extend(unseated_round_findings(report, event, paper=paper))
    return report


Seats = list[tuple[int, str | None]]
#: What a game stores for one checked table, given the player ids by names.name_key: the
#: table's seats when the round has no seating to keep (else None), and its result lines.
TableRowsFn = Callable[[ParsedTable[object], dict[str, int]], tuple[Seats | None, list["store.NewLine"]]]


class PlannedBoards:
    """The board (a 7 Wonders wonder) the seating gives each seat, read as tables are stored:
    the first table of a round reads its own seats (a desk's POST stores one table), the next
    one the whole round's (an import stores many)."""

    def __init__(self, event: store.Event) -> None:
        self.event = event
        self.read: dict[tuple[int, int], dict[int, str | None]] = {}
        self.whole: set[int] = set()

    def __call__(self, round_no: int, table_no: int) -> dict[int, str | None]:
        """Seat -> board at the table."""
        if (round_no, table_no) not in self.read and round_no not in self.whole:
            first = not any(r == round_no for r, _ in self.read)
            for s in self.event.seats(round_no, tables={table_no}) if first else self.event.seats(round_no):
                self.read.setdefault((s.round, s.table), {})[s.seat] = s.wonder
            self.read.setdefault((round_no, table_no), {})
            if not first:
                self.whole.add(round_no)
        return self.read.get((round_no, table_no), {})  # a table the seating does not have: no boards
