"""The statuses the event keeps and the moves between them (tourney/core/store/statuses.py):
the store changes a status only by a listed move and refuses any other, changing nothing."""
from __future__ import annotations

import pytest

from live_event import report_table
from tourney.core import store
from tourney.core.i18n import use_language
from tourney.core.store import Event
from tourney.core.store.statuses import (
    CHECK_IN_MOVES,
    ENTRY_MOVES,
    REPORT_MOVES,
    TABLE_MOVES,
    WORDS,
    CheckIn,
    EntryStatus,
    ReportStatus,
    StatusRefused,
    TableStatus,
)
from tourney.event.reports import confirm_report
from tourney.games.registry import find_game


@pytest.fixture
def reported(tmp_path):
    """Table 1 of round 1 reported by its first player, every other one still to answer."""
    r = report_table(tmp_path)
    return r.event, find_game("7wonders"), r.codes, r.players, r.report


def status_of(event: Event, rid: int) -> ReportStatus:
    with event.db.read() as conn:
        [report] = store.reports(conn, report_id=rid)
    return report.status


def test_a_stored_report_is_not_discarded_and_nothing_changes(reported):
    event, game, codes, players, rid = reported
    for p in players[1:]:
        confirm_report(event, game, 1, 1, p, codes[p], rid, True)
    assert status_of(event, rid) is ReportStatus.STORED
    before = store.change_stamp(event)
    with pytest.raises(StatusRefused) as refused, event.transaction() as conn:
        store.set_report_status(conn, rid, ReportStatus.DISCARDED)
    assert str(refused.value) == f"report {rid} is stored: it can't become discarded"
    assert status_of(event, rid) is ReportStatus.STORED and store.change_stamp(event) == before
    with use_language("de"), pytest.raises(StatusRefused) as refused, event.transaction() as conn:
        store.set_report_status(conn, rid, ReportStatus.WAITING)
    assert str(refused.value) == f"Meldung {rid} ist gespeichert: kann nicht mehr wartend werden"


def test_a_waiting_report_moves_as_the_moves_say(reported):
    event, _game, _codes, _players, rid = reported
    with event.transaction() as conn:
        store.set_report_status(conn, rid, ReportStatus.DISPUTED)
    with pytest.raises(StatusRefused), event.transaction() as conn:
        store.set_report_status(conn, rid, ReportStatus.STORED)  # the organiser decides a disputed one
    with event.transaction() as conn:
        store.set_report_status(conn, rid, ReportStatus.DISCARDED)
    assert status_of(event, rid) is ReportStatus.DISCARDED


def test_a_stored_table_is_not_reported_again_by_its_players(reported):
    event, game, codes, players, rid = reported
    for p in players[1:]:
        confirm_report(event, game, 1, 1, p, codes[p], rid, True)
    with event.db.read() as conn:
        assert store.table_status(conn, 1, 1) is TableStatus.STORED
        assert store.table_status(conn, 1, 2) is TableStatus.OPEN
    ids = {p.name: p.id for p in event.players()}
    with pytest.raises(StatusRefused) as refused, event.transaction() as conn:
        store.add_report(conn, 1, 1, ids[players[0]], [])
    assert str(refused.value) == "round 1, table 1 is stored: it can't become reported"


def test_checking_in_is_once_and_a_no_show_checks_in_later():
    assert CHECK_IN_MOVES.allows(CheckIn.EXPECTED, CheckIn.CHECKED_IN)
    assert CHECK_IN_MOVES.allows(CheckIn.NO_SHOW, CheckIn.CHECKED_IN)
    with pytest.raises(StatusRefused) as refused:
        CHECK_IN_MOVES.check(CheckIn.CHECKED_IN, CheckIn.NO_SHOW, "'Anna'")
    assert str(refused.value) == "'Anna' is checked in: it can't become no-show"


def test_every_status_has_a_word_and_the_final_ones_have_no_moves():
    for kind, moves in ((ReportStatus, REPORT_MOVES), (TableStatus, TABLE_MOVES), (EntryStatus, ENTRY_MOVES),
                        (CheckIn, CHECK_IN_MOVES)):
        assert set(kind) <= set(WORDS)
        assert all(type(s) is kind for old, news in moves.allowed.items() for s in (old, *news))
    assert set(REPORT_MOVES.allowed) == {ReportStatus.WAITING, ReportStatus.DISPUTED, ReportStatus.ERRORS}
    assert set(ENTRY_MOVES.allowed) == {EntryStatus.HELD, EntryStatus.THIRD}
