"""The event-day traps of issue #13: stale seatings, silent overwrites, corrections."""
from __future__ import annotations

import csv
import json
import os
import re
from pathlib import Path

import pytest
from conftest import EXAMPLE
from openpyxl import load_workbook

from tourney.games.sevenwonders.printsheets import HEADER, HEADER_ROW
from tourney.core.store import Event

STALE = ("Error: round 2's seating is out of date: 'Zoë Kästner' joined, 'Ole Thießen' dropped after it was "
         "seated: re-seat it with 'tourney seat ev.db --round 2'\n")


@pytest.fixture
def round2_seated(run):
    """The example's 23 players plus Ole Thießen, round 1 played (from sheets), round 2 seated."""
    run("new", "ev.db", "--game", "7wonders", "--seed", "42", "--name", "Cup")
    run("players", "import", "ev.db", str(EXAMPLE / "players.csv"))
    run("players", "add", "ev.db", "Ole Thießen")
    run("results", "import", "ev.db", str(EXAMPLE / "round1.csv"))
    assert run("seat", "ev.db").output == "round 2: 24 players at 5 tables (5+5+5+5+4)\n"
    return run


def test_a_roster_change_makes_the_seating_out_of_date_everywhere(round2_seated):
    run = round2_seated
    run("players", "add", "ev.db", "Zoë Kästner")
    run("players", "drop", "ev.db", "Ole Thießen")
    for args in (["sheets", "ev.db", "--round", "2", "-o", "r2.xlsx"],
                 ["sheets", "ev.db", "--round", "2", "-o", "r2.pdf"],
                 ["print", "ev.db", "--round", "2", "-o", "wall.pdf"],
                 ["seating", "ev.db", "--round", "2"],
                 ["seating", "ev.db"]):
        r = run(*args, ok=None)
        assert (r.exit_code, r.output) == (1, STALE), args
    assert not os.path.exists("r2.xlsx") and not os.path.exists("wall.pdf")
    # Round 1 is played: its seating shows as ever.
    assert run("seating", "ev.db", "--round", "1", "--format", "csv").output.startswith("round,table,seat")
    assert run("seat", "ev.db", "--round", "2").output == "round 2: 24 players at 5 tables (5+5+5+5+4)\n"
    names = run("seating", "ev.db", "--round", "2", "--format", "csv").output
    assert "Zoë Kästner" in names and "Ole Thießen" not in names
    assert run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx").exit_code == 0


def test_a_change_undone_leaves_the_seating_current(round2_seated):
    run = round2_seated
    run("players", "add", "ev.db", "Zoë Kästner")
    run("players", "drop", "ev.db", "Zoë Kästner")
    assert run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx").exit_code == 0


def test_reseating_a_printed_round_needs_reprint_and_lists_the_changed_tables(round2_seated):
    run = round2_seated
    run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx")
    r = run("seat", "ev.db", "--round", "2", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "Error: round 2 was printed already, so its sheets may be on the tables: to seat it again, add --reprint "
        "('tourney seat ev.db --round 2 --reprint'), then print it again and replace the sheets of the tables "
        "that changed\n"))
    run("players", "add", "ev.db", "Zoë Kästner")
    r = run("sheets", "ev.db", "--round", "2", "-o", "again.xlsx", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "Error: round 2's seating is out of date: 'Zoë Kästner' joined after it was printed: its sheets may be on "
        "the tables already: re-seat it with 'tourney seat ev.db --round 2 --reprint' and print it again\n"))
    out = run("seat", "ev.db", "--round", "2", "--reprint").output.splitlines()
    assert out[0] == "round 2: 25 players at 5 tables (5+5+5+5+5)"
    assert out[1].startswith("round 2 was printed: tables changed: ") and out[1].endswith(
        "; print the round again and replace the sheets of these tables")
    assert "5" in out[1].split(":")[2].split(";")[0].split(", ")  # the fifth table grew from 4 to 5 players
    # Re-seated, the round is no longer printed: seating it again needs no flag.
    assert run("seat", "ev.db", "--round", "2").exit_code == 0
    assert run("sheets", "ev.db", "--round", "2", "-o", "again.xlsx").exit_code == 0


def test_a_rename_outdates_only_a_round_the_player_is_seated_in(round2_seated):
    run = round2_seated
    # Ole is dropped and round 2 re-seated without him: renaming him leaves it current.
    run("players", "drop", "ev.db", "Ole Thießen")
    run("seat", "ev.db", "--round", "2")
    run("players", "rename", "ev.db", "Ole Thießen", "Ole Thiessen")
    assert run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx").exit_code == 0
    # A seated player renamed after printing: the sheets on the tables show the old name.
    run("players", "rename", "ev.db", "Anna Schmidt", "Anna Schmitt")
    r = run("print", "ev.db", "--round", "2", "-o", "wall.pdf", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "Error: round 2's seating is out of date: renamed 'Anna Schmidt' → 'Anna Schmitt' after it was printed: "
        "its sheets may be on the tables already: re-seat it with 'tourney seat ev.db --round 2 --reprint' and "
        "print it again\n"))
    run("seat", "ev.db", "--round", "2", "--reprint")
    assert "Anna Schmitt" in run("seating", "ev.db", "--round", "2").output


def test_removing_a_seated_player_outdates_the_round(round2_seated):
    run = round2_seated
    run("players", "add", "ev.db", "Zoë Kästner")
    run("seat", "ev.db", "--round", "2")
    assert run("players", "remove", "ev.db", "Zoë Kästner").exit_code == 0
    r = run("seating", "ev.db", "--round", "2", ok=None)
    assert (r.exit_code, r.output) == (1, ("Error: round 2's seating is out of date: removed 'Zoë Kästner' after it "
                                          "was seated: re-seat it with 'tourney seat ev.db --round 2'\n"))
    run("seat", "ev.db", "--round", "2")
    assert "Zoë Kästner" not in run("seating", "ev.db", "--round", "2").output


def test_reprint_needs_a_round(run):
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    r = run("seat", "ev.db", "--reprint", ok=None)
    assert r.exit_code == 2 and "--reprint re-seats a round that was printed: name it with --round N" in r.output


# --- no silent overwrite ------------------------------------------------------------------------
def _filled_in(path: str) -> None:
    """Type one result into the sheet of table 1."""
    wb = load_workbook(path)
    col = {name.lower(): i for i, name in enumerate(HEADER, 1)}
    wb["Table 1"].cell(HEADER_ROW + 1, col["civilian"], 12)
    wb.save(path)


def test_sheets_refuse_an_existing_file_unless_forced_and_protect_typed_in_results(round2_seated):
    run = round2_seated
    run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx")
    before = Path("r2.xlsx").read_bytes()
    r = run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx", ok=None)
    assert (r.exit_code, r.output) == (
        1, "Error: 'r2.xlsx' already exists: add --force to replace it, or choose another file name\n")
    assert Path("r2.xlsx").read_bytes() == before
    assert run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx", "--force").exit_code == 0
    _filled_in("r2.xlsx")
    typed = Path("r2.xlsx").read_bytes()
    r = run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx", "--force", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "Error: 'r2.xlsx' holds typed-in results (1 filled-in score line): replacing it would lose them; import "
        "it first with 'tourney results import', or add --overwrite-results to replace it anyway\n"))
    assert Path("r2.xlsx").read_bytes() == typed
    run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx", "--force", "--overwrite-results")
    assert Path("r2.xlsx").read_bytes() != typed


def test_force_replaces_the_tools_own_workbooks_but_never_typed_in_results(round2_seated):
    run = round2_seated
    # The standings workbook's Games sheet has a score sheet's header row and 20 result lines.
    assert run("export", "ev.db", "-o", "st.xlsx").output == "wrote st.xlsx\n"
    r = run("export", "ev.db", "-o", "st.xlsx", "--force", ok=None)
    assert (r.exit_code, r.output) == (0, "wrote st.xlsx\n")
    # Opened and saved again in a spreadsheet program (openpyxl here), it is still the tool's own.
    load_workbook("st.xlsx").save("st.xlsx")
    assert run("export", "ev.db", "-o", "st.xlsx", "--force").output == "wrote st.xlsx\n"
    # A filled-in score sheet stays protected.
    run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx")
    _filled_in("r2.xlsx")
    typed = Path("r2.xlsx").read_bytes()
    r = run("export", "ev.db", "-o", "r2.xlsx", "--force", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "Error: 'r2.xlsx' holds typed-in results (1 filled-in score line): replacing it would lose them; import "
        "it first with 'tourney results import', or add --overwrite-results to replace it anyway\n"))
    assert Path("r2.xlsx").read_bytes() == typed
    assert run("export", "ev.db", "-o", "r2.xlsx", "--force", "--overwrite-results").output == "wrote r2.xlsx\n"
    assert run("export", "ev.db", "-o", "r2.xlsx", "--force").output == "wrote r2.xlsx\n"


def test_force_replaces_a_table_games_standings_and_a_season_workbook(run):
    run("demo", "--dir", "d", "--game", "dominations", "--brief")
    run("export", "d/dominations.db", "-o", "st.xlsx")
    r = run("export", "d/dominations.db", "-o", "st.xlsx", "--force", ok=None)
    assert (r.exit_code, r.output) == (0, "wrote st.xlsx\n")
    first = run("season", "d/dominations.db", "--spots", "1", "-o", "season.xlsx").output
    r = run("season", "d/dominations.db", "--spots", "1", "-o", "season.xlsx", "--force", ok=None)
    assert (r.exit_code, r.output) == (0, first)


@pytest.mark.parametrize("target", ["ev.db", "./ev.db", "link.json", "hard.json"])
def test_export_never_writes_onto_the_event(run, target):
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    os.symlink("ev.db", "link.json")
    os.link("ev.db", "hard.json")
    r = run("export", "ev.db", "-o", target, "--force", ok=None)
    assert r.exit_code == 1
    assert "is an input of this command" in r.output and "writing there would destroy it" in r.output
    assert Event.open("ev.db").info().seed == 1 and os.path.islink("link.json")


def test_every_output_option_refuses_an_existing_file(run):
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    Path("taken.json").write_text("keep me")
    for args in (["export", "ev.db", "-o", "taken.json"],
                 ["season", "ev.db", "--spots", "1", "-o", "taken.json"],
                 ["selfplay", "--game", "7wonders", "-o", "taken.json"]):
        r = run(*args, ok=None)
        assert r.exit_code == 1 and "'taken.json' already exists: add --force" in r.output, args
    assert Path("taken.json").read_text() == "keep me"
    assert run("selfplay", "--game", "7wonders", "-o", "taken.json", "--force").exit_code == 0
    r = run("season", "ev.db", "--spots", "1", "-o", "ev.db", "--force", ok=None)
    assert r.exit_code == 1 and "is an input of this command" in r.output


def test_a_failed_export_keeps_the_previous_file(run, monkeypatch):
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    run("players", "add", "ev.db", "Anna", "Ben", "Cleo")
    run("export", "ev.db", "-o", "st.xlsx")
    before = Path("st.xlsx").read_bytes()

    def locked(*args: object) -> None:  # as Windows does while Excel has the file open
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", locked)
    r = run("export", "ev.db", "-o", "st.xlsx", "--force", ok=None)
    assert r.exit_code == 1 and "can't write 'st.xlsx' (permission denied)" in r.output
    assert Path("st.xlsx").read_bytes() == before
    assert not [f for f in os.listdir(".") if f.startswith(".st.")]  # no temporary file left behind


# --- corrections you can follow -----------------------------------------------------------------
def _example_round1(run):
    run("new", "ev.db", "--game", "7wonders", "--seed", "42", "--name", "Cup")
    run("players", "import", "ev.db", str(EXAMPLE / "players.csv"))
    run("results", "import", "ev.db", str(EXAMPLE / "round1.csv"), "--by", "Anna")
    rows = list(csv.reader((EXAMPLE / "round1.csv").open(encoding="utf-8")))
    header = rows[0]
    science, total = header.index("science"), header.index("total")
    row = next(r for r in rows[1:] if r[1] == "3" and r[2] == "2")  # round 1, table 3, seat 2
    row[science], row[total] = str(int(row[science]) + 3), str(int(row[total]) + 3)
    with open("fix.csv", "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return row[header.index("player")], int(row[science]) - 3


def test_a_correction_stores_only_the_changed_table(run):
    name, science = _example_round1(run)
    out = run("results", "import", "ev.db", "fix.csv", "--correct", "--reason", "misread", "--by", "Ben").output
    assert out == ("round 1, table 1 unchanged: nothing stored\n"
                   "round 1, table 2 unchanged: nothing stored\n"
                   "stored round 1, table 3 (correction, version 2)\n"
                   "round 1, table 4 unchanged: nothing stored\n"
                   "round 1, table 5 unchanged: nothing stored\n"
                   "1 table stored, 4 unchanged\n")
    assert [(t.table, t.version) for t in Event.open("ev.db").results()] == [(1, 1), (2, 1), (3, 2), (4, 1), (5, 1)]
    log = run("results", "history", "ev.db", "--round", "1").output.splitlines()
    assert len(log) == 6
    assert f"  Ben corrected round 1, table 3 (version 2): science {name} {science} → {science + 3}; total {name} " \
        in log[-1]
    assert log[-1].endswith("; reason: misread") and "seed" not in "".join(log)
    # local time with the UTC offset: "YYYY-MM-DD HH:MM:SS +HH:MM"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d", log[-1][:26])
    mine = run("results", "history", "ev.db", "--player", name).output.splitlines()
    assert len(mine) == 3 and mine[1].endswith("Anna entered round 1, table 3 from round1.csv")
    assert f"registered {name!r} from round 1" in mine[0] and mine[-1] == log[-1]
    assert run("results", "history", "ev.db", "--round", "2").output == "no changes\n"
    data = json.loads(run("results", "history", "ev.db", "--round", "1", "--format", "json").output)
    assert data[-1]["changes"][0] == {"seat": 2, "player": name, "field": "science", "old": science,
                                      "new": science + 3}
