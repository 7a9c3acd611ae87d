"""Dominations sheets: the rulebook's tie rule, a passing and a failing case per check, places.

Rulebook quotes are from the German rulebook (../shared/rules/dominations.de.txt).
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rankings import follows_order

from rules_engine.dominations import (
    ALIASES,
    NAME,
    SHEET_TYPES,
    TITLE,
    PlayerLine,
    TableSheet,
    check_sheet,
    places,
)
from rules_engine.findings import Severity


def table(*rows: tuple, **optional: tuple) -> TableSheet:
    """Rows as (player, vp, initiative), seats 1..n in order; optional columns as tuples by row."""
    return TableSheet(tuple(PlayerLine(i, *row, **{k: v[i - 1] for k, v in optional.items()})
                            for i, row in enumerate(rows, 1)))


def rules(sheet: TableSheet) -> list[str]:
    return [f.rule for f in check_sheet(sheet)]


def test_module_names():
    assert (NAME, TITLE, ALIASES) == ("dominations", "Dominations", ("dom",))
    assert SHEET_TYPES == (PlayerLine, TableSheet)


def test_a_good_sheet_has_no_findings():
    sheet = table(("Anna", 182, 2), ("Ben", 205, 3), ("Cleo", 171, 1),
                  objectives=(3, 5, 0), influence=(31, 40, 12), dominations=(2, 3, 1))
    assert check_sheet(sheet) == []
    assert places(sheet) == (2, 1, 3)


def test_rulebook_a_tie_goes_further_ahead_on_the_initiative_track():
    # "Nachdem ihr die Punkte für die Ziele ausgewertet habt, gewinnt, wer jetzt die meisten
    #  Siegpunkte hat. Bei Gleichstand ist besser platziert, wer auf der Initiativeleiste weiter
    #  vorne ist."  ("weiter vorne (also näher an der 1)")
    sheet = table(("Anna", 150, 3), ("Ben", 150, 1), ("Cleo", 150, 2), ("Dana", 149, 4))
    assert check_sheet(sheet) == []
    assert places(sheet) == (3, 1, 2, 4)


def test_rulebook_the_score_track_wraps_so_sheets_hold_the_full_number():
    # "Falls du dabei das Ende einer Leiste erreichst (100 Siegpunkte oder 50 Einfluss), nimmst du
    #  dir das entsprechende Wertungsplättchen (100, 200, 300 usw. ...)"
    full = table(("Anna", 212, 1), ("Ben", 198, 2), influence=(55, 40))
    assert check_sheet(full) == []
    # Anna's marker stands on 12 and the 200 tile was left out: 12 is less than her 55 influence
    # alone scores at the end of the third age ("Dann erhält jeder von euch Siegpunkte in Höhe
    # seiner derzeitigen Einflusspunkte"): an error, a rulebook fact (issue 50, item 8).
    dropped = table(("Anna", 12, 1), ("Ben", 198, 2), influence=(55, 40))
    [f] = check_sheet(dropped)
    assert (f.rule, f.severity, f.player) == ("vp.minimum", Severity.ERROR, "Anna")
    assert f.message == ("vp 12 for 'Anna' is less than the 55 the end of the third age alone scores (influence "
                         "55 + 3 per domination card × 0): either the vp leave out a 100 tile (add it) or these "
                         "points can't be; check the sheet")
    assert check_sheet(table(("Anna", 55, 1), ("Ben", 198, 2), influence=(55, 40))) == []  # exactly the minimum


def test_rulebook_domination_cards_score_3_vp_in_the_last_age():
    # "Dann werden wie zuvor ... die Domination-Karten verteilt, jedoch gibt jede Karte 3 SP statt
    #  ihres gewöhnlichen Wertes"
    # 19 VP with 10 influence and 3 cards: exactly what the last age scored (10 + 3 × 3).
    assert rules(table(("Anna", 19, 1), ("Ben", 90, 2), influence=(10, 10), dominations=(3, 3))) == []
    assert rules(table(("Anna", 19, 1), ("Ben", 90, 2), influence=(10, 10), dominations=(4, 2))) == \
        ["vp.minimum"]


@pytest.mark.parametrize("n,ok", [(1, False), (2, True), (4, True), (5, False)])
def test_two_to_four_players(n, ok):
    sheet = table(*((f"P{i}", 100 + i, i) for i in range(1, n + 1)))
    assert ("table.size" not in rules(sheet)) is ok


def test_a_player_on_two_rows():
    assert rules(table(("Anna", 100, 1), ("ANNA", 90, 2))) == ["player.twice"]


def test_seats_are_one_to_n():
    sheet = TableSheet((PlayerLine(1, "Anna", 100, 1), PlayerLine(1, "Ben", 90, 2)))
    assert rules(sheet) == ["seats"]


@pytest.mark.parametrize("initiative,ok", [
    ((1, 2, 3), True), ((3, 1, 2), True), ((1, 1, 2), False), ((1, 2, 4), False), ((0, 1, 2), False),
])
def test_initiative_positions_are_exactly_one_to_n(initiative, ok):
    sheet = table(*((p, 100, i) for p, i in zip(("Anna", "Ben", "Cleo"), initiative)))
    assert (rules(sheet) == []) is ok
    if not ok:
        [f] = check_sheet(sheet)
        assert f.rule == "initiative.order"
        assert f.message.endswith("a table of 3 has initiative 1 to 3, each once; copy the markers' positions "
                                  "from the initiative track (1 = front)")


@pytest.mark.parametrize("vp,rule", [(-1, "vp.negative"), (Fraction(1, 2), "vp.whole"), (99.5, "vp.whole"),
                                     (0, None), (1234, None)])
def test_vp_whole_and_not_negative(vp, rule):
    assert rules(table(("Anna", vp, 1), ("Ben", 90, 2))) == ([rule] if rule else [])


@pytest.mark.parametrize("column,value,rule", [
    ("objectives", 5, None), ("objectives", 6, "objectives.max"), ("objectives", -1, "objectives.negative"),
    ("influence", 75, None), ("influence", -3, "influence.negative"), ("influence", 1.5, "influence.whole"),
    ("dominations", 6, None), ("dominations", 7, "dominations.max"), ("dominations", -1, "dominations.negative"),
])
def test_optional_columns_within_the_rulebooks_bounds(column, value, rule):
    sheet = table(("Anna", 400, 1), ("Ben", 90, 2), **{column: (value, None)})
    assert rules(sheet) == ([rule] if rule else [])


def test_objectives_message():
    [f] = check_sheet(table(("Anna", 400, 1), ("Ben", 90, 2), objectives=(6, 2)))
    assert f.message == "objectives 6 for 'Anna' is more than 5: an objective card has 5 objectives; check the sheet"


def test_a_table_shares_six_domination_cards():
    ok = table(("Anna", 100, 1), ("Ben", 90, 2), ("Cleo", 80, 3), dominations=(3, 2, 1))
    assert rules(ok) == []
    bad = table(("Anna", 100, 1), ("Ben", 90, 2), ("Cleo", 80, 3), dominations=(3, 3, 1))
    [f] = check_sheet(bad)
    assert f.rule == "dominations.total"
    assert f.message == ("dominations 'Anna' 3, 'Ben' 3, 'Cleo' 1 make 7: there are 6 domination cards, each won "
                         "by one player at most; check the sheet")


ROWS = st.lists(st.integers(0, 40), min_size=2, max_size=4)


@given(ROWS, st.randoms())
def test_places_are_one_to_n_and_follow_vp_then_initiative(vps, rnd):
    initiative = list(range(1, len(vps) + 1))
    rnd.shuffle(initiative)
    sheet = table(*((f"P{i}", vp, ini) for i, (vp, ini) in enumerate(zip(vps, initiative))))
    got = places(sheet)
    assert sorted(got) == list(range(1, len(vps) + 1))
    assert follows_order(got, [(-vp, ini) for vp, ini in zip(vps, initiative)])
    assert check_sheet(sheet) == []


@given(st.lists(st.tuples(st.integers(-5, 40), st.integers(-1, 5)), min_size=0, max_size=6))
def test_places_are_distinct_even_on_a_broken_sheet(rows):
    sheet = table(*((f"P{i}", vp, ini) for i, (vp, ini) in enumerate(rows)))
    assert sorted(places(sheet)) == list(range(1, len(rows) + 1))
