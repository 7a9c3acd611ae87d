"""`tourney rating` on real event files (issue 30): exact table/CSV/JSON output with shared
places and names matched as `season` matches them, the HTML/XLSX/PDF files, clear refusals,
the demo event and a generated 40-event season rated the same whatever the order given, and
the expected places a stored rating gives `tourney seating --report`."""
from __future__ import annotations

import importlib.util
import json
import random

from openpyxl import load_workbook
from pypdf import PdfReader

from conftest import ROOT, line, write_sheet
from tourney.demo import EXAMPLE, run_demo


def make_event(run, file, name, date, players, civilian, coins=(3, 3, 3, 3, 3)):
    run("new", file, "--game", "7wonders", "--name", name, "--rounds", "1", "--seed", "1", "--date", date)
    rows = [line(1, 1, seat, p, civilian=c, coins=k) for seat, (p, c, k) in enumerate(zip(players, civilian, coins), 1)]
    write_sheet(run.folder / f"{file}.csv", rows)
    run("results", "import", file, f"{file}.csv", "--register")


def koeln_and_bonn(run):
    # Köln: Jörg and Clara score the same VP, Jörg has more coins (2nd, Clara 3rd); Dirk and
    # Emil are equal on VP and coins and share 4th. Bonn spells Jörg and Anna differently.
    make_event(run, "koeln.db", "Köln Open", "2018-03-10", ["Anna", "Jörg Müller", "Clara", "Dirk", "Emil"],
               (12, 10, 10, 6, 6), (3, 5, 3, 3, 3))
    make_event(run, "bonn.db", "Bonn Spielt", "2018-10-27", ["JOERG MUELLER", "Fritz", "anna", "Gerd", "Clara"],
               (12, 10, 8, 6, 4))


TABLE = """\
Season rating
7 Wonders · 2 events · 2 games · rating = mu - 3 sigma

rank  player       rating  games  events  change
   1  Fritz         36.91      1       1   36.91
   2  Jörg Müller   27.22      2       2    8.64
   3  Anna          21.30      2       2   -5.74
   4  Gerd           8.33      1       1    8.33
   5  Clara          7.08      2       2   -3.04
   6  Dirk          -0.50      1       1
   6  Emil          -0.50      1       1

note: joined the spellings 'JOERG MUELLER' and 'Jörg Müller' as one player, shown as 'Jörg Müller': if they are \
different people, give one of them another name in an alias file
"""
JOINED = ("joined the spellings 'JOERG MUELLER' and 'Jörg Müller' as one player, shown as 'Jörg Müller': if they "
          "are different people, give one of them another name in an alias file")


def test_table_exact_by_date_with_shared_places_and_matched_names(run):
    koeln_and_bonn(run)
    assert run("rating", "bonn.db", "koeln.db").output == TABLE
    assert run("rating", "koeln.db", "bonn.db").output == TABLE


def test_csv_and_json_exact(run):
    koeln_and_bonn(run)
    r = run("rating", "bonn.db", "koeln.db", "--format", "csv")
    assert r.stderr == f"warning: {JOINED}\n"
    assert r.stdout == (
        "rank,player,rating,games,events,change\n"
        "1,Fritz,36.91,1,1,36.91\n"
        "2,Jörg Müller,27.22,2,2,8.64\n"
        "3,Anna,21.30,2,2,-5.74\n"
        "4,Gerd,8.33,1,1,8.33\n"
        "5,Clara,7.08,2,2,-3.04\n"
        "6,Dirk,-0.50,1,1,\n"
        "6,Emil,-0.50,1,1,\n")
    rows = json.loads(run("rating", "koeln.db", "--format", "json").output)
    assert rows == [
        {"rank": 1, "player": "Anna", "rating": 27.05, "games": 1, "events": 1, "change": 27.05},
        {"rank": 2, "player": "Jörg Müller", "rating": 18.58, "games": 1, "events": 1, "change": 18.58},
        {"rank": 3, "player": "Clara", "rating": 10.12, "games": 1, "events": 1, "change": 10.12},
        {"rank": 4, "player": "Dirk", "rating": -0.5, "games": 1, "events": 1, "change": -0.5},
        {"rank": 4, "player": "Emil", "rating": -0.5, "games": 1, "events": 1, "change": -0.5}]


def test_german_words_and_numbers(run):
    koeln_and_bonn(run)
    out = run("rating", "koeln.db", "bonn.db", "--lang", "de").output.splitlines()
    assert out[0] == "Saisonwertung"
    assert out[1] == "7 Wonders · 2 Turniere · 2 Partien · Wertung = mu - 3 sigma"
    assert out[3].split() == ["Platz", "Spieler", "Wertung", "Partien", "Turniere", "Änderung"]
    assert out[4].split() == ["1", "Fritz", "36,91", "1", "1", "36,91"]


def test_files_html_xlsx_pdf(run):
    koeln_and_bonn(run)
    assert run("rating", "koeln.db", "bonn.db", "-o", "rating.xlsx").output == (
        "wrote rating.xlsx: 7 players rated over 2 games\n")
    sheet = load_workbook(run.folder / "rating.xlsx").worksheets
    assert [s.title for s in sheet] == ["Season rating"]
    values = list(sheet[0].values)
    assert values[0] == ("rank", "player", "rating", "games", "events", "change")
    assert values[1] == (1, "Fritz", 36.91, 1, 1, 36.91)
    assert values[7] == (6, "Emil", -0.5, 1, 1, None)
    run("rating", "koeln.db", "bonn.db", "-o", "rating.html")
    page = (run.folder / "rating.html").read_text(encoding="utf-8")
    assert "<h1>Season rating</h1>" in page and "statistics" not in page
    assert '<td class="num">1</td><td>Fritz</td><td class="num">36.91</td>' in page
    run("rating", "koeln.db", "bonn.db", "-o", "rating.pdf")
    text = PdfReader(run.folder / "rating.pdf").pages[0].extract_text()
    assert "Season rating" in text and "Jörg Müller" in text and "27.22" in text
    refused = run("rating", "koeln.db", "-o", "rating.pdf", ok=None)
    assert refused.exit_code != 0 and "--force" in refused.output
    # In German the shown files write the decimal comma (the workbook keeps numbers).
    run("rating", "koeln.db", "bonn.db", "--lang", "de", "-o", "wertung.html")
    page = (run.folder / "wertung.html").read_text(encoding="utf-8")
    assert '<td class="num">1</td><td>Fritz</td><td class="num">36,91</td>' in page
    run("rating", "koeln.db", "bonn.db", "--lang", "de", "-o", "wertung.pdf")
    text = PdfReader(run.folder / "wertung.pdf").pages[0].extract_text()
    assert "27,22" in text and "27.22" not in text


def test_refusals_say_what_and_how(run):
    koeln_and_bonn(run)
    run("new", "empty.db", "--game", "7wonders", "--name", "Empty", "--rounds", "1", "--seed", "1", "--date",
        "2019-01-01")
    r = run("rating", "empty.db", ok=None)
    assert r.exit_code == 1
    assert "the events have no stored games to rate: import their score sheets first" in r.output
    run("new", "duel.db", "--game", "duel", "--name", "Duel night", "--rounds", "1", "--seed", "1", "--date",
        "2019-01-02")
    r = run("rating", "koeln.db", "duel.db", ok=None)
    assert r.exit_code == 1 and "'duel.db' (Duel) is not a 7 Wonders event like the others" in r.output
    r = run("rating", "koeln.db", "-o", "rating.txt", ok=None)
    assert r.exit_code == 2 and "-o 'rating.txt': write the rating as .html, .xlsx or .pdf" in r.output
    assert not (run.folder / "rating.txt").exists()
    r = run("rating", "koeln.db", "./koeln.db", ok=None)
    assert r.exit_code != 0 and "is given twice" in r.output
    r = run("rating", "koeln.db", "--into", "koeln.db", ok=None)
    assert r.exit_code == 2 and "is one of the rated events" in r.output
    r = run("rating", "koeln.db", "--into", "duel.db", ok=None)
    assert r.exit_code == 2 and "--into 'duel.db' is not a 7 Wonders event" in r.output
    assert "Expected places" not in run("seating", "duel.db", "--report").output


def test_the_demo_event_rates_the_same_every_time(tmp_path):
    run_demo(tmp_path, lambda text: None, EXAMPLE)
    from click.testing import CliRunner

    from tourney.cli import cli

    first = CliRunner().invoke(cli, ["rating", str(tmp_path / "bonn-2018.db"), "--format", "csv"])
    again = CliRunner().invoke(cli, ["rating", str(tmp_path / "bonn-2018.db"), "--format", "csv"])
    assert first.exit_code == 0 and first.output == again.output
    assert first.output.splitlines()[:4] == [
        "rank,player,rating,games,events,change",
        "1,Anna Schmidt,24.80,4,1,24.80",
        "2,Marie Neumann,23.94,4,1,23.94",
        "3,Simon Hofmann,22.24,4,1,22.24"]
    assert len(first.output.splitlines()) == 1 + 23


def bench_module():
    spec = importlib.util.spec_from_file_location("bench_rating", ROOT / "benchmarks" / "bench_rating.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_generated_40_event_season_rates_the_same_whatever_the_order_given(run):
    # The benchmark's season, smaller events: the figures depend on the games alone.
    paths = bench_module().build_season(run.folder, 40, players=10, rounds=2, pool=30)
    first = run("rating", *paths, "--format", "json").output
    shuffled = list(paths)
    random.Random(30).shuffle(shuffled)
    assert run("rating", *shuffled, "--format", "json").output == first
    rows = json.loads(first)
    assert sum(r["games"] for r in rows) == 40 * 2 * 2 * 5
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    # Each player's hidden strength shows: the strongest half of the pool rate higher on average.
    strength = {f"Player {i:03d}": random.Random(10_000 + i).gauss(0, 1) for i in range(30)}
    ordered = sorted(rows, key=lambda r: strength[r["player"]])
    low, high = ordered[:15], ordered[15:]
    assert sum(r["rating"] for r in high) / 15 > sum(r["rating"] for r in low) / 15


def test_expected_places_in_the_seating_report_from_a_stored_rating(run):
    koeln_and_bonn(run)
    run("new", "aachen.db", "--game", "7wonders", "--name", "Aachen", "--rounds", "1", "--seed", "5", "--date",
        "2019-02-01")
    run("players", "add", "aachen.db", "Fritz", "Anna", "Newcomer", "Emil")
    run("seat", "aachen.db")
    before = run("seating", "aachen.db", "--report").output
    assert "Expected places" not in before
    assert run("rating", "koeln.db", "bonn.db", "--into", "aachen.db").output == (
        "stored the rating of 7 players from 2 events in aachen.db: 'tourney seating aachen.db --report' and "
        "the player pages show expected places\n")
    report = run("seating", "aachen.db", "--report").output
    assert report.startswith(before)
    lines = report[len(before):].splitlines()
    assert lines[0] == "Expected places from the rating of 2 earlier events (Köln Open, Bonn Spielt)"
    assert lines[1].split() == ["round", "table", "table", "strength", "expected", "places", "(seat", "order)"]
    [row] = lines[2:-1]
    cells = row.split(maxsplit=3)
    assert cells[:3] == ["1", "1", "14.43"]  # (36.91 + 21.30 + 0 - 0.50) / 4: the newcomer at 0
    expected = dict(p.rsplit(" ", 1) for p in cells[3].split(", "))
    assert set(expected) == {"Fritz", "Anna", "Newcomer", "Emil"}
    assert float(expected["Fritz"]) < float(expected["Anna"]) < float(expected["Emil"])
    assert abs(sum(float(v) for v in expected.values()) - 10) <= 0.2
    assert lines[-1].startswith("note: table strength = the mean rating")


def test_duel_a_win_a_shared_victory_and_a_bye(run):
    from conftest import duel_row, write_duel_sheet

    run("new", "d.db", "--game", "duel", "--seed", "5", "--name", "Duel Cup", "--date", "2019-03-01")
    run("players", "add", "d.db", "Anna", "Ben", "Cleo", "Dirk", "Eva")
    run("seat", "d.db")
    pairings = json.loads(run("pairings", "d.db", "--format", "json").output)
    won, drawn = [p for p in pairings if p["first"] and p["opponent"]]
    [bye] = [p["player"] for p in pairings if not p["opponent"]]
    rows = [duel_row(1, won["table"], won["player"], 1), duel_row(1, won["table"], won["opponent"], 0, blue=4),
            duel_row(1, drawn["table"], drawn["player"], 1), duel_row(1, drawn["table"], drawn["opponent"], 0)]
    write_duel_sheet(run.folder / "r1.csv", rows)
    run("results", "import", "d.db", "r1.csv")
    rated = {r["player"]: r for r in json.loads(run("rating", "d.db", "--format", "json").output)}
    assert bye not in rated and len(rated) == 4  # a bye is no game
    assert (rated[won["player"]]["rating"], rated[won["opponent"]]["rating"]) == (6.34, -2.12)  # golden 1,2: mu - 3 sigma
    assert rated[drawn["player"]]["rating"] == rated[drawn["opponent"]]["rating"] == 3.39  # golden 1,1: 25 - 3 x 7.2029
    assert rated[drawn["player"]]["rank"] == rated[drawn["opponent"]]["rank"] == 2  # below the winner, shared


def test_a_corrected_sheet_simply_gives_a_new_rating(run):
    koeln_and_bonn(run)
    before = run("rating", "koeln.db", "bonn.db", "--format", "csv").stdout
    rows = [line(1, 1, seat, p, civilian=c) for seat, (p, c) in
            enumerate(zip(["Anna", "Jörg Müller", "Clara", "Dirk", "Emil"], (12, 10, 10, 6, 16)), 1)]
    write_sheet(run.folder / "fix.csv", rows)
    run("results", "import", "koeln.db", "fix.csv", "--correct", "--reason", "Emil's civilian misread")
    after = run("rating", "koeln.db", "bonn.db", "--format", "csv").stdout
    assert after != before
    assert [r.split(",")[1] for r in after.splitlines()[1:3]] == ["Fritz", "Emil"]


def test_the_refusals_of_rating_and_season_speak_the_events_language(run):
    """The overwrite refusals of `season` and `rating` and `rating --into`'s come in the events'
    language, as everything after them (issue 46, item 8)."""
    koeln_and_bonn(run)
    for event in ("koeln.db", "bonn.db"):
        run("event", event, "--lang", "de")
    (run.folder / "taken.html").write_text("keep me", encoding="utf-8")
    for args in (("rating", "koeln.db", "bonn.db", "-o", "taken.html"),
                 ("season", "koeln.db", "bonn.db", "--spots", "1", "-o", "taken.html")):
        r = run(*args, ok=None)
        assert (r.exit_code, r.output) == (1, "Fehler: 'taken.html' gibt es schon: mit --force ersetzen oder einen "
                                              "anderen Dateinamen wählen\n"), args
    r = run("rating", "koeln.db", "bonn.db", "--into", "koeln.db", ok=None)
    assert r.exit_code == 2 and "Fehler: --into 'koeln.db' ist eines der gewerteten Turniere" in r.output
    r = run("rating", "koeln.db", "bonn.db", "--into", "koeln.db", "--lang", "fr", ok=None)
    assert r.exit_code == 2 and "--into 'koeln.db' is one of" not in r.output
    assert (run.folder / "taken.html").read_text(encoding="utf-8") == "keep me"
