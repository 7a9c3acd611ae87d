"""Sheets printed from a seating that was replaced (issue 13.1): the import says so in one line
(which seating, replaced when, the tables where the players now sit differently, what to do)
instead of listing every seat."""
from __future__ import annotations

import datetime as dt
import json

from conftest import line, write_sheet
from conftest import duel_row as row
from conftest import write_duel_sheet as write

from tourney.core.store import Event

NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn", "Gus", "Hanna", "Ida", "Jürgen Weiß",
         "Karl", "Lena", "Mia", "Nils", "Ole", "Paul", "Quinn", "Rosa", "Sven", "Tina"]


def _replaced_at(location: str, round_no: int) -> str:
    """The local time of day the round's newest replaced seating was replaced at."""
    stamp = Event.open(location).past_seatings(round_no)[0].replaced_at
    return f"{dt.datetime.fromisoformat(stamp).astimezone():%H:%M}"


def reseated(run):
    """20 players, round 1 seated and printed, then a late entry and a drop, and round 1
    seated again with --reprint; the old and the new seating of round 1 as JSON rows."""
    run("new", "ev.db", "--game", "7wonders", "--seed", "3")
    run("players", "add", "ev.db", *NAMES, "--yes")
    run("seat", "ev.db")
    old = json.loads(run("seating", "ev.db", "--format", "json").output)
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    run("players", "add", "ev.db", "Zoë Kästner")
    run("players", "drop", "ev.db", "Ole")
    assert run("seat", "ev.db", "--round", "1", "--reprint").output.splitlines()[1] == (
        "round 1 was printed: tables changed: 1, 2, 3, 4; print the round again and replace the sheets of these "
        "tables")
    new = json.loads(run("seating", "ev.db", "--format", "json").output)
    return old, new


def sheets_of(path, seating, tables):
    write_sheet(path, [line(1, s["table"], s["seat"], s["player"], civilian=10 + s["seat"])
                       for s in seating if s["table"] in tables])


def test_sheets_of_the_replaced_seating_get_one_cause_line(run):
    old, _ = reseated(run)
    sheets_of(run.folder / "old.csv", old, {1, 2, 3, 4})
    r = run("results", "import", "ev.db", "old.csv", ok=None)
    lines = r.output.splitlines()
    assert r.exit_code == 1
    assert lines[0] == (
        f"round 1: these sheets follow the seating of round 1 that was replaced at {_replaced_at('ev.db', 1)} "
        "(seating version 1): the players now sit differently at tables 1, 2, 3 and 4 — print the new sheets "
        "('tourney sheets ev.db --round 1 -o FILE') and hand them to those tables; a replaced seating can't be "
        "brought back")
    assert all(x.startswith("  ") for x in lines[1:6]) and lines[6] == "  … and 14 more like this"
    assert lines[7:] == ["checked 1 file: 4 tables, 20 players: 19 errors, 0 warnings: nothing stored"]
    assert Event.open("ev.db").results() == []


def test_only_the_tables_that_follow_the_old_seating_are_named(run):
    old, new = reseated(run)
    # Tables 1 and 2 got the new sheets in time; 3 and 4 played from the old ones.
    write_sheet(run.folder / "mixed.csv",
                [line(1, s["table"], s["seat"], s["player"], civilian=10 + s["seat"])
                 for s in [*(s for s in new if s["table"] in (1, 2)), *(s for s in old if s["table"] in (3, 4))]])
    lines = run("check", "mixed.csv", "--event", "ev.db", ok=None).output.splitlines()
    assert lines[0] == (
        f"round 1: the sheets of tables 3 and 4 follow the seating of round 1 that was replaced at "
        f"{_replaced_at('ev.db', 1)} (seating version 1): the players now sit differently at tables 3 and 4 — "
        "print the new sheets ('tourney sheets ev.db --round 1 -o FILE') and hand them to those tables; a "
        "replaced seating can't be brought back")
    assert all(x.startswith("  mixed.csv:") and (", table 3: " in x or ", table 4: " in x) for x in lines[1:6])
    assert lines[6:] == ["  … and 7 more like this", "checked 1 file: 4 tables, 20 players: 12 errors, 0 warnings"]
    # The new sheets alone import.
    sheets_of(run.folder / "new.csv", new, {1, 2, 3, 4})
    assert run("results", "import", "ev.db", "new.csv").output.endswith("4 tables stored\n")


def test_a_duel_round_paired_again_names_the_old_pairing(run):
    run("new", "d.db", "--game", "duel", "--seed", "5")
    run("players", "add", "d.db", "Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn")
    run("seat", "d.db")
    old = json.loads(run("pairings", "d.db", "--format", "json").output)
    run("sheets", "d.db", "--round", "1", "-o", "d1.xlsx")
    run("players", "add", "d.db", "Gus", "Ida")
    assert run("seat", "d.db", "--round", "1", "--reprint").output.splitlines()[1].startswith(
        "round 1 was printed: tables changed: 1, 2, 3")
    rows = []
    for p in old:
        if p["first"]:
            rows += [row(1, p["table"], p["player"], 1), row(1, p["table"], p["opponent"], 0, blue=4)]
    write(run.folder / "old.csv", rows)
    r = run("results", "import", "d.db", "old.csv", ok=None)
    assert (r.exit_code, r.output) == (1, (
        f"round 1: these sheets follow the seating of round 1 that was replaced at {_replaced_at('d.db', 1)} "
        "(seating version 1): the players now sit differently at tables 1, 2 and 3 — print the new sheets "
        "('tourney sheets d.db --round 1 -o FILE') and hand them to those tables; a replaced seating can't be "
        "brought back\n"
        "  old.csv:2-3: round 1, table 1: error: the sheet has 'Ben' v 'Dirk' but round 1, table 1 is 'Eva' v "
        "'Gus': fix the names or the table number [pairing]\n"
        "  old.csv:4-5: round 1, table 2: error: the sheet has 'Anna' v 'Cleo' but round 1, table 2 is 'Dirk' v "
        "'Ben': fix the names or the table number [pairing]\n"
        "  old.csv:6-7: round 1, table 3: error: the sheet has 'Finn' v 'Eva' but round 1, table 3 is 'Cleo' v "
        "'Ida': fix the names or the table number [pairing]\n"
        "checked 1 file: 3 tables, 6 players: 3 errors, 0 warnings: nothing stored\n"))


def test_a_second_reseating_names_the_version_the_sheets_follow(run):
    old, new = reseated(run)
    # Round 1 seated a third time (Ole back): the first replaced seating is version 1, the second 2.
    run("players", "add", "ev.db", "Ole")
    run("seat", "ev.db", "--round", "1")
    for seating, version in ((old, 1), (new, 2)):
        sheets_of(run.folder / "s.csv", seating, {1, 2, 3, 4})
        first = run("check", "s.csv", "--event", "ev.db", ok=None).output.splitlines()[0]
        assert first.startswith("round 1: these sheets follow the seating of round 1 that was replaced at ")
        assert f"(seating version {version}): the players now sit differently at " in first


def test_the_cause_line_speaks_the_events_language(run):
    old, _ = reseated(run)
    run("event", "ev.db", "--lang", "de")
    sheets_of(run.folder / "old.csv", old, {3, 4})  # two tables brought back, both from the old seating
    first = run("check", "old.csv", "--event", "ev.db", ok=None).output.splitlines()[0]
    assert first == (
        f"Runde 1: diese Bögen folgen dem Sitzplan von Runde 1, der um {_replaced_at('ev.db', 1)} ersetzt "
        "wurde (Sitzplan-Version 1): die Spieler sitzen jetzt anders an den Tischen 3 und 4 — die neuen "
        "Bögen drucken ('tourney sheets ev.db --round 1 -o FILE') und diesen Tischen geben; ein ersetzter "
        "Sitzplan lässt sich nicht zurückholen")
