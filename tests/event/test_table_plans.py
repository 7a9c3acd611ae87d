"""Table plans: one function decides the table sizes for both plans (bug B5: `seating` and
`schedule` each had one, and they disagreed for 5 players under `dm`).

Rule texts: the Bonn 2018 text (../shared/rules/7wonders-tournament-bonn-2018.de.txt) says
"Es wird grundsätzlich an 5er Tischen gespielt. Sollte dieses bei einer Spielerzahl nicht
aufgehen, so werden 4er Tische gebildet, bis jeder Spieler einen Platz hat." and "Bei nicht
passender Teilnehmerzahl werden Tische mit vier oder drei Spielern gebildet."; the spec
(../shared/spec/7wonders-tournament.md, "Tables") gives the worked examples below. No DM
text is in ../shared/rules: the `dm` scheme (German championship 2017, `tourney.core.schemes.DM`)
plays "tables of 4" with tables of 3 where 4s don't fit, and scores a table of 5 (5-3-2-1-0)
because 5 players can't sit at 4s and 3s: so `dm` seats 5 players at one table of 5.
"""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourney.event import seating
from tourney.core.errors import PlanError
from tourney.event.schedule import PLANS, bonn_plan, table_plan
from tourney.games.sevenwonders.schemes import BONN, DM

# The spec's examples, and its "only when 5s and 4s cannot cover the count (6, 7, 11 players)".
BONN_EXAMPLES = {12: (4, 4, 4), 13: (5, 4, 4), 14: (5, 5, 4), 16: (4, 4, 4, 4), 17: (5, 4, 4, 4),
                 23: (5, 5, 5, 4, 4), 40: (5,) * 8, 11: (4, 4, 3), 6: (3, 3), 7: (4, 3)}
DM_EXAMPLES = {12: (4, 4, 4), 13: (4, 3, 3, 3), 14: (4, 4, 3, 3), 15: (4, 4, 4, 3), 6: (3, 3),
               5: (5,)}


@pytest.mark.parametrize("n, sizes", sorted(BONN_EXAMPLES.items()))
def test_bonn_worked_examples_from_the_spec(n, sizes):
    assert table_plan(n, "bonn") == sizes


@pytest.mark.parametrize("n, sizes", sorted(DM_EXAMPLES.items()))
def test_dm_tables_of_four_as_few_threes_as_possible(n, sizes):
    assert table_plan(n, "dm") == sizes


def test_dm_seats_five_players_at_one_table_of_five_as_the_scheme_scores_it():
    # B5: `schedule.table_plan(5, "dm")` refused, while `seat` on a dm event (through
    # `seating.table_plan(5, 4)`) seated one table of 5. The DM scheme scores that table.
    assert table_plan(5, "dm") == (5,)
    assert len(DM.points_for(5)) == 5


@pytest.mark.parametrize("n", range(3, 201))
def test_every_field_has_both_plans_and_seating_uses_the_same_function(n):
    for plan, scheme in (("bonn", BONN), ("dm", DM)):
        sizes = table_plan(n, plan)
        assert sum(sizes) == n
        assert all(3 <= k <= 7 for k in sizes)
        assert list(sizes) == sorted(sizes, reverse=True)
        # `tourney seat` without --tables plans by the scheme's table size: the same plan.
        assert seating.table_plan(n, scheme.table_size) == sizes, (n, plan)
    assert set(table_plan(n, "bonn")) <= {3, 4, 5} and table_plan(n, "bonn").count(3) <= 2
    assert 5 not in table_plan(n, "dm") or n == 5
    assert table_plan(n, "dm").count(3) <= 3


def test_plans_by_name_and_explicit_sizes():
    assert table_plan(14, "BONN") == (5, 5, 4)
    assert table_plan(14, "dm") == (4, 4, 3, 3)
    assert table_plan(14, "4,5,5") == (5, 5, 4)
    assert table_plan(14, "5+5+4") == (5, 5, 4)
    assert table_plan(14, [3, 3, 4, 4]) == (4, 4, 3, 3)


@pytest.mark.parametrize("n, plan, message", [
    (14, "5,5", "table plan '5,5' seats 10 players but 14 are playing: give sizes that add up to 14, or use 'bonn' or 'dm'"),
    (10, "8,2", "table size 8 in plan '8,2': tables hold 3 to 7 players"),
    (10, "swiss", "unknown table plan 'swiss': use 'bonn', 'dm' or sizes like '5,5,4'"),
])
def test_bad_plans_say_how_to_fix_them(n, plan, message):
    with pytest.raises(PlanError) as exc:
        table_plan(n, plan)
    assert str(exc.value) == message


@given(st.integers(min_value=3, max_value=200))
def test_bonn_plan_maximises_fives_after_minimising_threes(n):
    sizes = bonn_plan(n)
    if n not in (3, 6, 7, 11):
        assert 3 not in sizes
    # No plan without more 3s has more 5s.
    for fives in range(sizes.count(5) + 1, n // 5 + 1):
        rest = n - 5 * fives
        assert not any((rest - 3 * t) >= 0 and (rest - 3 * t) % 4 == 0 for t in range(sizes.count(3) + 1))


@pytest.mark.parametrize("plan", PLANS)
@pytest.mark.parametrize("n", [0, 1, 2])
def test_too_few_players_is_a_seating_error_that_says_so(n, plan):
    with pytest.raises(PlanError) as exc:
        table_plan(n, plan)
    assert str(exc.value) == (f"cannot seat {n} player{'s' * (n != 1)}: 7 Wonders needs at least 3 "
                              "at a table")
    with pytest.raises(PlanError):
        seating.table_plan(n)


def test_seat_dm_event_with_five_players_same_with_and_without_tables_option(run):
    run("new", "ev.db", "--game", "7wonders", "--scheme", "dm", "--seed", "5", "--name", "Cup")
    run("players", "add", "ev.db", "A", "B", "C", "D", "E")
    assert run("seat", "ev.db", "--round", "1").output == ("round 1: 5 players at 1 table (5)\n"
                                                          "draw fingerprint 7cdbd3ff126abdd8 (SHA-256 of the secret seed)\n")
    assert run("seat", "ev.db", "--round", "2", "--tables", "dm").output == \
        "round 2: 5 players at 1 table (5)\n"
