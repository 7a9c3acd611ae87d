"""Self-reporting (`tourney event EVENT --self-report on`): one player of a table reports its
sheet from the table's page, every other player of the table agrees with their personal code.
The sheet is stored when all agreed and the rules engine finds no error, exactly as a desk's
entry or `results import` stores it; a dispute, or a rule error, sends it to the organiser, who
accepts it (as reported or edited) or discards it. Everything lives in the store: any server
process answers any request, and an answer sent twice changes nothing the second time."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tourney.core import store
from tourney.core.store import statuses
from tourney.core.store.statuses import ReportStatus
from tourney.core.i18n import _
from tourney.event import entry
from tourney.event.checkin import player_by_code
from tourney.event.checking import CheckReport, LocatedFinding
from tourney.event.importing import Source
from tourney.event.errors import AlreadyStored, ImportRefused, NotAtTable, NotFound, NotOpen, VersionConflict
from tourney.event.live import is_published

if TYPE_CHECKING:
    from tourney.event.checking import SheetGame

#: The event setting that lets players report their tables ("on").
SELF_REPORT_SETTING = "self_report"

#: A report's status (`tourney.core.store.statuses.ReportStatus`, with the moves allowed): waiting
#: for the table's answers; with the organiser (a player disputed it, or it has a rule error);
#: stored (every player agreed) or accepted by the organiser; replaced by a newer report of the
#: table; discarded by the organiser.
WAITING, DISPUTED, ERRORS, STORED, ACCEPTED, REPLACED, DISCARDED = (
    ReportStatus.WAITING, ReportStatus.DISPUTED, ReportStatus.ERRORS, ReportStatus.STORED, ReportStatus.ACCEPTED,
    ReportStatus.REPLACED, ReportStatus.DISCARDED)
WITH_ORGANISER = statuses.WITH_ORGANISER
OPEN = statuses.OPEN_REPORTS


def self_report_on(event: store.Event) -> bool:
    """Whether players report their tables' sheets (`tourney event EVENT --self-report on`)."""
    return event.setting(SELF_REPORT_SETTING) == "on"


@dataclass(frozen=True)
class Answered:
    """What a report or an answer did: the report's status after it, who must still agree, the
    version stored from it (when stored), the findings (warnings stored with it, or the errors
    that sent it to the organiser) and whether anything changed (a repeat changes nothing)."""

    report: int
    status: str
    waiting_for: tuple[str, ...]
    version: int | None = None
    findings: tuple[LocatedFinding, ...] = ()
    changed: bool = True


@dataclass(frozen=True)
class ReportShown:
    """A report with its table's players in seat order, as the pages show it: who confirmed it
    (the reporter apart), who disputed it and who has not agreed yet."""

    report: store.SheetReport
    players: tuple[str, ...]
    #: Who had confirmed the report this one replaced and has not confirmed this one: their
    #: confirmation was reset (the numbers changed).
    reset: tuple[str, ...] = ()

    def _agreed(self, agree: bool) -> set[str]:
        return {a.player for a in self.report.answers if a.agree is agree}

    @property
    def confirmed(self) -> tuple[str, ...]:
        agreed = self._agreed(True) - {self.report.reporter}
        return tuple(p for p in self.players if p in agreed)

    @property
    def disputed(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p in self._agreed(False))

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The players who have neither confirmed nor disputed it (a disputer is not waited for)."""
        answered = {a.player for a in self.report.answers}
        return tuple(p for p in self.players if p not in answered)

    @property
    def with_organiser(self) -> bool:
        return self.report.status in WITH_ORGANISER


# --- the table, the player, the report ---------------------------------------------------
def seated_at(event: store.Event, round_no: int, table_no: int) -> list[store.SeatRow]:
    """The seats of one table, in seat order."""
    return sorted(event.seats(round_no, tables={table_no}), key=lambda s: s.seat)


def _table(event: store.Event, round_no: int, table_no: int) -> tuple[str, ...]:
    """The players of a table whose sheet players may report, in seat order."""
    if not self_report_on(event):
        raise NotOpen(_("players don't report their tables in this event: hand the sheet to the organiser's desk"))
    if not is_published(event, round_no):
        raise NotOpen(_("round {round}'s seating is not published yet: nothing to report").format(round=round_no))
    seats = seated_at(event, round_no, table_no)
    if not seats:
        raise NotFound(_("round {round} has no table {table}").format(round=round_no, table=table_no))
    if len(seats) == 1:
        raise NotOpen(_("round {round}, table {table} is a bye: there is no sheet to report").format(
            round=round_no, table=table_no))
    return tuple(s.player for s in seats)


def _player_at(event: store.Event, players: Sequence[str], round_no: int, table_no: int, name: str,
               code: str) -> store.Player:
    """The player whose name and code these are (CodeRefused otherwise), at this table."""
    player = player_by_code(event, name, code)
    if player.name not in players:
        raise NotAtTable(_("{name} does not play at round {round}, table {table}: open your own table's page").format(
            name=player.name, round=round_no, table=table_no))
    return player


def _not_stored(version: int | None, round_no: int, table_no: int) -> None:
    if version:
        raise AlreadyStored(_("round {round}, table {table} is stored already: a correction is made at the "
                              "organiser's desk").format(round=round_no, table=table_no), version)


def _stored_in(conn: store.Connection, round_no: int, table_no: int) -> int | None:
    """The table's stored version, read inside the transaction (under the write lock)."""
    return store.stored_version(conn, round_no, table_no)


def _latest_open(conn: store.Connection, round_no: int, table_no: int) -> store.SheetReport | None:
    return next((r for r in reversed(store.reports(conn, round_no, table_no)) if r.status in OPEN), None)


def _the_report(conn: store.Connection, round_no: int, table_no: int, report_id: int) -> store.SheetReport:
    found = store.reports(conn, report_id=report_id)
    if not found or (found[0].round, found[0].table) != (round_no, table_no):
        raise NotFound(_("round {round}, table {table} has no report {report}: reload the page").format(
            round=round_no, table=table_no, report=report_id))
    return found[0]


def _closed(report: store.SheetReport) -> NotOpen:
    if report.status == REPLACED:
        return NotOpen(_("report {report} was replaced by a newer report of the table: reload the page and answer "
                         "that one").format(report=report.id))
    return NotOpen(_("the organiser discarded report {report}: report the table again").format(report=report.id))


def source_of(report: store.SheetReport, players: Sequence[str], desk: str | None = None,
              edited: bool = False) -> Source:
    """The stored result's source: the reporter, who confirmed, who disputed, and the desk that
    accepted it (English with the result; data in the history, said in the reader's language)."""
    shown = ReportShown(report, tuple(players))
    parts = [f"report by {report.reporter!r}"]
    parts += [f"confirmed by {', '.join(map(repr, shown.confirmed))}"] if shown.confirmed else []
    parts += [f"disputed by {', '.join(map(repr, shown.disputed))}"] if shown.disputed else []
    parts += [f"{'edited' if edited else 'accepted'} by {desk}"] if desk else []
    said: dict[str, object] = {"reporter": report.reporter, "confirmed": list(shown.confirmed),
                               "disputed": list(shown.disputed)}
    if desk:
        said.update(desk=desk, edited=edited)
    return Source("; ".join(parts), {"report": said})


def _settle(event: store.Event, game: SheetGame, conn: store.Connection, report_id: int,
            players: Sequence[str]) -> Answered:
    """Inside the transaction, after an agreement: store the sheet once every player agreed
    (checked again: the event may have changed since it was reported), or send it to the
    organiser when it has an error now."""
    [report] = store.reports(conn, report_id=report_id)
    shown = ReportShown(report, tuple(players))
    if shown.waiting_for or shown.disputed:
        return Answered(report.id, report.status, shown.waiting_for)
    r, t = report.round, report.table
    try:
        checked = entry.checked_sheet(event, game, r, t, report.rows, None, "report")
    except ImportRefused as exc:
        store.set_report_status(conn, report.id, ERRORS)
        store.log(conn, "report.errors", {"round": r, "table": t, "report": report.id}, report.reporter[:100])
        return Answered(report.id, ERRORS, (), findings=tuple(exc.report.errors))
    version = entry.store_sheet(event, conn, checked, None, author=report.reporter[:100], reason=None,
                                source=source_of(report, players))
    store.set_report_status(conn, report.id, STORED, version)
    return Answered(report.id, STORED, (), version, tuple(checked.report.warnings))


def _same_cells(game: SheetGame, a: Sequence[Mapping[str, object]], b: Sequence[Mapping[str, object]]) -> bool:
    return entry.sheet_cells(game.sheet_format, a) == entry.sheet_cells(game.sheet_format, b)


# --- what players do -----------------------------------------------------------------------
def check_report(event: store.Event, game: SheetGame, round_no: int, table_no: int,
                 rows: Sequence[Mapping[str, object]]) -> CheckReport:
    """The rules engine's findings on a sheet a player is typing (the table page's check as
    they type); stores nothing."""
    _table(event, round_no, table_no)
    _not_stored(event.version_of(round_no, table_no), round_no, table_no)
    return entry.check_table(event, game, round_no, table_no, rows, source="report")


def reporter(event: store.Event, round_no: int, table_no: int, name: str, code: str) -> store.Player:
    """The player whose name and code these are, at this table, which players may report now
    (before a photo of the table's pad is read for them): the refusals `report_sheet` makes."""
    player = _player_at(event, _table(event, round_no, table_no), round_no, table_no, name, code)
    _not_stored(event.version_of(round_no, table_no), round_no, table_no)
    return player


def report_sheet(event: store.Event, game: SheetGame, round_no: int, table_no: int, name: str, code: str,
                 rows: Sequence[Mapping[str, object]], *, to_organiser: bool = False) -> Answered:
    """A player reports the table's sheet (and agrees with it). Rows with a rule error are
    refused (ImportRefused: nothing held, the player corrects them), unless `to_organiser`:
    then the sheet goes to the organiser as it is. A report replaces the table's report still
    waiting for answers; the same sheet again is an agreement with the waiting one."""
    players = _table(event, round_no, table_no)
    player = _player_at(event, players, round_no, table_no, name, code)
    _not_stored(event.version_of(round_no, table_no), round_no, table_no)
    checked = entry.check_table(event, game, round_no, table_no, rows, source="report")
    if not checked.ok and not to_organiser:
        raise ImportRefused(checked)
    with event.db.read() as conn:
        current = _latest_open(conn, round_no, table_no)
    if current is not None and _same_cells(game, current.rows, rows):
        mine = next((a for a in current.answers if a.player == player.name), None)
        if current.status != WAITING or (mine is not None and mine.agree):
            # The same report again (a resend over the hall's Wi-Fi): nothing changes.
            return Answered(current.id, current.status, ReportShown(current, players).waiting_for, changed=False)
    where = {"round": round_no, "table": table_no}
    with event.transaction() as conn:
        _not_stored(_stored_in(conn, round_no, table_no), round_no, table_no)
        current = _latest_open(conn, round_no, table_no)  # again, under the write lock
        if current is not None and current.status in WITH_ORGANISER:
            if _same_cells(game, current.rows, rows):
                return Answered(current.id, current.status, (), changed=False)
            raise NotOpen(_("round {round}, table {table}: the report is with the organiser, who decides").format(
                round=round_no, table=table_no))
        if current is not None and _same_cells(game, current.rows, rows):
            store.answer_report(conn, current.id, player.id, True)
            return _settle(event, game, conn, current.id, players)
        if current is not None:
            store.set_report_status(conn, current.id, REPLACED)
        rid = store.add_report(conn, round_no, table_no, player.id, entry.json_rows(rows))
        store.log(conn, "report.new", {**where, "name": player.name, "report": rid}, player.name[:100])
        if not checked.ok:
            store.set_report_status(conn, rid, ERRORS)
            store.log(conn, "report.errors", {**where, "report": rid}, player.name[:100])
            return Answered(rid, ERRORS, (), findings=tuple(checked.errors))
        return _settle(event, game, conn, rid, players)


def confirm_report(event: store.Event, game: SheetGame, round_no: int, table_no: int, name: str, code: str,
                   report_id: int, agree: bool) -> Answered:
    """A player of the table agrees with a report (stored once everyone has) or disputes it
    (it goes to the organiser). The same answer again changes nothing."""
    players = _table(event, round_no, table_no)
    player = _player_at(event, players, round_no, table_no, name, code)

    def settled(report: store.SheetReport) -> Answered | None:
        """The answer when nothing is to be written (a repeat, or a report already decided)."""
        if report.status in (STORED, ACCEPTED):
            return Answered(report.id, report.status, (), report.version, changed=False)
        if report.status not in OPEN:
            raise _closed(report)
        if report.status in WITH_ORGANISER:
            return Answered(report.id, report.status, (), changed=False)
        mine = next((a for a in report.answers if a.player == player.name), None)
        if mine is not None and mine.agree == agree:
            return Answered(report.id, report.status, ReportShown(report, players).waiting_for, changed=False)
        return None

    with event.db.read() as conn:
        done = settled(_the_report(conn, round_no, table_no, report_id))
    if done is not None:
        return done
    with event.transaction() as conn:
        done = settled(_the_report(conn, round_no, table_no, report_id))  # again, under the write lock
        if done is not None:
            return done
        _not_stored(_stored_in(conn, round_no, table_no), round_no, table_no)
        store.answer_report(conn, report_id, player.id, agree)
        if agree:
            return _settle(event, game, conn, report_id, players)
        store.set_report_status(conn, report_id, DISPUTED)
        store.log(conn, "report.dispute", {"round": round_no, "table": table_no, "name": player.name,
                                           "report": report_id}, player.name[:100])
        return Answered(report_id, DISPUTED, ())


# --- what the organiser does -----------------------------------------------------------------
def accept_report(event: store.Event, game: SheetGame, round_no: int, table_no: int, report_id: int, who: str,
                  rows: Sequence[Mapping[str, object]] | None = None) -> entry.Entered:
    """The organiser's desk (`who`) stores a report, as reported or with its `rows` edited,
    exactly as a desk's entry (ImportRefused when the sheet has errors: nothing stored); the
    history names the reporter, who confirmed and disputed it, and the desk."""
    with event.db.read() as conn:
        report = _the_report(conn, round_no, table_no, report_id)
    if report.status in (STORED, ACCEPTED):
        _not_stored(report.version, round_no, table_no)
    if report.status not in OPEN:
        raise _closed(report)
    sheet = report.rows if rows is None else rows
    edited = rows is not None and not _same_cells(game, report.rows, rows)
    players = tuple(s.player for s in seated_at(event, round_no, table_no))
    try:
        checked = entry.checked_sheet(event, game, round_no, table_no, sheet, None, who)
        with event.transaction() as conn:
            report = _the_report(conn, round_no, table_no, report_id)
            if report.status not in OPEN:
                raise _closed(report)
            version = entry.store_sheet(event, conn, checked, None, author=who[:100], reason=None,
                                        source=source_of(report, players, who, edited))
            store.set_report_status(conn, report.id, ACCEPTED, version)
    except VersionConflict as exc:  # a desk stored the table meanwhile
        _not_stored(exc.stored.version if exc.stored else 1, round_no, table_no)
        raise
    return entry.Entered(round_no, table_no, version, tuple(checked.report.warnings))


def discard_report(event: store.Event, round_no: int, table_no: int, report_id: int, who: str) -> bool:
    """The organiser discards a report (the table may report again, or a desk types the sheet);
    returns whether it was open (discarding twice changes nothing)."""
    with event.transaction() as conn:
        report = _the_report(conn, round_no, table_no, report_id)
        if report.status in (STORED, ACCEPTED):
            _not_stored(report.version, round_no, table_no)
        if report.status not in OPEN:
            return False
        store.set_report_status(conn, report.id, DISCARDED)
        store.log(conn, "report.discard", {"round": round_no, "table": table_no, "report": report.id}, who)
    return True


# --- what the pages show -------------------------------------------------------------------
def open_report(event: store.Event, round_no: int, table_no: int) -> ReportShown | None:
    """The table's report waiting for answers or for the organiser, while the table is not
    stored (a desk may store it meanwhile: the report is then moot)."""
    if event.version_of(round_no, table_no):
        return None
    with event.db.read() as conn:
        every = store.reports(conn, round_no, table_no)
    report = next((r for r in reversed(every) if r.status in OPEN), None)
    if report is None:
        return None
    shown = ReportShown(report, tuple(s.player for s in seated_at(event, round_no, table_no)))
    before = next((r for r in reversed(every) if r.id < report.id and r.status == REPLACED), None)
    if before is None:
        return shown
    had = {a.player for a in before.answers if a.agree} | {before.reporter}
    return replace(shown, reset=tuple(p for p in shown.waiting_for if p in had))


def open_reports(event: store.Event) -> dict[tuple[int, int], ReportShown]:
    """Every table's open report (see `open_report`), by (round, table): the desks' list."""
    with event.db.read() as conn:
        found = [r for r in store.reports(conn) if r.status in OPEN]
    latest = {(r.round, r.table): r for r in found}
    out = {}
    for (r, t), report in sorted(latest.items()):
        if event.version_of(r, t):
            continue
        out[(r, t)] = ReportShown(report, tuple(s.player for s in seated_at(event, r, t)))
    return out
