"""Issue 28, item 8: `tourney serve` on a read-only event file serves it read-only: it says so
at start, the pages and the API's reads work, every change is refused with the reason, and the
file is left exactly as it was.

The file is made read-only for real, also for root: a read-only bind mount of the file over
itself in a private mount namespace (`unshare`: no root needed), the folder staying writable
(SQLite keeps its work files there), as for an event file one may read but not write."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from live_event import build_event, free_port, table_rows

from tourney.core.store import Event
from tourney.event.live import event_url
from tourney.server.run import lan_address

ROOT = Path(__file__).resolve().parents[2]


def ask(url: str, body: object | None = None, token: str | None = None, form: bytes | None = None):
    data = form if form is not None else None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    if body is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_a_read_only_event_file_is_served_read_only(tmp_path):
    ev = build_event(tmp_path)
    before = hashlib.sha256(ev.path.read_bytes()).hexdigest()
    host, port = lan_address("0.0.0.0"), free_port()  # the hall's address: serve would store it
    base = f"http://{host}:{port}"
    shell = ('mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && '
             f'exec "{sys.executable}" -c "from tourney.cli import main; main()" serve "$1" --host {host} --port {port}')
    proc = subprocess.Popen(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", shell, "sh", str(ev.path)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/api/stamp", timeout=2).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()[0]
                time.sleep(0.1)
        assert ask(base + "/standings")[0] == 200
        assert ask(base + "/api/rounds/1/seating", token=ev.desk_a)[0] == 200
        refused = (f"{str(ev.path)!r} is read-only: this server shows the event but stores nothing; to take "
                   "results, serve a writable copy")
        status, said = ask(base + "/api/rounds/1/tables/1/result",
                           {"rows": table_rows(ev.path, 1, 1), "version": None}, ev.desk_a)
        assert (status, json.loads(said)) == (403, {"error": refused})
        assert ask(base + "/desk/login", form=f"token={ev.desk_a}".encode()) == (403, refused)
        assert ask(base + "/api/check-in", {"player": "x", "code": "y"})[0] == 403
    finally:
        proc.send_signal(2)
        out = proc.communicate(timeout=15)[0]
    assert out.splitlines()[1] == refused  # under "serving … at …"
    assert hashlib.sha256(ev.path.read_bytes()).hexdigest() == before
    assert Event.open(ev.path).results() == [] and event_url(Event.open(ev.path)) is None
