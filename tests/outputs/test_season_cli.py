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
    for option in ("--spots", "--aliases", "--ranking", "--points", "--format", "--section", "--output"):
        assert option in text
