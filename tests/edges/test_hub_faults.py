"""Faults between venues and the hub, for real: the hub killed while a push is on its way
(nothing half-applied; the push resumes), the network dropping answers (a proxy on 127.0.0.1
the test controls: the venue sends again, every change is stored once), a removed venue refused
at once by every worker, and ten venues pushing at once to a hub of two workers on PostgreSQL."""
from __future__ import annotations

import shutil
import signal
import socket
import sqlite3
import threading
import urllib.request

import pytest

from conftest import line, postgres_event_url, write_sheet
from live_event import Server, free_port, post_json
from test_hub import bonn, entries_of, ok, token_of
from tourney.core.hubstore import Hub
from tourney.core.store import Event
from tourney.core.store.sessions import WRONG_TRIES
from tourney.event.hubsync import HubUnreachable, push


class Proxy:
    """A TCP proxy on 127.0.0.1 in front of the hub: each connection is passed on, or its
    answer dropped (`drop` connections from now), or the hub killed (`kill`: the request passed
    on, then the hub's process ended with SIGKILL before it can answer)."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.drop = 0
        self.kill: Server | None = None
        self.seen = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _addr = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(client,), daemon=True).start()

    def _one(self, client: socket.socket) -> None:
        self.seen += 1
        drop, self.drop = self.drop > 0, max(self.drop - 1, 0)
        kill, self.kill = self.kill, None
        try:
            upstream = socket.create_connection(("127.0.0.1", self.target))
        except OSError:
            client.close()
            return
        request = _read_request(client)
        upstream.sendall(request)
        if kill is not None:
            kill.proc.send_signal(signal.SIGKILL)
            kill.proc.wait()
            client.close()
            upstream.close()
            return
        answer = b""
        while chunk := upstream.recv(65536):
            answer += chunk
        upstream.close()
        if not drop:
            client.sendall(answer)
        client.close()  # a dropped answer: the connection ends without one

    def close(self) -> None:
        self.listener.close()


def _read_request(sock: socket.socket) -> bytes:
    """One HTTP request with its body (Content-Length), as urllib sends it."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _sep, rest = data.partition(b"\r\n\r\n")
    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(rest) < length:
        rest += sock.recv(65536)
    return head + b"\r\n\r\n" + rest


def hub_journal(path: str) -> list[tuple[int, int]]:
    """(event, seq) of every entry the SQLite hub holds, read from its file."""
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT event_id, seq FROM hub_journal ORDER BY event_id, seq").fetchall()
    finally:
        con.close()


@pytest.fixture
def venue(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bonn("bonn.db")
    ok("hub", "new", "season.db")
    return token_of(ok("hub", "venue", "add", "season.db", "Bonn"))


def test_dropped_answers_are_sent_again_and_each_change_is_stored_once(venue):
    hub = Server("season.db", command=("hub", "serve"), ready="/api/events")
    proxy = Proxy(hub.port)
    try:
        event = Event.open("bonn.db")
        proxy.drop = 3  # the hub applies the first three batches, the venue hears nothing of them
        failures = 0
        while True:
            try:
                push(event, proxy.url, venue, batch=8)
                break
            except HubUnreachable:
                failures += 1
                assert failures <= 3
        event.close()
        assert failures == 3 and proxy.seen > 4
        jid, found = entries_of("bonn.db")
        assert hub_journal("season.db") == [(1, e.seq) for e in found]
    finally:
        proxy.close()
        hub.stop()
    assert ok("hub", "season", "season.db", "--spots", "2", "--format", "json") == ok(
        "season", "bonn.db", "--spots", "2", "--format", "json")


def test_the_hub_killed_mid_push_leaves_nothing_half_applied_and_the_push_resumes(venue):
    port = free_port()
    hub = Server("season.db", command=("hub", "serve"), ready="/api/events", port=port)
    proxy = Proxy(port)
    event = Event.open("bonn.db")
    try:
        push(event, proxy.url, venue, batch=10)  # the event so far
        ok("players", "add", "bonn.db", *[f"Late {i}" for i in range(30)])  # 30 changes to come
        proxy.kill = hub  # the next request reaches the hub, which is killed at once
        with pytest.raises(HubUnreachable):
            push(event, proxy.url, venue, batch=10)
        held = hub_journal("season.db")
        jid, found = entries_of("bonn.db")
        # Whatever the hub had stored when it died, it is whole: entries 1..k, each once.
        assert [seq for _e, seq in held] == list(range(1, len(held) + 1)) and len(held) < len(found)
        hub = Server("season.db", command=("hub", "serve"), ready="/api/events", port=port)
        state = push(event, proxy.url, venue, batch=10)
        assert state.waiting == 0 and hub_journal("season.db") == [(1, e.seq) for e in found]
    finally:
        event.close()
        proxy.close()
        if hub.proc.poll() is None:
            hub.stop()


def copy_with_own_journal(source: str, target: str, name: str, date: str) -> None:
    """Another venue's event: a copy of `source` as another event (its own journal id, name and date)."""
    shutil.copy(source, target)
    con = sqlite3.connect(target)
    con.execute("UPDATE meta SET value = ? WHERE key = 'journal_id'", (f"{abs(hash(name)):016x}"[:16],))
    con.commit()
    con.close()
    ok("event", target, "--name", name, "--date", date)


def qualifier(location: str, folder) -> None:
    """A 40-player qualifier of 5 rounds at tables of 5, every round seated and stored, its
    seed still secret (so its lots go with its journal too)."""
    ok("new", location, "--game", "7wonders", "--seed", "4040", "--name", "Qualifier 0", "--rounds", "5",
       "--date", "2018-04-10")
    ok("players", "add", location, *[f"Spieler {i:02d}" for i in range(1, 41)])
    for r in range(1, 6):
        ok("seat", location, "--tables", ",".join(["5"] * 8))
        seats = [x.split(",") for x in ok("seating", location, "--round", str(r), "--format", "csv").splitlines()[1:]]
        sheet = write_sheet(folder / f"r{r}.csv", [line(r, int(t), int(s), name, civilian=2 * int(s) + (int(t) + r) % 4 + 2)
                                                   for _r, t, s, name, *_w in seats])
        ok("results", "import", location, str(sheet))


def test_ten_venues_push_at_once_to_two_workers_on_postgresql_and_a_removed_venue_is_refused_by_all(
        postgres_server, tmp_path, monkeypatch):
    """Issue 51, item 6: ten venues' 40-player events (5 rounds) pushed at once, in small
    batches, to a hub of two workers on PostgreSQL: every change stored exactly once. Two
    venues are offline until the evening: the hub's season is the others' until one pushes
    and the other's file is imported, then all ten's."""
    monkeypatch.chdir(tmp_path)
    qualifier("v0.db", tmp_path)
    files = ["v0.db"]
    for i in range(1, 10):
        copy_with_own_journal("v0.db", f"v{i}.db", f"Qualifier {i}", f"2018-04-{i:02d}")
        files.append(f"v{i}.db")
    url = postgres_event_url(postgres_server)
    ok("hub", "new", url)
    tokens = [token_of(ok("hub", "venue", "add", url, f"Venue {i}")) for i in range(10)]
    hub = Server(url, "--workers", "2", command=("hub", "serve"), ready="/api/events")
    try:
        failures: list[BaseException] = []

        def venue_pushes(i: int) -> None:
            event = Event.open(files[i])
            try:
                for _attempt in range(5):
                    try:
                        push(event, hub.url, tokens[i], batch=7)
                        return
                    except HubUnreachable as exc:  # a busy hub: the venue sends again
                        failures.append(exc)
                raise AssertionError(failures[-1])
            finally:
                event.close()

        threads = [threading.Thread(target=venue_pushes, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        with urllib.request.urlopen(hub.url + "/api/season?spots=2", timeout=30) as answer:
            assert answer.read().decode() == ok("season", *files[:8], "--spots", "2", "--format", "json")
        venue_pushes(8)  # the evening: one venue is online at last, the other sends its file
        ok("sync", files[9], "-o", "v9.json", "--token", tokens[9])
        ok("hub", "import", url, "v9.json")
        opened = Hub.open(url)
        by_journal = {e.journal_id: e for e in opened.events()}
        for file in files:
            jid, found = entries_of(file)
            assert opened.entries(by_journal[jid].id) == found  # every change stored exactly once
        opened.close()
        ok("hub", "venue", "remove", url, "Venue 3")
        jid, found = entries_of(files[3])
        answers = [post_json(hub.url + "/api/push", {"journal_id": jid, "entries": []}, tokens[3])[0]
                   for _i in range(20)]
        # Refused by whichever worker answers; a removed venue's token is a wrong one, counted in
        # the hub's database, so both workers slow the address down at the same try.
        assert answers == [401] * WRONG_TRIES + [429] * (20 - WRONG_TRIES)
    finally:
        hub.stop()
    assert ok("hub", "season", url, "--spots", "2", "--format", "json") == ok(
        "season", *files, "--spots", "2", "--format", "json")
