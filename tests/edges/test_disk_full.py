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
