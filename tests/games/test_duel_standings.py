"""Duel standings on hand-worked events: match points and every tiebreak, exactly."""
from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.duel.sheet import Victory
from tourney.games.duel.standings import MatchResult, chain, duel_standings

CIV, MIL = Victory.CIVILIAN, Victory.MILITARY

# Five players, two rounds, worked by hand:
#   round 1: A beat B 60-50 (civilian), C and D drew 55-55 (shared victory), E had the bye;
#   round 2: C beat A by military supremacy (A 40, C 30 points), E beat B 70-30, D had the bye.
EVENT = [
    MatchResult(1, 1, "A", "B", "A", CIV, (60, 50)),
    MatchResult(1, 2, "C", "D", None, CIV, (55, 55)),
    MatchResult(1, 3, "E", None),
    MatchResult(2, 1, "A", "C", "C", MIL, (40, 30)),
    MatchResult(2, 2, "E", "B", "E", CIV, (70, 30)),
    MatchResult(2, 3, "D", None),
]
PLAYERS = list("ABCDE")


def table(rows, keys):
    return [(r.rank, r.player, r.match_points, *[r.value(k) for k in keys]) for r in rows]


def test_match_points_and_record():
    rows = duel_standings(PLAYERS, EVENT, [])
    got = {r.player: (r.match_points, r.wins, r.losses, r.draws, r.byes) for r in rows}
    assert got == {"A": (1, 1, 1, 0, 0), "B": (0, 0, 2, 0, 0), "C": (F(3, 2), 1, 0, 1, 0),
                   "D": (F(3, 2), 0, 0, 1, 1), "E": (2, 1, 0, 0, 1)}
    # Without tiebreaks, C and D share second place.
    assert [(r.rank, r.player) for r in rows] == [(1, "E"), (2, "C"), (2, "D"), (4, "A"), (5, "B")]


def test_buchholz_omw_sb_chain():
    keys = ["buchholz", "omw", "sb"]
    rows = duel_standings(PLAYERS, EVENT, keys)
    # Buchholz: A = B 0 + C 3/2; B = A 1 + E 2; C = D 3/2 + A 1; D = C 3/2; E = B 0 (byes add none).
    # Match-win %: A 1/2, B 0 -> floor 1/3, C 3/4, D 3/4, E 1; OMW is the opponents' average.
    # SB: C = 1/2 x D 3/2 + 1 x A 1 = 7/4; D = 1/2 x C 3/2 = 3/4; A = 1 x B 0 + 0 x C = 0.
    assert table(rows, keys) == [
        (1, "E", 2, 0, F(1, 3), 0),
        (2, "C", F(3, 2), F(5, 2), F(5, 8), F(7, 4)),
        (3, "D", F(3, 2), F(3, 2), F(3, 4), F(3, 4)),
        (4, "A", 1, F(3, 2), F(13, 24), 0),
        (5, "B", 0, 3, F(3, 4), 0),
    ]


def test_bye_score_is_configurable():
    rows = duel_standings(PLAYERS, EVENT, [], bye_points=F(1, 2))
    got = {r.player: r.match_points for r in rows}
    assert got["E"] == F(3, 2) and got["D"] == 1


def test_wbc_chain_wins_supremacy_civilian_ratio():
    keys = ["wins", "supremacy", "civ_ratio"]
    rows = duel_standings(PLAYERS, EVENT, keys)
    # Civilian ratio counts civilian matches only: A 60/110; B (50+30)/(110+100); C, D 55/110; E 70/100.
    assert table(rows, keys) == [
        (1, "E", 2, 1, 0, F(7, 10)),
        (2, "C", F(3, 2), 1, 1, F(1, 2)),
        (3, "D", F(3, 2), 0, 0, F(1, 2)),
        (4, "A", 1, 1, 0, F(6, 11)),
        (5, "B", 0, 0, 0, F(8, 21)),
    ]


def test_civilian_ratio_separates_equal_winners_and_lot_settles_the_rest():
    results = [MatchResult(1, 1, "P", "Q", "P", CIV, (60, 40)), MatchResult(1, 2, "R", "S", "R", CIV, (50, 45))]
    wbc = duel_standings(list("PQRS"), results, ["wins", "supremacy", "civ_ratio"])
    assert [(r.rank, r.player) for r in wbc] == [(1, "P"), (2, "R"), (3, "S"), (4, "Q")]
    swiss = duel_standings(list("PQRS"), results, ["buchholz", "omw"])
    assert [(r.rank, r.player) for r in swiss] == [(1, "P"), (1, "R"), (3, "Q"), (3, "S")]
    lots = {"R": 1, "S": 2, "P": 3, "Q": 4}
    drawn = duel_standings(list("PQRS"), results, ["buchholz", "omw", "lot"], lots=lots)
    assert [(r.rank, r.player) for r in drawn] == [(1, "R"), (2, "P"), (3, "S"), (4, "Q")]


def test_player_without_matches_is_listed():
    rows = duel_standings(["A", "B", "Z"], [MatchResult(1, 1, "A", "B", "B", CIV, (1, 2))], ["buchholz"],
                          dropped={"Z": 0})
    assert [(r.player, r.match_points, r.dropped_after) for r in rows] == [("B", 1, None), ("A", 0, None),
                                                                          ("Z", 0, 0)]


def test_tiebreaks_are_declared_objects():
    declared = chain(["buchholz", "lot"])
    assert [(t.key, t.abbr, t.ascending) for t in declared] == [("buchholz", "Buch", False), ("lot", "Lot", True)]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 3), st.integers(0, 60),
                          st.integers(0, 60)), max_size=25),
       st.sampled_from([F(1), F(1, 2), F(0)]))
def test_match_points_add_up(matches, bye):
    # Every match hands out exactly 1 match point (1-0 or 1/2-1/2); every bye `bye` points.
    names = [f"P{i}" for i in range(6)]
    results = []
    for k, (a, b, how, va, vb) in enumerate(matches):
        if a == b:
            results.append(MatchResult(1, k + 1, names[a], None))
            continue
        winner = None if how == 0 else names[a] if how == 1 else names[b]
        victory = MIL if how == 3 else CIV
        results.append(MatchResult(1, k + 1, names[a], names[b], winner, victory, (va, vb)))
    rows = duel_standings(names, results, ["buchholz", "omw", "sb", "wins", "supremacy", "civ_ratio", "vp"],
                          bye_points=bye)
    played = sum(not m.is_bye for m in results)
    byes = len(results) - played
    assert sum(r.match_points for r in rows) == played + bye * byes
    assert sum(r.wins for r in rows) == sum(r.losses for r in rows)
    ranks = [r.rank for r in rows]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_cut_places():
    from tourney.games.duel.standings import cut_places

    seeds = ["S1", "S2", "S3", "S4", "S5", "S6"]
    # Cut of 6 in a bracket of 8: S1 and S2 have byes; S5 beats S4, S3 beats S6; then S1
    # and S5 share a victory (S1, the higher seed, goes through), S2 beats S3; final S2 wins.
    r1 = [MatchResult(2, 1, "S1", None), MatchResult(2, 2, "S4", "S5", "S5", CIV),
          MatchResult(2, 3, "S2", None), MatchResult(2, 4, "S3", "S6", "S3", CIV)]
    r2 = [MatchResult(3, 1, "S1", "S5", None, CIV), MatchResult(3, 2, "S2", "S3", "S2", CIV)]
    r3 = [MatchResult(4, 1, "S1", "S2", "S2", CIV)]
    assert cut_places(seeds, [r1]) == {"S4": 5, "S6": 5, "S1": 1, "S2": 1, "S3": 1, "S5": 1}
    assert cut_places(seeds, [r1, r2, r3]) == {"S4": 5, "S6": 5, "S5": 3, "S3": 3, "S1": 2, "S2": 1}
