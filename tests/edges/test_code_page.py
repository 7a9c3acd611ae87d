"""Output in a code page that lacks a letter: on Windows, `tourney … > file` writes in the ANSI
code page (cp1252 has no "Ł"). The letter becomes "?"; the command still succeeds, with no
traceback (docs/windows.md)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

TOURNEY = str(shutil.which("tourney", path=str(Path(sys.executable).parent)))


def tourney(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([TOURNEY, *args], cwd=cwd, capture_output=True, timeout=300, check=False,
                          env={k: v for k, v in os.environ.items() if k not in ("TOURNEY_LANG", "LANGUAGE")} | {"LC_ALL": "C.UTF-8", **env})


def test_a_letter_the_code_page_lacks_prints_as_a_question_mark(tmp_path):
    assert tourney("new", "ev.db", "--game", "7w", "--rounds", "2", cwd=tmp_path).returncode == 0
    assert tourney("players", "add", "ev.db", "Łukasz Nowak", "Änne Böhm", cwd=tmp_path).returncode == 0
    done = tourney("players", "list", "ev.db", cwd=tmp_path, PYTHONIOENCODING="cp1252")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode("cp1252") == ("Player        First round  Dropped after\n"
                                            "Änne Böhm               1\n"
                                            "?ukasz Nowak            1\n"
                                            "2 players, 2 active\n")
