"""Pairing one-on-one matches on plain objects: Swiss rounds by score groups, round robin
(Berger circle) for small groups, and a single-elimination top cut seeded by standings.

Nothing here touches the event store; the caller passes players with their history.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

from tourney.core.errors import PairingError
from tourney.core.i18n import _, ngettext

@dataclass(frozen=True)
class SwissPlayer:
    """One active player as the pairing sees them.

    `order` places a player inside a score group (lower = higher placed: the standings
    rank, or a seeded draw in round 1). `firsts` counts the matches they started (Age I);
    `started_last` says whether they started their previous match (None: no match yet).
    """

    name: str
    score: Fraction = Fraction(0)
    opponents: frozenset[str] = frozenset()
    byes: int = 0
    firsts: int = 0
    started_last: bool | None = None
    order: int = 0


@dataclass(frozen=True)
class Pairing:
    """One table: `first` starts Age I; `second` None is a bye. `flags` say why, in words."""

    table: int
    first: str
    second: str | None
    flags: tuple[str, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def players(self) -> tuple[str, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)


@dataclass(frozen=True)
class SwissRound:
    pairings: tuple[Pairing, ...]
    rematches: int = 0
    floats: int = 0
    notes: tuple[str, ...] = field(default=())


#: Node visits the quick search may spend before the exact (matching-guided) search takes over.
QUICK_BUDGET = 20_000


class _OutOfBudget(Exception):
    """The quick search gave up; the exact search takes over."""


def seeded_order(names: Sequence[str], seed: str | int) -> list[str]:
    """A reproducible random order (the round-1 draw): the same seed gives the same order."""
    out = sorted(names, key=str.casefold)
    random.Random(str(seed)).shuffle(out)
    return out


def _key(name: str) -> str:
    return name.casefold()


def max_matching(n: int, adj: Sequence[Sequence[int]]) -> list[int]:
    """A maximum matching of a general graph (Edmonds' blossom algorithm): the mate of
    every vertex 0..n-1, or -1. Used to know how few rematches a round can get away with."""
    match = [-1] * n
    for root in range(n):
        if match[root] != -1:
            continue
        p, v = _augmenting_path(root, n, adj, match)
        while v != -1:
            pv = p[v]
            ppv = match[pv]
            match[v], match[pv] = pv, v
            v = ppv
    return match


def _augmenting_path(root: int, n: int, adj: Sequence[Sequence[int]], match: list[int]) -> tuple[list[int], int]:
    used = [False] * n
    p = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = [root]
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in adj[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and p[match[to]] != -1):
                cur = _common_base(v, to, base, p, match, n)
                blossom = [False] * n
                _mark_blossom(v, cur, to, base, blossom, p, match)
                _mark_blossom(to, cur, v, base, blossom, p, match)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif p[to] == -1:
                p[to] = v
                if match[to] == -1:
                    return p, to
                used[match[to]] = True
                queue.append(match[to])
    return p, -1


def _common_base(a: int, b: int, base: list[int], p: list[int], match: list[int], n: int) -> int:
    seen = [False] * n
    while True:
        a = base[a]
        seen[a] = True
        if match[a] == -1:
            break
        a = p[match[a]]
    while True:
        b = base[b]
        if seen[b]:
            return b
        b = p[match[b]]


def _mark_blossom(v: int, b: int, child: int, base: list[int], blossom: list[bool], p: list[int],
                  match: list[int]) -> None:
    while base[v] != b:
        blossom[base[v]] = blossom[base[match[v]]] = True
        p[v] = child
        child = match[v]
        v = p[match[v]]


class _Search:
    """Depth-first pairing of a ranked list: the top unpaired player takes the best
    candidate (own score group, top half against bottom half, then lower groups), backing
    up on a dead end; failed remainders are remembered. The quick mode has a budget; the
    guided mode skips every candidate after which a maximum matching of the not-yet-met
    graph shows the rematch allowance can't be kept, so it never backs up."""

    def __init__(self, ranked: Sequence[SwissPlayer]) -> None:
        self.ranked = list(ranked)
        n = len(ranked)
        index = {_key(p.name): i for i, p in enumerate(ranked)}
        self.met = [[False] * n for _ in range(n)]
        for i, p in enumerate(ranked):
            for o in p.opponents:
                j = index.get(_key(o))
                if j is not None:
                    self.met[i][j] = self.met[j][i] = True
        self.scores = [p.score for p in ranked]
        self.failed: set[tuple[int, int]] = set()
        self.bounds: dict[int, int] = {}
        self.visits = 0
        self.guided = False

    def bound(self, remaining: list[int], mask: int) -> int:
        """The fewest rematches any pairing of `remaining` needs (exact)."""
        if mask not in self.bounds:
            idx = {v: k for k, v in enumerate(remaining)}
            adj = [[idx[u] for u in remaining if u != v and not self.met[v][u]] for v in remaining]
            mate = max_matching(len(remaining), adj)
            self.bounds[mask] = sum(m == -1 for m in mate) // 2
        return self.bounds[mask]

    def candidates(self, remaining: list[int]) -> list[int]:
        p = remaining[0]
        group = [i for i in remaining if self.scores[i] == self.scores[p]]
        half = len(group) // 2
        same = group[half:] + group[1:half][::-1] if half else group[1:]
        lower = [i for i in remaining if self.scores[i] != self.scores[p]]
        return same + lower

    def solve(self, remaining: list[int], mask: int, allowed: int) -> list[tuple[int, int]] | None:
        if not remaining:
            return []
        if (mask, allowed) in self.failed:
            return None
        self.visits += 1
        if not self.guided and self.visits > QUICK_BUDGET:
            raise _OutOfBudget
        p = remaining[0]
        for q in self.candidates(remaining):
            cost = 1 if self.met[p][q] else 0
            if cost > allowed:
                continue
            rest = [i for i in remaining if i != p and i != q]
            rest_mask = mask & ~(1 << p) & ~(1 << q)
            if self.guided and self.bound(rest, rest_mask) > allowed - cost:
                continue
            sub = self.solve(rest, rest_mask, allowed - cost)
            if sub is not None:
                return [(p, q)] + sub
        self.failed.add((mask, allowed))
        return None


def _who_starts(a: SwissPlayer, b: SwissPlayer, rng: random.Random) -> tuple[SwissPlayer, SwissPlayer, str]:
    """Balance who starts Age I: fewer starts first, then whoever did not start last time,
    then a seeded coin."""
    if a.firsts != b.firsts:
        return (a, b, "first: fewer starts") if a.firsts < b.firsts else (b, a, "first: fewer starts")
    if a.started_last is not None and b.started_last is not None and a.started_last != b.started_last:
        return (b, a, "first: alternates") if a.started_last else (a, b, "first: alternates")
    return (a, b, "first: drawn") if rng.random() < 0.5 else (b, a, "first: drawn")


def _search_pairs(search: _Search, n: int) -> tuple[list[tuple[int, int]], int | None]:
    """The pairs (and the bye, for an odd count): first a quick search for a pairing without
    rematches; if that fails or runs out of budget, the exact minimum of rematches from a
    maximum matching, then the guided search, which finds the same first pairing in
    preference order that an unlimited search would."""
    ranked = search.ranked
    everyone = list(range(n))
    full = (1 << n) - 1
    cands: list[int | None] = [None]
    if n % 2:
        fewest = min(p.byes for p in ranked)
        # The bye: fewest byes so far, then lowest score, then lowest placed.
        byes_first = sorted((i for i in everyone if ranked[i].byes == fewest), key=lambda i: (ranked[i].score, -i))
        cands = list(byes_first)

    def without(c: int | None) -> tuple[list[int], int]:
        return ([i for i in everyone if i != c], full & ~(1 << c)) if c is not None else (everyone, full)

    try:
        for c in cands:
            found = search.solve(*without(c), 0)
            if found is not None:
                return found, c
    except _OutOfBudget:
        pass
    search.guided = True
    need = {c: search.bound(*without(c)) for c in cands}
    fewest_rematches = min(need.values())
    c = next(c for c in cands if need[c] == fewest_rematches)
    found = search.solve(*without(c), fewest_rematches)
    if found is None:  # the bound is exact, so the guided search always completes
        raise AssertionError("guided pairing search failed")
    return found, c


def pair_round(players: Sequence[SwissPlayer], seed: str | int) -> SwissRound:
    """Pair one Swiss round.

    Priorities, highest first: a bye (odd count) goes to a player with the fewest byes so
    far, lowest score, lowest placed; no rematch while any pairing avoids one (otherwise
    as few as possible); pairs inside score groups, top half against bottom half, one
    player floating down from an odd group. Who starts is balanced (see `_who_starts`).
    """
    if len(players) < 2:
        raise PairingError(ngettext("{n} active player: a round needs at least 2",
                                    "{n} active players: a round needs at least 2",
                                    len(players)).format(n=len(players)))
    names = [_key(p.name) for p in players]
    if len(set(names)) != len(names):
        raise PairingError(_("a player is listed twice: names must be unique (ignoring case)"))
    ranked = sorted(players, key=lambda p: (-p.score, p.order, _key(p.name)))
    search = _Search(ranked)
    found, bye = _search_pairs(search, len(ranked))
    rng = random.Random(str(seed))
    pairings: list[Pairing] = []
    rematches = floats = 0
    for t, (i, j) in enumerate(found, 1):
        a, b = ranked[i], ranked[j]
        first, second, why = _who_starts(a, b, rng)
        flags = [why]
        if search.met[i][j]:
            rematches += 1
            flags.append("rematch: no pairing avoids it")
        if a.score != b.score:
            floats += 1
            flags.append(f"float: {a.name} ({a.score}) plays {b.name} ({b.score})")
        pairings.append(Pairing(t, first.name, second.name, tuple(flags)))
    if bye is not None:
        p = ranked[bye]
        why = "bye: lowest placed without a bye" if p.byes == 0 else f"bye: everyone has had {p.byes}"
        pairings.append(Pairing(len(pairings) + 1, p.name, None, (why,)))
    return SwissRound(tuple(pairings), rematches, floats)


# --- round robin ----------------------------------------------------------------------
def round_robin(names: Sequence[str]) -> list[tuple[Pairing, ...]]:
    """Every round of a single round robin (circle method, Berger order): n-1 rounds for
    even n, n rounds for odd n (one bye each). Who starts alternates for the fixed player
    and is balanced to within one start for everyone."""
    if len(names) < 2:
        raise PairingError(_("a round robin needs at least 2 players"))
    slots: list[str | None] = list(names) + ([None] if len(names) % 2 else [])
    n = len(slots)
    rounds: list[tuple[Pairing, ...]] = []
    ring = slots[:-1]
    fixed = slots[-1]
    for r in range(n - 1):
        order = ring[r:] + ring[:r]
        pairs = [(order[0], fixed) if r % 2 == 0 else (fixed, order[0])]
        for k in range(1, n // 2):
            a, b = order[k], order[n - 1 - k]
            pairs.append((a, b) if k % 2 == 0 else (b, a))
        table, out = 1, []
        byes: list[str] = []
        for a, b in pairs:
            if a is None or b is None:
                byes.extend(x for x in (a, b) if x is not None)
                continue
            out.append(Pairing(table, a, b, ("round robin",)))
            table += 1
        for p in byes:
            out.append(Pairing(table, p, None, ("bye: round robin, odd count",)))
            table += 1
        rounds.append(tuple(out))
    return rounds


# --- top cut ---------------------------------------------------------------------------
def bracket_order(size: int) -> list[int]:
    """Seed numbers in bracket order so that 1 and 2 can meet only in the final:
    8 → [1, 8, 4, 5, 2, 7, 3, 6]."""
    if size < 2 or size & (size - 1):
        raise PairingError(_("a bracket of {size}: use a power of two (2, 4, 8, 16, …)").format(size=size))
    order = [1, 2]
    while len(order) < size:
        m = 2 * len(order) + 1
        order = [x for s in order for x in (s, m - s)]
    return order


def top_cut(ranked: Sequence[str], size: int) -> tuple[Pairing, ...]:
    """The first elimination round for the top `size` players of the standings (best
    first). Missing seeds (fewer players than the bracket) are byes for the top seeds.
    The higher seed starts Age I."""
    if size < 2:
        raise PairingError(_("a top cut of {size}: cut to at least 2 players").format(size=size))
    bracket = 1
    while bracket < size:
        bracket *= 2
    seeds = list(ranked[:size])
    if len(seeds) < 2:
        raise PairingError(ngettext("{n} player in the standings: a top cut needs at least 2",
                                    "{n} players in the standings: a top cut needs at least 2",
                                    len(seeds)).format(n=len(seeds)))
    order = bracket_order(bracket)
    out: list[Pairing] = []
    for t in range(bracket // 2):
        hi, lo = order[2 * t], order[2 * t + 1]
        a, b = min(hi, lo), max(hi, lo)
        if a > len(seeds):
            continue
        if b > len(seeds):
            out.append(Pairing(len(out) + 1, seeds[a - 1], None, (f"bye: seed {a} in the top cut",)))
        else:
            out.append(Pairing(len(out) + 1, seeds[a - 1], seeds[b - 1], (f"top cut: seed {a} v seed {b}",)))
    return tuple(out)


def next_cut_round(winners: Sequence[str], seeds: Sequence[str]) -> tuple[Pairing, ...]:
    """The next elimination round: winners of tables 1-2, 3-4, … meet (bracket order is
    kept by the table numbers); the higher seed starts."""
    if len(winners) < 2 or len(winners) % 2:
        raise PairingError(ngettext("{n} winner: a cut round needs an even number, at least 2",
                                    "{n} winners: a cut round needs an even number, at least 2",
                                    len(winners)).format(n=len(winners)))
    rank = {_key(s): i for i, s in enumerate(seeds, 1)}
    out = []
    for t in range(len(winners) // 2):
        a, b = winners[2 * t], winners[2 * t + 1]
        if rank.get(_key(b), 10**9) < rank.get(_key(a), 10**9):
            a, b = b, a
        out.append(Pairing(t + 1, a, b, ("top cut",)))
    return tuple(out)


def robin_pairings(order: Sequence[str], round_no: int, active: frozenset[str]) -> tuple[Pairing, ...]:
    """Round `round_no` of the round robin drawn in `order`, for the players still `active`:
    a match whose opponent dropped is a bye; byes last, tables numbered from 1."""
    schedule = round_robin(list(order))
    out: list[Pairing] = []
    for p in schedule[round_no - 1]:
        playing = [x for x in p.players if x in active]
        if len(playing) == 2:
            out.append(Pairing(len(out) + 1, p.first, p.second, p.flags))
        elif playing:
            out.append(Pairing(len(out) + 1, playing[0], None, ("bye: the opponent dropped",)))
    out.sort(key=lambda p: p.is_bye)
    return tuple(Pairing(i, p.first, p.second, p.flags) for i, p in enumerate(out, 1))
