"""Issue 28, item 3: a full disk is said to be a full disk, with the event's path, by opening
and by writing commands alike; the event is intact and works again once space is freed.

The disk is a real one: a 1 MiB tmpfs mounted in a private mount namespace (`unshare`, which
needs no root: the user namespace maps the caller to root inside), filled with a file until
the kernel says ENOSPC. Nothing is mocked, and nothing stays mounted after the child exits."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import json, os, subprocess, sys
    from tourney.core.store import Event

    os.chdir(sys.argv[1])
    said = {}

    def run(key, *args):  # each command in a process of its own, as the organiser runs it
        got = subprocess.run([sys.executable, "-c", "from tourney.cli import main; main()", *args],
                             capture_output=True, text=True)
        said[key] = [got.returncode, got.stdout + got.stderr]

    def fill():
        fd = os.open("filler", os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"x" * 4096)
        except OSError as exc:
            said["filled"] = exc.errno
        os.close(fd)

    run("new", "new", "ev.db", "--game", "7wonders", "--seed", "1")
    run("add", "players", "add", "ev.db", "Anna", "Ben", "Cara", "Dan")
    # Writing: the event is open (its work files exist) when the disk fills up.
    held = Event.open("ev.db")
    held.players()
    fill()
    run("write", "players", "add", "ev.db", "Eva")
    held.close()
    # Opening: with space, the last connection removes the work files; creating them fails.
    os.remove("filler")
    Event.open("ev.db").close()
    assert not os.path.exists("ev.db-shm")
    fill()
    run("open", "standings", "ev.db")
    os.remove("filler")
    run("after", "players", "list", "ev.db", "--format", "csv")
    print(json.dumps(said))
""")


def test_a_full_disk_is_said_to_be_full_and_the_event_is_intact(tmp_path):
    disk = tmp_path / "disk"
    disk.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
    shell = f'mount -t tmpfs -o size=1m tmpfs "$1" && exec "{sys.executable}" -c "$2" "$1"'
    done = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", shell, "sh", str(disk),
                           SCRIPT], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["filled"] == 28  # ENOSPC: the kernel's own "no space left on device"
    assert said["write"] == [1, "Error: can't store the change in 'ev.db': the disk is full: free some space, then "
                                "try again; the event is intact, nothing was changed\n"]
    assert said["open"] == [1, "Error: can't open 'ev.db': the disk is full: free some space, or use a folder on "
                               "another disk; nothing was changed\n"]
    assert said["after"][0] == 0
    assert [line.split(",")[0] for line in said["after"][1].splitlines()[1:]] == ["Anna", "Ben", "Cara", "Dan"]


# Issue 48, item 4: a desk's save on a full disk. The app runs in the child (httpx's ASGI
# transport: the real app, its store and the real full disk), the event on the small tmpfs.
SAVE_SCRIPT = textwrap.dedent("""
    import json, os, sys
    from pathlib import Path
    from starlette.testclient import TestClient
    from live_event import build_event, table_rows
    from tourney.event import live
    from tourney.core.store import Event
    from tourney.server.app import create_app

    os.chdir(sys.argv[1])
    ev = build_event(Path("."))
    live.publish_round(Event.open(ev.path), 1, "test")
    said = {}
    for table, lang in ((1, "en"), (2, "de")):
        client = TestClient(create_app(str(ev.path), lang=lang), raise_server_exceptions=False)
        rows = table_rows(ev.path, 1, table)
        body = {"rows": rows, "version": None}
        head = {"authorization": "Bearer " + ev.desk_a}
        client.get("/")
        fd = os.open("filler", os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"x" * 4096)
        except OSError:
            pass
        os.close(fd)
        for key in ("", "save-" + lang):  # what the desk page sends: always with a key
            got = client.post(f"/api/rounds/1/tables/{table}/result", json=body,
                              headers={**head, **({"idempotency-key": key} if key else {})})
            said[lang + (" key" if key else "")] = [got.status_code, got.headers.get("retry-after"), got.json()]
        os.remove("filler")
        if lang == "en":  # space freed: the outbox sends the sheet again, with its key: stored once
            again = client.post("/api/rounds/1/tables/1/result", json=body,
                                headers={**head, "idempotency-key": "save-en"})
            said["again"] = [again.status_code, again.json().get("version")]
            said["stored"] = len(Event.open(ev.path).results())
    print(json.dumps(said))
""")


def test_a_desks_save_on_a_full_disk_is_a_507_to_send_again_with_or_without_a_key(tmp_path):
    disk = tmp_path / "disk"
    disk.mkdir()
    env = {**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}", "LANG": "C.UTF-8"}
    shell = f'mount -t tmpfs -o size=2m tmpfs "$1" && exec "{sys.executable}" -c "$2" "$1"'
    done = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", shell, "sh", str(disk),
                           SAVE_SCRIPT], capture_output=True, text=True, env=env, timeout=180)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    full = ("can't store the change in 'live.db': the disk is full: free some space, then try again; the event is "
            "intact, nothing was changed")
    # The same answer with a key (what the desk page sends) and without: not a refusal (the
    # outbox would drop the sheet), a 507 to send again; in the event's language.
    assert said["en"] == said["en key"] == [507, "30", {"error": full}]
    assert said["de"][0] == said["de key"][0] == 507 and said["de"] == said["de key"]
    assert said["de"][2]["error"].startswith("kann die Änderung nicht in 'live.db' speichern: der Datenträger ist "
                                             "voll: "), said["de"]
    assert said["again"] == [201, 1] and said["stored"] == 1
