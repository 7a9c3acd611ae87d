"""The table checks and the shared-places ranking every game's sheet uses."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st
from rankings import follows_order, is_competition_ranking

from rules_engine import tablecheck


def test_shared_places_skip_after_a_tie():
    assert tablecheck.shared_places([(0,), (1,), (1,), (2,)]) == (1, 2, 2, 4)
    assert tablecheck.shared_places([(5,), (1,), (5,)]) == (2, 1, 2)
    assert tablecheck.shared_places([]) == ()


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(-3, 3)), max_size=8))
def test_shared_places_are_a_ranking_with_ties_that_follows_the_keys(keys):
    places = tablecheck.shared_places(keys)
    assert is_competition_ranking(places)
    assert follows_order(places, keys)


def test_the_ranking_helper_rejects_broken_places():
    assert not is_competition_ranking([1, 1, 2])    # after a shared 1st comes 3rd
    assert not is_competition_ranking([2, 3])
    assert not follows_order([1, 2], [(1,), (0,)])


def test_counts_must_be_whole_and_not_negative():
    assert [f.rule for f in tablecheck.count(Fraction(1, 2), "vp", "Anna", "points")] == ["vp.whole"]
    assert [f.rule for f in tablecheck.count(True, "vp", "Anna", "points")] == ["vp.whole"]
    assert [f.rule for f in tablecheck.count(-1, "vp", "Anna", "points")] == ["vp.negative"]
    assert [f.rule for f in tablecheck.count(6, "vp", "Anna", "points", 5)] == ["vp.max"]
    assert tablecheck.count(5, "vp", "Anna", "points", 5) == []


def test_positions_must_number_the_rows_once_each():
    assert tablecheck.positions([("A", 2), ("B", 1)], "seat", "seats", "fix") == []
    bad = tablecheck.positions([("A", 1), ("B", 1)], "seat", "seats", "renumber them")
    assert [f.message for f in bad] == [("seat is 'A' 1, 'B' 1: a table of 2 has seat 1 to 2, each once; "
                                        "renumber them")]
    assert tablecheck.positions([("A", 1), ("B", "2")], "seat", "seats", "fix") != []
