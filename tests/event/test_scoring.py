"""Game points and shares: the spec's worked examples, ties of every size, and properties."""
from fractions import Fraction as F

import pytest
from hypothesis import given, strategies as st

from tourney.games.sevenwonders.schemes import BONN, DM
from tourney.event.scoring import Entrant, score_table


def points(vps, scheme=BONN, coins=None):
    coins = coins or [0] * len(vps)
    return list(score_table([Entrant(v, c) for v, c in zip(vps, coins)], scheme).points)


# The table of worked examples in shared/spec/7wonders-tournament.md.
@pytest.mark.parametrize("vps, expected", [
    ([60, 60, 50, 40, 30], [5, 5, 3, 2, 1]),
    ([50, 40, 40, 30], [6, 3, 3, 1]),  # two players tie the virtual fifth (40): places 2-4
    ([40, 40, 40, 40], [F(16, 5)] * 4),  # five-way tie with the virtual player
    ([55, 45, 38], [6, 2, 1]),  # two virtual players at 46 take places 2 and 3
])
def test_spec_worked_examples(vps, expected):
    assert points(vps) == expected


def test_german_text_example_two_first_places_get_five_each():
    assert points([70, 70, 60, 50, 40])[:2] == [5, 5]


@pytest.mark.parametrize("vps, expected", [
    ([50, 50, 50, 40, 30], [F(13, 3)] * 3 + [2, 1]),       # three-way tie for first
    ([50, 50, 50, 50, 30], [F(15, 4)] * 4 + [1]),          # four-way tie
    ([45, 45, 45, 45, 45], [F(16, 5)] * 5),                # everyone ties
    ([60, 50, 40, 40, 40], [6, 4, 2, 2, 2]),               # tie for last places
    ([60, 50, 50, 40, 30], [6, F(7, 2), F(7, 2), 2, 1]),   # tie in the middle
])
def test_ties_share_pooled_points(vps, expected):
    assert points(vps) == expected


def test_virtual_player_can_take_first_place_alone():
    # 10, 10, 10, 70: the average 25 ranks second; the three tied players share 3+2+1.
    assert points([10, 10, 10, 70]) == [2, 2, 2, 6]


def test_table_of_four_shares_include_the_virtual_player():
    # Spec: 50, 40, 40, 30 with the virtual 40 → total 200, shares 25 %, 20 %, 20 %, 15 %.
    s = score_table([Entrant(v) for v in (50, 40, 40, 30)], BONN)
    assert list(s.shares) == [F(1, 4), F(1, 5), F(1, 5), F(3, 20)]
    assert s.virtual_vp == 40 and s.virtual_shares == (F(1, 5),)


def test_coins_do_not_break_ties_under_bonn():
    assert points([60, 60, 50, 40, 30], coins=[20, 0, 0, 0, 0]) == [5, 5, 3, 2, 1]


def test_dm_breaks_ties_by_coins_then_shares():
    assert points([50, 50, 40, 30], DM, coins=[3, 7, 0, 0]) == [3, 5, 2, 1]
    assert points([50, 50, 40, 30], DM, coins=[5, 5, 0, 0]) == [4, 4, 2, 1]
    assert points([50, 40, 30], DM) == [5, 3, 1]


def test_dm_virtual_fourth_player_counts_for_shares_at_tables_of_three():
    s = score_table([Entrant(v) for v in (50, 40, 30)], DM)
    assert list(s.points) == [5, 3, 1]
    assert list(s.shares) == [F(50, 160), F(40, 160), F(30, 160)]


def test_nobody_scored_splits_the_shares_evenly():
    s = score_table([Entrant(0)] * 4, BONN)
    assert sum(s.shares) + sum(s.virtual_shares) == 1


vp_lists = st.lists(st.integers(min_value=0, max_value=120), min_size=3, max_size=5)


@given(vp_lists)
def test_bonn_table_always_hands_out_sixteen_points(vps):
    s = score_table([Entrant(v) for v in vps], BONN)
    assert sum(s.points) + sum(s.virtual_points) == 16


@given(vp_lists)
def test_shares_at_a_table_add_up_to_one(vps):
    s = score_table([Entrant(v) for v in vps], BONN)
    assert sum(s.shares) + sum(s.virtual_shares) == 1


@given(vp_lists)
def test_more_vp_never_earns_fewer_points(vps):
    pts = points(vps)
    for i in range(len(vps)):
        for j in range(len(vps)):
            if vps[i] > vps[j]:
                assert pts[i] > pts[j]
            elif vps[i] == vps[j]:
                assert pts[i] == pts[j]


@given(st.lists(st.tuples(st.integers(0, 90), st.integers(0, 20)), min_size=3, max_size=4))
def test_dm_points_add_up_to_the_places_on_offer(lines):
    s = score_table([Entrant(v, c) for v, c in lines], DM)
    assert sum(s.points) == sum(DM.points[len(lines)])
