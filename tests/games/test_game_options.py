"""Optional rules of a game's event (issue 19): One Card Wonder's Anführer (Leaders) expansion
is an event option, stored with the event, shown by `tourney event`, and passed to the sheet
checks at import, `check --event` and the live desks."""
from __future__ import annotations

from pathlib import Path

from tourney.event.entry import check_table
from tourney.games.registry import workflow
from tourney.core.store import Event

#: Dirk wins with 5 buildings: only the leader Archimedes allows more than 4. The seats are
#: those seed 1 draws.
SHEET = ("round,table,seat,player,stages,buildings,winner\n"
         "1,1,1,Anna,4,2,0\n1,1,2,Dirk,10,5,1\n1,1,3,Ben,3,1,0\n1,1,4,Cleo,3,4,0\n")
WARNING = ("o.csv:3: round 1, table 1: warning: buildings 5 for 'Dirk': more than 4 buildings only with the "
           "leader Archimedes; check the sheet [buildings.archimedes]\n")
ERROR = ("o.csv:3: round 1, table 1: error: buildings 5 for 'Dirk': a player has 4 building tokens and builds at "
         "most 4 buildings in a game, board and wonder card together (more only with the leader Archimedes of "
         "the Leaders (Anführer) expansion); check the sheet [buildings.max]\n")


def ocw_event(run, *options: str) -> None:
    run("new", "o.db", "--game", "ocw", "--seed", "1", *options)
    run("players", "add", "o.db", "Anna", "Ben", "Cleo", "Dirk")
    run("seat", "o.db")
    Path("o.csv").write_text(SHEET, encoding="utf-8")


def test_an_event_with_leaders_accepts_archimedes_buildings_with_a_warning(run):
    assert run("new", "o.db", "--game", "ocw", "--seed", "1", "--option", "leaders").output == (
        "created 'o' in o.db: onecardwonder, scheme bonn, 4 rounds, draw fingerprint 6f4a3344bcd61e24, options: leaders\n")
    assert run("event", "o.db").output == (
        "o: onecardwonder, scheme bonn, 4 rounds, draw fingerprint 6f4a3344bcd61e24, date not set, language en, options: leaders\n")
    run("players", "add", "o.db", "Anna", "Ben", "Cleo", "Dirk")
    run("seat", "o.db")
    Path("o.csv").write_text(SHEET, encoding="utf-8")
    assert run("check", "o.csv", "--event", "o.db").output == (
        WARNING + "checked 1 file: 1 table, 4 players: 0 errors, 1 warning\n")
    assert run("results", "import", "o.db", "o.csv").output == (
        WARNING + "stored round 1, table 1\n1 table stored\n")


def test_without_the_option_more_than_4_buildings_is_refused(run):
    ocw_event(run)
    assert run("event", "o.db").output == (
        "o: onecardwonder, scheme bonn, 4 rounds, draw fingerprint 6f4a3344bcd61e24, date not set, language en\n")
    r = run("results", "import", "o.db", "o.csv", ok=None)
    assert (r.exit_code, r.output) == (1, ERROR + "checked 1 file: 1 table, 4 players: 1 error, 0 warnings: "
                                                  "nothing stored\n")
    # Without an event the sheet is checked by the base game's rules.
    assert run("check", "o.csv", ok=None).output.startswith(ERROR)


def test_the_option_can_be_switched_on_later_and_off_only_before_results(run):
    ocw_event(run)
    run("event", "o.db", "--option", "leaders")
    assert run("results", "import", "o.db", "o.csv").output.endswith("1 table stored\n")
    r = run("event", "o.db", "--no-option", "leaders", ok=None)
    assert r.exit_code == 2 and r.output.endswith(
        "Error: --no-option leaders: results are stored already and were checked with it; it stays on\n")
    assert "options: leaders" in run("event", "o.db").output
    assert {"changes": [["option.leaders", "on"]]} in [e.params for e in Event.open("o.db").history()]


def test_switched_off_before_results_the_base_rules_apply_again(run):
    ocw_event(run, "--option", "LEADERS")
    run("event", "o.db", "--no-option", "leaders")
    assert "options" not in run("event", "o.db").output
    assert run("check", "o.csv", "--event", "o.db", ok=None).output.startswith(ERROR)


def test_a_desk_entry_is_checked_with_the_events_options(run):
    ocw_event(run, "--option", "leaders")
    rows = [dict(zip(("seat", "player", "stages", "buildings", "winner"), line.split(",")[2:]))
            for line in SHEET.splitlines()[1:]]
    report = check_table(Event.open("o.db"), workflow("onecardwonder"), 1, 1, rows)
    assert [(f.finding.rule, f.finding.severity.value) for f in report.findings] == [
        ("buildings.archimedes", "warning")]


def test_unknown_options_are_usage_errors(run):
    r = run("new", "x.db", "--game", "ocw", "--option", "agora", ok=None)
    assert r.exit_code == 2 and r.output.endswith(
        "Error: --option 'agora': a One Card Wonder event may be played with leaders\n")
    r = run("new", "y.db", "--game", "7wonders", "--option", "leaders", ok=None)
    assert r.exit_code == 2 and r.output.endswith("Error: --option 'leaders': a 7 Wonders event has no optional rules\n")
    assert not Path("x.db").exists() and not Path("y.db").exists()
    ocw_event(run)
    r = run("event", "o.db", "--option", "leaders", "--no-option", "leaders", ok=None)
    assert r.exit_code == 2 and "--option and --no-option 'leaders': give one of them" in r.output


def test_new_help_lists_the_options(run):
    text = " ".join(run("new", "--help").output.split())
    assert "onecardwonder: leaders (the Anführer (Leaders) expansion: with Archimedes more than 4 buildings)" in text
