"""The command line on exact output and exit codes, as an organiser sees it."""
from __future__ import annotations

import json
import sqlite3

import pytest

from conftest import EXAMPLE, four_players, line, new_event, table_of_four, write_sheet


def test_new_prints_the_settings(run):
    assert new_event(run).output == "created 'Test Cup' in ev.db: 7wonders, scheme bonn, 4 rounds, draw fingerprint 9b10265cd65f58c6\n"


def test_new_refuses_an_existing_file_and_keeps_it(run):
    new_event(run)
    r = run("new", "ev.db", "--game", "7w", ok=None)
    assert r.exit_code == 1
    assert "'ev.db' already exists" in r.output


def test_unknown_game_is_a_usage_error(run):
    r = run("new", "x.db", "--game", "chess", ok=None)
    assert r.exit_code == 2
    assert "unknown game 'chess': use one of 7wonders, duel" in r.output


def test_unknown_scheme_and_bad_date_are_usage_errors(run):
    assert run("new", "x.db", "--game", "7wonders", "--scheme", "xyz", ok=None).exit_code == 2
    r = run("new", "x.db", "--game", "7wonders", "--date", "18.03.2018", ok=None)
    assert r.exit_code == 2 and "write it as YYYY-MM-DD" in r.output


def test_missing_event_file_says_how_to_create_it(run):
    r = run("players", "list", "nope.db", ok=None)
    assert r.exit_code == 1
    assert r.output == "Error: no event file 'nope.db': create one with 'tourney new nope.db --game 7wonders'\n"


def test_players_add_list_drop(run):
    new_event(run)
    assert run("players", "add", "ev.db", "Anna", " Ben  Meyer ").output == \
        "registered 2 players from round 1: Anna, Ben Meyer\n"
    r = run("players", "add", "ev.db", "anna", ok=None)
    assert r.exit_code == 1 and "'anna' is already registered (as 'Anna')" in r.output
    assert run("players", "drop", "ev.db", "ben meyer").output == "dropped 'Ben Meyer' before round 1\n"
    assert run("players", "list", "ev.db").output == (
        "Player     First round  Dropped after\n"
        "Anna                 1\n"
        "Ben Meyer            1  before round 1\n"
        "2 players, 1 active\n")
    r = run("players", "drop", "ev.db", "Nobody", ok=None)
    assert r.exit_code == 1 and "no player 'Nobody' in this event" in r.output


def test_players_import_roster(run):
    new_event(run)
    assert run("players", "import", "ev.db", str(EXAMPLE / "players.csv")).output == \
        "registered 23 players from round 1\n"
    (run.folder / "bad.csv").write_text("vorname\nAnna\n")
    r = run("players", "import", "ev.db", "bad.csv", ok=None)
    assert r.exit_code == 1 and "bad.csv:1: no 'name' column" in r.output


def test_check_reports_the_readme_example(run):
    rows = table_of_four()
    rows[1][13] += 1  # Ben's total is one too high
    write_sheet(run.folder / "bad.csv", rows)
    r = run("check", "bad.csv", ok=None)
    assert r.exit_code == 1
    assert r.output == (
        "bad.csv:3: round 1, table 1: error: totals don't add up for 'Ben': categories sum to 19, "
        "total says 20 [sum]\n"
        "checked 1 file: 1 table, 4 players: 1 error, 0 warnings\n")


def test_check_good_sheet_exits_zero(run):
    write_sheet(run.folder / "good.csv", table_of_four())
    assert run("check", "good.csv").output == "checked 1 file: 1 table, 4 players: 0 errors, 0 warnings\n"


def test_check_json_lists_findings_with_location(run):
    rows = table_of_four()
    rows[0][7] = 3  # treasury 3 with 3 coins
    rows[0][13] += 2
    write_sheet(run.folder / "s.csv", rows)
    r = run("check", "s.csv", "--format", "json", ok=None)
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert data["errors"] == 1
    assert data["findings"] == [{
        "file": "s.csv", "sheet": None, "rows": [2], "round": 1, "table": 1, "player": "Anna",
        "rule": "treasury", "severity": "error",
        "message": "treasury for 'Anna' should be coins div 3 = 3 div 3 = 1, sheet says 3"}]


def test_check_unreadable_cells_and_missing_columns(run):
    rows = table_of_four()
    rows[2][6] = "x"
    write_sheet(run.folder / "s.csv", rows)
    r = run("check", "s.csv", ok=None)
    assert "s.csv:4: round 1, table 1: error: military must be a whole number, got 'x' (player 'Cleo') [cell]" \
        in r.output
    (run.folder / "cols.csv").write_text("round,table,seat,player,total\n1,1,1,A,3\n")
    r = run("check", "cols.csv", ok=None)
    assert r.exit_code == 1
    assert "cols.csv:1: missing column(s) military, treasury, wonders, civilian, commercial, guilds, " \
           "science, coins: add them to the header row [file]" in r.output


def test_import_refuses_bad_sheet_and_stores_nothing(run):
    new_event(run)
    four_players(run)
    good = write_sheet(run.folder / "t1.csv", table_of_four(table=1))
    bad_rows = table_of_four(table=2, names=("Anna", "Eve", "Finn", "Gus"))
    bad_rows[3][13] = 99
    write_sheet(run.folder / "t2.csv", bad_rows)
    r = run("results", "import", "ev.db", str(good), "t2.csv", ok=None)
    assert r.exit_code == 1
    out = r.output
    assert "t2.csv:3: round 1, table 2: error: 'Eve' is not registered" in out
    assert "t2.csv:2: round 1, table 2: error: 'Anna' is on the sheets of table 1 and table 2 in round 1" in out
    assert "t2.csv:5: round 1, table 2: error: totals don't add up for 'Gus'" in out
    assert out.endswith("nothing stored\n")
    assert run("standings", "ev.db", "--format", "csv").output == \
        "rank,player,points,share,vp,coins,lot,games,dropped_after\n"  # no results: no rows
    con = sqlite3.connect(run.folder / "ev.db")
    assert con.execute("select count(*) from results").fetchone() == (0,)


def test_import_then_standings_exact(run):
    new_event(run)
    four_players(run)
    write_sheet(run.folder / "r1.csv", table_of_four())
    assert run("results", "import", "ev.db", "r1.csv").output == "stored round 1, table 1\n1 table stored\n"
    # VP 24, 19, 14, 9 → average 16.5: places 1, 2, 4, 5 → 6, 4, 2, 1.
    assert run("standings", "ev.db", "--format", "csv").output == (
        "rank,player,points,share,vp,coins,lot,games,dropped_after\n"
        "1,Anna,6,0.290909091,24,3,2,1,\n"
        "2,Ben,4,0.23030303,19,3,4,1,\n"
        "3,Cleo,2,0.16969697,14,3,1,1,\n"
        "4,Dirk,1,0.109090909,9,3,3,1,\n")


def test_import_existing_table_needs_correct_and_keeps_versions(run):
    new_event(run)
    four_players(run)
    write_sheet(run.folder / "r1.csv", table_of_four())
    run("results", "import", "ev.db", "r1.csv")
    # The same sheet again is no correction: nothing stored, nothing refused.
    assert run("results", "import", "ev.db", "r1.csv").output == (
        "round 1, table 1 unchanged: nothing stored\n0 tables stored, 1 unchanged\n")
    write_sheet(run.folder / "fix.csv", table_of_four(civ=(12, 10, 8, 22)))
    r = run("results", "import", "ev.db", "fix.csv", ok=None)
    assert r.exit_code == 1
    assert "round 1, table 1 already has results (version 1): to replace them, import with --correct " \
           "--reason TEXT [result.exists]" in r.output
    r = run("results", "import", "ev.db", "fix.csv", "--correct", ok=None)
    assert r.exit_code == 2 and "--correct needs --reason TEXT" in r.output
    out = run("results", "import", "ev.db", "fix.csv", "--correct", "--reason", "Dirk's blue cards misread",
              "--by", "desk2").output
    assert out == "stored round 1, table 1 (correction, version 2)\n1 table stored\n"
    assert run("standings", "ev.db", "--format", "csv").output.splitlines()[1].startswith("1,Dirk,6,")
    history = run("results", "history", "ev.db").output.splitlines()
    assert history[-1].endswith("  desk2 corrected round 1, table 1 (version 2): civilian Anna 20 → 12; total Anna "
                                "24 → 16; civilian Ben 15 → 10; total Ben 19 → 14; civilian Cleo 10 → 8; total "
                                "Cleo 14 → 12; civilian Dirk 5 → 22; total Dirk 9 → 26; reason: Dirk's blue cards "
                                "misread")
    con = sqlite3.connect(run.folder / "ev.db")
    assert con.execute("select version from results order by id").fetchall() == [(1,), (2,)]


def test_register_flag_adds_unknown_players(run):
    new_event(run)
    write_sheet(run.folder / "r1.csv", table_of_four())
    out = run("results", "import", "ev.db", "r1.csv", "--register").output
    assert out.startswith("registered 'Anna'\nregistered 'Ben'\n")


def test_seat_and_seating(run):
    new_event(run)
    run("players", "add", "ev.db", *[f"P{i:02d}" for i in range(1, 14)])
    assert run("seat", "ev.db").output == ("round 1: 13 players at 3 tables (5+4+4)\n"
                                          "draw fingerprint 9b10265cd65f58c6 (SHA-256 of the secret seed)\n")
    assert run("seat", "ev.db", "--all").output == (
        "round 2: 13 players at 3 tables (5+4+4)\n"
        "round 3: 13 players at 3 tables (5+4+4)\n"
        "round 4: 13 players at 3 tables (5+4+4)\n")
    r = run("seat", "ev.db", "--all", ok=None)
    assert r.exit_code == 1 and "all 4 rounds are seated already" in r.output
    table = run("seating", "ev.db", "--round", "1").output.splitlines()
    assert table[0] == "Round  Table  Seat  Player  Wonder"
    assert len(table) == 14 + 2  # 13 seats, then the round's wonder order and guilds
    data = json.loads(run("seating", "ev.db", "--format", "json").output)
    assert len(data) == 52 and {d["round"] for d in data} == {1, 2, 3, 4}
    assert run("seat", "ev.db", "--round", "1", "--all", ok=None).exit_code == 2


def test_seated_round_sheets_must_match_the_seating(run):
    new_event(run)
    four_players(run)
    run("seat", "ev.db")
    seats = json.loads(run("seating", "ev.db", "--format", "json").output)
    order = [s["player"] for s in seats]
    write_sheet(run.folder / "ok.csv", table_of_four(names=tuple(order)))
    swapped = (order[1], order[0], order[2], order[3])
    write_sheet(run.folder / "bad.csv", table_of_four(names=swapped))
    r = run("check", "bad.csv", "--event", "ev.db", ok=None)
    assert f"error: '{order[1]}' is at table 1, seat 1 on the sheet but the seating of round 1 has them at " \
           f"table 1, seat 2: fix the sheet [seating]" in r.output
    run("results", "import", "ev.db", "ok.csv")


def test_seating_is_reproducible_from_the_seed(run):
    outs = []
    for name in ("a.db", "b.db"):
        run("new", name, "--game", "7wonders", "--seed", "99")
        run("players", "add", name, *[f"P{i}" for i in range(17)])
        run("seat", name, "--all")
        outs.append(run("seating", name, "--format", "csv").output)
    assert outs[0] == outs[1]


def test_export_formats(run):
    new_event(run)
    four_players(run)
    write_sheet(run.folder / "r1.csv", table_of_four())
    run("results", "import", "ev.db", "r1.csv")
    for ext in ("csv", "json", "html", "xlsx"):
        assert run("export", "ev.db", "-o", f"s.{ext}").output == f"wrote s.{ext}\n"
    assert json.loads((run.folder / "s.json").read_text())[0] == {
        "rank": 1, "player": "Anna", "points": 6, "share": 0.290909091, "vp": 24, "coins": 3, "lot": 2,
        "games": 1, "dropped_after": None}
    assert "<td>Anna</td>" in (run.folder / "s.html").read_text()
    from openpyxl import load_workbook
    wb = load_workbook(run.folder / "s.xlsx")
    assert wb.sheetnames == ["Standings", "Games", "Players", "Draws", "tourney-draws"]
    ws = wb["Standings"]
    assert [c.value for c in ws[1]][:7] == ["Rank", "Player", "Points", "Share", "VP", "Coins", "Lot"]
    assert ws.freeze_panes == "A2" and ws.auto_filter.ref == "A1:I5"
    r = run("export", "ev.db", "-o", "s.txt", ok=None)
    assert r.exit_code == 2 and "use a file ending in .xlsx, .csv, .json, .html or .pdf" in r.output


def test_late_entry_and_drop_between_rounds(run):
    new_event(run)
    four_players(run)
    write_sheet(run.folder / "r1.csv", table_of_four())
    run("results", "import", "ev.db", "r1.csv")
    assert run("players", "add", "ev.db", "Eve").output == "registered 1 player from round 2: Eve\n"
    assert run("players", "drop", "ev.db", "Dirk").output == "dropped 'Dirk' after round 1\n"
    rows = [line(2, 1, s, n, civilian=c) for s, (n, c) in enumerate(zip(("Anna", "Ben", "Cleo", "Dirk"),
                                                                          (5, 5, 5, 5)), 1)]
    write_sheet(run.folder / "r2.csv", rows)
    r = run("results", "import", "ev.db", "r2.csv", ok=None)
    assert "'Dirk' dropped after round 1 but is on a round 2 sheet" in r.output
    csv_out = run("standings", "ev.db", "--format", "csv").output
    assert "Dirk" in csv_out and "Eve" in csv_out


def test_event_settings_show_and_change(run):
    new_event(run)
    assert run("event", "ev.db").output == "Test Cup: 7wonders, scheme bonn, 4 rounds, draw fingerprint 9b10265cd65f58c6, date not set, language en\n"
    assert run("event", "ev.db", "--date", "2018-03-18", "--rounds", "3").output == \
        "Test Cup: 7wonders, scheme bonn, 3 rounds, draw fingerprint 9b10265cd65f58c6, date 2018-03-18, language en\n"
    r = run("event", "ev.db", "--date", "März", ok=None)
    assert r.exit_code == 2 and "write it as YYYY-MM-DD" in r.output
    assert "event: date = '2018-03-18', rounds = '3'" in run("results", "history", "ev.db").output


def test_a_row_without_a_name_gets_one_clear_error(run):
    rows = table_of_four()[:3] + [line(1, 1, 4, "", civilian=5)]
    write_sheet(run.folder / "s.csv", rows)
    r = run("check", "s.csv", ok=None)
    assert r.exit_code == 1
    assert r.output == ("s.csv:5: round 1, table 1: error: player is empty: write the player's name [cell]\n"
                        "checked 1 file: 1 table, 4 players: 1 error, 0 warnings\n")
    write_sheet(run.folder / "one.csv", table_of_four()[:1])
    assert run("check", "one.csv", ok=None).output.endswith("1 table, 1 player: 1 error, 0 warnings\n")


def test_check_uses_the_guilds_drawn_for_the_round_or_named_on_the_sheet(run):
    new_event(run)
    four_players(run)
    run("seat", "ev.db")
    order = [s["player"] for s in json.loads(run("seating", "ev.db", "--format", "json").output)]
    rows = table_of_four(names=tuple(order))
    rows[0] = line(1, 1, 1, order[0], civilian=20, guilds=200)
    write_sheet(run.folder / "r1.csv", rows)
    alone = run("check", "r1.csv", ok=None).output
    assert "any guilds can give at this table" in alone
    with_event = run("check", "r1.csv", "--event", "ev.db", ok=None).output
    assert "the guilds in play can give at this table" in with_event
    assert "[guilds.count]" not in with_event  # a table of 4 plays the first 6 of the draw
    # Without an event, a 'guilds in play' column names them (German names too).
    named = run.folder / "named.csv"
    named.write_text("round,table,seat,player,military,treasury,wonders,civilian,commercial,guilds,science,"
                     "total,coins,Gilden im Spiel\n"
                     "1,1,1,A,0,1,0,0,0,0,0,1,3,Gilde der Diebe;Spies Guild\n"
                     "1,1,2,B,0,1,0,0,0,0,0,1,3,Gilde der Diebe;Spies Guild\n"
                     "1,1,3,C,0,1,0,0,0,0,0,1,3,Gilde der Diebe;Spies Guild\n", encoding="utf-8")
    out = run("check", str(named), ok=None).output
    assert "guild 'Gilde der Diebe' is not a 7 wonders guild" in out and "[guilds.count]" in out


def test_the_printed_guilds_line_names_the_guilds_in_play(tmp_path):
    from tourney.games.sevenwonders.sheets import parse_files
    from openpyxl import Workbook
    wb = Workbook()
    ws = wb.active
    ws.append(["Gilden im Spiel: Gilde der Arbeiter, Gilde der Spione, Gilde der Händler, Builders Guild, "
               "Scientists Guild"])
    ws.append([])
    ws.append(["round", "table", "seat", "player", "military", "treasury", "wonders", "civilian", "commercial",
               "guilds", "science", "total", "coins"])
    for seat in (1, 2, 3):
        ws.append([1, 1, seat, f"P{seat}", 0, 1, 0, 0, 0, 0, 0, 1, 3])
    wb.save(tmp_path / "s.xlsx")
    report = parse_files([tmp_path / "s.xlsx"])
    assert report.tables[0].sheet.guilds == ("Gilde der Arbeiter", "Gilde der Spione", "Gilde der Händler",
                                             "Builders Guild", "Scientists Guild")
    assert report.findings == []


@pytest.mark.parametrize("guilds_line", [
    '"Guilds in play: Workers Guild, Spies Guild, Traders Guild, Builders Guild, Scientists Guild"',
    "Guilds in play: Workers Guild, Spies Guild, Traders Guild, Builders Guild, Scientists Guild",  # split at ','
    "Guilds in play: Workers Guild; Spies Guild; Traders Guild; Builders Guild; Scientists Guild",
    "Gilden im Spiel: Gilde der Arbeiter; Gilde der Spione; Gilde der Händler; Builders Guild; Scientists Guild"])
def test_a_csv_takes_the_printed_guilds_line_above_its_header(run, guilds_line):
    # The pad's "Guilds in play:" line, as a spreadsheet saves it to CSV above the header (issue 31).
    from tourney.games.sevenwonders.sheets import parse_files

    path = run.folder / "s.csv"
    path.write_text(guilds_line + "\nround,table,seat,player,military,treasury,wonders,civilian,commercial,guilds,"
                    "science,total,coins\n" + "".join(f"1,1,{k},P{k},0,1,0,0,0,0,0,1,3\n" for k in (1, 2, 3)),
                    encoding="utf-8")
    [table] = parse_files([path]).tables
    assert table.sheet is not None and len(table.sheet.guilds or ()) == 5 and "Scientists Guild" in table.sheet.guilds
    assert run("check", "s.csv").output == "checked 1 file: 1 table, 3 players: 0 errors, 0 warnings\n"
    misspelt = path.read_text(encoding="utf-8").replace("Scientists Guild", "Scientist Gild", 1)
    path.write_text(misspelt, encoding="utf-8")
    assert "guild 'Scientist Gild' is not a 7 wonders guild" in run("check", "s.csv", ok=None).output


def test_check_without_an_event_reads_the_file_once(run, monkeypatch):
    """Telling the game from the header row and reading the rows share one read of the file
    (a big file read twice cost `tourney check` a second)."""
    from tourney.core import tabular

    reads = []
    real = tabular._read_tables
    monkeypatch.setattr(tabular, "_read_tables", lambda path: reads.append(str(path)) or real(path))
    write_sheet(run.folder / "r1.csv", table_of_four())
    assert run("check", "r1.csv").output.endswith("checked 1 file: 1 table, 4 players: 0 errors, 0 warnings\n")
    assert reads == ["r1.csv"]
