"""Swiss pairing properties (no avoidable rematch, score groups, bye rotation), worked
examples, round robin and top-cut brackets."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.event.swiss import (
    Pairing, PairingError, SwissPlayer, bracket_order, max_matching, next_cut_round, pair_round, round_robin,
    seeded_order, top_cut,
)

HALF = Fraction(1, 2)


def test_round_one_pairs_top_half_against_bottom_half():
    players = [SwissPlayer(f"P{i}", order=i) for i in range(1, 9)]
    r = pair_round(players, seed=1)
    assert [set(p.players) for p in r.pairings] == [{"P1", "P5"}, {"P2", "P6"}, {"P3", "P7"}, {"P4", "P8"}]
    assert r.rematches == 0 and r.floats == 0


def test_worked_round_two_with_a_draw_and_a_bye():
    # Round 1: A beat E, B beat F, C and G drew, D beat H, I had the bye (1 point).
    s = {"A": 1, "B": 1, "D": 1, "I": 1, "C": HALF, "G": HALF, "E": 0, "F": 0, "H": 0}
    met = {"A": "E", "E": "A", "B": "F", "F": "B", "C": "G", "G": "C", "D": "H", "H": "D"}
    players = [SwissPlayer(n, Fraction(s[n]), frozenset(met.get(n, "")) - {""}, byes=int(n == "I"), order=i)
               for i, n in enumerate("ABCDEFGHI")]
    r = pair_round(players, seed=7)
    got = [(set(p.players), p.is_bye) for p in r.pairings]
    # 1-point group A B D I pairs top half v bottom half; C and G (½) have met, so each
    # meets a 0-point player; the bye goes to the lowest placed 0-point player, H.
    assert got == [({"A", "D"}, False), ({"B", "I"}, False), ({"C", "E"}, False), ({"G", "F"}, False),
                   ({"H"}, True)]
    assert r.floats == 2


def test_no_rematch_when_avoidable_and_fewest_when_not():
    # Four players, three rounds played: everyone has met everyone, so round 4 must repeat;
    # only two rematches are needed.
    names = "ABCD"
    players = [SwissPlayer(n, opponents=frozenset(set(names) - {n}), order=i) for i, n in enumerate(names)]
    r = pair_round(players, seed=0)
    assert r.rematches == 2
    assert all("rematch: no pairing avoids it" in p.flags for p in r.pairings)


def test_same_seed_same_pairing_and_first_player():
    players = [SwissPlayer(f"P{i}", order=i) for i in range(10)]
    assert pair_round(players, "s:1") == pair_round(players, "s:1")


def test_who_starts_balances_starts():
    a = SwissPlayer("A", firsts=2, order=0)
    b = SwissPlayer("B", firsts=1, order=1)
    (p,) = pair_round([a, b], seed=3).pairings
    assert (p.first, p.flags[0]) == ("B", "first: fewer starts")
    a = SwissPlayer("A", firsts=1, started_last=True, order=0)
    b = SwissPlayer("B", firsts=1, started_last=False, order=1)
    (p,) = pair_round([a, b], seed=3).pairings
    assert (p.first, p.flags[0]) == ("B", "first: alternates")


def test_too_few_players_and_duplicates():
    with pytest.raises(PairingError, match="1 active player: a round needs at least 2"):
        pair_round([SwissPlayer("A")], 0)
    with pytest.raises(PairingError, match="listed twice"):
        pair_round([SwissPlayer("A"), SwissPlayer("a")], 0)


# --- simulated events -------------------------------------------------------------------
def _matchings(items: list[str]):
    if not items:
        yield []
        return
    a = items[0]
    for i in range(1, len(items)):
        rest = items[1:i] + items[i + 1:]
        for m in _matchings(rest):
            yield [(a, items[i])] + m


def _min_rematches(active: list[SwissPlayer]) -> int:
    """Brute force: the fewest rematches any pairing has, the bye going to a player with the
    fewest byes (bye fairness comes first)."""
    met = {p.name: p.opponents for p in active}
    names = [p.name for p in active]
    fewest = min(p.byes for p in active)
    byes = [p.name for p in active if p.byes == fewest] if len(names) % 2 else [None]
    best = len(names)
    for b in byes:
        rest = [n for n in names if n != b]
        for m in _matchings(rest):
            best = min(best, sum(y in met[x] for x, y in m))
    return best


def _min_floats(scores: list[Fraction]) -> int:
    """With nobody met before: one float per score group that leaves an odd remainder."""
    floats, count = 0, 0
    for s in sorted(set(scores), reverse=True):
        count += scores.count(s)
        floats += count % 2
    return floats - (len(scores) % 2)  # the last odd remainder is no float (nothing below)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 11), rounds=st.integers(1, 8), seed=st.integers(0, 10**6),
       drop_rate=st.sampled_from([0.0, 0.1]))
def test_simulated_event_properties(n, rounds, seed, drop_rate):
    rng = random.Random(seed)
    score = {f"P{i}": Fraction(0) for i in range(n)}
    met: dict[str, set[str]] = {p: set() for p in score}
    byes = {p: 0 for p in score}
    active = list(score)
    late = 0
    for r in range(1, rounds + 1):
        if len(active) > 3 and rng.random() < drop_rate:
            active.remove(rng.choice(active))          # a drop
        if rng.random() < 0.1:
            late += 1
            name = f"L{late}"                          # a late entry with 0 points
            score[name], met[name], byes[name] = Fraction(0), set(), 0
            active.append(name)
        ranking = sorted(active, key=lambda p: (-score[p], p))
        players = [SwissPlayer(p, score[p], frozenset(met[p]), byes[p], order=i) for i, p in enumerate(ranking)]
        result = pair_round(players, seed=f"{seed}:{r}")
        paired = [x for pr in result.pairings for x in pr.players]
        assert sorted(paired) == sorted(active)                      # everyone once
        if len(active) <= 10:
            assert result.rematches == _min_rematches(players)       # no avoidable rematch
        bye = [pr.first for pr in result.pairings if pr.is_bye]
        assert len(bye) == len(active) % 2
        if bye:
            # Nobody gets a second bye while someone without one could take it.
            assert byes[bye[0]] == min(byes[p] for p in active)
            byes[bye[0]] += 1
            score[bye[0]] += 1
        for pr in result.pairings:
            if pr.is_bye:
                continue
            a, b = pr.first, pr.second
            met[a].add(b)
            met[b].add(a)
            x = rng.random()
            if x < 0.45:
                score[a] += 1
            elif x < 0.9:
                score[b] += 1
            else:
                score[a] += HALF
                score[b] += HALF


@settings(max_examples=60, deadline=None)
@given(scores=st.lists(st.sampled_from([0, HALF, 1, 1 + HALF, 2, 3]), min_size=2, max_size=30),
       seed=st.integers(0, 100))
def test_score_groups_respected_in_a_fresh_field(scores, seed):
    # Nobody has met anybody and nobody has had a bye: the pairing floats only the one
    # player an odd group must give away, so the float count is the minimum possible.
    players = [SwissPlayer(f"P{i}", Fraction(s), order=i) for i, s in enumerate(scores)]
    r = pair_round(players, seed)
    bye = [p.first for p in r.pairings if p.is_bye]
    left = [Fraction(s) for i, s in enumerate(scores) if f"P{i}" not in bye]
    assert r.floats == _min_floats(left)
    assert r.rematches == 0


def test_bye_goes_to_the_lowest_placed_without_one():
    players = [SwissPlayer("A", Fraction(1), order=0), SwissPlayer("B", Fraction(0), byes=1, order=1),
               SwissPlayer("C", Fraction(0), order=2)]
    r = pair_round(players, 0)
    assert [p.first for p in r.pairings if p.is_bye] == ["C"]


def test_seeded_order_is_reproducible_and_a_permutation():
    names = [f"N{i}" for i in range(20)]
    assert seeded_order(names, 5) == seeded_order(list(reversed(names)), 5)
    assert sorted(seeded_order(names, 5)) == sorted(names)
    assert seeded_order(names, 5) != seeded_order(names, 6)


# --- round robin --------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_round_robin_everyone_meets_everyone_once(n):
    names = [f"P{i}" for i in range(n)]
    rounds = round_robin(names)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    pairs = [frozenset(p.players) for rnd in rounds for p in rnd if not p.is_bye]
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset, combinations(names, 2))))
    for rnd in rounds:
        assert sorted(x for p in rnd for x in p.players) == sorted(names)
    firsts = {x: sum(p.first == x for rnd in rounds for p in rnd if not p.is_bye) for x in names}
    games = n - 1
    assert all(abs(2 * f - games) <= 2 for f in firsts.values()), firsts
    if n % 2:
        assert sorted(p.first for rnd in rounds for p in rnd if p.is_bye) == sorted(names)


# --- top cut -----------------------------------------------------------------------------
def test_bracket_order():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(PairingError):
        bracket_order(6)


def test_top_cut_of_eight_and_of_six():
    ranked = [f"S{i}" for i in range(1, 11)]
    cut = top_cut(ranked, 8)
    assert [(p.first, p.second) for p in cut] == [("S1", "S8"), ("S4", "S5"), ("S2", "S7"), ("S3", "S6")]
    six = top_cut(ranked, 6)
    assert [(p.first, p.second) for p in six] == [("S1", None), ("S4", "S5"), ("S2", None), ("S3", "S6")]
    nxt = next_cut_round(["S1", "S5", "S2", "S6"], ranked)
    assert nxt == (Pairing(1, "S1", "S5", ("top cut",)), Pairing(2, "S2", "S6", ("top cut",)))
    assert next_cut_round(["S5", "S1"], ranked)[0].first == "S1"


# --- maximum matching (how few rematches a round needs) -----------------------------------
def _brute_matching_size(n, edges):
    best = 0

    def go(free, size):
        nonlocal best
        best = max(best, size)
        if not free:
            return
        v, rest = free[0], free[1:]
        go(rest, size)
        for u in rest:
            if (min(u, v), max(u, v)) in edges:
                go([x for x in rest if x != u], size + 1)

    go(list(range(n)), 0)
    return best


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 9), data=st.data())
def test_max_matching_is_maximum_and_valid(n, data):
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    edges = set(data.draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else [])
    adj = [[u for u in range(n) if (min(u, v), max(u, v)) in edges] for v in range(n)]
    mate = max_matching(n, adj)
    for v, m in enumerate(mate):
        if m != -1:
            assert mate[m] == v and (min(v, m), max(v, m)) in edges
    assert sum(m != -1 for m in mate) // 2 == _brute_matching_size(n, edges)


def test_odd_cycles_need_the_blossom_step():
    # Two triangles joined through vertex 3, plus a tail: odd cycles (blossoms), and a
    # perfect matching 0-1, 2-3, 4-5, 6-7 that the search must find.
    edges = {(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (4, 5), (3, 5), (5, 6), (6, 7)}
    adj = [[u for u in range(8) if (min(u, v), max(u, v)) in edges] for v in range(8)]
    assert -1 not in max_matching(8, adj)


def test_many_rounds_beyond_a_full_cycle_stay_fast_and_minimal():
    # 30 players after a complete round robin and two more rounds: every pairing repeats;
    # the exact search returns at once with one rematch per table.
    names = [f"P{i}" for i in range(30)]
    players = [SwissPlayer(n, Fraction(i % 5), frozenset(set(names) - {n}), order=i) for i, n in enumerate(names)]
    r = pair_round(players, 1)
    assert r.rematches == 15
    # Almost everyone has met: only P0-P1 and P2-P3 are new; pairing both is possible.
    met = {n: set(names) - {n} for n in names}
    for a, b in (("P0", "P1"), ("P2", "P3")):
        met[a].discard(b)
        met[b].discard(a)
    players = [SwissPlayer(n, Fraction(0), frozenset(met[n]), order=i) for i, n in enumerate(names)]
    assert pair_round(players, 1).rematches == 13
