"""Store checked score sheets: every table of the files in one transaction, or nothing
(`import_results`); the desks store one table the same way (`store_checked_table`)."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rules_engine.findings import error
from tourney.core.errors import UsageError
from tourney.core.i18n import _, ngettext
from tourney.core.names import name_key
from tourney.event.errors import ImportRefused
from tourney.event.checking import LocatedFinding, ParsedTable, SheetGame, TableRowsFn, already_stored

if TYPE_CHECKING:
    from tourney.core import store


@dataclass(frozen=True)
class ImportSummary:
    tables: tuple[tuple[int, int, int], ...]  # (round, table, version)
    registered: tuple[str, ...]
    warnings: tuple[LocatedFinding, ...]
    unchanged: tuple[tuple[int, int], ...] = ()  # (round, table) a correction left as stored
    blank: tuple[str, ...] = ()  # the lines naming tables left out as not filled in yet

    def lines(self) -> list[str]:
        out = [*self.blank, *(w.render() for w in self.warnings)]
        out += [_("registered {name!r}").format(name=name) for name in self.registered]
        done = [(r, t, _("stored round {round}, table {table} (correction, version {version})") if v > 1
                 else _("stored round {round}, table {table}"), v) for r, t, v in self.tables]
        done += [(r, t, _("round {round}, table {table} unchanged: nothing stored"), 0) for r, t in self.unchanged]
        out += [line.format(round=r, table=t, version=v) for r, t, line, v in sorted(done)]
        n, same = len(self.tables), len(self.unchanged)
        if same:
            out.append(ngettext("{n} table stored, {same} unchanged", "{n} tables stored, {same} unchanged",
                                n).format(n=n, same=same))
        else:
            out.append(ngettext("{n} table stored", "{n} tables stored", n).format(n=n))
        return out


#: A table's seats as stored from a sheet: (player id, wonder) by seat.
def store_checked_table(conn: store.Connection, table: ParsedTable[object], table_rows: TableRowsFn,
                        ids: dict[str, int], *, version: int, author: str, reason: str | None, source: str,
                        warnings: Iterable[LocatedFinding]) -> bool:
    """Store one checked table as `version` inside the caller's transaction, with its seats
    (for rounds seated from sheets), the warnings found at it, and a history line. A
    correction whose lines equal the stored version's is not stored: returns False."""
    [done] = store_checked_tables(conn, [(table, version, source)], table_rows, ids, author=author, reason=reason,
                                  warnings=warnings)
    return done


def store_checked_tables(conn: store.Connection, tables: Sequence[tuple[ParsedTable[object], int, str]],
                         table_rows: TableRowsFn, ids: dict[str, int], *, author: str, reason: str | None,
                         warnings: Iterable[LocatedFinding]) -> list[bool]:
    """`store_checked_table` for each (table, version, source), with a few statements for all."""
    from tourney.core import store

    # Stored as data (English template and values), said in the event's language when shown.
    found: dict[tuple[int | None, int | None], list[store.Json]] = defaultdict(list)
    for f in warnings:
        found[(f.round, f.table)].append(f.stored())
    results: list[store.NewResult] = []
    history: list[tuple[str, str]] = []
    done: list[bool] = []
    for table, version, source in tables:
        r, t = table.round, table.table
        seats, lines = table_rows(table, ids)
        if version > 1 and _same_lines(store.latest_lines(conn, r, t), lines):
            done.append(False)
            continue
        results.append(store.NewResult(r, t, version, author, reason if version > 1 else None, source,
                                       found[(r, t)], lines, seats))
        history.append(("results.correct" if version > 1 else "results.import",
                        f"round {r}, table {t}, version {version} from {source}" + (f": {reason}" if version > 1
                                                                                     else "")))
        done.append(True)
    store.store_results(conn, results)
    store.log_all(conn, history, author)
    return done


def _same_lines(old: Sequence[store.NewLine], new: Sequence[store.NewLine]) -> bool:
    """Whether two versions of a table hold the same content (the game's serialisation)."""
    def key(lines: Sequence[store.NewLine]) -> list[tuple[object, ...]]:
        import json

        return sorted((x.seat, x.player_id, x.wonder, x.side, json.dumps(x.data, sort_keys=True)) for x in lines)
    return key(old) == key(new)


def import_results(event: store.Event, game: SheetGame, paths: Sequence[str | Path], *,
                   register: bool = False, correct: bool = False, reason: str | None = None,
                   author: str | None = None) -> ImportSummary:
    """Verify then store every table in the files, all in one transaction, or nothing:
    register new players, store each table as its next version, log it in the history."""
    from tourney.core import store

    if correct and not (reason and reason.strip()):
        raise UsageError("--correct needs --reason TEXT: say why the stored sheet is replaced")
    report = game.parse(paths, event)
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
    unchanged: list[tuple[int, int]] = []
    with event.transaction() as conn:
        # A correction may move players between the tables it replaces: free their seats first.
        store.clear_sheet_seats(conn, [(t.round, t.table) for t in report.tables])
        ids = {name_key(p.name): p.id for p in event.players()}
        new: dict[str, tuple[str, int]] = {}  # by name key: (name, round of its first table), in sheet order
        for table in report.tables:
            for row in table.rows:
                if name_key(row.player) not in ids:
                    new.setdefault(name_key(row.player), (row.player, table.round))
        # In bulk: one roster read and one insert, not a round trip per new player.
        ids.update(zip(new, store.register_players(conn, list(new.values()))))
        registered.extend(name for name, _round in new.values())
        versions = store.next_versions(conn, [(t.round, t.table) for t in report.tables])
        todo = []
        for table in report.tables:
            version = versions[(table.round, table.table)]
            if version > 1 and not correct:
                # Decided again under the event's write lock: another desk or import may have
                # stored this table since the files were checked. Raising rolls everything back.
                report.findings.append(already_stored(table, version - 1))
                raise ImportRefused(report)
            todo.append((table, version, ", ".join(sorted({row.where.file for row in table.rows}))))
        done = store_checked_tables(conn, todo, table_rows, ids, author=who, reason=reason, warnings=report.warnings)
        for (table, version, _files), was_stored in zip(todo, done):
            if was_stored:
                stored.append((table.round, table.table, version))
            else:
                unchanged.append((table.round, table.table))
    return ImportSummary(tuple(stored), tuple(registered), tuple(report.warnings), tuple(unchanged),
                         tuple(report.blank_lines()))
