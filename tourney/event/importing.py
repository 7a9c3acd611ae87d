"""Store checked score sheets: every table of the files in one transaction, or nothing
(`import_results`); the desks store one table the same way (`store_checked_table`)."""
from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_engine.findings import Text, error, phrase
from tourney.core.errors import TourneyError, UsageError
from tourney.core.i18n import N_, _, ngettext
from tourney.core.names import name_key
from tourney.event.errors import ImportRefused
from tourney.event.checking import (
    LocatedFinding,
    ParsedTable,
    SheetGame,
    CheckReport,
    TableRowsFn,
    already_stored,
    unseated_round_findings,
)

if TYPE_CHECKING:
    from tourney.core import store
    from pathlib import Path

    from tourney.core.tabular import Rows


@dataclass(frozen=True)
class Source:
    """Where a stored sheet came from: `text` as the result keeps it (English), `said` as the
    history keeps it (data, said in the reader's language: `tourney.event.history`)."""

    text: str
    said: Mapping[str, object]

    @classmethod
    def named(cls, name: str) -> Source:
        """A file, a desk or a person, shown as it is."""
        return cls(name, {"source": name})

    @classmethod
    def phrase(cls, template: str, **params: object) -> Source:
        """A source said by an English template (marked for the catalogue with `N_`)."""
        text = Text(template, tuple(params.items()))
        return cls(str(text), {"source": text})

    @classmethod
    def accepted(cls, desk: str, who: str) -> Source:
        """A desk's held entry the organiser (`who`: a desk's "desk NAME", or a person) accepted."""
        by: object = phrase(N_("desk {name}"), name=who.removeprefix("desk ")) if who.startswith("desk ") else who
        return cls.phrase(N_("desk {desk}, accepted by {who}"), desk=desk, who=by)


@dataclass(frozen=True)
class ImportSummary:
    tables: tuple[tuple[int, int, int], ...]  # (round, table, version)
    registered: tuple[str, ...]
    warnings: tuple[LocatedFinding, ...]
    unchanged: tuple[tuple[int, int], ...] = ()  # (round, table) a correction left as stored
    blank: tuple[str, ...] = ()  # the lines naming tables left out as not filled in yet
    corrected: frozenset[tuple[int, int]] = frozenset()  # (round, table) whose stored sheet was replaced

    def lines(self) -> list[str]:
        out = [*self.blank, *(w.render() for w in self.warnings)]
        out += [_("registered {name!r}").format(name=name) for name in self.registered]
        done = [(r, t, _("stored round {round}, table {table} (correction, version {version})")
                 if (r, t) in self.corrected else _("stored round {round}, table {table}"), v)
                for r, t, v in self.tables]
        done += [(r, t, _("round {round}, table {table} unchanged: nothing stored"), 0) for r, t in self.unchanged]
        out += [line.format(round=r, table=t, version=v) for r, t, line, v in sorted(done)]
        n, same = len(self.tables), len(self.unchanged)
        if same:
            out.append(ngettext("{n} table stored, {same} unchanged", "{n} tables stored, {same} unchanged",
                                n).format(n=n, same=same))
        else:
            out.append(ngettext("{n} table stored", "{n} tables stored", n).format(n=n))
        return out


def store_checked_table(conn: store.Connection, table: ParsedTable[object], table_rows: TableRowsFn,
                        ids: dict[str, int], *, version: int, replaces: bool, author: str, reason: str | None,
                        source: Source, warnings: Iterable[LocatedFinding]) -> bool:
    """Store one checked table as `version` inside the caller's transaction, with its seats
    (for rounds seated from sheets), the warnings found at it, and a history line. A
    correction (`replaces`: a stored sheet) whose lines equal the stored version's is not
    stored: returns False."""
    [done] = store_checked_tables(conn, [ToStore(table, version, source, replaces)], table_rows, ids, author=author,
                                  reason=reason, warnings=warnings)
    return done


@dataclass(frozen=True)
class ToStore:
    """A checked table to store as `version`; `replaces`: a correction of the stored sheet (a
    table whose sheet was removed, or never stored, is entered anew)."""

    table: ParsedTable[object]
    version: int
    source: Source
    replaces: bool


def store_checked_tables(conn: store.Connection, tables: Sequence[ToStore], table_rows: TableRowsFn,
                         ids: dict[str, int], *, author: str, reason: str | None,
                         warnings: Iterable[LocatedFinding]) -> list[bool]:
    """`store_checked_table` for each table, with a few statements for all."""
    from tourney.core import store

    # Stored as data (English template and values), said in the event's language when shown.
    found: dict[tuple[int | None, int | None], list[store.Json]] = defaultdict(list)
    for f in warnings:
        found[(f.round, f.table)].append(f.stored())
    results: list[store.NewResult] = []
    history: list[tuple[str, store.Params]] = []
    done: list[bool] = []
    for item in tables:
        table, version, source = item.table, item.version, item.source
        r, t = table.round, table.table
        seats, lines = table_rows(table, ids)
        if item.replaces and same_lines(store.latest_lines(conn, r, t), lines):
            done.append(False)
            continue
        # A correction without a reason (a desk's) stores none: its author column says who made it,
        # and the history says it in the reader's language (no English sentence kept as data).
        kept = (reason or None) if item.replaces else None
        results.append(store.NewResult(r, t, version, author, kept, source.text,
                                       found[(r, t)], lines, seats))
        history.append(("results.correct" if item.replaces else "results.import",
                        {"round": r, "table": t, "version": version, **source.said,
                         **({"reason": reason} if item.replaces and reason else {})}))
        done.append(True)
    store.store_results(conn, results)
    store.log_all(conn, history, author)
    return done


def same_lines(old: Sequence[store.NewLine], new: Sequence[store.NewLine]) -> bool:
    """Whether two versions of a table hold the same content (the game's serialisation)."""
    def key(lines: Sequence[store.NewLine]) -> list[tuple[object, ...]]:
        return sorted((x.seat, x.player_id, x.wonder, x.side, json.dumps(x.data, sort_keys=True)) for x in lines)
    return key(old) == key(new)


def import_results(event: store.Event, game: SheetGame, paths: Sequence[str | Path | Rows], *,
                   register: bool = False, correct: bool = False, reason: str | None = None,
                   author: str | None = None, paper: bool = False) -> ImportSummary:
    """Verify then store every table in the files, all in one transaction, or nothing:
    register new players, store each table as its next version, log it in the history.

    A table stored already with the same lines is left as it is ("unchanged", a round's
    workbook imported again as it fills); one whose lines differ needs `correct`. Sheets of a
    round the event can't place (not seated by the tool, or after a missing round) need `paper`."""
    from tourney.core import store

    if correct and not (reason and reason.strip()):
        raise UsageError(_("--correct needs --reason TEXT: say why the stored sheet is replaced"))
    report = game.parse(paths, event)
    game.check(report, event, register=register, correct=correct)
    if report.ok:
        report.findings.extend(unseated_round_findings(report, event, paper=paper))
    if not correct:
        _unchanged_are_no_error(report, event, game.table_rows(event))
    if not report.tables and not report.errors:
        report.findings.append(LocatedFinding(error("empty", "no result rows found: nothing to import"),
                                              ", ".join(report.files)))
    if not report.ok:
        raise ImportRefused(report)
    who = author or store.current_user()
    table_rows = game.table_rows(event)
    registered: list[str] = []
    stored: list[tuple[int, int, int]] = []
    unchanged: list[tuple[int, int]] = []
    with event.transaction() as conn:
        ids = {name_key(p.name): p.id for p in event.players()}
        new: dict[str, tuple[str, int]] = {}  # by name key: (name, round of its first table), in sheet order
        for table in report.tables:
            for row in table.rows:
                if name_key(row.player) not in ids:
                    new.setdefault(name_key(row.player), (row.player, table.round))
        # In bulk: one roster read and one insert, not a round trip per new player.
        ids.update(zip(new, store.register_players(conn, list(new.values()))))
        registered.extend(name for name, _round in new.values())
        latest = store.stored_versions(conn, [(t.round, t.table) for t in report.tables])
        todo = []
        for table in report.tables:
            version, live = latest.get((table.round, table.table), (0, False))
            if live and same_lines(store.latest_lines(conn, table.round, table.table), table_rows(table, ids)[1]):
                unchanged.append((table.round, table.table))
                continue
            if live and not correct:
                # Decided again under the event's write lock: another desk or import may have
                # stored this table since the files were checked. Raising rolls everything back.
                report.findings.append(already_stored(table, version))
                raise ImportRefused(report)
            files = ", ".join(sorted({row.where.file for row in table.rows}))
            todo.append(ToStore(table, version + 1, Source.named(files), live))
        # A correction may move players between the tables it replaces: free their seats first.
        store.clear_sheet_seats(conn, [(item.table.round, item.table.table) for item in todo])
        store_checked_tables(conn, todo, table_rows, ids, author=who, reason=reason, warnings=report.warnings)
        stored.extend((item.table.round, item.table.table, item.version) for item in todo)
    return ImportSummary(tuple(stored), tuple(registered), tuple(report.warnings), tuple(unchanged),
                         tuple(report.blank_lines()),
                         frozenset((item.table.round, item.table.table) for item in todo if item.replaces))


def _unchanged_are_no_error(report: CheckReport, event: store.Event, table_rows: TableRowsFn) -> None:
    """Drop the "already has results" error of each table whose sheet equals the stored
    version: importing a round's workbook again as it fills leaves those tables as stored."""
    from tourney.core import store

    exists = [f for f in report.findings if f.finding.rule == "result.exists"]
    if not exists:
        return
    ids = event.player_ids()
    tables = {(t.round, t.table): t for t in report.tables}
    same: set[tuple[int | None, int | None]] = set()
    with event.db.read() as conn:
        for key in {(f.round, f.table) for f in exists}:
            table = tables.get(key)  # type: ignore[arg-type]
            if table is None or any(name_key(row.player) not in ids for row in table.rows):
                continue
            if same_lines(store.latest_lines(conn, table.round, table.table), table_rows(table, ids)[1]):
                same.add(key)
    report.findings[:] = [f for f in report.findings if not (f.finding.rule == "result.exists"
                                                            and (f.round, f.table) in same)]


@dataclass(frozen=True)
class Removed:
    """A table's sheet removed (`remove_table`): the version that stays in the history, and
    whether the round went with it (a round seated from sheets without another table)."""

    round: int
    table: int
    version: int
    round_gone: bool

    def lines(self) -> list[str]:
        out = [_("removed round {round}, table {table} (version {version} stays in the history; import the sheet "
                 "again to bring it back)").format(round=self.round, table=self.table, version=self.version)]
        if self.round_gone:
            out.append(_("round {round} has no table left: it is no round of the event any more").format(
                round=self.round))
        return out


def remove_table(event: store.Event, round_no: int, table_no: int, *, reason: str | None,
                 author: str | None = None) -> Removed:
    """Remove one table's stored sheet (a sheet stored under a wrong round or table number),
    in one transaction with its history line. The removed version stays in the history, and
    importing the sheet again stores it anew."""
    from tourney.core import store

    if not (reason and reason.strip()):
        raise UsageError(_("a reason is needed: say why the sheet of round {round}, table {table} is "
                           "removed").format(round=round_no, table=table_no))
    who = author or store.current_user()
    with event.transaction() as conn:
        before = {r for (r,) in conn.execute("SELECT number FROM rounds")}
        version = store.remove_result(conn, round_no, table_no, author=who, reason=reason.strip())
        if version is None:
            stored = sorted(t for (r, t), (_v, live) in store.stored_versions(conn, [
                (round_no, t) for (t,) in conn.execute("SELECT DISTINCT table_no FROM results WHERE round = :round",
                                                       {"round": round_no})]).items() if live)
            raise TourneyError((_("round {round}, table {table} has no stored sheet: nothing removed (stored in round "
                                "{round}: tables {tables})") if stored else
                              _("round {round}, table {table} has no stored sheet: nothing removed (round {round} "
                                "has no stored table)")).format(round=round_no, table=table_no,
                                                                 tables=", ".join(map(str, stored))))
        gone = round_no in before and conn.execute("SELECT count(*) FROM rounds WHERE number = :round",
                                                   {"round": round_no}).scalar() == 0
        store.log(conn, "results.remove", {"round": round_no, "table": table_no, "removed": version,
                                           "reason": reason.strip()}, who)
    return Removed(round_no, table_no, version, gone)
