"""`tourney check` of a file without an event starts quickly: it loads no database, spreadsheet,
PDF, plotting or web library (SQLAlchemy alone took longer to import than checking a round);
the reports load only what their output needs (no matplotlib for a PDF's font or its charts, no
charts on the terminal, no openpyxl for a season PDF).

Each case runs the command in a fresh Python process and lists the libraries it loaded, so a
module-level import that drags one in fails here, whatever the machine's speed.
"""
from __future__ import annotations

import csv
import subprocess
import sys

import pytest

from conftest import EXAMPLE, HEADER, ROOT, looped_games

#: Libraries only other commands need (storing, workbooks, exports, PDFs, plots, the server).
HEAVY = ("sqlalchemy", "openpyxl", "pandas", "matplotlib", "reportlab", "starlette", "jinja2", "uvicorn", "openskill",
         "cv2")

#: Runs `tourney check ARGS…` as the console script does, then prints the heavy libraries loaded.
#: (Printed at exit: a check without an event ends the process itself, `end_process`.)
SCRIPT = f"""
import atexit, sys
from tourney.cli import main
sys.argv = ["tourney", "check", *sys.argv[1:]]
atexit.register(lambda: print("loaded:", ",".join(sorted({{m.split(".")[0] for m in sys.modules}} & set({HEAVY!r})))))
main()
"""


def check_in_new_process(*args: str) -> tuple[str, list[str]]:
    """The command's output and the heavy libraries it loaded."""
    done = subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, cwd=ROOT,
                          check=False, timeout=120)
    assert done.stderr == "", done.stderr
    *output, last = done.stdout.splitlines()
    assert last.startswith("loaded:"), done.stdout
    return "\n".join(output), [m for m in last.removeprefix("loaded:").strip().split(",") if m]


@pytest.mark.parametrize("sheet", [EXAMPLE / "round1.csv", ROOT / "examples" / "dominations" / "round1.csv",
                                   ROOT / "examples" / "onecardwonder" / "round1.csv"], ids=lambda p: p.parent.name)
def test_checking_a_csv_file_loads_no_heavy_library(sheet):
    output, loaded = check_in_new_process(str(sheet))
    assert "0 errors" in output
    assert loaded == []


def test_a_report_with_errors_in_german_and_as_json_loads_no_heavy_library(tmp_path):
    sheet = tmp_path / "round1.csv"
    with open(sheet, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(HEADER)
        w.writerow([1, 1, 1, "Anna", "Rhodos", "A", 3, 2, 3, 10, 2, 0, 4, 99, 6])  # total wrong
        w.writerow([1, 1, 2, "Ben", "Gizah", "B", -1, 1, 5, 8, 0, 0, 1, 14, 3])
        w.writerow([1, 1, 3, "Clara", "Olympia", "A", 1, 1, 3, 5, 4, 0, 0, 14, 4])
    output, loaded = check_in_new_process(str(sheet), "--lang", "de")
    assert "die Summe stimmt nicht für 'Anna'" in output and "[sum]" in output
    assert loaded == []
    output, loaded = check_in_new_process(str(sheet), "--format", "json")
    assert '"rule": "sum"' in output
    assert loaded == []


#: The installed program, with an object whose `__del__` tells when Python tears the process
#: down, and a function registered for the exit.
ENDING = """
import atexit, sys
class Torn:
    def __del__(self):
        sys.stdout.write("torn down\\n")
kept = Torn()
atexit.register(lambda: print("at exit"))
from tourney.cli import main
sys.argv = ["tourney", *sys.argv[1:]]
main()
"""


def _ending(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", ENDING, *args], capture_output=True, text=True, cwd=ROOT,
                          check=False, timeout=120)


@pytest.mark.parametrize("fine", [True, False], ids=["clean", "with-errors"])
def test_a_check_without_an_event_ends_its_process_itself(tmp_path, fine):
    """`end_process`: once the report is out, the program exits without Python's teardown
    (freeing a big file's objects took a tenth of a second); the output and the exit code are
    the command's as a test runs it, and what was registered for the exit still runs."""
    from click.testing import CliRunner

    from tourney.cli import cli

    sheet = EXAMPLE / "round1.csv"
    if not fine:
        sheet = tmp_path / "round1.csv"
        with open(sheet, "w", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerows([HEADER, [1, 1, 1, "Anna", "Rhodos", "A", 3, 2, 3, 10, 2, 0, 4, 99, 6],
                                      [1, 1, 2, "Ben", "Gizah", "B", -1, 1, 5, 8, 0, 0, 1, 14, 3],
                                      [1, 1, 3, "Clara", "Olympia", "A", 1, 1, 3, 5, 4, 0, 0, 14, 4]])
    done = _ending("check", str(sheet))
    tested = CliRunner().invoke(cli, ["check", str(sheet)])
    assert (done.returncode, tested.exit_code) == ((0, 0) if fine else (1, 1))
    assert done.stderr == ""
    assert done.stdout == tested.output + "at exit\n"  # not "torn down"


def test_the_program_ends_without_a_traceback_when_started_without_an_output():
    """Started with its output closed (`>&-`, a cron job's), Python has no `sys.stdout`: the
    command's lines go nowhere, as Python lets them, and the program ends with the command's
    code, no traceback."""
    done = subprocess.run(["bash", "-c", '"$@" >&-', "-", sys.executable, "-c", ENDING, "check",
                           str(EXAMPLE / "round1.csv")], capture_output=True, text=True, cwd=ROOT, check=False,
                          timeout=120)
    assert (done.returncode, done.stderr) == (0, "")


def test_a_command_that_wrote_to_its_event_leaves_the_file_whole(tmp_path):
    """The program ends every command without Python's teardown, but closes the event's database
    first: SQLite folds its write-ahead log back into the event file, so the file alone (copied
    to a stick, mailed) holds what was stored. A check against the event ends the same way."""
    from click.testing import CliRunner

    from tourney.cli import cli

    event = tmp_path / "cup.db"
    assert CliRunner().invoke(cli, ["new", str(event), "--game", "7wonders", "--seed", "1"]).exit_code == 0
    done = _ending("players", "add", str(event), "Anna Adler", "Ben Berg")
    assert done.returncode == 0 and done.stdout.endswith("at exit\n"), done.stdout + done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.db"]  # no cup.db-wal, no cup.db-shm
    copy = tmp_path / "copy" / "cup.db"
    copy.parent.mkdir()
    copy.write_bytes(event.read_bytes())
    listed = CliRunner().invoke(cli, ["players", "list", str(copy)])
    assert "Anna Adler" in listed.output and "Ben Berg" in listed.output
    done = _ending("check", str(EXAMPLE / "round1.csv"), "--event", str(event))
    assert done.returncode == 1 and done.stdout.endswith("at exit\n")  # its players are not registered
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy", "cup.db"]


def test_with_another_thread_at_work_the_program_ends_as_python_does():
    """Python waits for a thread still at work before it ends; so does the program then."""
    # The thread works until Python's own ending starts (threading's exit hooks run before it
    # waits for the threads), so it is at work when the command ends however slow the machine.
    script = ENDING.replace("from tourney.cli import main", "import threading\nbusy = threading.Event()\n"
                            "threading._register_atexit(busy.set)\n"
                            "threading.Thread(target=busy.wait, args=(120,)).start()\nfrom tourney.cli import main")
    done = subprocess.run([sys.executable, "-c", script, "--help"], capture_output=True, text=True, cwd=ROOT,
                          check=False, timeout=120)
    assert done.returncode == 0 and done.stdout.endswith("at exit\ntorn down\n"), done.stdout
    done = _ending("--help")
    assert done.returncode == 0 and done.stdout.endswith("at exit\n")
    done = _ending("no-such-command")
    assert done.returncode == 2 and "No such command" in done.stderr and done.stdout == "at exit\n"


#: Runs `tourney ARGS…` (any command), then prints the heavy libraries loaded.
ANY_COMMAND = SCRIPT.replace('"tourney", "check", ', '"tourney", ')


def loaded_by(folder, *args: str) -> tuple[str, list[str]]:
    """What `tourney ARGS…` printed in `folder` and the heavy libraries it loaded."""
    import os

    done = subprocess.run([sys.executable, "-c", ANY_COMMAND, *args], capture_output=True, text=True, cwd=folder,
                          check=False, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stderr == "", done.stderr
    *output, last = done.stdout.splitlines()
    return "\n".join(output), [m for m in last.removeprefix("loaded:").strip().split(",") if m]


def test_reports_load_only_the_libraries_their_output_needs(run):
    from pathlib import Path

    from tourney.demo import run_demo

    run_demo(Path("demo"), lambda _: None)
    event = "demo/bonn-2018.db"
    # An event file is read with the standard library's sqlite3: SQLAlchemy is for PostgreSQL.
    output, loaded = loaded_by(run.folder, "standings", event)
    assert "Marie Neumann" in output and loaded == []
    output, loaded = loaded_by(run.folder, "stats", event)
    assert "Wonders" in output and loaded == ["pandas"]  # charts only in -o files
    output, loaded = loaded_by(run.folder, "stats", event, "-o", "stats.pdf")
    assert output.startswith("wrote stats.pdf") and loaded == ["pandas", "reportlab"]  # no matplotlib
    output, loaded = loaded_by(run.folder, "season", event, "--spots", "3", "-o", "season.pdf")
    assert output.startswith("wrote season.pdf") and loaded == ["reportlab"]
    output, loaded = loaded_by(run.folder, "rating", event)  # the rating's model only where it is computed
    assert "Marie Neumann" in output and loaded == ["openskill"]
    output, loaded = loaded_by(run.folder, "seating", event, "--report")  # no rating stored: no model
    assert "repeated pairs" in output and loaded == []
    output, loaded = loaded_by(run.folder, "print", event, "--round", "1", "--what", "seating,tables,cards,pads",
                               "-o", "kit.pdf")
    assert output == "wrote kit.pdf: round 1, 12 pages" and loaded == ["reportlab"]


def workflow_modules(games) -> dict[str, str]:
    """Each game's workflow module, found from the registry: the module whose WORKFLOW the
    game's entry loads."""
    modules = list(sys.modules.values())
    return {name: next(m.__name__ for m in modules if getattr(m, "WORKFLOW", None) is flow)
            for name, flow in games.items()}


def game_packages(games) -> dict[str, str]:
    """Each game's package (`tourney.games.<game>`, or the toy's): its workflow module's."""
    return {name: module.rpartition(".")[0] for name, module in workflow_modules(games).items()}


#: Runs `tourney ARGV…` with the toy game registered, then prints the game packages (of argv[1],
#: a JSON list) any module of which it loaded.
GAMES_OF_A_COMMAND = """
import atexit, json, sys
sys.path.insert(0, sys.argv[1])
packages = json.loads(sys.argv[2])
from toygame import TOY
from tourney.games import registry
registry.GAMES = (*registry.GAMES, TOY)
from tourney.cli import main
sys.argv = ["tourney", *sys.argv[3:]]
atexit.register(lambda: print("games:", sorted(p for p in packages if any(m.startswith(p + ".") for m in sys.modules))))
main()
"""


@pytest.mark.parametrize("game", looped_games())
def test_a_command_on_an_event_loads_only_its_game(tmp_path, with_games, game):
    """The game registry imports a game's package when it is asked for: `standings` of an event
    loads no other game (each costs start-up time)."""
    import json

    from click.testing import CliRunner

    from tourney.cli import cli

    packages = game_packages(with_games)
    event = tmp_path / "cup.db"
    assert CliRunner().invoke(cli, ["new", str(event), "--game", game, "--seed", "1"]).exit_code == 0
    done = subprocess.run([sys.executable, "-c", GAMES_OF_A_COMMAND, str(ROOT / "tests"),
                           json.dumps(sorted(packages.values())), "standings", str(event)],
                          capture_output=True, text=True, cwd=ROOT, check=False, timeout=120)
    assert done.stderr == "", done.stderr
    assert done.stdout.splitlines()[-1] == f"games: [{packages[game]!r}]"


#: Runs `tourney check FILE` with the toy game registered, then prints the games (argv[2], a JSON
#: object: each game's workflow module) whose workflow it loaded, the Duel rules engine's modules
#: loaded (the Duel's sheet format needs only the names of its columns), and whether the store or
#: the workbook readers loaded (a CSV file without an event needs neither).
GAMES_LOADED = """
import atexit, json, sys
sys.path.insert(0, sys.argv[1])
modules = json.loads(sys.argv[2])
from toygame import TOY
from tourney.games import registry
registry.GAMES = (*registry.GAMES, TOY)
from tourney.cli import main
sys.argv = ["tourney", "check", sys.argv[3]]
atexit.register(lambda: print("games:", sorted(g for g, m in modules.items() if m in sys.modules),
                              sorted(m for m in sys.modules if m.startswith("rules_engine.duel.")),
                              sorted(m for m in ("tourney.core.store", "tourney.core.workbooks") if m in sys.modules)))
main()
"""


@pytest.mark.parametrize("sheet, game", [(EXAMPLE / "round1.csv", "7wonders"),
                                         (ROOT / "examples" / "dominations" / "round1.csv", "dominations"),
                                         (ROOT / "examples" / "onecardwonder" / "round1.csv", "onecardwonder"),
                                         (None, "toy")],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_checking_a_sheet_loads_only_the_game_whose_sheet_it_is(tmp_path, with_games, sheet, game):
    """The header is matched against each game's sheet format loaded alone; then only that game
    loads (the Duel's pairing and engine alone took 70 ms of checking a round's sheet)."""
    import json

    if sheet is None:  # the toy game has no example: a sheet of one table
        sheet = tmp_path / "round1.csv"
        sheet.write_text("round,table,seat,player,gold,silver\n1,1,1,Anna,3,1\n1,1,2,Ben,2,0\n", encoding="utf-8")
    modules = workflow_modules(with_games)
    done = subprocess.run([sys.executable, "-c", GAMES_LOADED, str(ROOT / "tests"), json.dumps(modules), str(sheet)],
                          capture_output=True, text=True, cwd=ROOT, check=False, timeout=120)
    assert done.stderr == "", done.stderr
    assert done.stdout.splitlines()[-1] == f"games: [{game!r}] ['rules_engine.duel.names'] []"
