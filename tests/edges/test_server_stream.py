"""`GET /api/stream` (issue 29, item 4): the live pages' answer pushed as server-sent events, on
the live server under uvicorn on 127.0.0.1. A change made with the command line (another
process) reaches a reader of the stream; a phone's page in Chromium updates from the stream
without asking `/api/stamp`, and asks it again when the stream is refused; streams that go away
leave nothing behind, too many get a 503, and Ctrl-C stops the server with streams open; a
server started where the system allows few open files asks for more, and refuses the streams
it still has no sockets for."""
from __future__ import annotations

import contextlib
import http.client
import json
import resource
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import uvicorn
from click.testing import CliRunner
from live_event import LiveEvent, Server, build_event, free_port, table_rows

from tourney.cli import cli
from tourney.core.store import Event
from tourney.event import live
from tourney.server import create_app
from tourney.server.run import WANTED_FILES, more_open_files
from tourney.server.stream import RESERVED_FILES, Hub

#: A change reaches the stream within about 1 s on an idle machine (benchmarks/bench_stream.py
#: measures it); the test allows more so a busy CI machine doesn't fail it on timing. A stream
#: that isn't pushed the change fails it all the same.
WITHIN = 30.0
PHONE = {"width": 360, "height": 740}


class Reader:
    """A client reading the stream as EventSource does: one HTTP/1.1 response, line by line."""

    def __init__(self, url: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=WITHIN)
        self.conn.request("GET", "/api/stream", headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()

    def event(self) -> dict[str, object] | None:
        """The next event's data (comments and the retry hint skipped); None at the stream's end."""
        while True:
            line = self.response.readline()
            if not line:
                return None
            if line.startswith(b"data: "):
                return dict(json.loads(line[6:]))

    def close(self) -> None:
        self.conn.close()


def published(tmp_path: Path) -> LiveEvent:
    ev = build_event(tmp_path)
    live.publish_round(Event.open(ev.path), 1, "test")
    return ev


def test_a_change_made_with_the_command_line_is_pushed_to_the_stream(tmp_path):
    ev = published(tmp_path)
    server = Server(ev.path)
    try:
        reader = Reader(server.url)
        assert reader.response.status == 200
        assert reader.response.getheader("content-type") == "text/event-stream; charset=utf-8"
        assert reader.response.readline() == b"retry: 3000\n"  # the browser's wait before it reopens
        first = reader.event()
        with urllib.request.urlopen(server.url + "/api/stamp") as polled:
            assert first is not None and {**first, "now": 0} == {**json.loads(polled.read()), "now": 0}
        assert abs(int(str(first["now"])) - time.time() * 1000) < 60_000  # the server's clock, in ms
        result = CliRunner().invoke(cli, ["announce", str(ev.path), "Lunch until 13:30"])
        assert result.exit_code == 0, result.output
        said = time.monotonic()
        pushed = reader.event()
        assert time.monotonic() - said < WITHIN
        assert pushed is not None and int(str(pushed["stamp"])) > int(str(first["stamp"]))
        assert "Lunch until 13:30" in json.dumps(pushed["announcements"])
        reader.close()
    finally:
        out = server.stop()
    assert "Traceback" not in out


def test_ctrl_c_stops_the_server_with_streams_open(tmp_path):
    ev = published(tmp_path)
    server = Server(ev.path)
    readers = [Reader(server.url) for _ in range(3)]
    for reader in readers:
        assert reader.event() is not None
    out = server.stop()  # SIGINT; killed after 15 s if it hangs (then the return code is not 0)
    assert server.proc.returncode == 0, out
    assert "Traceback" not in out and "Cancel" not in out
    for reader in readers:
        assert reader.event() is None  # each stream was ended, not cut off
        reader.close()


@contextlib.contextmanager
def in_process(ev: LiveEvent) -> Iterator[tuple[str, Hub]]:
    """The app under uvicorn on 127.0.0.1 in a thread of this process: the test sees its `Hub`."""
    app = create_app(str(ev.path))
    hub = app.state.hub
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)  # a test failing with a stream open ends still
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", hub
    finally:
        server.should_exit = True
        thread.join(timeout=30)
    assert not thread.is_alive(), "uvicorn did not stop with no stream open"


def until(check, what: str, page=None) -> None:
    """Wait for `check()`; with a Playwright `page`, its events (requests seen) go on arriving."""
    deadline = time.monotonic() + WITHIN
    while not check():
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(50) if page is not None else time.sleep(0.05)


def test_closed_streams_leave_nothing_behind_and_too_many_get_503(tmp_path):
    ev = published(tmp_path)
    with in_process(ev) as (url, hub):
        readers = [Reader(url) for _ in range(5)]
        for reader in readers:
            assert reader.event() is not None
        assert hub.streams == 5 and hub.loop_task is not None  # one reading loop for all five
        for reader in readers:
            reader.close()
        until(lambda: hub.streams == 0 and hub.loop_task is None, "closed streams still counted, or the loop runs")

        # Changed while no stream was open: the next stream starts with the change, not with what
        # the process read before (the stamp read once a moment ago is good for half a second).
        assert CliRunner().invoke(cli, ["announce", str(ev.path), "Round 2 at 14:00"]).exit_code == 0
        time.sleep(1.5)
        late = Reader(url)
        assert "Round 2 at 14:00" in json.dumps(late.event())
        late.close()
        until(lambda: hub.streams == 0, "a closed stream still counted")

        hub.limit = 2
        kept = [Reader(url) for _ in range(2)]
        refused = Reader(url)
        assert refused.response.status == 503 and refused.response.getheader("retry-after") == "60"
        assert json.loads(refused.response.read()) == {
            "error": "too many live pages on this server: the page asks every second instead"}
        refused.close()
        kept[0].close()
        until(lambda: hub.streams == 1, "a closed stream still counted")
        again = Reader(url)
        assert again.response.status == 200 and again.event() is not None
        for reader in (kept[1], again):
            reader.close()
        until(lambda: hub.streams == 0 and hub.loop_task is None, "closed streams still counted, or the loop runs")


def test_the_refusal_speaks_the_events_language(tmp_path):
    ev = published(tmp_path)
    CliRunner().invoke(cli, ["event", str(ev.path), "--lang", "de"])
    with in_process(ev) as (url, hub):
        hub.limit = 0
        refused = Reader(url)
        assert refused.response.status == 503
        assert json.loads(refused.response.read())["error"].startswith("zu viele Live-Seiten")
        refused.close()


def test_the_standings_page_follows_the_stream_and_polls_when_it_is_refused(browser, tmp_path):
    ev = published(tmp_path)
    server = Server(ev.path)
    try:
        asked: dict[str, list[str]] = {"streaming": [], "refused": []}
        pages = {}
        for name in asked:
            page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
            page.on("request", lambda r, name=name: asked[name].append(r.url.removeprefix(server.url)))
            if name == "refused":  # as a server above its limit, or a proxy that serves no streams
                page.route("**/api/stream", lambda route: route.fulfill(status=503, body="{}"))
            page.goto(server.url + "/standings")
            pages[name] = page
        assert pages["streaming"].locator("p.notice").is_visible()  # "No results yet."
        until(lambda: "/api/stream" in asked["streaming"], "the page opened no stream", pages["streaming"])
        pages["streaming"].wait_for_timeout(1500)  # would it ask /api/stamp, it would have by now

        rows = table_rows(ev.path, 1, 1)
        body = json.dumps({"rows": rows, "version": None}).encode()
        request = urllib.request.Request(server.url + "/api/rounds/1/tables/1/result", data=body, method="POST",
                                         headers={"Content-Type": "application/json",
                                                  "Authorization": f"Bearer {ev.desk_a}"})
        with urllib.request.urlopen(request) as answer:
            assert answer.status == 201
        for page in pages.values():
            page.locator("table.standings tbody tr", has_text=str(rows[0]["player"])).wait_for(
                timeout=WITHIN * 1000)
        assert "/api/stamp" not in asked["streaming"]  # told by the stream, never asked
        assert "/api/stamp" in asked["refused"]  # the stream refused: it asked every second, as before
        for page in pages.values():
            page.close()
    finally:
        out = server.stop()
    assert server.proc.returncode == 0 and "Traceback" not in out, out


def test_a_page_in_a_background_tab_gives_its_stream_back_and_asks_every_second(browser, tmp_path):
    ev = published(tmp_path)
    server = Server(ev.path)
    try:
        asked: list[str] = []
        page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        page.on("request", lambda r: asked.append(r.url.removeprefix(server.url)))
        page.goto(server.url + "/standings")
        until(lambda: asked.count("/api/stream") == 1, "the page opened no stream", page)
        shown = "(hidden) => { Object.defineProperty(document, 'hidden', {value: hidden, configurable: true}); " \
                "document.dispatchEvent(new Event('visibilitychange')); }"
        page.evaluate(shown, True)  # another tab in front
        until(lambda: asked.count("/api/stamp") >= 2, "a page in the background asked nothing", page)
        page.evaluate(shown, False)  # in front again
        until(lambda: asked.count("/api/stream") == 2, "the page in front again opened no stream", page)
        page.wait_for_timeout(1500)  # the last question asked while the stream opened has been answered
        polled = asked.count("/api/stamp")
        page.wait_for_timeout(2500)
        assert asked.count("/api/stamp") == polled  # the stream is back: it asks no more
        page.close()
    finally:
        out = server.stop()
    assert server.proc.returncode == 0 and "Traceback" not in out, out


def _open_streams(url: str, n: int) -> tuple[list[str], list[socket.socket]]:
    """`n` phones opening the stream at once, as their pages do: the status each is answered
    (within 10 s: "none" when not), and the sockets of the streams, still open (a refused one
    is closed, as EventSource does)."""
    host, port = url.removeprefix("http://").split(":")
    statuses, held = [], []
    for _ in range(n):
        sock = socket.create_connection((host, int(port)), timeout=10)
        try:
            sock.sendall(b"GET /api/stream HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
            statuses.append(sock.recv(64).split(b" ")[1].decode() or "none")
        except (OSError, IndexError):
            statuses.append("none")
        if statuses[-1] == "200":
            held.append(sock)
        else:
            sock.close()
    return statuses, held


def _open_files_of(pid: int) -> int:
    line = next(ln for ln in Path(f"/proc/{pid}/limits").read_text().splitlines() if ln.startswith("Max open files"))
    return int(line.split()[3])


def test_the_server_asks_for_the_open_files_hundreds_of_listening_phones_need(tmp_path):
    """A laptop allows a process 1,024 open files (256 on macOS) unless it asks for more; each
    phone on a live page holds one or two sockets. `tourney serve` asks for more, within the
    system's hard limit, so 400 phones listen at once."""
    more_open_files(2048)  # this process holds the phones' 400 sockets
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    ev = published(tmp_path)
    server = Server(ev.path, open_files=(256, hard))
    held: list[socket.socket] = []
    try:
        assert _open_files_of(server.proc.pid) == min(WANTED_FILES, hard)
        statuses, held = _open_streams(server.url, 400)
        assert statuses == ["200"] * 400
        with urllib.request.urlopen(server.url + "/standings", timeout=10) as page:
            assert page.status == 200
    finally:
        for sock in held:
            sock.close()
        server.stop()


def test_beyond_the_files_the_system_allows_streams_get_503_and_the_pages_still_answer(tmp_path):
    """Where the system's hard limit is low, the server refuses streams it has no sockets for
    (the page then asks every second) instead of running out of files, when it could answer
    no one: every phone is answered, and the pages still are."""
    more_open_files(2048)
    ev = published(tmp_path)
    server = Server(ev.path, open_files=(256, 256))
    held: list[socket.socket] = []
    try:
        statuses, held = _open_streams(server.url, 300)
        assert set(statuses) == {"200", "503"}, statuses
        assert statuses.count("200") == (256 - RESERVED_FILES) // 2  # a socket for the stream, one for the page
        with urllib.request.urlopen(server.url + "/standings", timeout=10) as page:
            assert page.status == 200
        with urllib.request.urlopen(server.url + "/api/stamp", timeout=10) as stamp:  # what refused pages ask
            assert stamp.status == 200
    finally:
        for sock in held:
            sock.close()
        server.stop()
