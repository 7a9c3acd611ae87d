"""Check and store one table's sheet from in-memory rows (a desk's form, a script's JSON),
through the same game reader, checks and stored rows as `results import` of a file."""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_engine.findings import error
from tourney.core import store
from tourney.core.errors import TourneyError, UsageError
from tourney.core.i18n import N_, _, language
from tourney.event.checking import CheckReport, LocatedFinding, ParsedTable, TableRowsFn
from tourney.event.errors import ImportRefused, VersionConflict
from tourney.event.importing import Source, same_lines, store_checked_table
from tourney.core.sheetio import SheetFormat
from tourney.core.tabular import Rows
from tourney.core.names import name_key

if TYPE_CHECKING:
    from tourney.event.checking import SheetGame

#: Most rows one table's sheet may have (7 Wonders seats up to 7; a little slack for typos).
MAX_ROWS = 12


def sheet_columns(fmt: SheetFormat) -> list[str]:
    """Column names in sheet order: required first (round, table, seat, player...), then optional."""
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
    """The table's latest stored version, or None (read alone: not the event's every result)."""
    return next(iter(event.results(rounds=[round_no], tables=[(round_no, table_no)])), None)


def check_table(event: store.Event, game: SheetGame, round_no: int, table_no: int,
                rows: Sequence[Mapping[str, object]], *, source: str = "desk") -> CheckReport:
    """Every finding for one table's rows (column name → value, as on the sheet), against the
    event, with the game's own reader and checks; stores nothing. Findings name the source
    (`source.csv`) and the sheet row (the first row is row 2, after the header)."""
    if not rows:
        raise UsageError(_("no rows: send one row per player at the table"))
    if len(rows) > MAX_ROWS:
        raise UsageError(_("{rows} rows for one table: a table has at most {most}").format(
            rows=len(rows), most=MAX_ROWS))
    columns = sheet_columns(game.sheet_format)
    # "seat" is known for every game: a desk's form and the table's page send the seating's seat
    # with each row (their columns); a game whose sheet has none (Duel) names players only.
    unknown = sorted({str(k) for row in rows for k in row} - {*columns, "seat"})
    if unknown:
        raise UsageError(_("unknown column(s) {unknown}: the sheet's columns are {columns}").format(
            unknown=", ".join(unknown), columns=", ".join(columns)))
    clash = [i for i, row in enumerate(rows, 2) if (row.get("round") not in (None, "", round_no)
                                                    or row.get("table") not in (None, "", table_no))]
    # The game's reader is the one place rows are read and converted: a desk's rows are read
    # as the same cells in a CSV file would be (named as one, for the findings), from memory,
    # under the headers the printed sheet has in the current language (findings name them).
    header = tuple(game.sheet_format.label(c, language()) for c in columns)
    typed = Rows(f"{_slug(source)}.csv", (header, *(
        tuple({**row, "round": round_no, "table": table_no}.get(c) for c in columns) for row in rows)))
    report = game.parse([typed], event)
    for rowno in clash:
        report.findings.append(LocatedFinding(error(
            "cell", "row {row} is for another round or table: send it to its own table", row=rowno - 1),
            typed.name, (rowno,), None, round_no, table_no))
    if report.ok and not report.tables:  # only empty rows: nothing a table could store (found by schemathesis)
        raise UsageError(_("round {round}, table {table}: the sheet has no filled row: type the table's "
                           "numbers").format(round=round_no, table=table_no))
    if report.ok:
        game.check(report, event, register=False, correct=True)
    return report


@dataclass(frozen=True)
class CheckedSheet:
    """Rows checked for storing, and how the event's game stores them."""

    report: CheckReport
    fmt: SheetFormat
    table_rows: TableRowsFn
    #: The change stamp the check read the event at, and the ids of the sheet's players then
    #: (None: a name spelt otherwise): under the write lock, if nothing was stored since, the
    #: version and the players are as the check saw them, and are not read again.
    stamp: int = -1
    ids: dict[str, int] | None = None
    #: The number the stored version gets: after the stored one, or after a removal of the table's sheet.
    number: int | None = None
    #: The version stored when the check read the event (None: no sheet stored).
    seen: int | None = None


def checked_sheet(event: store.Event, game: SheetGame, round_no: int, table_no: int,
                  rows: Sequence[Mapping[str, object]], version: int | None, source: str) -> CheckedSheet:
    """The rows checked for storing after `version` (then stored with `store_sheet`):
    VersionConflict when the stored version is another, ImportRefused (with every finding)
    when the rows have errors."""
    with event.reading():  # the check's reads together, the settings read once
        stamp = event.seen_stamp()  # first: every read below sees the event as of it, or later
        with event.db.read() as conn:
            latest = store.latest_version(conn, round_no, table_no)
        seen = latest[0] if latest and latest[1] else None
        if seen != version and seen is None:
            raise VersionConflict(round_no, table_no, version, None, ever_stored=latest is not None)
        # Another version than the desk saw: no conflict when the rows are what is stored (a
        # second desk typed the same numbers, or a desk sent its sheet again): decided on storing.
        report = check_table(event, game, round_no, table_no, rows, source=source)
        if not report.ok:
            raise ImportRefused(report)
        names = {row.player for table in report.tables for row in table.rows}
        # The check's own read of them (`Event.reading` keeps it).
        ids = _ids_if_all(event.players_named(names), names)
        return CheckedSheet(report, game.sheet_format, game.table_rows(event), stamp, ids,
                            (latest[0] if latest else 0) + 1, seen)


def store_sheet(event: store.Event, conn: store.Connection, checked: CheckedSheet, version: int | None, *,
                author: str, reason: str | None, source: Source) -> int:
    """Store the checked table inside the caller's transaction as the version after `version`
    (still the stored one: checked here, under the write lock); returns the stored version."""
    report = checked.report
    [table] = report.tables
    # Nothing stored since the check (its stamp is the one before this transaction's): the
    # version it checked is still the stored one, its players still the roster's.
    unchanged = event.unchanged_since(checked.stamp)
    ids = checked.ids if unchanged and checked.ids is not None else _player_ids(conn, table)
    same = _stored_already(event, conn, checked, version, ids, unchanged)
    if same is not None:
        return same  # the numbers stored already: nothing to store, nothing to compare
    new = checked.number if unchanged and checked.number is not None else store.next_version(
        conn, table.round, table.table)
    if not store_checked_table(conn, table, checked.table_rows, ids, version=new, replaces=version is not None,
                               author=author, reason=(reason or "").strip() or None, source=source,
                               warnings=report.warnings):
        new -= 1  # the same sheet again: nothing stored, the stored version stands
    return new


def _stored_already(event: store.Event, conn: store.Connection, checked: CheckedSheet, version: int | None,
                    ids: dict[str, int], unchanged: bool = False) -> int | None:
    """Under the write lock: None when the stored version is still `version`; the stored
    version when it is another but holds the checked rows' very numbers (a second desk typed
    the same, a desk sent its sheet again); VersionConflict otherwise."""
    [table] = checked.report.tables
    live = checked.seen if unchanged else store.stored_version(conn, table.round, table.table)
    if live == version:
        return None
    if live is not None and same_lines(store.latest_lines(conn, table.round, table.table),
                                       checked.table_rows(table, ids)[1]):
        return live
    raise VersionConflict(table.round, table.table, version, stored_table(event, table.round, table.table),
                          ever_stored=store.latest_version(conn, table.round, table.table) is not None)


def _player_ids(conn: store.Connection, table: ParsedTable[object]) -> dict[str, int]:
    """The ids of the table's players, as the sheet names them (a desk's form fills them in
    from the roster); the whole roster read only when a name is spelt otherwise."""
    names = {row.player for row in table.rows}
    ids = _ids_if_all(store.players_named(conn, names), names)
    return ids if ids is not None else {name_key(p.name): p.id for p in store.players_by_key(conn).values()}


def _ids_if_all(named: Sequence[store.Player], names: set[str]) -> dict[str, int] | None:
    """Player ids by `name_key` when `named` (the players read by exact name) has every one of
    `names`; None when some name is spelt otherwise."""
    return {name_key(p.name): p.id for p in named} if len(named) == len(names) else None


def enter_table(event: store.Event, game: SheetGame, round_no: int, table_no: int,
                rows: Sequence[Mapping[str, object]], *, version: int | None, author: str,
                reason: str | None = None) -> Entered:
    """Store one table's sheet as the version after `version` (None: the first entry), exactly
    as `results import` would: same checks, one transaction, a history line naming `author`.
    Raises VersionConflict when the stored version is not `version`, ImportRefused (nothing
    stored) when the rows have errors."""
    checked = checked_sheet(event, game, round_no, table_no, rows, version, author)
    return _stored(event, checked, version, author, reason)


def _stored(event: store.Event, checked: CheckedSheet, version: int | None, author: str,
            reason: str | None, source: str | None = None) -> Entered:
    with event.transaction() as conn:
        new = store_sheet(event, conn, checked, version, author=author, reason=reason,
                          source=Source.named(source or author))
    table = checked.report.tables[0]
    return Entered(table.round, table.table, new, tuple(checked.report.warnings))


def desk_entry(event: store.Event, game: SheetGame, round_no: int, table_no: int,
               rows: Sequence[Mapping[str, object]], *, version: int | None, desk: str, author: str,
               reason: str | None = None, source: str | None = None) -> Callable[[], Entered | Held]:
    """A desk's sheet checked now, and the step that then stores it (or holds it, under blind
    double entry) in a transaction of its own or the caller's. `source`: where the desk read
    the rows from (a photo of the pad), named by the history; else the desk typed them.

    The check only reads, so it runs before the caller's transaction takes the event's write
    lock: saves of other tables wait for the store alone, and the version is checked again under
    the lock. A refusal the check finds (a version conflict, errors on the sheet, a bad row) is
    raised by the step, not now, so that the caller can first answer a request it answered
    before (its Idempotency-Key: a sheet stored, then sent again, conflicts with itself)."""
    try:
        with event.reading():  # the setting and the check's reads together
            blind = double_entry(event)
            checked = checked_sheet(event, game, round_no, table_no, rows, version,
                                    f"desk {desk}" if blind else author)
    except TourneyError as exc:
        refused = exc  # the name after `as` is gone once the block ends

        def refuse() -> Entered | Held:
            raise refused
        return refuse
    if blind:
        return lambda: _held_or_stored(event, checked, rows, version=version, desk=desk, reason=reason)
    return lambda: _stored(event, checked, version, author, reason, source)


# --- blind double entry --------------------------------------------------------------------
def double_entry(event: store.Event) -> bool:
    """Whether the event wants every sheet typed twice, blind (`tourney event --double-entry on`)."""
    return event.setting("double_entry") == "on"


@dataclass(frozen=True)
class Held:
    """An entry held until a second desk's entry agrees: `mismatch` when an entry by another
    desk is held and differs (nothing stored; the organiser compares them)."""

    round: int
    table: int
    mismatch: bool
    warnings: tuple[LocatedFinding, ...]


@dataclass(frozen=True)
class Difference:
    """One cell two held entries disagree on: the value each desk typed."""

    seat: int
    player: str
    column: str
    values: tuple[str, ...]


def _norm(value: object) -> str:
    text = " ".join(_cell(value).split())
    return str(int(text)) if re.fullmatch(r"[+-]?\d+", text) else text.casefold()


def _by_seat(rows: Sequence[Mapping[str, object]]) -> dict[int, Mapping[str, object]]:
    """Rows by their seat; by their place in the sheet where a row has none (a sheet without
    seats: Duel's)."""
    return {int(seat) if (seat := _norm(r.get("seat"))).isdigit() else i: r for i, r in enumerate(rows, 1)}


def sheet_cells(fmt: SheetFormat, rows: Sequence[Mapping[str, object]]) -> dict[tuple[int, str], str]:
    """An entry's cells by (seat, column), normalised as the reader reads them ('07' is 7)."""
    columns = [c for c in sheet_columns(fmt) if c not in ("round", "table", "seat")]
    return {(seat, c): _norm(row.get(c)) for seat, row in _by_seat(rows).items() for c in columns}


def differences(fmt: SheetFormat, entries: Sequence[store.HeldEntry]) -> list[Difference]:
    """The cells where the held entries differ, in seat and sheet order, with what each desk
    typed (`fmt`: the game's score sheet)."""
    columns = [c for c in sheet_columns(fmt) if c not in ("round", "table", "seat")]
    seats = [_by_seat(e.rows) for e in entries]
    out = []
    for seat in sorted(set().union(*seats)):
        rows = [s.get(seat, {}) for s in seats]
        player = next((_cell(r.get("player")).strip() for r in rows if r.get("player")), "")
        out += [Difference(seat, player, c, tuple(_cell(r.get(c)).strip() for r in rows))
                for c in columns if len({_norm(r.get(c)) for r in rows}) > 1]
    return out


def json_rows(rows: Sequence[Mapping[str, object]]) -> list[dict[str, store.Json]]:
    """Rows as the store keeps them (JSON): numbers and text as sent, anything else as text."""
    return [{str(k): v if v is None or isinstance(v, (int, str)) else str(v) for k, v in r.items()} for r in rows]


def _held_or_stored(event: store.Event, checked: CheckedSheet, rows: Sequence[Mapping[str, object]], *,
                    version: int | None, desk: str, reason: str | None) -> Entered | Held:
    """A desk's checked entry under blind double entry: held when no other desk's entry of the
    table agrees; stored (exactly as `enter_table` would, the history naming both desks) when
    one does."""
    report = checked.report
    round_no, table_no = report.tables[0].round, report.tables[0].table
    mine = sheet_cells(checked.fmt, rows)
    with event.transaction() as conn:
        same = _stored_already(event, conn, checked, version, _player_ids(conn, report.tables[0]))
        if same is not None:
            return Entered(round_no, table_no, same, tuple(report.warnings))
        others = [h for h in store.held_at(conn, round_no, table_no)
                  if h.desk != desk and h.base_version == (version or 0)]
        twin = next((h for h in others if sheet_cells(checked.fmt, h.rows) == mine), None)
        if twin is None:
            store.hold_entry(conn, round_no, table_no, version or 0, desk, json_rows(rows), reason)
            return Held(round_no, table_no, bool(others), tuple(report.warnings))
        both = f"desk {twin.desk} + desk {desk}"
        new = store_sheet(event, conn, checked, version, author=both[:100], reason=reason or twin.reason,
                          source=Source.phrase(N_("double entry by desk {first} and desk {second}"), first=twin.desk,
                                               second=desk))
        store.clear_held(conn, round_no, table_no)
    return Entered(round_no, table_no, new, tuple(report.warnings))


def accept_held(event: store.Event, game: SheetGame, round_no: int, table_no: int, entry_id: int,
                who: str) -> Entered:
    """The organiser accepts one held entry of a table: stored as that desk's entry (the
    history names the desk and who accepted it); the table's other held entries go."""
    held = next((h for h in store.held_entries(event)
                 if h.id == entry_id and (h.round, h.table) == (round_no, table_no)), None)
    if held is None:
        raise UsageError(_("round {round}, table {table}: no held entry {entry}: reload the page").format(
            round=round_no, table=table_no, entry=entry_id))
    version = held.base_version or None
    checked = checked_sheet(event, game, round_no, table_no, held.rows, version, f"desk {held.desk}")
    with event.transaction() as conn:
        new = store_sheet(event, conn, checked, version, author=f"desk {held.desk}", reason=held.reason,
                          source=Source.accepted(held.desk, who))
        store.clear_held(conn, round_no, table_no)
    return Entered(round_no, table_no, new, tuple(checked.report.warnings))
