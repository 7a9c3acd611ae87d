"""`tourney season` on real event files: exact table/csv/json output, the workbook, aliases,
ambiguity warnings, date ties, and clear errors with exit 1 (bad input) or 2 (bad usage)."""
from __future__ import annotations

import json

from click.testing import CliRunner
from openpyxl import load_workbook

from conftest import line, write_sheet
from tourney.cli import cli

CIVILIAN = (12, 10, 8, 6, 4)  # one table: finishing order is the order the players are given


def make_event(run, file: str, name: str, date: str | None, players: list[str], rounds: int = 1) -> None:
    args = ["new", file, "--game", "7wonders", "--name", name, "--rounds", str(rounds), "--seed", "1"]
    run(*args, *(["--date", date] if date else []))
    rows = [line(1, 1, seat, p, civilian=c) for seat, (p, c) in enumerate(zip(players, CIVILIAN), 1)]
    write_sheet(run.folder / f"{file}.csv", rows)
    run("results", "import", file, f"{file}.csv", "--register")


def koeln_and_bonn(run) -> None:
    make_event(run, "koeln.db", "Köln Open", "2018-03-10", ["Anna", "Jörg Müller", "Clara", "Dirk", "Emil"])
    make_event(run, "bonn.db", "Bonn Spielt", "2018-10-27", ["JOERG MUELLER", "Fritz", "anna", "Gerd", "Clara"])


TABLE = """\
Season: 2 events, 2 spots per event

Events (processing order)
#  date        event        players  qualified
1  2018-03-10  Köln Open          5          2
2  2018-10-27  Bonn Spielt        5          2

Qualified
event        date        place  player
Köln Open    2018-03-10      1  Anna
Köln Open    2018-03-10      2  Jörg Müller
Bonn Spielt  2018-10-27      2  Fritz
Bonn Spielt  2018-10-27      4  Gerd

Pass-downs
event        date        declined     place  qualified_at  moved_up  moved_up_place
Bonn Spielt  2018-10-27  Jörg Müller      1  Köln Open     Anna                   3
Bonn Spielt  2018-10-27  Anna             3  Köln Open     Gerd                   4

Players
player       events  places                        best  qualified_at
Anna              2  Köln Open: 1, Bonn Spielt: 3     1  Köln Open
Clara             2  Köln Open: 3, Bonn Spielt: 5     3
Dirk              1  Köln Open: 4                     4
Emil              1  Köln Open: 5                     5
Fritz             1  Bonn Spielt: 2                   2  Bonn Spielt
Gerd              1  Bonn Spielt: 4                   4  Bonn Spielt
Jörg Müller       2  Köln Open: 2, Bonn Spielt: 1     1  Köln Open

Notes
- joined the spellings 'JOERG MUELLER' and 'Jörg Müller' as one player, shown as 'Jörg Müller': if they are \
different people, give one of them another name in an alias file
"""


def test_table_exact_events_in_date_order_with_pass_down_chain(run):
    koeln_and_bonn(run)
    # Bonn is given first but Köln is earlier: Köln is processed first.
    assert run("season", "bonn.db", "koeln.db", "--spots", "2").output == TABLE


def test_csv_exact_each_section(run):
    koeln_and_bonn(run)
    assert run("season", "bonn.db", "koeln.db", "--spots", "2", "--format", "csv").output == (
        "event,date,place,player\n"
        "Köln Open,2018-03-10,1,Anna\n"
        "Köln Open,2018-03-10,2,Jörg Müller\n"
        "Bonn Spielt,2018-10-27,2,Fritz\n"
        "Bonn Spielt,2018-10-27,4,Gerd\n"
    )
    r = run("season", "bonn.db", "koeln.db", "--spots", "2", "--format", "csv", "--section", "pass-downs")
    assert r.output == (
        "event,date,declined,place,qualified_at,moved_up,moved_up_place\n"
        "Bonn Spielt,2018-10-27,Jörg Müller,1,Köln Open,Anna,3\n"
        "Bonn Spielt,2018-10-27,Anna,3,Köln Open,Gerd,4\n"
    )


def test_json_exact(run):
    make_event(run, "a.db", "A", "2019-01-05", ["P", "Q", "R", "S"])
    make_event(run, "b.db", "B", "2019-02-05", ["Q", "T", "U", "V"])
    r = run("season", "a.db", "b.db", "--spots", "1", "--format", "json")
    data = json.loads(r.output)
    assert data["qualified"] == [
        {"player": "P", "event": "A", "date": "2019-01-05", "place": 1},
        {"player": "Q", "event": "B", "date": "2019-02-05", "place": 1},
    ]
    assert data["pass_downs"] == []
    assert r.output.startswith(
        '{\n  "spots": 1,\n  "events": [\n    {\n      "position": 1,\n      "event": "A",\n'
        '      "date": "2019-01-05",\n      "players": 4,\n      "qualified": 1\n    },\n'
    )
    assert r.output.endswith('  "ambiguities": [],\n  "notes": []\n}\n')
    assert [p["player"] for p in data["players"]] == ["P", "Q", "R", "S", "T", "U", "V"]
    assert data["players"][1] == {
        "player": "Q", "events": 2, "best_place": 1, "qualified_at": "B",
        "places": [{"event": "A", "date": "2019-01-05", "place": 2}, {"event": "B", "date": "2019-02-05", "place": 1}],
    }


def test_workbook_written_with_summary_line(run):
    koeln_and_bonn(run)
    r = run("season", "koeln.db", "bonn.db", "--spots", "2", "-o", "season.xlsx")
    assert r.output == "wrote season.xlsx: 4 qualified, 2 pass-downs, 7 players\n"
    book = load_workbook(run.folder / "season.xlsx")
    assert book.sheetnames == ["Qualified", "Pass-downs", "Players", "Notes"]
    assert [c.value for c in book["Pass-downs"][2]][2:] == ["Jörg Müller", 1, "Köln Open", "Anna", 3]
    assert all(sheet.freeze_panes == "A2" for sheet in book)


def test_same_date_goes_by_the_order_given(run):
    make_event(run, "h1.db", "Hall 1", "2020-05-01", ["X", "Y", "Z", "W"])
    make_event(run, "h2.db", "Hall 2", "2020-05-01", ["X", "V", "U", "T"])
    r = run("season", "h2.db", "h1.db", "--spots", "1", "--format", "csv")
    assert r.output == "event,date,place,player\nHall 2,2020-05-01,1,X\nHall 1,2020-05-01,2,Y\n"
    r = run("season", "h1.db", "h2.db", "--spots", "1", "--format", "csv")
    assert r.output == "event,date,place,player\nHall 1,2020-05-01,1,X\nHall 2,2020-05-01,2,V\n"


def test_aliases_file_joins_spellings(run):
    make_event(run, "a.db", "A", "2019-01-05", ["Hans M.", "Kim", "Ola", "Pia"])
    make_event(run, "b.db", "B", "2019-02-05", ["Hans Meier", "Ola", "Kim", "Pia"])
    (run.folder / "aliases.csv").write_text("alias,name\nHans M.,Hans Meier\n", encoding="utf-8")
    r = run("season", "a.db", "b.db", "--spots", "1", "--aliases", "aliases.csv", "--format", "csv")
    assert r.output == "event,date,place,player\nA,2019-01-05,1,Hans Meier\nB,2019-02-05,2,Ola\n"


def test_bad_alias_file_names_file_and_row(run):
    make_event(run, "a.db", "A", "2019-01-05", ["P", "Q", "R", "S"])
    (run.folder / "aliases.csv").write_text("alias,name\nHans M.,Hans Meier\nHans M.,Hans Maier\n")
    r = run("season", "a.db", "--spots", "1", "--aliases", "aliases.csv", ok=None)
    assert r.exit_code == 1
    assert r.output == (
        "Error: aliases.csv, row 3: alias 'Hans M.' maps to 'Hans Maier', but row 2 maps 'Hans M.' to"
        " 'Hans Meier'; keep one of the rows\n"
    )


def test_ambiguous_names_warn_on_stderr_and_stay_apart(run):
    make_event(run, "a.db", "A", "2019-01-05", ["Jörg Müller", "Joerg Mueller", "Kim", "Ola"])
    make_event(run, "b.db", "B", "2019-02-05", ["Jörg Müller", "Kim", "Ola", "Pia"])
    result = CliRunner().invoke(cli, ["season", "a.db", "b.db", "--spots", "1", "--format", "csv"])
    assert result.exit_code == 0
    assert result.stdout == "event,date,place,player\nA,2019-01-05,1,Jörg Müller (A)\nB,2019-02-05,1,Jörg Müller (B)\n"
    assert result.stderr == (
        "warning: 'Jörg Müller' and 'Joerg Mueller' in 'A' both match 'joerg mueller'; kept apart as"
        " different players in every event (also 'Jörg Müller' in 'B'); fix the alias file or rename"
        " one of them in the event\n"
    )
    table = run("season", "a.db", "b.db", "--spots", "1").output
    assert "Ambiguous names (not matched across events)\n- 'Jörg Müller' and 'Joerg Mueller'" in table


def test_ranking_exact(run):
    koeln_and_bonn(run)
    r = run("season", "koeln.db", "bonn.db", "--ranking", "--points", "3,2,1", "--format", "csv")
    assert r.output == (
        "rank,player,points,best,by_event\n"
        '1,Jörg Müller,5,1,"Köln Open: 2, Bonn Spielt: 3"\n'
        '2,Anna,4,1,"Köln Open: 3, Bonn Spielt: 1"\n'
        "3,Fritz,2,2,Bonn Spielt: 2\n"
        '4,Clara,1,3,"Köln Open: 1, Bonn Spielt: 0"\n'
        "5,Dirk,0,4,Köln Open: 0\n"
        "5,Gerd,0,4,Bonn Spielt: 0\n"
        "7,Emil,0,5,Köln Open: 0\n"
    )
    table = run("season", "koeln.db", "bonn.db", "--ranking").output
    assert "Ranking (points 10,8,6,5,4,3,2,1)\nrank  player       points  best  by_event\n" in table
    assert "Qualified" not in table


# ------------------------------------------------------------------ errors


def test_missing_event_file_exit_1(run):
    make_event(run, "a.db", "A", "2019-01-05", ["P", "Q", "R", "S"])
    r = run("season", "a.db", "nope.db", "--spots", "1", ok=None)
    assert (r.exit_code, r.output) == (
        1, "Error: no event file 'nope.db': create one with 'tourney new nope.db --game 7wonders'\n"
    )
    assert not (run.folder / "nope.db").exists()


def test_event_without_results_or_unfinished_exit_1(run):
    run("new", "empty.db", "--game", "7wonders", "--name", "Empty", "--date", "2019-01-01")
    run("players", "add", "empty.db", "P", "Q", "R", "S")
    r = run("season", "empty.db", "--spots", "1", ok=None)
    assert (r.exit_code, r.output) == (
        1, "Error: 'empty.db' ('Empty') has no results: import its score sheets"
        " (tourney results import empty.db FILE) or leave it out\n"
    )
    make_event(run, "half.db", "Half", "2019-01-05", ["P", "Q", "R", "S"], rounds=3)
    r = run("season", "half.db", "--spots", "1", ok=None)
    assert (r.exit_code, r.output) == (
        1, "Error: 'half.db' ('Half') has no results for round 2, 3 of 3: a season report needs final"
        " standings; import the missing rounds or leave the event out\n"
    )


def test_undated_event_among_dated_ones_exit_1(run):
    make_event(run, "a.db", "A", "2019-01-05", ["P", "Q", "R", "S"])
    make_event(run, "n.db", "Nodate", None, ["P", "Q", "R", "S"])
    r = run("season", "a.db", "n.db", "--spots", "1", ok=None)
    assert r.exit_code == 1
    assert r.output.startswith("Error: event 'Nodate' has no date but other events have one;")


def test_usage_errors_exit_2(run):
    make_event(run, "a.db", "A", "2019-01-05", ["P", "Q", "R", "S"])
    cases = [
        (["--spots", "0"], "Invalid value for '--spots': 0 is not in the range x>=1."),
        (["--spots", "two"], "Invalid value for '--spots': 'two' is not a valid integer"),
        ([], "give --spots K for a qualification report, or --ranking for a points ranking"),
        (["--spots", "1", "--section", "players"], "--section picks the CSV section: use it with --format csv"),
        (["--spots", "1", "--format", "csv", "--section", "ranking"], "--section ranking needs --ranking"),
        (["--spots", "1", "-o", "season.txt"], "-o 'season.txt': write .xlsx, .csv or .json"),
        (["--ranking", "--points", "10,x"], "--points: points '10,x': entry 2 ('x') is not a whole number >= 0"),
        (["a.db", "--spots", "1"], "event file 'a.db' is given twice (also as 'a.db'); give each event once"),
    ]
    for extra, message in cases:
        r = run("season", "a.db", *extra, ok=None)
        assert r.exit_code == 2, (extra, r.output)
        assert message in r.output, (extra, r.output)
        assert "Traceback" not in r.output


def test_help_names_the_options(run):
    text = run("season", "--help").output
    for option in ("--spots", "--aliases", "--ranking", "--points", "--format", "--section", "--output",
                   "--spots-by-size", "--best", "--min-events"):
        assert option in text


# ------------------------------------------------------------------ circuit rules

SCORES = (14, 12, 10, 8, 6, 4, 2)  # one table of up to 7: places in the order given


def circuit(run) -> None:
    """A: 5 players (1 spot), B and C: 7 and 5 players with --spots-by-size 1,6:2."""
    for file, name, date, players in [
        ("a.db", "A", "2019-01-05", ["P", "Q", "R", "S", "T"]),
        ("b.db", "B", "2019-02-05", ["P", "Q", "U", "R", "V", "W", "X"]),
        ("c.db", "C", "2019-03-05", ["Q", "U", "R", "S", "Y"]),
    ]:
        run("new", file, "--game", "7wonders", "--name", name, "--rounds", "1", "--seed", "1", "--date", date)
        rows = [line(1, 1, seat, p, civilian=c) for seat, (p, c) in enumerate(zip(players, SCORES), 1)]
        write_sheet(run.folder / f"{file}.csv", rows)
        run("results", "import", file, f"{file}.csv", "--register")


CIRCUIT = ("season", "c.db", "a.db", "b.db", "--spots-by-size", "1,6:2", "--best", "2", "--min-events", "2")

CIRCUIT_TABLE = """\
Season: 3 events, spots by event size: 1 spot for 1–5 players, 2 spots from 6 players

Events (processing order)
#  date        event  players  spots  qualified
1  2019-01-05  A            5      1          1
2  2019-02-05  B            7      2          2
3  2019-03-05  C            5      1          1

Qualified
event  date        place  player
A      2019-01-05      1  P
B      2019-02-05      2  Q
B      2019-02-05      3  U
C      2019-03-05      3  R

Pass-downs
event  date        declined  place  qualified_at  moved_up  moved_up_place
B      2019-02-05  P             1  A             U                      3
C      2019-03-05  Q             1  B             U                      2
C      2019-03-05  U             2  B             R                      3

Players
player  events  places            best  qualified_at
P            2  A: 1, B: 1           1  A
Q            3  A: 2, B: 2, C: 1     1  B
R            3  A: 3, B: 4, C: 3     3  C
S            2  A: 4, C: 4           4
T            1  A: 5                 5
U            2  B: 3, C: 2           2  B
V            1  B: 5                 5
W            1  B: 6                 6
X            1  B: 7                 7
Y            1  C: 5                 5

Ranking (points 10,8,6,5,4,3,2,1; best 2 results count; at least 2 events to be ranked)
rank  player  points  best  by_event
   1  P           20     1  A: 10, B: 10
   2  Q           18     1  A: 8, B: (8), C: 10
   3  U           14     2  B: 6, C: 8
   4  R           12     3  A: 6, B: (5), C: 6
   5  S           10     4  A: 5, C: 5

Notes
- 5 players with fewer than 2 events are not ranked (see Players)
"""


def test_circuit_rules_table_exact(run):
    # B has 7 players, so 2 spots: P (1st, qualified at A) passes his down to U (3rd), Q keeps
    # the other. C has 5, so 1 spot: Q and U (both qualified at B) pass it on to R (3rd).
    # Ranking: Q's best 2 of 8, 8, 10 are 10 and A's 8 (the earlier of equal results); T, V,
    # W, X, Y played one event and are not ranked; the spots don't change for that.
    circuit(run)
    assert run(*CIRCUIT).output == CIRCUIT_TABLE


def test_circuit_rules_json_exact(run):
    circuit(run)
    data = json.loads(run(*CIRCUIT, "--format", "json").output)
    assert data["spots"] is None
    assert data["spots_by_size"] == [{"from_players": 1, "spots": 1}, {"from_players": 6, "spots": 2}]
    assert data["events"][1] == {"position": 2, "event": "B", "date": "2019-02-05", "players": 7, "spots": 2,
                                 "qualified": 2}
    assert [(x["event"], x["place"], x["player"]) for x in data["qualified"]] == [
        ("A", 1, "P"), ("B", 2, "Q"), ("B", 3, "U"), ("C", 3, "R")]
    assert data["pass_downs"][2] == {"event": "C", "date": "2019-03-05", "declined": "U", "place": 2,
                                     "qualified_at": "B", "moved_up": "R", "moved_up_place": 3}
    assert (data["points"], data["best"], data["min_events"]) == ([10, 8, 6, 5, 4, 3, 2, 1], 2, 2)
    assert data["ranking"][1] == {
        "rank": 2, "player": "Q", "points": 18, "best_place": 1,
        "by_event": [{"event": "A", "points": 8, "counted": True}, {"event": "B", "points": 8, "counted": False},
                     {"event": "C", "points": 10, "counted": True}],
    }
    assert [r["player"] for r in data["ranking"]] == ["P", "Q", "U", "R", "S"]
    assert data["unranked"] == ["T", "V", "W", "X", "Y"]
    assert data["notes"] == ["5 players with fewer than 2 events are not ranked (see Players)"]
    assert list(data) == ["spots", "spots_by_size", "events", "qualified", "pass_downs", "players", "ambiguities",
                          "notes", "points", "best", "min_events", "ranking", "unranked"]


def test_circuit_rules_csv_ranking_marks_the_results_that_do_not_count(run):
    circuit(run)
    r = run(*CIRCUIT, "--format", "csv", "--section", "ranking")
    assert r.output == (
        "rank,player,points,best,by_event\n"
        '1,P,20,1,"A: 10, B: 10"\n'
        '2,Q,18,1,"A: 8, B: (8), C: 10"\n'
        '3,U,14,2,"B: 6, C: 8"\n'
        '4,R,12,3,"A: 6, B: (5), C: 6"\n'
        '5,S,10,4,"A: 5, C: 5"\n'
    )


def test_circuit_rules_bad_values_exit_2(run):
    circuit(run)
    cases = [
        (["--spots-by-size", "1,x:2"], "Error: --spots-by-size: spots by size '1,x:2': entry 2 ('x:2') is not "
                                       "PLAYERS:SPOTS in whole numbers; give spots by event size like '1,20:2' "
                                       "(1 spot, 2 from 20 players)\n"),
        (["--spots-by-size", "1,2"], "Error: --spots-by-size: spots by size '1,2': entry 2 ('2') has no number of "
                                     "players; only the first entry may be spots alone, give the others as "
                                     "PLAYERS:SPOTS like '20:2'\n"),
        (["--spots-by-size", "2,20:1"], "Error: --spots-by-size: spots by size '2,20:1': events from 20 players get "
                                        "fewer spots than smaller ones; spots must not decrease with the event's "
                                        "size\n"),
        (["--spots-by-size", "1,20:2,12:3"], "Error: --spots-by-size: spots by size '1,20:2,12:3': entry 3 starts "
                                             "at 12 players, not above the entry before (20); give the steps from "
                                             "small to large events\n"),
        (["--spots-by-size", "0,0:0"], "Error: --spots-by-size: spots by size '0,0:0': entry 2 needs players >= 1 "
                                       "and spots >= 0; give spots by event size like '1,20:2' (1 spot, 2 from 20 "
                                       "players)\n"),
        (["--spots-by-size", "0"], "Error: --spots-by-size: spots by size '0' gives no event a spot; give at least "
                                   "one step with 1 spot or more\n"),
        (["--spots", "2", "--spots-by-size", "1,20:2"],
         "Error: --spots and --spots-by-size both give the spots: give one of them\n"),
    ]
    for extra, message in cases:
        r = run("season", "a.db", *extra, ok=None)
        assert (r.exit_code, r.output.split("\n\n", 1)[1]) == (2, message), extra
    for option in ("--best", "--min-events"):
        r = run("season", "a.db", "--ranking", option, "0", ok=None)
        assert r.exit_code == 2 and f"Invalid value for '{option}': 0 is not in the range x>=1." in r.output
        assert "Traceback" not in r.output


def test_circuit_rules_refused_in_german_too(run):
    circuit(run)
    r = run("season", "a.db", "--spots-by-size", "1,2", "--lang", "de", ok=None)
    assert r.exit_code == 2
    assert r.output.split("\n\n", 1)[1].startswith("Fehler: --spots-by-size: Plätze nach Größe '1,2': Eintrag 2 ('2')")


def test_best_and_min_events_ask_for_the_ranking_and_leave_the_spots_alone(run):
    circuit(run)
    plain = json.loads(run("season", "a.db", "b.db", "c.db", "--spots", "1", "--format", "json").output)
    ruled = json.loads(run("season", "a.db", "b.db", "c.db", "--spots", "1", "--min-events", "3", "--format",
                           "json").output)
    assert ruled["qualified"] == plain["qualified"] and ruled["pass_downs"] == plain["pass_downs"]
    assert [r["player"] for r in ruled["ranking"]] == ["Q", "R"]
    assert "ranking" not in plain
