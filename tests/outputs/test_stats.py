"""`tourney stats`: statistics of the bundled example checked against hand computations, the
report for a Duel event and for a season, the charts' titles and labels, the written files."""
from __future__ import annotations

import io
import json
import shutil
from fractions import Fraction

import openpyxl
import pandas as pd
import pytest
from PIL import Image
from pypdf import PdfReader
from conftest import duel_row as row
from conftest import write_duel_sheet as write

from tourney.demo import run_demo
from tourney.outputs.stats import plots, stats_report
from tourney.outputs.stats.build import player_consistency, player_events
from tourney.games.registry import workflow


@pytest.fixture(scope="module")
def bonn(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bonn")
    run_demo(folder, lambda _: None)
    return folder / "bonn-2018.db"


@pytest.fixture(scope="module")
def report(bonn):
    return stats_report([str(bonn)], workflow)


def frame_row(report, section, **where):
    frame = report.section(section).frame
    for key, value in where.items():
        frame = frame[frame[key] == value]
    assert len(frame) == 1, frame
    return frame.iloc[0]


def test_rhodos_b_by_hand(report):
    # Rhodos B was played four times (examples/bonn-2018):
    #   round 1 table 2 Katrin Wolf 44 VP: best of five (31, 39, 35, 44, 37): 6 points, place 1
    #   round 3 table 2 Ben Meyer   35 VP: 49, 49 share 6+4, 40 gets 3, Ben 2 points, place 4
    #   round 4 table 2 Marie Neumann 55 VP: second to Lukas Schröder's 56: 4 points, place 2
    #   round 4 table 5 Uwe Lange   40 VP at a table of four (49, 40, 41, 40): the virtual player
    #     sits at the average 170/4 = 42.5 and takes 2nd; Clara 41 3rd gets 3; Uwe and Katrin
    #     share 4th-5th: (2+1)/2 = 3/2 points; among the real players Uwe places 3rd.
    r = frame_row(report, "wonders", wonder="Rhodos", side="B")
    assert (r["n"], r["wins"]) == (4, 1)
    assert r["win_rate"] == Fraction(1, 4)
    assert r["mean_vp"] == Fraction(44 + 35 + 55 + 40, 4) == Fraction(87, 2)
    assert r["mean_points"] == Fraction(6 + 2 + 4, 4) + Fraction(3, 2) / 4 == Fraction(27, 8)
    assert r["mean_place"] == Fraction(1 + 4 + 2 + 3, 4)
    assert r["note"] == "small sample (n < 5)"
    assert frame_row(report, "wonders", wonder="Babylon", side="A")["note"] == ""


def test_seats_rounds_and_margins_by_hand(report):
    # Tables 5+5+5+4+4 in each of 4 rounds: seat 5 exists only at the three tables of five.
    seat5 = frame_row(report, "seats", seat=5)
    assert (seat5["n"], seat5["wins"], seat5["win_rate"]) == (12, 0, 0)
    assert sum(report.section("seats").frame["n"]) == 4 * 23
    # Round 1 (round1.csv): 23 players, lowest 20 (table 5), highest 65 (Vera Schmitt).
    r1 = frame_row(report, "rounds", round=1)
    assert (r1["n"], r1["min"], r1["max"]) == (23, 20, 65)
    # Round 2 table 3: Vera Schmitt 81, Felix Hoffmann 31 next best: the biggest win by 50.
    big = report.section("biggest").frame.iloc[0]
    assert (big["round"], big["table"], big["winner"], big["runner_up"], big["margin"]) == \
        (2, 3, "Vera Schmitt", "Felix Hoffmann", 81 - 31)
    # Round 3 table 2: Katrin Wolf and Niklas Schwarz both 49: margin 0, the closest.
    close = report.section("closest").frame.iloc[0]
    assert (close["round"], close["table"], close["margin"]) == (3, 2, 0)


def test_categories_explain_the_whole_lead(report):
    cats = report.section("categories").frame.set_index("category")
    # The categories add up to the total, so their leads add up to the total's lead: shares sum to 1.
    assert sum(cats.loc[c, "lead_share"] for c in cats.index if c != "vp") == 1
    assert cats.loc["vp", "lead"] == cats.loc["vp", "winners_mean"] - cats.loc["vp", "field_mean"]
    assert isinstance(cats.loc["vp", "mean"], Fraction)
    players = report.section("players").frame
    assert list(players.columns) == ["player", "place", "points", "games"]
    assert (players.iloc[0]["player"], players.iloc[0]["points"]) == ("Marie Neumann", 22)


def test_the_terminal_shows_rates_rounded_and_n_beside_them(bonn, run):
    out = run("stats", str(bonn), "--section", "wonders").output.splitlines()
    # Headings in words (the CSV and JSON below keep the column keys).
    assert out[4].split() == ["wonder", "side", "n", "wins", "win", "rate", "%", "mean", "VP", "mean", "points",
                              "mean", "place", "note"]
    assert "Rhodos         B      4     1        25.0    43.50         3.38        2.50  small sample (n < 5)" \
        in out
    csv = run("stats", str(bonn), "--format", "csv", "--section", "seats").output.splitlines()
    assert csv[0] == "seat,n,wins,win_rate,mean_vp,mean_points,mean_place,note"
    assert csv[5] == "5,12,0,0.0,29.25,1.958333333,4.0,"
    data = json.loads(run("stats", str(bonn), "--format", "json").output)
    assert data["game"] == "7 Wonders" and data["notes"] == []
    assert data["sections"]["biggest"][0]["margin"] == 50


@pytest.mark.parametrize("chart", ["wonders", "scores", "categories"])
def test_charts_carry_titles_and_axis_labels(report, chart):
    c = report.chart(chart)
    assert c.title and c.xlabel and c.ylabel
    svg = plots.svg(c)
    for text in (c.title, c.xlabel, c.ylabel):
        assert f">{text}<" in svg.replace("&amp;", "&")
    assert svg == plots.svg(c)  # reproducible: no date, fixed ids
    image = Image.open(io.BytesIO(plots.png(c)))
    assert image.text["Title"] == c.title
    assert image.text["Description"] == f"x: {c.xlabel}; y: {c.ylabel}"
    # The PDF takes the pixels without a PNG in between: the same pixels.
    for dpi in (110, 150):
        png, pixels = Image.open(io.BytesIO(plots.png(c, dpi=dpi))), plots.rgba(c, dpi=dpi)
        assert (pixels.mode, pixels.size, pixels.tobytes()) == (png.mode, png.size, png.tobytes())


def test_wonder_chart_writes_every_sample_size(report):
    svg = plots.svg(report.chart("wonders"))
    wonders = report.section("wonders").frame
    for n in set(wonders["n"]):
        assert f">n={n}<" in svg


def test_report_files(bonn, report, run):
    assert run("stats", str(bonn), "-o", "s.html").output == "wrote s.html: 7 tables, 3 charts\n"
    page = (run.folder / "s.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 3 and "Win rate by wonder and side" in page
    assert '<tr class="small">' in page
    run("stats", str(bonn), "-o", "s.xlsx")
    book = openpyxl.load_workbook(run.folder / "s.xlsx")
    assert book.sheetnames[0] == "Wonders and sides" and book.sheetnames[-1] == "Charts"
    assert len(book["Charts"]._images) == 3
    assert book["Seat positions"]["D2"].number_format == "0.0%"
    run("stats", str(bonn), "-o", "s.pdf")
    pdf = PdfReader(run.folder / "s.pdf")
    text = "".join(p.extract_text() for p in pdf.pages)
    assert "Wonders and sides" in text and "Biggest wins" in text
    # The charts are drawn on the page (vector graphics): their words are text, there is no picture.
    for chart in ("wonders", "scores", "categories"):
        c = report.chart(chart)
        for words in (c.title, c.xlabel, c.ylabel):
            assert words in text
    assert "n=11" in text and "Halikarnassos B" in text
    assert sum(len(p.images) for p in pdf.pages) == 0


def test_bad_use_is_refused_with_a_message(bonn, run):
    r = run("stats", str(bonn), "-o", "stats.txt", ok=None)
    assert r.exit_code == 2 and "write the statistics as .html, .xlsx or .pdf" in r.output
    r = run("stats", str(bonn), "--section", "nope", ok=None)
    assert r.exit_code == 2 and "this report has the sections wonders, seats" in r.output
    r = run("stats", str(bonn), str(bonn), ok=None)
    assert r.exit_code == 2 and "is given twice" in r.output
    shutil.copy(bonn, run.folder / "event.html")  # an event file with an odd name is never written over
    r = run("stats", "event.html", "-o", "event.html", ok=None)
    assert r.exit_code == 2 and "is one of the event files" in r.output
    r = run("stats", "missing.db", ok=None)
    assert r.exit_code == 1 and "Traceback" not in r.output


# --- a season --------------------------------------------------------------------------------------
def test_season_orders_by_date_and_measures_consistency(bonn, run):
    koeln = run.folder / "koeln.db"
    shutil.copy(bonn, koeln)
    run("event", str(koeln), "--name", "Köln", "--date", "2018-02-01")
    report = stats_report([str(bonn), str(koeln)], workflow)
    assert report.events == ("Köln", "Bonn Spielt 2018 (example)")  # by date
    players = report.section("players").frame
    assert list(players.columns) == ["event", "player", "place", "points", "games"]
    assert len(players) == 2 * 23
    # The same games twice: every player has the same place in both events.
    cons = report.section("consistency").frame
    marie = cons[cons["player"] == "Marie Neumann"].iloc[0]
    assert (marie["events"], marie["mean_place"], marie["spread"], marie["points"]) == (2, 1, 0.0, 44)
    season = report.chart("season")
    assert season.ticks == report.events and season.invert
    assert len(season.series) == 10 and season.series[0] == ("Marie Neumann", (1.0, 1.0))
    wonders = frame_row(report, "wonders", wonder="Rhodos", side="B")
    assert (wonders["n"], wonders["wins"]) == (8, 2)
    svg = plots.svg(season)
    assert ">Place by event (the 10 players with most events)<" in svg and ">place (1 = best)<" in svg
    assert run("stats", str(bonn), str(koeln), "-o", "season.html").output == \
        "wrote season.html: 8 tables, 4 charts\n"


def test_players_sharing_a_place_are_listed_in_german_order():
    # Ö sorts with O (names.sort_key), not after Z as code points would put it.
    places = pd.DataFrame({"player": ["Zora", "Peter", "Özil", "Otto"], "place": [1, 2, 2, 2],
                           "points": [9, 6, 6, 6], "games": [3, 3, 3, 3]}).assign(event="A")
    players = player_events(places, ["A"])
    assert list(players["player"]) == ["Zora", "Otto", "Özil", "Peter"]
    assert list(player_consistency(players)["player"]) == ["Zora", "Otto", "Özil", "Peter"]


def test_events_of_different_games_are_refused(bonn, run):
    run("new", "d.db", "--game", "duel", "--seed", "5")
    r = run("stats", str(bonn), "d.db", ok=None)
    assert r.exit_code == 2 and "the events are of different games" in r.output


# --- Duel --------------------------------------------------------------------------------------------
def pairs(run):
    return [(p["table"], p["player"], p["opponent"]) for p in json.loads(run("pairings", "d.db", "--format",
                                                                             "json").output) if p["first"]]


@pytest.fixture
def duel(run):
    run("new", "d.db", "--game", "duel", "--seed", "5", "--name", "Duel Cup", "--rounds", "2")
    run("players", "add", "d.db", "Anna", "Ben", "Cleo", "Dirk")
    run("seat", "d.db")
    (t1, a1, b1), (t2, a2, b2) = pairs(run)
    write(run.folder / "r1.csv", [
        # first player wins on points, senate 3 to 2: the winner is ahead in the senate
        row(1, t1, a1, 1, senate=3), row(1, t1, b1, 0, blue=4, senate=2),
        # second player wins by military supremacy, senate 1 to the loser's 5: the winner is behind
        row(1, t2, a2, 1, senate=5, victory="military", winner=b2), row(1, t2, b2, 0, military=10, senate=1, victory="military", winner=b2),
        ])
    run("results", "import", "d.db", "r1.csv")
    run("seat", "d.db")
    (t1, a1, b1), (t2, a2, b2) = pairs(run)
    write(run.folder / "r2.csv", [
        row(2, t1, a1, 1), row(2, t1, b1, 0),  # equal totals and blue points: a shared victory
        row(2, t2, a2, 1, victory="science", winner=a2), row(2, t2, b2, 0, victory="science", winner=a2),  # senate 3 and 3: level
        ])
    run("results", "import", "d.db", "r2.csv")
    return run


def test_duel_statistics_by_hand(duel):
    report = stats_report(["d.db"], workflow)
    assert report.game == "Duel"
    v = report.section("victories").frame.set_index("victory")
    assert v["n"].to_dict() == {"civilian": 1, "military": 1, "science": 1, "political": 0, "draw": 1}
    assert v.loc["military", "share"] == Fraction(1, 4)
    first = report.section("first_player").frame.set_index("victory").loc["all"]
    assert (first["n"], first["first_wins"], first["second_wins"], first["draws"]) == (4, 2, 1, 1)
    assert first["first_win_rate"] == Fraction(1, 2)
    senate = report.section("senate").frame.set_index("senate")
    assert senate["n"].to_dict() == {"winner ahead": 1, "level": 1, "winner behind": 1}
    assert senate.loc["winner behind", "mean_winner_senate"] == 1
    assert senate.loc["winner behind", "mean_loser_senate"] == 5
    assert report.notes[0].startswith("Duel match sheets record no wonders")
    assert [c.key for c in report.charts] == ["victories", "scores"]
    out = duel("stats", "d.db").output
    assert "note: Duel match sheets record no wonders" in out
    assert duel("stats", "d.db", "-o", "duel.pdf").output == "wrote duel.pdf: 6 tables, 2 charts\n"


@pytest.mark.parametrize("lo, hi, bins, integer, ticks", [
    (0.0, 0.5, 9, False, [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]),  # a win rate axis: 0 % to 50 %
    (0.0, 11.55, 5, False, [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]),
    (0.55, 10.45, 9, True, [float(k) for k in range(1, 11)]),  # places 1 to 10
    (10.0, 82.0, 9, False, [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0]),
    (-0.9, 17.9, 8, False, [float(k) for k in range(0, 17, 2)]),  # means of categories
])
def test_pdf_chart_axes_tick_round_numbers(lo, hi, bins, integer, ticks):
    from tourney.outputs.stats.pdfcharts import nice_ticks

    assert [round(t, 9) for t in nice_ticks(lo, hi, bins, integer=integer)] == ticks


def test_a_german_report_names_categories_and_an_unknown_side_in_german(bonn, run, tmp_path):
    """Issue 33: the categories said as the pad says them, a wonder without its side on the sheet
    as "Seite unbekannt" (not "?"); CSV keeps the keys and the "?" a script groups by."""
    from tourney.core.store import Event

    de = tmp_path / "de.db"
    shutil.copy(bonn, de)
    run("event", str(de), "--lang", "de")
    event = Event.open(de)
    with event.db.begin() as conn:  # one sheet line whose side was left out
        conn.execute("UPDATE result_lines SET side = NULL WHERE rowid = (SELECT min(rowid) FROM result_lines)")
    out = run("stats", str(de)).output
    assert "Militär " in out and "Münzen-Punkte " in out and "\nmilitary " not in out
    assert "Seite unbekannt" in out and " ?  " not in out
    csv = run("stats", str(de), "--format", "csv", "--section", "wonders").output
    assert ",?," in csv
    csv = run("stats", str(de), "--format", "csv", "--section", "categories").output
    assert "\nmilitary," in csv


def test_stats_never_writes_over_a_file_without_force(bonn, run, tmp_path):
    """Like every other -o: an existing file is kept unless --force (issue 46, item 7), and the
    refusal is said in the event's language."""
    kept = run.folder / "s.html"
    kept.write_text("keep me", encoding="utf-8")
    r = run("stats", str(bonn), "-o", "s.html", ok=None)
    assert (r.exit_code, r.output) == (1, "Error: 's.html' already exists: add --force to replace it, or choose "
                                          "another file name\n")
    assert kept.read_text(encoding="utf-8") == "keep me"
    de = tmp_path / "de.db"
    shutil.copy(bonn, de)
    run("event", str(de), "--lang", "de")
    r = run("stats", str(de), "-o", "s.html", ok=None)
    assert r.exit_code == 1 and r.output.startswith("Fehler: 's.html' gibt es schon: mit --force ersetzen")
    assert run("stats", str(bonn), "-o", "s.html", "--force").output == "wrote s.html: 7 tables, 3 charts\n"
    assert "<svg" in kept.read_text(encoding="utf-8")


def test_duel_statistics_tables_speak_the_events_language(duel):
    """Issue 46, item 8: the Duel tables' headings and row words (victory types, "all", the
    senate's lead) in German and French, on the terminal and in the workbook; CSV keeps keys."""
    duel("event", "d.db", "--lang", "de")
    out = duel("stats", "d.db").output
    assert "Sieg           n  Anteil %\nZivil " in out
    assert "Siege Startspieler  Siege Nachziehender  Unentschieden  Siegquote Startspieler %" in out
    assert "\nalle " in out and "Sieger vorn" in out and "gleichauf" in out and "Sieger hinten" in out
    for english in ("victory", "share", "first wins", "first_win_rate", "civilian", "winner ahead",
                    "mean winner senate", "lead_share", "\nall "):
        assert english not in out, english
    duel("stats", "d.db", "-o", "d.xlsx")
    book = openpyxl.load_workbook(duel.folder / "d.xlsx")
    first = book["Vorteil des Startspielers"]
    assert [c.value for c in first[1]][:3] == ["Sieg", "n", "Siege Startspieler"] and first["A5"].value == "alle"
    assert duel("stats", "d.db", "--format", "csv", "--section", "senate").output.splitlines()[1].startswith(
        "winner ahead,")
    duel("event", "d.db", "--lang", "fr")
    out = duel("stats", "d.db").output
    assert "victoires du premier joueur" in out and "vainqueur devant" in out and "\ntous " in out
