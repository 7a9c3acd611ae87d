"""Issue 28, item 8 and issue 46, item 9: `tourney serve` on a read-only event file, or on one in
a read-only folder or file system (a CD, a write-protected stick, a shared folder), serves it
read-only: it says so at start, the pages and the API's reads work, every change is refused with
the reason, and the file is left exactly as it was; `standings` and `export` work, and a change
on the command line says why it can't be stored.

The file or its folder is made read-only for real, also for root: a read-only bind mount over
itself in a private mount namespace (`unshare`: no root needed). A read-only file in a writable
folder is an event file one may read but not write; a read-only folder leaves SQLite no room for
its work files (-wal, -shm) beside the event."""
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

import pytest
from conftest import invoke, line, write_sheet
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


def read_only(made: str, event: Path, *commands: list[str]) -> list[str]:
    """The shell that makes `event` (made="file") or its folder (made="folder") read-only in a
    private mount namespace, then runs the tourney `commands` there, the last one in its place
    (exec), each one's exit status said after its output."""
    target = event if made == "file" else event.parent
    run = [f'"{sys.executable}" -c "from tourney.cli import main; main()" ' + " ".join(f"'{a}'" for a in c)
           for c in commands]
    steps = [f"{c}; echo \"exit $?\"" for c in run[:-1]] + [f"exec {run[-1]}"]
    shell = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && ' + " && ".join(steps)
    return ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", shell, "sh", str(target)]


ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", "TOURNEY_LANG": "en"}


@pytest.mark.parametrize("made", ["file", "folder"])
def test_a_read_only_event_file_is_served_read_only(tmp_path, made):
    ev = build_event(tmp_path)
    before = hashlib.sha256(ev.path.read_bytes()).hexdigest()
    host, port = lan_address("0.0.0.0"), free_port()  # the hall's address: serve would store it
    base = f"http://{host}:{port}"
    proc = subprocess.Popen(read_only(made, ev.path, ["serve", str(ev.path), "--host", host, "--port", str(port)]),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=ENV)
    try:
        deadline = time.monotonic() + 120  # a generous bound on a busy machine: the loop ends when it answers
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


@pytest.mark.parametrize("made", ["file", "folder"])
def test_standings_and_export_read_a_read_only_event_and_changes_say_why_they_cant(tmp_path, made):
    (tmp_path / "event").mkdir()
    ev = build_event(tmp_path / "event")
    write_sheet(tmp_path / "t1.csv", [line(1, 1, r["seat"], r["player"], civilian=r["civilian"])
                                      for r in table_rows(ev.path, 1, 1)])
    assert invoke("results", "import", str(ev.path), str(tmp_path / "t1.csv")).exit_code == 0
    out = tmp_path / "out"
    out.mkdir()
    before = hashlib.sha256(ev.path.read_bytes()).hexdigest()
    writable = str(tmp_path / "out" / "standings.xlsx")
    said = subprocess.run(read_only(made, ev.path, ["standings", str(ev.path)],
                                    ["export", str(ev.path), "-o", writable],
                                    ["players", "add", str(ev.path), "Zoë Neu"],
                                    ["results", "import", str(ev.path), str(tmp_path / "t1.csv"), "--correct",
                                     "--reason", "misread"]),
                          capture_output=True, text=True, env=ENV, timeout=600)
    lines = said.stdout.splitlines() + said.stderr.splitlines()
    where = (f"the folder {str(tmp_path / 'event')!r} can't be written (a read-only folder or file system)" if made == "folder"
             else "the file is read-only")
    how = ("copy it to a writable folder to change it" if made == "folder" else "make it writable, or work on a copy")
    refused = (f"Error: can't store the change in {str(ev.path)!r}: {where}, so the event can only be read: "
               f"{how}; nothing was changed")
    assert said.stdout.startswith("Bonn Spielt live: standings\nRank  Player")
    assert f"wrote {writable}" in lines
    assert said.stderr.splitlines() == [refused, refused], said
    assert said.returncode == 1
    assert [line for line in said.stdout.splitlines() if line.startswith("exit ")] == ["exit 0", "exit 0", "exit 1"]
    assert hashlib.sha256(ev.path.read_bytes()).hexdigest() == before
    assert "Zoë Neu" not in [p.name for p in Event.open(ev.path).players()]
