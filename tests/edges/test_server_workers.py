"""`tourney serve --workers N`: uvicorn's worker processes on one port, each answering any
request from the event in the database; a worker killed with `kill -9` is replaced while the
others go on serving, and no stored sheet is lost or stored twice."""
from __future__ import annotations

import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

from live_event import Server, build_event, table_rows, post_json as post

from tourney.core.store import Event


def workers(pid: int) -> set[int]:
    """The worker processes uvicorn started under `pid` (not multiprocessing's resource tracker)."""
    found = set()
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        try:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
        except FileNotFoundError:
            continue
        if b"resource_tracker" not in cmdline:
            found.add(int(child))
    return found


def two_workers(pid: int, without: int | None = None, timeout: float = 60.0) -> set[int]:
    """The server's two workers, once there are two (and `without` is not one of them)."""
    deadline = time.monotonic() + timeout
    while True:
        found = workers(pid)
        if len(found) == 2 and without not in found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"expected two workers (not {without}), found {found}")
        time.sleep(0.1)


def test_two_workers_serve_one_event_and_survive_a_killed_worker(tmp_path):
    ev = build_event(tmp_path)
    server = Server(ev.path, "--workers", "2")
    try:
        first = two_workers(server.proc.pid)
        status, body = post(server.url + "/api/rounds/1/tables/1/result",
                            {"rows": table_rows(ev.path, 1, 1), "version": None}, ev.desk_a)
        assert (status, body) == (201, {"round": 1, "table": 1, "version": 1, "warnings": []})

        victim = min(first)
        os.kill(victim, signal.SIGKILL)
        # The other worker answers every request while the killed one is replaced.
        for _ in range(20):
            with urllib.request.urlopen(server.url + "/api/stamp", timeout=10) as resp:
                assert resp.status == 200
        status, body = post(server.url + "/api/rounds/1/tables/2/result",
                            {"rows": table_rows(ev.path, 1, 2), "version": None}, ev.desk_b)
        assert status == 201, body
        replaced = two_workers(server.proc.pid, without=victim)  # the killed worker's replacement
        # The same table sent again (a reply lost on the Wi-Fi) is answered with the stored
        # version, not stored twice; other numbers for it are a conflict.
        status, body = post(server.url + "/api/rounds/1/tables/1/result",
                            {"rows": table_rows(ev.path, 1, 1), "version": None}, ev.desk_a)
        assert (status, body) == (201, {"round": 1, "table": 1, "version": 1, "warnings": []})
        status, _ = post(server.url + "/api/rounds/1/tables/1/result",
                         {"rows": table_rows(ev.path, 1, 1, bump=1), "version": None}, ev.desk_a)
        assert status == 409
    finally:
        out = server.stop()
    assert server.proc.returncode == 0, out
    assert "2 worker processes answer on port" in out and "Traceback" not in out
    assert not [pid for pid in first | replaced if Path(f"/proc/{pid}").exists()]  # Ctrl-C stopped every worker
    stored = Event.open(ev.path).results()
    assert sorted((t.round, t.table, t.version) for t in stored) == [(1, 1, 1), (1, 2, 1)]
