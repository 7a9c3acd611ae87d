"""The hall's Wi-Fi as it breaks (issue 28): `tourney serve` as a real process on 127.0.0.1 and
the OS's Chromium. A sheet typed while the page is offline waits in the page's outbox, survives a
reload and is stored once when the network is back, also when an answer was lost on the way; the
server killed with `kill -9` after storing a sheet but before its answer reached the desk, then
started again, gives the first answer to the resent request; the same POST sent 20 times at
once stores one version and gets 20 identical answers."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from live_event import Server, build_event, free_port, log_in, report_table, table_rows, type_sheet

from tourney.core.store import Event
from tourney.event import live


def post(url: str, body: object, token: str, key: str, timeout: float = 20) -> tuple[int, bytes, dict[str, str]]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {token}", "Idempotency-Key": key})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, resp.read(), dict(resp.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), dict(exc.headers)


def stored(path: Path) -> list[tuple[int, int, int]]:
    return [(t.round, t.table, t.version) for t in Event.open(path).table_versions()]


def results_logged(path: Path) -> int:
    return sum(1 for h in Event.open(path).history() if h.action.startswith("results."))


def key_committed(path: Path, key: str) -> bool:
    """Whether the key's row is committed: read by another process's view of the file, as a
    second program would see it (read-only, so this test takes no lock)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
        return bool(conn.execute("SELECT count(*) FROM idempotency_keys WHERE idem_key = ?", (key,)).fetchone()[0])


def test_a_sheet_typed_offline_waits_survives_a_reload_and_is_stored_once(browser, served):
    ev, server = served
    rows = table_rows(ev.path, 1, 1)
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = log_in(context.new_page(), server, ev.desk_a)
    page.goto(server.url + "/desk/rounds/1/tables/1")
    page.wait_for_selector("#findinglist li")

    context.set_offline(True)  # the hall's Wi-Fi is gone
    type_sheet(page, rows)
    page.click("#save")
    page.locator("#outbox", has_text="1 waiting to be sent").wait_for()
    assert stored(ev.path) == []

    # The network comes back for the page, but not yet for its saves: each one reaches the
    # server and its answer is lost on the way back (the worst case for a double entry).
    reached: list[str] = []

    def answer_lost(route) -> None:
        reached.append(route.request.headers.get("idempotency-key", ""))
        route.fetch()
        route.abort("connectionreset")

    page.route("**/api/rounds/1/tables/1/result", answer_lost)
    context.set_offline(False)
    page.reload()  # a reload (or a phone's browser tab thrown out) keeps what waits
    page.wait_for_selector("#findinglist li")
    page.locator("#outbox", has_text="1 waiting to be sent").wait_for()
    deadline = time.monotonic() + 60
    while not reached or stored(ev.path) == []:
        assert time.monotonic() < deadline, "the outbox did not send again"
        page.wait_for_timeout(100)
    assert page.locator("#outbox").is_visible()  # stored, but the page has no answer: still waiting

    # The network is back for good.
    page.unroute("**/api/rounds/1/tables/1/result")
    replays: list[str] = []
    page.on("response", lambda r: replays.append(r.headers.get("idempotent-replayed", "")) if r.url.endswith(
        "/tables/1/result") else None)
    context.set_offline(True)
    context.set_offline(False)  # the browser's "online" event: sent at once
    page.locator("#status.ok").wait_for(timeout=20000)
    assert "version 1" in page.inner_text("#status")
    assert page.locator("#outbox").is_hidden()
    assert len(set(reached)) == 1  # every try carried the one key the sheet got when it was saved
    assert replays == ["true"]  # the first answer, given again
    assert stored(ev.path) == [(1, 1, 1)] and results_logged(ev.path) == 1
    assert page.evaluate("window.localStorage.getItem('tourney-outbox')") is None
    context.close()


def test_the_outbox_counts_in_the_pages_language(browser, tmp_path):
    ev = build_event(tmp_path)
    event = Event.open(ev.path)
    live.publish_round(event, 1, "test")
    server = Server(ev.path, "--lang", "de")
    try:
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.url + "/desk/login")
        page.fill("input[name=token]", ev.desk_a)
        page.click("button[type=submit]")
        page.goto(server.url + "/desk/rounds/1/tables/2")
        page.wait_for_selector("#findinglist li")
        context.set_offline(True)
        rows = table_rows(ev.path, 1, 2)
        type_sheet(page, rows)
        page.click("#save")
        page.locator("#outbox", has_text="1 Eingabe wartet auf das Senden").wait_for()
        page.click("#save")  # saved twice: two submissions, each with its key
        page.locator("#outbox", has_text="2 Eingaben warten auf das Senden").wait_for()
        context.set_offline(False)
        page.locator("#outbox").wait_for(state="hidden", timeout=20000)
        # The second save was a new submission: the stored version moved on, so it is refused
        # (another desk's version, as the page shows), and nothing else is stored.
        assert stored(ev.path) == [(1, 2, 1)]
        context.close()
    finally:
        server.stop()


class AnswerLost:
    """A network hop on 127.0.0.1 that passes every request on to the server and drops the
    server's answers: a desk whose Wi-Fi carried the request but not the answer."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target))
            threading.Thread(target=self._pass, args=(client, server), daemon=True).start()
            threading.Thread(target=self._drop, args=(server, client), daemon=True).start()

    @staticmethod
    def _pass(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)

    @staticmethod
    def _drop(source: socket.socket, client: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while source.recv(65536):
                pass  # the answer is lost
        # The server is gone: the desk's request fails. shutdown first: the `_pass` thread is
        # still blocked reading the desk's side, and close() alone would not end the
        # connection until that read returns.
        with contextlib.suppress(OSError):
            client.shutdown(socket.SHUT_RDWR)
        client.close()

    def close(self) -> None:
        self.listener.close()


def test_a_server_killed_after_storing_but_before_answering_gives_the_first_answer_again(tmp_path):
    ev = build_event(tmp_path)
    port = free_port()
    server = Server(ev.path, port=port)
    hop = AnswerLost(port)
    rows = table_rows(ev.path, 1, 3)
    key = "7d3f4c1e-0a9b-4e2f-8c6d-5b1a2e3f4d5c"
    url = "/api/rounds/1/tables/3/result"
    failed: list[BaseException] = []

    def send() -> None:
        try:
            post(hop.url + url, {"rows": rows, "version": None}, ev.desk_a, key, timeout=30)
        except (OSError, urllib.error.URLError) as exc:  # no answer came
            failed.append(exc)

    desk = threading.Thread(target=send)
    desk.start()
    try:
        deadline = time.monotonic() + 60
        while not key_committed(ev.path, key):  # the sheet and its key are committed …
            assert time.monotonic() < deadline
            time.sleep(0.002)
        os.kill(server.proc.pid, signal.SIGKILL)  # … and the server dies before anyone heard the answer
        desk.join(30)
        assert failed and not desk.is_alive()
        server.proc.wait(10)
        assert server.proc.returncode == -signal.SIGKILL
    finally:
        hop.close()
        server.stop()
    assert stored(ev.path) == [(1, 3, 1)]

    again = Server(ev.path, port=port)  # started again, at the same address
    try:
        status, body, headers = post(again.url + url, {"rows": rows, "version": None}, ev.desk_a, key)
        assert (status, json.loads(body)) == (201, {"round": 1, "table": 3, "version": 1, "warnings": []})
        assert headers["idempotent-replayed"] == "true"
        # The same sheet with another key is a new request, for the numbers stored already: the
        # stored version is the answer, nothing is stored twice (issue #46 item 3).
        status, body, _headers = post(again.url + url, {"rows": rows, "version": None}, ev.desk_a, "another-key")
        assert (status, json.loads(body)["version"]) == (201, 1)
    finally:
        again.stop()
    assert stored(ev.path) == [(1, 3, 1)] and results_logged(ev.path) == 1


def test_the_same_post_sent_20_times_at_once_stores_one_version(served):
    ev, server = served
    rows = table_rows(ev.path, 1, 4)
    start = threading.Barrier(20)
    answers: list[tuple[int, bytes]] = []

    def send() -> None:
        start.wait()
        status, body, _ = post(server.url + "/api/rounds/1/tables/4/result", {"rows": rows, "version": None},
                               ev.desk_b, "twenty-at-once")
        answers.append((status, body))

    desks = [threading.Thread(target=send) for _ in range(20)]
    for d in desks:
        d.start()
    for d in desks:
        d.join(60)
    assert len(answers) == 20 and len(set(answers)) == 1
    assert answers[0][0] == 201 and json.loads(answers[0][1])["version"] == 1
    assert stored(ev.path) == [(1, 4, 1)] and results_logged(ev.path) == 1


def test_a_phone_resends_to_a_server_killed_and_started_again_and_the_sheet_is_stored_once(browser, tmp_path):
    """The last player's confirmation stores the table's sheet; the server stores it and dies
    (`kill -9`) before the phone hears the answer; started again, the phone's outbox sends the
    confirmation again with its key and shows the stored sheet: one version. (A confirmation
    is safe to repeat by itself, too; what this shows is the outbox keeping the unanswered
    confirmation through the server's death and sending it to the server started again. A desk
    page's session lives in the server's memory until sessions move into the event, so the
    desk's sheet is resent by the API client in the test above.)"""
    from tourney.event.reports import confirm_report
    from tourney.games.registry import find_game

    ev = report_table(tmp_path)
    event, codes, players, rid, game = ev.event, ev.codes, ev.players, ev.report, find_game("7wonders")
    for p in players[1:-1]:
        confirm_report(event, game, 1, 1, p, codes[p], rid, True)
    last = players[-1]
    port = free_port()
    server = Server(ev.path, port=port)
    again: Server | None = None
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rounds/1/tables/1")
        page.locator("#tablepage[data-ready]").wait_for()
        lost: list[int] = []

        def killed_before_the_answer(route) -> None:
            if lost:
                route.continue_()
                return
            route.fetch()  # the server stores the sheet …
            os.kill(server.proc.pid, signal.SIGKILL)  # … and dies: the phone never hears back
            lost.append(1)
            route.abort("connectionreset")

        page.route("**/api/rounds/1/tables/1/confirm", killed_before_the_answer)
        row = page.locator(f"form.confirm[data-player='{last}']")
        row.locator("input[name=code]").fill(codes[last])
        row.locator("button.agree").click()
        page.locator("#outbox", has_text="1 waiting to be sent").wait_for()
        deadline = time.monotonic() + 60
        while not lost:  # Playwright runs the route's handler while the test waits in it
            assert time.monotonic() < deadline
            page.wait_for_timeout(50)
        server.proc.wait(10)
        assert stored(ev.path) == [(1, 1, 1)]
        again = Server(ev.path, port=port)
        context.set_offline(True)
        context.set_offline(False)  # the phone's network is back: its outbox sends at once
        page.locator("#stored").wait_for(timeout=20_000)  # the answer (201) reloads the page: the sheet is in
        assert page.locator("#outbox").is_hidden()
    finally:
        context.close()
        server.stop()
        if again is not None:
            again.stop()
    assert stored(ev.path) == [(1, 1, 1)] and results_logged(ev.path) == 1


def test_a_sheet_saved_after_the_desk_was_logged_out_waits_for_the_login(browser, served):
    """A desk's session ended (logged out elsewhere, or timed out) while a sheet was typed: the
    save is refused with 401, the sheet waits in the outbox, and is stored once the desk has
    logged in again, with the new session."""
    ev, server = served
    rows = table_rows(ev.path, 1, 5)
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()

    def log_in() -> None:
        page.goto(server.url + "/desk/login")
        page.fill("input[name=token]", ev.desk_a)
        page.click("button[type=submit]")
        page.wait_for_url(server.url + "/desk")

    log_in()
    page.goto(server.url + "/desk/rounds/1/tables/5")
    page.wait_for_selector("#findinglist li")
    type_sheet(page, rows)
    context.clear_cookies()  # the session is gone
    page.click("#save")
    page.locator("#outbox-said", has_text="log in again").wait_for()
    assert page.locator("#outbox", has_text="1 waiting to be sent").is_visible()
    assert stored(ev.path) == []
    log_in()  # the desk's home page sends what waited, with the new session's CSRF token
    page.locator("#outbox-said", has_text="What was waiting has been sent and taken.").wait_for(timeout=20_000)
    assert page.locator("#outbox").is_hidden()
    assert stored(ev.path) == [(1, 5, 1)] and results_logged(ev.path) == 1
    context.close()
