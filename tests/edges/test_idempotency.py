"""`Idempotency-Key` on every write of the live server (issue 28): a request sent again with its
key gets the first answer (same status, same body) and changes nothing, also from a server
started again; the same key with another body is refused; a wrong code keeps nothing; the desk's
HTML forms carry a key too. The real-process and browser tests are in test_hall_network.py."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from live_event import LiveEvent, build_event, table_rows
from starlette.testclient import TestClient

from tourney.cli import cli
from tourney.core.store import Event
from tourney.core.store.answers import KEEP_DAYS, PRUNE_EVERY, StoredAnswer, keep_answer, prunes, stored_answer
from tourney.event import clock, live
from tourney.event.players import player_codes
from tourney.event.setup import update_event
from tourney.games.registry import find_game
from tourney.server import app as server_app
from tourney.server import create_app

KEY = "0b6f3c2e-5a7d-4f1e-9c3b-2d8e6a4f1b7c"


@pytest.fixture
def ev(tmp_path) -> LiveEvent:
    ev = build_event(tmp_path)
    event = Event.open(ev.path)
    update_event(event, self_report=True, check_in=True, game=find_game("7wonders"))
    live.publish_round(event, 1, "test")
    return ev


def desk(token: str, key: str | None = KEY) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **({"Idempotency-Key": key} if key else {})}


def versions(ev: LiveEvent) -> list[tuple[int, int, int]]:
    return [(t.round, t.table, t.version) for t in Event.open(ev.path).table_versions()]


def history_count(ev: LiveEvent) -> int:
    return len(Event.open(ev.path).history())


def test_a_desk_result_sent_again_is_stored_once_and_answered_the_same(ev, client):
    rows = table_rows(ev.path, 1, 1)
    first = client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                        headers=desk(ev.desk_a))
    assert first.status_code == 201 and first.json()["version"] == 1
    lines = history_count(ev)
    # The answer was lost; the desk sends the same sheet again (keys in another order: the same JSON).
    again = client.post("/api/rounds/1/tables/1/result", json={"version": None, "rows": rows},
                        headers=desk(ev.desk_a))
    assert (again.status_code, again.content) == (201, first.content)
    assert again.headers["content-type"] == first.headers["content-type"]
    assert again.headers["idempotent-replayed"] == "true"
    assert versions(ev) == [(1, 1, 1)] and history_count(ev) == lines
    # Without the key, the same sheet is a new request, for the numbers stored already: no
    # conflict, nothing stored again (issue #46 item 3).
    plain = client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                        headers=desk(ev.desk_a, None))
    assert (plain.status_code, plain.json()["version"]) == (201, 1)
    assert versions(ev) == [(1, 1, 1)] and history_count(ev) == lines
    # A server started again (another process) gives the same first answer: the key is in the event.
    restarted = TestClient(create_app(str(ev.path)))
    assert restarted.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                          headers=desk(ev.desk_a)).content == first.content
    assert versions(ev) == [(1, 1, 1)]


def test_the_same_key_with_another_body_is_refused_and_changes_nothing(ev, client):
    rows = table_rows(ev.path, 1, 1)
    assert client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                       headers=desk(ev.desk_a)).status_code == 201
    other = client.post("/api/rounds/1/tables/2/result", json={"rows": table_rows(ev.path, 1, 2), "version": None},
                        headers=desk(ev.desk_a))
    assert other.status_code == 422
    assert other.json() == {"error": "this Idempotency-Key was used before for another request: send a new key "
                                     "with a new request (the same key only with the same request, to send it "
                                     "again)"}
    changed = client.post("/api/rounds/1/tables/1/result", json={"rows": table_rows(ev.path, 1, 1, bump=1),
                                                                 "version": None}, headers=desk(ev.desk_a))
    assert changed.status_code == 422 and "another request" in changed.json()["error"]
    assert versions(ev) == [(1, 1, 1)]
    # Keys are a desk's own: desk B's request with the same key is B's first.
    assert client.post("/api/rounds/1/tables/2/result", json={"rows": table_rows(ev.path, 1, 2), "version": None},
                       headers=desk(ev.desk_b)).status_code == 201


@pytest.mark.parametrize("key", ["", "x" * 129, "schlüssel", "two words"])
def test_a_key_that_is_not_1_to_128_visible_ascii_characters_is_refused(ev, client, key):
    got = client.post("/api/rounds/1/tables/1/result", json={"rows": table_rows(ev.path, 1, 1), "version": None},
                      headers={"Authorization": f"Bearer {ev.desk_a}", "Idempotency-Key": key.encode()})
    assert got.status_code == 422 and "1 to 128 visible ASCII characters" in got.json()["error"]
    assert versions(ev) == []


def test_a_refused_sheet_is_answered_the_same_again_and_a_wrong_code_keeps_nothing(ev, client):
    rows = table_rows(ev.path, 1, 1)
    wrong = [dict(r) for r in rows]
    wrong[0]["total"] = 99
    first = client.post("/api/rounds/1/tables/1/result", json={"rows": wrong, "version": None},
                        headers=desk(ev.desk_a))
    assert first.status_code == 422 and first.json()["findings"]
    assert client.post("/api/rounds/1/tables/1/result", json={"rows": wrong, "version": None},
                       headers=desk(ev.desk_a)).content == first.content
    # A player's wrong code: 403, nothing kept under the key, so the right code with it is taken.
    codes = dict(player_codes(Event.open(ev.path)))
    player = str(rows[0]["player"])
    body = {"player": player, "code": "WRONG1", "rows": rows}
    assert client.post("/api/rounds/1/tables/1/report", json=body, headers={"Idempotency-Key": KEY}).status_code == 403
    body["code"] = codes[player]
    first = client.post("/api/rounds/1/tables/1/report", json=body, headers={"Idempotency-Key": KEY})
    assert first.status_code == 202
    assert client.post("/api/rounds/1/tables/1/report", json=body, headers={"Idempotency-Key": KEY}).content == \
        first.content


def test_a_confirmation_sent_again_gets_the_first_answer_and_the_sheet_is_stored_once(ev, client):
    rows = table_rows(ev.path, 1, 1)
    codes = dict(player_codes(Event.open(ev.path)))
    players = [str(r["player"]) for r in rows]
    rid = client.post("/api/rounds/1/tables/1/report", json={"player": players[0], "code": codes[players[0]],
                                                             "rows": rows}).json()["report"]
    answers = []
    for i, p in enumerate(players[1:]):
        body = {"player": p, "code": codes[p], "report": rid, "agree": True}
        key = f"confirm-{i}"
        answers.append(client.post("/api/rounds/1/tables/1/confirm", json=body, headers={"Idempotency-Key": key}))
        again = client.post("/api/rounds/1/tables/1/confirm", json=body, headers={"Idempotency-Key": key})
        assert (again.status_code, again.content) == (answers[-1].status_code, answers[-1].content)
    assert answers[-1].status_code == 201 and answers[-1].json()["version"] == 1
    assert versions(ev) == [(1, 1, 1)]


def test_check_in_and_drop_sent_again_give_the_first_answer(ev, client):
    codes = dict(player_codes(Event.open(ev.path)))
    seats = [s for s in Event.open(ev.path).seats(1) if s.table == 1]
    player = seats[0].player
    body = {"player": player, "code": codes[player]}
    first = client.post("/api/check-in", json=body, headers={"Idempotency-Key": "in-1"})
    assert first.json() == {"player": player, "checked_in": True, "changed": True}
    assert client.post("/api/check-in", json=body, headers={"Idempotency-Key": "in-1"}).content == first.content
    assert client.post("/api/check-in", json=body).json()["changed"] is False  # a new request
    # Drop after round 1's results: the second answer is the first one, not "dropped already".
    client.post("/api/rounds/1/tables/1/result", json={"rows": table_rows(ev.path, 1, 1), "version": None},
                headers=desk(ev.desk_a))
    lines = history_count(ev)
    drop = {**body, "confirm": "drop"}
    first = client.post("/api/drop", json=drop, headers={"Idempotency-Key": "drop-1"})
    assert first.json() == {"player": player, "dropped_after": 1, "table": None}
    again = client.post("/api/drop", json=drop, headers={"Idempotency-Key": "drop-1"})
    assert (again.status_code, again.content) == (200, first.content)
    assert history_count(ev) == lines + 1
    assert client.post("/api/drop", json=drop).status_code == 422  # without a key: a new request


def test_check_in_before_round_one_is_done_once(tmp_path, monkeypatch):
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    ev = build_event(tmp_path, seated=False)
    update_event(Event.open(ev.path), check_in=True, game=find_game("7wonders"))
    codes = dict(player_codes(Event.open(ev.path)))
    client = TestClient(create_app(str(ev.path)))
    player = next(iter(codes))
    answers = [client.post("/api/check-in", json={"player": player, "code": codes[player]},
                           headers={"Idempotency-Key": "checkin-anna"}) for _ in range(3)]
    assert [a.json()["changed"] for a in answers] == [True, True, True]  # the first answer, each time
    assert client.post("/api/check-in", json={"player": player, "code": codes[player]}).json()["changed"] is False


def test_organiser_api_writes_take_a_key(ev, client):
    hide = client.post("/api/rounds/1/publish", json={"published": False}, headers=desk(ev.organiser, "p-1"))
    assert hide.json() == {"round": 1, "published": False, "changed": True}
    again = client.post("/api/rounds/1/publish", json={"published": False}, headers=desk(ev.organiser, "p-1"))
    assert again.content == hide.content  # the first answer ("changed": true), not a second change
    # A report accepted by the organiser, the accept sent twice: one version, the same 201.
    codes = dict(player_codes(Event.open(ev.path)))
    client.post("/api/rounds/1/publish", json={}, headers=desk(ev.organiser, None))
    rows = table_rows(ev.path, 1, 2)
    player = str(rows[0]["player"])
    rid = client.post("/api/rounds/1/tables/2/report", json={"player": player, "code": codes[player],
                                                             "rows": rows}).json()["report"]
    url = f"/api/rounds/1/tables/2/reports/{rid}/accept"
    first = client.post(url, headers=desk(ev.organiser, "acc-1"))
    assert first.status_code == 201
    assert client.post(url, headers=desk(ev.organiser, "acc-1")).content == first.content
    assert client.post(url, headers=desk(ev.organiser, None)).status_code == 409  # without the key: stored already
    assert versions(ev) == [(1, 2, 1)]


def test_a_desk_form_sent_twice_is_done_once(ev, client):
    login = client.post("/desk/login", data={"token": ev.organiser}, follow_redirects=False)
    assert login.status_code == 303
    page = client.get("/desk").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    keys = re.findall(r'name="idempotency_key" value="([^"]+)"', page)
    assert len(keys) == len(set(keys)) > 3  # every form its own
    form = {"csrf": csrf, "idempotency_key": keys[0], "text": "Lunch until 13:30"}
    first = client.post("/desk/organiser/announce", data=form, follow_redirects=False)
    again = client.post("/desk/organiser/announce", data=form, follow_redirects=False)
    assert first.status_code == again.status_code == 303
    # The first answer ("shown on every page"), not what a second announcement says ("shown already").
    assert again.headers["location"] == first.headers["location"] and "shown%20on%20every" in first.headers["location"]
    assert [a.text for a in clock.announcements(Event.open(ev.path))] == ["Lunch until 13:30"]
    # A form without a key (an older page) is still taken.
    client.post("/desk/organiser/announce", data={"csrf": csrf, "text": "Dinner at 19:00"}, follow_redirects=False)
    assert len(clock.announcements(Event.open(ev.path))) == 2


def test_keys_older_than_the_kept_days_are_forgotten(ev):
    event = Event.open(ev.path)
    answer = StoredAnswer("POST /x", "0" * 64, 200, "application/json", "{}")
    quiet = [k for k in (f"k{i}" for i in range(200)) if not prunes("desk:A", k)]
    pruning = next(k for k in (f"k{i}" for i in range(200)) if prunes("desk:A", k))
    with event.transaction() as conn:
        for key in quiet[:2]:
            keep_answer(conn, "desk:A", key, answer)
        conn.execute("UPDATE idempotency_keys SET at = '2000-01-01T00:00:00+00:00'")
        # A key past its days is not answered again: the request is new, and its key taken anew.
        assert stored_answer(conn, "desk:A", quiet[0]) is None
        keep_answer(conn, "desk:A", quiet[0], answer)
        # Most writes leave the other old keys be (a statement saved); one in PRUNE_EVERY forgets them.
        keep_answer(conn, "desk:A", quiet[2], answer)
        assert stored_answer(conn, "desk:A", quiet[2]) == answer
        assert len(conn.execute("SELECT idem_key FROM idempotency_keys").all()) == 3
        keep_answer(conn, "desk:A", pruning, answer)
        kept = sorted(r[0] for r in conn.execute("SELECT idem_key FROM idempotency_keys"))
    assert kept == sorted([quiet[0], quiet[2], pruning]) and KEEP_DAYS == 7
    assert 1 < len(quiet) < 200 and PRUNE_EVERY == 16


def test_a_refused_part_of_a_keyed_transaction_leaves_nothing_on_both_backends(backend):
    """The write's own transaction is a savepoint inside the key's: refused, it leaves nothing,
    while the key's answer is kept (SQLite and PostgreSQL)."""
    for args in (["new", backend, "--game", "7wonders", "--seed", "3"], ["players", "add", backend, "Anna", "Ben"]):
        assert CliRunner().invoke(cli, args).exit_code == 0
    event = Event.open(backend)
    answer = StoredAnswer("POST /x", "0" * 64, 409, "application/json", '{"error": "no"}')
    with event.transaction() as conn:
        with pytest.raises(RuntimeError), event.transaction() as inner:
            inner.execute("DELETE FROM players")
            raise RuntimeError("refused")
        assert [p.name for p in event.players()] == ["Anna", "Ben"]  # reads see the open transaction
        keep_answer(conn, "players", "k", answer)
    again = Event.open(backend)
    assert [p.name for p in again.players()] == ["Anna", "Ben"]
    with again.transaction() as conn:
        assert [tuple(r) for r in conn.execute("SELECT idem_key, status FROM idempotency_keys")] == [("k", 409)]

