"""One Card Wonder and Dominations events end to end: rulesets without records, place points,
table plans of their sizes, worked examples from the rulebooks, golden standings, the CLI."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import ROOT
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from rules_engine import dominations, find_ruleset, onecardwonder
from rules_engine.registry import NoRecordsError, find_records
from tourney.games.registry import all_games, sheet_game
from tourney.games.dominations.schemes import BONN as DOM_BONN
from tourney.games.onecardwonder.workflow import GAME as OCW_GAME
from tourney.games.onecardwonder.schemes import BONN as OCW_BONN
from tourney.event.placepoints import bonn_scaled, place_points
from tourney.core.errors import PlanError
from tourney.event.schedule import TableSizes, even_plan, table_plan

OCW_EXAMPLE = ROOT / "examples" / "onecardwonder"
DOM_EXAMPLE = ROOT / "examples" / "dominations"
GOLDEN = ROOT / "tests" / "golden"


# --- registry ----------------------------------------------------------------------------------
@pytest.mark.parametrize("alias, name", [("ocw", "onecardwonder"), ("One Card Wonder", "onecardwonder"),
                                         ("EINKARTENWUNDER", "onecardwonder"), ("dom", "dominations"),
                                         ("Dominations", "dominations")])
def test_rulesets_are_found_by_their_aliases(alias, name):
    assert find_ruleset(alias).name == name
    assert name in all_games()


def test_games_without_records_say_so():
    assert find_ruleset("ocw").records is None
    assert find_ruleset("duel").records is find_ruleset("duel")
    with pytest.raises(NoRecordsError, match="no game records for One Card Wonder"):
        find_records("ocw")


def test_selfplay_of_a_game_without_records_is_a_usage_error(run):
    result = run("selfplay", "--game", "dom", "-o", "x.txt", ok=None)
    assert result.exit_code == 2
    assert "no game records for Dominations: replay and self-play are for 7wonders, duel" in result.output


# --- place points --------------------------------------------------------------------------------
def test_bonn_scaled_table():
    assert {n: bonn_scaled(n) for n in range(2, 7)} == {
        2: (3, 1), 3: (4, 2, 1), 4: (5, 3, 2, 1), 5: (6, 4, 3, 2, 1), 6: (7, 5, 4, 3, 2, 1)}


def test_shared_places_pool_their_points():
    # docs/onecardwonder.md: winner Ben; Cleo 7 stages; Anna 5; Dana 5; Emil 2 -> 1, 2, 3, 3, 5.
    assert place_points((1, 2, 3, 3, 5), bonn_scaled(5)) == (6, 4, Fraction(5, 2), Fraction(5, 2), 1)
    with pytest.raises(ValueError):
        place_points((1, 1, 2), bonn_scaled(3))


@st.composite
def rankings(draw):
    keys = draw(st.lists(st.integers(0, 4), min_size=2, max_size=6))
    return tuple(1 + sum(k < mine for k in keys) for mine in keys)


@given(rankings())
def test_a_tables_place_points_sum_to_the_points_of_its_places(places):
    points = bonn_scaled(len(places))
    assert sum(place_points(places, points)) == sum(points)


# --- worked examples ---------------------------------------------------------------------------
def test_one_card_wonder_places_and_points_of_the_docs_example():
    rows = [("Anna", 5, False), ("Ben", 3, True), ("Cleo", 7, False), ("Dana", 5, False), ("Emil", 2, False)]
    sheet = onecardwonder.TableSheet(tuple(onecardwonder.PlayerLine(i, name, None, stages, 2, winner)
                                           for i, (name, stages, winner) in enumerate(rows, 1)))
    scored = OCW_GAME.score(sheet, OCW_BONN)
    assert scored.places == (3, 1, 2, 3, 5)  # the winner first even with the fewest stages
    assert scored.points == (Fraction(5, 2), 6, 4, Fraction(5, 2), 1)


def test_dominations_vp_tie_goes_to_the_front_of_the_initiative_track():
    # Rulebook: "Bei Gleichstand ist besser platziert, wer auf der Initiativeleiste weiter vorne ist".
    rows = [("Anna", 150, 3), ("Ben", 150, 1), ("Cleo", 150, 2), ("Dana", 149, 4)]
    sheet = dominations.TableSheet(tuple(dominations.PlayerLine(i, n, vp, ini)
                                         for i, (n, vp, ini) in enumerate(rows, 1)))
    places = dominations.places(sheet)
    assert places == (3, 1, 2, 4)
    assert place_points(places, DOM_BONN.points_for(4)) == (2, 5, 3, 1)


@pytest.mark.parametrize("n, sizes", [(2, (2,)), (5, (5,)), (6, (3, 3)), (7, (4, 3)), (9, (5, 4)), (13, (5, 4, 4))])
def test_even_plan_for_tables_of_four_out_of_two_to_six(n, sizes):
    assert even_plan(n, TableSizes(2, 6, 4, "One Card Wonder")) == sizes


@given(st.integers(2, 120))
def test_even_plans_stay_within_the_games_table_sizes(n):
    for limits in (TableSizes(2, 6, 4, "x"), TableSizes(2, 4, 4, "y")):
        sizes = even_plan(n, limits)
        assert sum(sizes) == n and all(limits.low <= s <= limits.high for s in sizes)
        assert max(sizes) - min(sizes) <= 1


def test_explicit_table_plans_are_checked_against_the_games_sizes():
    with pytest.raises(PlanError, match="table size 5 in plan '5,3': tables hold 2 to 4 players"):
        table_plan(8, "5,3", TableSizes(2, 4, 4, "Dominations"))
    with pytest.raises(PlanError, match="use 'even' or sizes"):
        table_plan(8, "bonn", TableSizes(2, 4, 4, "Dominations"))


# --- sheets, examples and golden standings ----------------------------------------------------------
def test_the_header_row_tells_the_game():
    assert sheet_game([OCW_EXAMPLE / "round2.csv"]).name == "onecardwonder"
    assert sheet_game([DOM_EXAMPLE / "round1.csv"]).name == "dominations"
    assert sheet_game([ROOT / "examples" / "bonn-2018" / "round1.csv"]).name == "7wonders"


@pytest.mark.parametrize("game", ["onecardwonder", "dominations"])
def test_demo_event_standings_match_the_golden_file(run, game):
    result = run("demo", "--dir", "d", "--game", game)
    assert f"wrote d/standings-{game}.xlsx" in result.output
    standings = run("standings", f"d/{game}.db", "--format", "csv").output
    assert standings == (GOLDEN / f"{game}-standings.csv").read_text(encoding="utf-8")


def test_demo_brief_says_one_line_per_example(run):
    """`make demo` runs `tourney demo --brief`: a line per example, not every step."""
    result = run("demo", "--dir", "d", "--game", "ocw", "--brief")
    assert result.output == ("One Card Wonder at Bonn Spielt (example): 9 players, 6 tables checked and stored; "
                             "first: Anna Schmidt; wrote d/standings-onecardwonder.xlsx\n")


def test_demo_of_an_unknown_game_is_a_usage_error(run):
    result = run("demo", "--game", "chess", ok=None)
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


def test_one_card_wonder_sheet_errors_are_refused_with_the_row(run):
    Path("bad.csv").write_text("round,table,seat,player,stages,buildings,winner\n"
                               "1,1,1,Anna,10,5,1\n1,1,2,Ben,4,2,1\n1,1,3,Cleo,3,1,2\n", encoding="utf-8")
    result = run("check", "bad.csv", ok=None)
    assert result.exit_code == 1
    assert ("bad.csv:4: round 1, table 1: error: winner must be 1 for the player who completed their wonder, "
            "0 or empty for the others, got 2 (player 'Cleo') [cell]") in result.output


# --- the CLI, end to end ---------------------------------------------------------------------------
def _fill(path: str, values: dict[str, list[object]]) -> None:
    """Fill a printed sheet: column (by header position) -> values per seat, on every table sheet."""
    wb = load_workbook(path)
    for ws in wb.worksheets[1:]:
        header = [c.value for c in ws[4]]
        for i in range(len(values[next(iter(values))])):
            row = 5 + i
            if not ws.cell(row, 4).value:
                continue
            for column, vals in values.items():
                ws.cell(row, header.index(column) + 1).value = vals[i]
    wb.save(path)


@pytest.mark.parametrize("game, players, fill, columns", [
    ("ocw", 9, {"Bauabschnitte": [10, 7, 5, 5, 2], "Gebäude": [4, 3, 2, 1, 0], "Sieger": [1, 0, 0, 0, 0]},
     "rank,player,points,wins,stages,lot,games,dropped_after"),
    ("dom", 8, {"Siegpunkte": [140, 120, 120, 90], "Initiative": [1, 3, 2, 4]},
     "rank,player,points,vp,wins,lot,games,dropped_after"),
])
def test_an_event_from_new_to_season(run, game, players, fill, columns):
    # Distinct names: numbered ones ('Player A', 'Player B') would be held back as similar.
    names = ["Anna", "Ben", "Cleo", "Dana", "Emil", "Frida", "Greta", "Hugo", "Ida"][:players]
    Path("roster.csv").write_text("name\n" + "\n".join(names) + "\n", encoding="utf-8")
    created = run("new", "e.db", "--game", game, "--rounds", "1", "--seed", "5", "--date", "2026-03-01").output
    assert ", scheme bonn, 1 round, draw fingerprint 7cdbd3ff126abdd8" in created
    run("players", "import", "e.db", "roster.csv")
    seated = run("seat", "e.db", "--round", "1").output
    assert seated == (f"round 1: {players} players at 2 tables ({'5+4' if players == 9 else '4+4'})\n"
                      "draw fingerprint 7cdbd3ff126abdd8 (SHA-256 of the secret seed)\n")
    run("sheets", "e.db", "--round", "1", "-o", "r1.xlsx", "--lang", "de")
    run("sheets", "e.db", "--round", "1", "-o", "r1.pdf")
    _fill("r1.xlsx", fill)
    assert run("results", "import", "e.db", "r1.xlsx").output.endswith("2 tables stored\n")
    again = run("results", "import", "e.db", "r1.xlsx")
    assert again.output.endswith("0 tables stored, 2 unchanged\n")
    csv_text = run("standings", "e.db", "--format", "csv").output
    assert csv_text.splitlines()[0] == columns and len(csv_text.splitlines()) == players + 1
    rows = json.loads(run("standings", "e.db", "--format", "json").output)
    assert [r["rank"] for r in rows] == list(range(1, players + 1))
    # The table hands out exactly its place points: 2 tables, each sums to its bonn_scaled points.
    sizes = (5, 4) if players == 9 else (4, 4)
    assert sum(Fraction(str(r["points"])) for r in rows) == sum(sum(bonn_scaled(s)) for s in sizes)
    for out in ("s.xlsx", "s.csv", "s.json", "s.html", "s.pdf"):
        assert run("export", "e.db", "-o", out).output.startswith(f"wrote {out}")
    assert load_workbook("s.xlsx").sheetnames == ["Standings", "Games", "Players", "Draws", "tourney-draws"]
    season = run("season", "e.db", "--spots", "2", "--format", "csv").output
    assert season.splitlines()[1].split(",")[-1] in names


def test_a_moved_player_is_refused_against_the_seating(run):
    Path("roster.csv").write_text("name\nA\nB\nC\nD\n", encoding="utf-8")
    run("new", "e.db", "--game", "dom", "--seed", "1")
    run("players", "import", "e.db", "roster.csv")
    run("seat", "e.db")
    seats = json.loads(run("seating", "e.db", "--round", "1", "--format", "json").output)
    lines = [f"1,1,{s['seat']},{s['player']},{100 - s['seat']},{s['seat']}" for s in seats]
    first, second = seats[0]["player"], seats[1]["player"]
    swapped = [lines[0].replace(first, second), lines[1].replace(second, first), *lines[2:]]
    Path("r1.csv").write_text("round,table,seat,player,vp,initiative\n" + "\n".join(swapped) + "\n",
                              encoding="utf-8")
    result = run("results", "import", "e.db", "r1.csv", ok=None)
    assert result.exit_code == 1
    assert (f"error: {second!r} is at table 1, seat 1 on the sheet but the seating of round 1 has them at "
            "table 1, seat 2: fix the sheet [seating]") in result.output


def test_new_help_lists_every_game_and_scheme(run):
    text = " ".join(run("new", "--help").output.split())
    assert "onecardwonder (aliases: ocw, one card wonder, einkartenwunder)" in text
    assert "dominations (aliases: dom)" in text
    assert "onecardwonder 'bonn' (default), 'winner'; dominations 'bonn' (default), 'wins'" in text


def test_scheme_names_are_per_game(run):
    assert "scheme winner" in run("new", "o.db", "--game", "ocw", "--scheme", "winner", "--seed", "1").output
    result = run("new", "d.db", "--game", "dom", "--scheme", "winner", ok=None)
    assert result.exit_code == 2 and "unknown scoring scheme 'winner' for dominations: use one of bonn, wins" \
        in result.output


def test_sheet_names_match_the_seating_by_name_key(run):
    # 'IŞIK' upper-cased loses the dotless i: casefold() alone would not find the seated 'Işık'.
    Path("roster.csv").write_text("name\nIşık Demir\nBen\nCleo\nDana\n", encoding="utf-8")
    run("new", "e.db", "--game", "dom", "--seed", "1")
    run("players", "import", "e.db", "roster.csv")
    run("seat", "e.db")
    seats = json.loads(run("seating", "e.db", "--round", "1", "--format", "json").output)
    lines = [f"1,1,{s['seat']},{s['player'].upper()},{100 - s['seat']},{s['seat']}" for s in seats]
    Path("r1.csv").write_text("round,table,seat,player,vp,initiative\n" + "\n".join(lines) + "\n",
                              encoding="utf-8")
    assert run("results", "import", "e.db", "r1.csv").output.endswith("1 table stored\n")
    players = [r["player"] for r in json.loads(run("standings", "e.db", "--format", "json").output)]
    assert sorted(players) == ["Ben", "Cleo", "Dana", "Işık Demir"]


def test_table_games_have_statistics_a_player_view_and_a_cut(run):
    """The generic table-game workflow serves `tourney stats`, `tourney player` and `--cut`."""
    run("demo", "--dir", "d", "--game", "dominations")
    db = run.folder / "d" / "dominations.db"
    stats = run("stats", str(db), "--format", "json").output
    assert '"seats"' in stats and '"table_sizes"' in stats
    first = run("standings", str(db), "--format", "csv").output.splitlines()[1].split(",")[1]
    view = run("player", str(db), first).output
    assert "Round" in view and "Place" in view
    cut = run("standings", str(db), "--cut", "2", "--format", "csv").output.splitlines()
    assert cut[0].endswith(",games,dropped_after,qualified") and cut[1].endswith(",yes") and cut[3].endswith(",no")
