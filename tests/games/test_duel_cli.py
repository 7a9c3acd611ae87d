"""A 7 Wonders Duel event through the command line: exact output and exit codes."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import openpyxl

from conftest import duel_row as row

from tourney.games.duel.sheetformat import COLUMNS
from conftest import write_duel_sheet as write




def import_first_player_wins(run) -> list:
    """Round 1 of d.db played with every starting player winning on blue points; the rows."""
    rows = []
    for p in json.loads(run("pairings", "d.db", "--format", "json").output):
        if p["first"]:
            rows += [row(1, p["table"], p["player"], 1), row(1, p["table"], p["opponent"], 0, blue=4)]
    write(run.folder / "r1.csv", rows)
    run("results", "import", "d.db", "r1.csv")
    return rows


def duel_event(run, *players, extra=()):
    run("new", "d.db", "--game", "duel", "--seed", "5", "--name", "Duel Cup", *extra)
    run("players", "add", "d.db", *(players or ("Anna", "Ben", "Cleo", "Dirk", "Eva")))


def test_new_duel_event_uses_the_swiss_preset(run):
    out = run("new", "d.db", "--game", "7wd", "--seed", "5", "--name", "Duel Cup").output
    assert out == "created 'Duel Cup' in d.db: duel, scheme swiss, 4 rounds, draw fingerprint 7cdbd3ff126abdd8\n"
    r = run("new", "x.db", "--game", "duel", "--scheme", "bonn", ok=None)
    assert r.exit_code == 2 and "unknown scoring scheme 'bonn' for duel: use one of swiss, wbc, roundrobin" \
        in r.output
    r = run("new", "y.db", "--game", "7wonders", "--bye-score", "1", ok=None)
    assert r.exit_code == 2 and "--bye-score is for Duel events" in r.output
    r = run("new", "z.db", "--game", "duel", "--bye-score", "2", ok=None)
    assert r.exit_code == 2 and "a bye is worth between 0 and 1 match points" in r.output


def test_pairings_refuses_a_7_wonders_event(run):
    run("new", "b.db", "--game", "7wonders", "--seed", "5", "--name", "Bonn")
    run("players", "add", "b.db", "Anna", "Ben", "Cleo", "Dirk", "Eva")
    run("seat", "b.db")
    for args in ((), ("-o", "r1.xlsx")):
        r = run("pairings", "b.db", *args, ok=None)
        assert r.exit_code == 2
        assert r.output.endswith("Error: 'pairings' is for Duel events and 'Bonn' is a 7 Wonders event: use "
                                 "'tourney seating EVENT' or 'tourney sheets EVENT --round N'\n")
    assert not Path("r1.xlsx").exists()


def test_duel_rounds_take_no_table_plan(run):
    duel_event(run)
    r = run("seat", "d.db", "--tables", "5,5", ok=None)
    assert r.exit_code == 2
    assert r.output.endswith("Error: --tables '5,5': Duel tables seat two players; leave --tables out\n")


def test_pair_import_and_standings(run):
    duel_event(run)
    assert run("seat", "d.db").output == ("round 1: 5 players at 3 tables (2+2+1)\n"
                                         "draw fingerprint 7cdbd3ff126abdd8 (SHA-256 of the secret seed)\n")
    assert run("pairings", "d.db").output == (
        "Round 1 by table\n"
        "Table  Starts  Opponent\n"
        "    1  Eva     Dirk\n"
        "    2  Anna    Ben\n"
        "    3  Cleo    bye\n")
    assert run("pairings", "d.db", "--by", "name").output == (
        "Round 1 by name\n"
        "Player  Table  Opponent\n"
        "Anna        2  Ben  (you start)\n"
        "Ben         2  Anna\n"
        "Cleo        3  bye\n"
        "Dirk        1  Eva\n"
        "Eva         1  Dirk  (you start)\n")
    # Round 2 waits for round 1's results.
    r = run("seat", "d.db", ok=None)
    assert r.exit_code == 1
    assert r.output == ("Error: round 2 can't be paired yet: results missing for round 1 table 1, "
                        "round 1 table 2: import them first\n")
    # Eva beats Dirk on points (30 to 29); Anna and Ben share the victory (30 each, 10 blue each).
    sheet = write(run.folder / "r1.csv", [
        row(1, 1, "Eva", 1), row(1, 1, "Dirk", 0, blue=4, military=5),
        row(1, 2, "Anna", 1), row(1, 2, "Ben", 0)])
    assert run("results", "import", "d.db", sheet).output == (
        "stored round 1, table 1\nstored round 1, table 2\n2 tables stored\n")
    assert run("standings", "d.db", "--format", "csv").output == (
        "rank,player,match_points,wins,losses,draws,buchholz,omw,lot,games,dropped_after\n"
        "1,Eva,1,1,0,0,0,0.333333333,3,1,\n"
        "2,Cleo,1,0,0,0,0,0,5,1,\n"
        "3,Anna,0.5,0,0,1,0.5,0.5,2,1,\n"
        "4,Ben,0.5,0,0,1,0.5,0.5,4,1,\n"
        "5,Dirk,0,0,1,0,1,1,1,1,\n")
    data = json.loads(run("standings", "d.db", "--format", "json").output)
    assert data[2] == {"rank": 3, "player": "Anna", "match_points": 0.5, "wins": 0, "losses": 0, "draws": 1,
                       "buchholz": 0.5, "omw": 0.5, "lot": 2, "games": 1, "dropped_after": None}
    assert run("standings", "d.db").output.splitlines()[1].split() == \
        ["Rank", "Player", "MP", "W", "L", "D", "Bye", "Games", "Buch", "OMW%", "Lot"]
    run("seat", "d.db")
    r2 = run("pairings", "d.db", "--format", "json").output
    pairs = {(p["player"], p["opponent"]) for p in json.loads(r2)}
    # No rematch, and Cleo, who had the bye, does not get it again.
    assert not pairs & {("Eva", "Dirk"), ("Anna", "Ben"), ("Dirk", "Eva"), ("Ben", "Anna")}
    assert ("Cleo", None) not in pairs
    notes = {p["table"]: p["notes"] for p in json.loads(r2)}
    assert any(n and n[0].startswith("first: ") for n in notes.values())
    assert [n for n in notes.values() if n and n[0].startswith("bye")] == [["bye: lowest placed without a bye"]]


def test_bad_sheet_is_refused_with_every_finding_and_nothing_stored(run):
    duel_event(run)
    run("seat", "d.db")
    sheet = write(run.folder / "bad.csv", [
        row(1, 1, "Eva", 1, military=10, victory="military"), row(1, 1, "Dirk", 0, military=2, victory="military"),
        row(1, 2, "Anna", 1, coins=9, treasury=2, total=30), row(1, 2, "Cleo", 1)])
    r = run("results", "import", "d.db", sheet, ok=None)
    assert r.exit_code == 1
    assert r.output == (
        "bad.csv:2-3: round 1, table 1: error: military 10 for 'Eva' and 2 for 'Dirk': the conflict pawn scores "
        "for one player only, the other has 0 [military.both]\n"
        "bad.csv:3: round 1, table 1: error: 'Dirk' lost to a military supremacy but has military 2: the loser "
        "of a military supremacy scores no military points, write 0 [military.supremacy]\n"
        "bad.csv:4: round 1, table 2: error: treasury for 'Anna' should be coins div 3 = 9 div 3 = 3, sheet says "
        "2 [treasury]\n"
        "bad.csv:4-5: round 1, table 2: error: first = 1 on both rows: mark exactly one player as the one who "
        "started Age I [first]\n"
        "bad.csv:4-5: round 1, table 2: error: the sheet has 'Anna' v 'Cleo' but round 1, table 2 is 'Anna' v "
        "'Ben': fix the names or the table number [pairing]\n"
        "checked 1 file: 2 tables, 4 players: 5 errors, 0 warnings: nothing stored\n")
    con = sqlite3.connect(run.folder / "d.db")
    assert con.execute("select count(*) from results").fetchone() == (0,)
    checked = run("check", sheet, "--event", "d.db", ok=None)
    assert checked.exit_code == 1
    assert checked.output == r.output.replace(": nothing stored", "")


def test_check_without_event_recognises_a_duel_sheet(run):
    sheet = write(run.folder / "m.csv", [row(3, 1, "Anna", 1, senate=7), row(3, 1, "Ben", 0, senate=6)])
    r = run("check", sheet, ok=None)
    assert r.exit_code == 1
    assert r.output == (
        "m.csv:2-3: round 3, table 1: error: senate 7 for 'Anna' and 6 for 'Ben': a chamber has one controller, "
        "so together at most 12 [senate.chambers]\n"
        "checked 1 file: 1 table, 2 players: 1 error, 0 warnings\n")


def test_printed_match_sheets_import_once_filled_in(run):
    duel_event(run)
    run("seat", "d.db")
    assert run("pairings", "d.db", "-o", "round1.xlsx").output == "wrote round1.xlsx\n"
    wb = openpyxl.load_workbook(run.folder / "round1.xlsx")
    assert wb.sheetnames == ["By table", "By name", "Table 1", "Table 2"]
    ws = wb["Table 2"]
    assert int(ws.page_setup.paperSize) == 9  # A4
    assert [c.value for c in ws[4]] == list(COLUMNS)
    assert [c.value for c in ws[5]][:4] == [1, 2, "Anna", 1]
    for name in ("Table 1", "Table 2"):
        sh = wb[name]
        filled = [row(1, 1, "x", 1), row(1, 1, "y", 0, blue=4, military=5)]
        for rr, values in zip((5, 6), filled):
            for col, v in enumerate(values[4:], 5):
                sh.cell(row=rr, column=col, value=v if v != "" else None)
    wb.save(run.folder / "round1.xlsx")
    out = run("results", "import", "d.db", "round1.xlsx").output
    assert out.endswith("2 tables stored\n")
    csv_out = run("standings", "d.db", "--format", "csv").output.splitlines()
    assert csv_out[1:3] == ["1,Anna,1,1,0,0,0,0.333333333,2,1,", "2,Eva,1,1,0,0,0,0.333333333,3,1,"]


def test_german_match_sheets_import_with_german_words(run):
    duel_event(run)
    run("seat", "d.db")
    assert run("sheets", "d.db", "--round", "1", "-o", "r1.xlsx", "--lang", "de").output == \
        "wrote r1.xlsx: round 1, 3 tables, 5 players\n"
    wb = openpyxl.load_workbook(run.folder / "r1.xlsx")
    assert wb.sheetnames == ["Nach Tisch", "Nach Name", "Tisch 1", "Tisch 2"]
    assert wb["Nach Tisch"]["A1"].value == "Duel Cup · Runde 1 · Paarungen nach Tisch"
    assert [c.value for c in wb["Nach Tisch"][6]] == [3, "Cleo", "Freilos"]
    ws = wb["Tisch 1"]
    assert ws["A1"].value == "Duel Cup · Runde 1 · Tisch 1"
    assert [c.value for c in ws[4]] == ["Runde", "Tisch", "Spieler", "Startspieler", "Blau", "Grün", "Gelb",
                                        "Lila", "Weltwunder", "Fortschritt", "Münzen-Punkte", "Militär", "Senat",
                                        "Summe", "Münzen", "Sieg", "Sieger"]
    assert [c.value for c in ws[5]][:4] == [1, 1, "Eva", 1]
    # table 1: Eva wins by military supremacy; table 2 is a civilian win
    fills = {"Tisch 1": [row(1, 1, "x", 1, military=10, victory="militär", winner="Eva"),
                         row(1, 1, "y", 0, victory="militär", winner="Eva")],
             "Tisch 2": [row(1, 2, "x", 1), row(1, 2, "y", 0, blue=4, victory="zivil")]}
    fills["Tisch 2"][0][-2] = "zivil"
    for name, filled in fills.items():
        for rr, values in zip((5, 6), filled):
            for col, v in enumerate(values[4:], 5):
                wb[name].cell(row=rr, column=col, value=v if v != "" else None)
    wb.save(run.folder / "r1.xlsx")
    assert run("results", "import", "d.db", "r1.xlsx").output.endswith("2 tables stored\n")
    rows = [r.split(",") for r in run("standings", "d.db", "--format", "csv").output.splitlines()[1:]]
    assert {r[1] for r in rows if r[2] == "1"} == {"Eva", "Anna", "Cleo"}
    run("export", "d.db", "-o", "s.xlsx")
    matches = [[c.value for c in r] for r in openpyxl.load_workbook(run.folder / "s.xlsx")["Matches"].iter_rows()]
    assert [(m[4], m[5]) for m in matches[1:] if m[4] in ("Eva", "Anna")] == [("Eva", "military"), ("Anna", "civilian")]
    r = run("check", str(write(run.folder / "bad.csv", [row(1, 1, "Eva", 1, victory="sieg"),
                                                          row(1, 1, "Dirk", 0, victory="sieg")])), ok=None)
    assert "victory 'sieg': write civilian, military, science or political (German sheets: zivil, militär, " \
           "wissenschaft, politik) [victory.value]" in r.output


def test_export_has_every_tiebreak_column(run):
    duel_event(run, extra=("--scheme", "wbc"))
    run("seat", "d.db")
    write(run.folder / "r1.csv", [row(1, 1, "Eva", 1, military=10, victory="military"),
                                  row(1, 1, "Dirk", 0, victory="military"),
                                  row(1, 2, "Anna", 1), row(1, 2, "Ben", 0, blue=4)])
    run("results", "import", "d.db", "r1.csv")
    assert run("export", "d.db", "-o", "s.csv").output == "wrote s.csv\n"
    assert (run.folder / "s.csv").read_text().splitlines()[:3] == [
        # "wins" is a base column already: the chain's wins is not repeated.
        "rank,player,match_points,wins,losses,draws,supremacy,civ_ratio,lot,games,dropped_after",
        "1,Eva,1,1,0,0,1,0,3,1,",
        "2,Anna,1,1,0,0,0,0.555555556,2,1,"]
    run("export", "d.db", "-o", "s.xlsx")
    ws = openpyxl.load_workbook(run.folder / "s.xlsx")["Standings"]
    assert [c.value for c in ws[1]] == ["Rank", "Player", "Match points", "Wins", "Losses", "Draws", "Byes",
                                        "Sup", "Civ%", "Lot", "Top cut", "Games", "Dropped after"]
    run("export", "d.db", "-o", "s.html")
    page = (run.folder / "s.html").read_text()
    assert "<th>Sup</th><th>Civ%</th>" in page and "civilian score ratio" in page


def test_round_robin_and_top_cut(run):
    run("new", "rr.db", "--game", "duel", "--scheme", "roundrobin", "--rounds", "3", "--seed", "3")
    run("players", "add", "rr.db", "A", "B", "C", "D")
    assert run("seat", "rr.db", "--all").output == (
        "round 1: 4 players at 2 tables (2+2)\nround 2: 4 players at 2 tables (2+2)\n"
        "round 3: 4 players at 2 tables (2+2)\ndraw fingerprint 8025b3294a7a81ac (SHA-256 of the secret seed)\n")
    met = json.loads(run("seating", "rr.db", "--format", "json").output)
    tables = {}
    for s in met:
        tables.setdefault((s["round"], s["table"]), set()).add(s["player"])
    assert sorted(sorted(p) for p in tables.values()) == [["A", "B"], ["A", "C"], ["A", "D"], ["B", "C"],
                                                          ["B", "D"], ["C", "D"]]
    r = run("seat", "rr.db", "--cut", "4", "--all", ok=None)
    assert r.exit_code == 2
    duel_event(run, "S1", "S2", "S3", "S4", "S5", "S6", extra=("--rounds", "1"))
    r = run("seat", "d.db", "--cut", "4", ok=None)
    assert r.output == "Error: the top cut follows the 1 Swiss rounds: round 1 is not paired yet\n"
    run("seat", "d.db")
    import_first_player_wins(run)
    top = [line.split(",")[1] for line in run("standings", "d.db", "--format", "csv").output.splitlines()[1:5]]
    assert run("seat", "d.db", "--cut", "4").output == "round 2: 4 players at 2 tables (2+2)\n"
    cut = json.loads(run("pairings", "d.db", "--format", "json").output)
    assert [(p["player"], p["opponent"]) for p in cut if p["first"]] == [(top[0], top[3]), (top[1], top[2])]
    # The lower seeds win both semi-finals (the starting, higher seed scores less).
    write(run.folder / "r2.csv", [row(2, 1, top[0], 1, blue=4), row(2, 1, top[3], 0),
                                  row(2, 2, top[1], 1, blue=4), row(2, 2, top[2], 0)])
    run("results", "import", "d.db", "r2.csv")
    assert run("seat", "d.db", "--cut", "4").output == "round 3: 2 players at 1 table (2)\n"
    final = json.loads(run("pairings", "d.db", "--format", "json").output)
    assert [(p["player"], p["opponent"]) for p in final if p["first"]] == [(top[2], top[3])]
    # A shared victory in the final: the higher seed (seed 3) goes through.
    write(run.folder / "r3.csv", [row(3, 1, top[2], 1), row(3, 1, top[3], 0)])
    run("results", "import", "d.db", "r3.csv")
    # Nothing left to pair is news, not a mistake (issue 46, item 7): said, exit 0, in the event's language.
    r = run("seat", "d.db", "--cut", "4")
    assert r.output == f"the top cut is decided: {top[2]!r} won the final\n"
    run("event", "d.db", "--lang", "de")
    assert run("seat", "d.db", "--cut", "4").output == (
        f"die K.-o.-Runden sind entschieden: {top[2]!r} hat das Finale gewonnen\n")
    run("event", "d.db", "--lang", "en")
    out = run("standings", "d.db", "--format", "csv").output.splitlines()
    assert out[0] == "rank,player,match_points,wins,losses,draws,buchholz,omw,lot,games,dropped_after,cut"
    # The cut decides places 1-4 (semi-final losers share place 3, in Swiss order); the
    # match points are the Swiss rounds' only.
    assert [(x.split(",")[0], x.split(",")[1], x.split(",")[-1]) for x in out[1:5]] == [
        ("1", top[2], "1"), ("2", top[3], "2"), ("3", top[0], "3"), ("4", top[1], "3")]
    assert {x.split(",")[-1] for x in out[5:]} == {""}
    # Three Swiss matches, three losses: the cut's matches are not counted as Swiss results.
    assert sum(int(x.split(",")[4]) for x in out[1:]) == 3


def test_drop_late_entry_and_correction(run):
    duel_event(run, "Anna", "Ben", "Cleo", "Dirk")
    run("seat", "d.db")
    rows = import_first_player_wins(run)
    # A corrected sheet: the second table's match was in fact a shared victory.
    rows[3] = row(1, 2, rows[3][2], 0)
    write(run.folder / "r1b.csv", rows[2:])
    r = run("results", "import", "d.db", "r1b.csv", ok=None)
    assert r.exit_code == 1 and "already has results (version 1)" in r.output
    assert run("results", "import", "d.db", "r1b.csv", "--correct", "--reason", "misread blue").output == \
        "stored round 1, table 2 (correction, version 2)\n1 table stored\n"
    draws = [line.split(",")[5] for line in run("standings", "d.db", "--format", "csv").output.splitlines()[1:]]
    assert sorted(draws) == ["0", "0", "1", "1"]
    assert run("players", "drop", "d.db", "Dirk").output == "dropped 'Dirk' after round 1\n"
    assert run("players", "add", "d.db", "Finn").output == "registered 1 player from round 2: Finn\n"
    run("seat", "d.db")
    r2 = json.loads(run("pairings", "d.db", "--format", "json").output)
    assert sorted(p["player"] for p in r2) == ["Anna", "Ben", "Cleo", "Finn"]
    assert all(p["opponent"] is not None for p in r2)
    # The dropped player stays in the standings, marked.
    assert "Dirk (dropped)" in run("standings", "d.db").output


def test_who_never_checked_in_is_not_ranked(run):
    """Issue #46, item 6: named under the standings as not checked in, not '(dropped)' with 0 games."""
    duel_event(run, "Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn")
    run("event", "d.db", "--check-in", "on")
    run("players", "checkin", "d.db", "Anna", "Ben", "Cleo", "Dirk")
    run("seat", "d.db")
    import_first_player_wins(run)
    out = run("standings", "d.db").output
    assert out.splitlines()[-1] == "not checked in (not ranked): Eva, Finn" and "(dropped)" not in out
    ranked = json.loads(run("standings", "d.db", "--format", "json").output)
    assert sorted(r["player"] for r in ranked) == ["Anna", "Ben", "Cleo", "Dirk"]


def test_match_sheet_csv_round_trip(tmp_path):
    # What the reader takes from a written sheet is exactly what was written.
    from tourney.games.duel.sheets import match_line, read_match_file

    rows = [row(2, 4, "Anna", 1, senate=5, victory="science", winner="Ben"),
            row(2, 4, "Ben", 0, blue=3, military=5, senate=0, victory="science", winner="Ben")]
    path = write(tmp_path / "m.csv", rows)
    read = read_match_file(path)
    assert [r.problems for r in read] == [(), ()]
    lines = [match_line(r) for r in read]
    assert [(ln.player, ln.first, ln.blue, ln.military, ln.senate, ln.total, ln.victory, ln.winner)
            for ln in lines] == [("Anna", True, 10, 0, 5, 32, "science", "Ben"),
                                 ("Ben", False, 3, 5, 0, 25, "science", "Ben")]


def test_season_report_takes_a_duel_event(run):
    # B3: the season report read 7 Wonders standings' game list and crashed on a Duel event.
    run("new", "d.db", "--game", "duel", "--seed", "5", "--name", "Duel Cup", "--rounds", "1",
        "--date", "2024-05-01")
    run("players", "add", "d.db", "Anna", "Ben", "Cleo", "Dirk")
    run("seat", "d.db")
    import_first_player_wins(run)
    top = run("standings", "d.db", "--format", "csv").output.splitlines()[1].split(",")[1]
    r = run("season", "d.db", "--spots", "1", "--format", "csv")
    assert top == "Anna"
    assert r.output == "event,date,place,player\nDuel Cup,2024-05-01,1,Anna\n"


def test_an_agora_event_needs_every_senate_row(run):
    """`--option agora` (every Duel pad prints the senate row, 7 Wonders Duel: Agora): a sheet
    without a player's senate points is refused, naming the row; with them it is stored."""
    duel_event(run, "Anna", "Ben", extra=("--option", "agora"))
    assert "agora" in run("event", "d.db").output
    run("seat", "d.db")
    pairing = json.loads(run("pairings", "d.db", "--format", "json").output)[0]
    first, second = (pairing["player"], pairing["opponent"]) if pairing["first"] else \
        (pairing["opponent"], pairing["player"])
    missing = [row(1, 1, first, 1), row(1, 1, second, 0, blue=4, senate="", total=21)]
    write(run.folder / "r1.csv", missing)
    r = run("results", "import", "d.db", "r1.csv", ok=None)
    assert (r.exit_code, r.output) == (1, (
        f"r1.csv:3: round 1, table 1: error: {second!r} has no senate points: the event is played with Agora, so "
        "every player's senate row counts; write 0 if they had none [senate.missing]\n"
        "checked 1 file: 1 table, 2 players: 1 error, 0 warnings: nothing stored\n"))
    write(run.folder / "r1.csv", [row(1, 1, first, 1), row(1, 1, second, 0, blue=4, senate=0)])
    assert run("results", "import", "d.db", "r1.csv").output.endswith("1 table stored\n")


def test_pairings_workbook_speaks_the_event_language(run):
    """The pairings workbook of a German event is German (as its match sheets are), --lang
    chooses another; the filled-in sheet still imports."""
    duel_event(run, "Anna", "Ben", "Cleo", "Dirk", extra=("--lang", "de"))
    run("seat", "d.db")
    assert run("pairings", "d.db", "-o", "r1.xlsx").output == "r1.xlsx geschrieben\n"
    wb = openpyxl.load_workbook("r1.xlsx")
    assert wb.sheetnames == ["Nach Tisch", "Nach Name", "Tisch 1", "Tisch 2"]
    assert wb["Nach Tisch"]["A3"].value == "Tisch" and wb["Tisch 1"]["A4"].value == "Runde"
    run("pairings", "d.db", "-o", "r1-fr.xlsx", "--lang", "fr")
    assert openpyxl.load_workbook("r1-fr.xlsx").sheetnames[:2] == ["Par table", "Par nom"]


def test_the_match_slips_print_the_senate_row_only_with_agora(run):
    from pypdf import PdfReader

    for name, extra in (("plain.db", ()), ("agora.db", ("--option", "agora"))):
        run("new", name, "--game", "duel", "--seed", "5", *extra)
        run("players", "add", name, "Anna", "Ben")
        run("seat", name)
        run("sheets", name, "--round", "1", "-o", name.replace(".db", ".pdf"))
    plain = "".join(p.extract_text() for p in PdfReader("plain.pdf").pages)
    agora = "".join(p.extract_text() for p in PdfReader("agora.pdf").pages)
    assert "Senate" not in plain and "political" not in plain
    assert "Senate (Agora)" in agora and "political" in agora
