"""Seating schedules for multi-table games: table plans, a seeded optimiser that avoids
repeat opponents, neighbours and start seats, and lower bounds that say what is forced.

Pure: players are plain ints, a table is a tuple of players in clockwise seat order (seat 1
first), a round a tuple of tables, a schedule a tuple of rounds. No database, no I/O.
"""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

Table = tuple[int, ...]
Round = tuple[Table, ...]
Schedule = tuple[Round, ...]

#: Named table plans: ``bonn`` (5s, then 4s, 3s only when unavoidable), ``dm`` (4s, few 3s).
PLANS: tuple[str, ...] = ("bonn", "dm")
MIN_TABLE, MAX_TABLE = 3, 7
#: Local-search moves per round to plan: counted, not timed, so a seed always gives the
#: same schedule on any machine.
BUDGET_PER_ROUND = 75_000
# Search tuning, measured with benchmarks/bench_seating.py: fields up to _SMALL players
# anneal in short runs of 5,000 moves, larger ones in runs of _PER moves per player; a move
# looks up to _TRIES times for a player with a repeat; a share _GREEDY of those moves takes
# the best partner instead of a random one; the search stops after _PATIENCE moves in runs
# that found no better schedule.
_SMALL = 20
_PER = 400
_TRIES = 10
_GREEDY = 0.05
_PATIENCE = 50_000


class PlanError(ValueError):
    """The players cannot be seated with the requested table plan (a user-fixable error)."""


# --------------------------------------------------------------------------- table plans


def bonn_plan(n: int) -> tuple[int, ...]:
    """Bonn 2018: as many tables of 5 as possible, then 4s; 3s only when 5s and 4s can't
    cover `n` (6, 7, 11), and then as few 3s as possible (11 → 4+4+3, not 5+3+3)."""
    if n < MIN_TABLE:
        raise PlanError(f"cannot seat {n} players: 7 Wonders needs at least {MIN_TABLE} at a table")
    for threes in range(0, 3):
        rest = n - 3 * threes
        for fives in range(rest // 5, -1, -1):
            if (rest - 5 * fives) % 4 == 0:
                return (5,) * fives + (4,) * ((rest - 5 * fives) // 4) + (3,) * threes
    raise AssertionError(f"no bonn plan for {n}")  # every n >= 3 splits into 5s, 4s and at most two 3s


def dm_plan(n: int) -> tuple[int, ...]:
    """German championship style: tables of 4, as few tables of 3 as possible."""
    for threes in range(0, 4):
        rest = n - 3 * threes
        if rest >= 0 and rest % 4 == 0 and n > 0:
            return (4,) * (rest // 4) + (3,) * threes
    raise PlanError(f"cannot seat {n} players at tables of 4 and 3: "
                    f"use the 'bonn' plan or give the table sizes explicitly")


def table_plan(n: int, plan: str | Sequence[int] = "bonn") -> tuple[int, ...]:
    """Table sizes (largest first) for `n` players: a plan name or explicit sizes.

    Explicit sizes may be a sequence of ints or a string like ``"5,5,4"``.
    """
    if isinstance(plan, str):
        key = plan.strip().lower()
        if key == "bonn":
            return bonn_plan(n)
        if key == "dm":
            return dm_plan(n)
        try:
            sizes = [int(s) for s in key.replace("+", ",").split(",") if s.strip()]
        except ValueError:
            raise PlanError(f"unknown table plan {plan!r}: use 'bonn', 'dm' or sizes like '5,5,4'") from None
    else:
        sizes = [int(s) for s in plan]
    bad = [s for s in sizes if not MIN_TABLE <= s <= MAX_TABLE]
    if bad:
        raise PlanError(f"table size {bad[0]!r} in plan {plan!r}: tables hold {MIN_TABLE} to {MAX_TABLE} players")
    if sum(sizes) != n:
        raise PlanError(f"table plan {plan!r} seats {sum(sizes)} players but {n} are playing: "
                        f"give sizes that add up to {n}, or use 'bonn' or 'dm'")
    return tuple(sorted(sizes, reverse=True))


# --------------------------------------------------------------------------- quality


@dataclass(frozen=True)
class Quality:
    """Repeats over a whole schedule, in the order the optimiser minimises them.

    `pairs`: extra meetings (a pair at one table 3 times counts 2); `neighbours`: extra
    times two players sat side by side; `starts`: extra times a player had seat 1.
    """

    pairs: int
    neighbours: int
    starts: int

    def key(self) -> tuple[int, int, int]:
        return (self.pairs, self.neighbours, self.starts)


def _pairs(table: Table) -> list[tuple[int, int]]:
    return [(a, b) if a < b else (b, a) for a, b in itertools.combinations(table, 2)]


def _adjacent(table: Table) -> list[tuple[int, int]]:
    k = len(table)
    if k < 2:
        return []
    if k == 2:
        return [tuple(sorted(table))]  # type: ignore[list-item]
    out = []
    for i in range(k):
        a, b = table[i], table[(i + 1) % k]
        out.append((a, b) if a < b else (b, a))
    return out


def quality(schedule: Sequence[Round]) -> Quality:
    """Count repeated pairs, neighbours and start seats in a schedule."""
    met: dict[tuple[int, int], int] = {}
    adj: dict[tuple[int, int], int] = {}
    starts: dict[int, int] = {}
    pairs = neighbours = repeats = 0
    for rnd in schedule:
        for table in rnd:
            for p in _pairs(table):
                pairs += met.get(p, 0) > 0
                met[p] = met.get(p, 0) + 1
            for p in _adjacent(table):
                neighbours += adj.get(p, 0) > 0
                adj[p] = adj.get(p, 0) + 1
            if table:
                repeats += starts.get(table[0], 0) > 0
                starts[table[0]] = starts.get(table[0], 0) + 1
    return Quality(pairs, neighbours, repeats)


# --------------------------------------------------------------------------- lower bounds


def _min_same_group_pairs(k: int, groups: int) -> int:
    """Fewest pairs that share a group when `k` players come from `groups` groups."""
    q, rem = divmod(k, groups)
    return rem * (q + 1) * q // 2 + (groups - rem) * q * (q - 1) // 2


@dataclass(frozen=True)
class RoundBound:
    """What round `round` (1-based) cannot avoid.

    `pigeonhole`: repeated pairs forced inside this round (its tables draw from too few
    tables of round `against`); `cumulative`: repeats forced in rounds 1..round together.
    """

    round: int
    pigeonhole: int
    against: int | None
    counting: int
    cumulative: int


def _counting_bound(sizes_upto: Sequence[Sequence[int]], n: int) -> int:
    meetings = sum(k * (k - 1) // 2 for sizes in sizes_upto for k in sizes)
    total = max(0, meetings - n * (n - 1) // 2)
    if sizes_upto and all(sum(s) == n for s in sizes_upto):
        # Every player meets at least min(k)-1 others per round, and only n-1 exist.
        least = sum(min(s) - 1 for s in sizes_upto)
        total = max(total, math.ceil(n * max(0, least - (n - 1)) / 2))
    return total


def round_bounds(sizes_per_round: Sequence[Sequence[int]], n: int | None = None) -> tuple[RoundBound, ...]:
    """Lower bounds on repeated pairs for a sequence of rounds with these table sizes.

    `n` is the number of distinct players (default: the size of the largest round). Usable
    before the event, to choose table sizes: only the sizes matter.
    """
    sizes_per_round = [tuple(s) for s in sizes_per_round]
    if n is None:
        n = max((sum(s) for s in sizes_per_round), default=0)
    out: list[RoundBound] = []
    pigeon_sum = 0
    for r, sizes in enumerate(sizes_per_round):
        best, against = 0, None
        for s in range(r):
            earlier = sizes_per_round[s]
            # Valid only when the earlier round seated everyone of this round.
            if sum(earlier) < sum(sizes):
                continue
            forced = sum(_min_same_group_pairs(k, len(earlier)) for k in sizes)
            if forced > best:
                best, against = forced, s + 1
        pigeon_sum += best
        counting = _counting_bound(sizes_per_round[: r + 1], n)
        out.append(RoundBound(r + 1, best, against, counting, max(counting, pigeon_sum)))
    return tuple(out)


def lower_bound(sizes_per_round: Sequence[Sequence[int]], n: int | None = None) -> int:
    """Fewest repeated pairs any schedule with these table sizes can have."""
    bounds = round_bounds(sizes_per_round, n)
    return bounds[-1].cumulative if bounds else 0


# --------------------------------------------------------------------------- report


@dataclass(frozen=True)
class RoundReport:
    round: int
    sizes: tuple[int, ...]
    pairs: int                       # pairs at this round's tables that met before
    cumulative: int
    bound: RoundBound
    neighbours: int
    starts: int
    repeated: tuple[tuple[int, int], ...]  # the repeated pairs of this round


@dataclass(frozen=True)
class Report:
    players: int
    rounds: tuple[RoundReport, ...]
    quality: Quality
    bound: int
    reasons: tuple[str, ...]


def _reasons(sizes_per_round: Sequence[Sequence[int]], n: int, bounds: Sequence[RoundBound]) -> tuple[str, ...]:
    out: list[str] = []
    if not bounds:
        return ()
    last = bounds[-1]
    if last.counting > 0:
        meet = [min(s) - 1 for s in sizes_per_round]
        if all(sum(s) == n for s in sizes_per_round) and sum(meet) > n - 1:
            out.append(f"each player meets at least {'+'.join(map(str, meet))} = {sum(meet)} opponents "
                       f"in {len(meet)} rounds but only {n - 1} others are playing: "
                       f"at least {last.counting} repeated pairs")
        else:
            meetings = sum(k * (k - 1) // 2 for s in sizes_per_round for k in s)
            out.append(f"the tables hold {meetings} pairings but only {n * (n - 1) // 2} different pairs "
                       f"exist: at least {last.counting} repeated pairs")
    for b in bounds:
        if b.pigeonhole and b.against is not None:
            sizes = sizes_per_round[b.round - 1]
            t = len(sizes_per_round[b.against - 1])
            big = max(sizes)
            out.append(f"round {b.round}: a table of {big} draws its players from only {t} tables of "
                       f"round {b.against}, so some of them sat together before: at least "
                       f"{b.pigeonhole} repeated pairs in this round")
    return tuple(out)


def schedule_report(schedule: Sequence[Round]) -> Report:
    """Per round and overall: repeated pairs, neighbours and start seats, next to the
    lower bound, with the reasons a repeat is forced."""
    sizes_per_round = [tuple(len(t) for t in rnd) for rnd in schedule]
    everyone = {p for rnd in schedule for t in rnd for p in t}
    n = len(everyone)
    bounds = round_bounds(sizes_per_round, n)
    met: dict[tuple[int, int], int] = {}
    adj: dict[tuple[int, int], int] = {}
    starts: dict[int, int] = {}
    rounds: list[RoundReport] = []
    cumulative = 0
    for r, rnd in enumerate(schedule):
        repeated: list[tuple[int, int]] = []
        nb = st = 0
        for table in rnd:
            for p in _pairs(table):
                if met.get(p, 0):
                    repeated.append(p)
            for p in _adjacent(table):
                nb += adj.get(p, 0) > 0
            if table:
                st += starts.get(table[0], 0) > 0
        for table in rnd:
            for p in _pairs(table):
                met[p] = met.get(p, 0) + 1
            for p in _adjacent(table):
                adj[p] = adj.get(p, 0) + 1
            if table:
                starts[table[0]] = starts.get(table[0], 0) + 1
        cumulative += len(repeated)
        rounds.append(RoundReport(r + 1, sizes_per_round[r], len(repeated), cumulative, bounds[r],
                                  nb, st, tuple(sorted(repeated))))
    return Report(n, tuple(rounds), quality(schedule), bounds[-1].cumulative if bounds else 0,
                  _reasons(sizes_per_round, n, bounds))


def render_report(report: Report, names: dict[int, str] | None = None) -> str:
    """The report as plain text for the terminal."""
    def name(p: int) -> str:
        return names.get(p, str(p)) if names else str(p)

    lines = [f"{report.players} players, {len(report.rounds)} rounds",
             "round  tables        repeats  total  bound  neighbours  starts"]
    for rr in report.rounds:
        sizes = "+".join(map(str, rr.sizes))
        lines.append(f"{rr.round:>5}  {sizes:<12}  {rr.pairs:>7}  {rr.cumulative:>5}  "
                     f"{rr.bound.cumulative:>5}  {rr.neighbours:>10}  {rr.starts:>6}")
    q = report.quality
    lines.append(f"total: {q.pairs} repeated pairs (lower bound {report.bound}), "
                 f"{q.neighbours} repeated neighbours, {q.starts} repeated start seats")
    for rr in report.rounds:
        if rr.repeated:
            pairs = ", ".join(f"{name(a)} & {name(b)}" for a, b in rr.repeated)
            lines.append(f"round {rr.round} repeats: {pairs}")
    if report.reasons:
        lines.append("why repeats are forced:")
        lines.extend(f"- {r}" for r in report.reasons)
    return "\n".join(lines)


# --------------------------------------------------------------------------- constructions


def _prime_power(q: int) -> tuple[int, int] | None:
    if q < 2:
        return None
    for p in range(2, q + 1):
        if q % p == 0:
            m, x = 0, q
            while x % p == 0:
                x //= p
                m += 1
            return (p, m) if x == 1 else None
    return None


def _field(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Addition and multiplication tables of GF(q), elements 0..q-1 (base-p digit vectors)."""
    pm = _prime_power(q)
    if pm is None:
        return None
    p, m = pm

    def digits(x: int) -> list[int]:
        return [(x // p ** i) % p for i in range(m)]

    def number(d: Sequence[int]) -> int:
        return sum(c * p ** i for i, c in enumerate(d))

    def polymod(a: list[int], mod: list[int]) -> list[int]:
        a = a[:]
        for i in range(len(a) - 1, len(mod) - 2, -1):
            c = a[i]
            if c:
                shift = i - (len(mod) - 1)
                for j, mc in enumerate(mod):
                    a[shift + j] = (a[shift + j] - c * mc) % p
        return (a + [0] * m)[:m]

    def polymul(a: Sequence[int], b: Sequence[int]) -> list[int]:
        out = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                out[i + j] = (out[i + j] + x * y) % p
        return out

    # Irreducible: no monic divisor of degree 1..m//2 (tiny fields, so trial division).
    def irreducible(f: list[int]) -> bool:
        for d in range(1, m // 2 + 1):
            for tail in itertools.product(range(p), repeat=d):
                g = list(tail) + [1]
                if not any(polymod(f, g)[: d]):
                    return False
        return True

    modulus = [0] * m + [1]
    if m > 1:
        for tail in itertools.product(range(p), repeat=m):
            f = list(tail) + [1]
            if irreducible(f):
                modulus = f
                break
    add = [[number([(x + y) % p for x, y in zip(digits(a), digits(b))]) for b in range(q)] for a in range(q)]
    if m == 1:
        mul = [[a * b % p for b in range(q)] for a in range(q)]
    else:
        mul = [[number(polymod(polymul(digits(a), digits(b)), modulus)) for b in range(q)] for a in range(q)]
    return add, mul


def _transversal_rounds(sizes: Sequence[int]) -> list[list[list[int]]] | None:
    """Repeat-free rounds from a resolvable transversal design, or None if none fits.

    With q tables (q a prime power), largest table k <= q and the others of size k-1:
    points (x, b), x in GF(q), b < k; in round r, table g holds (g + r*c_b, b). Two points
    of different columns meet in exactly one of the q rounds; deleting points of the last
    column shortens one table per deleted point in every round. Returns q rounds over
    players 0..n-1.
    """
    q, k = len(sizes), max(sizes)
    short = sum(1 for s in sizes if s == k - 1)
    if any(s not in (k, k - 1) for s in sizes) or short > q or k > q:
        return None
    field = _field(q)
    if field is None:
        return None
    add, mul = field
    index: dict[tuple[int, int], int] = {}
    for b in range(k):
        for x in range(q):
            if b == k - 1 and x < short:
                continue  # deleted points
            index[(x, b)] = len(index)
    rounds = []
    for r in range(q):
        tables = []
        for g in range(q):
            table = []
            for b in range(k):
                x = add[g][mul[r][b]]
                if (x, b) in index:
                    table.append(index[(x, b)])
            tables.append(table)
        rounds.append(tables)
    return rounds


# --------------------------------------------------------------------------- optimiser


class _State:
    """Index-based working state: free rounds as lists of tables, pair-meeting counts."""

    def __init__(self, n: int, fixed: Sequence[Sequence[Sequence[int]]],
                 free: list[list[list[int]]]) -> None:
        self.n = n
        self.fixed = fixed
        self.free = free
        self.rebuild()

    def rebuild(self) -> None:
        n = self.n
        self.meet = [[0] * n for _ in range(n)]
        for rnd in list(self.fixed) + self.free:
            for t in rnd:
                for a, b in itertools.combinations(t, 2):
                    self.meet[a][b] += 1
                    self.meet[b][a] += 1
        self.where = []
        for rnd in self.free:
            w = [-1] * n
            for i, t in enumerate(rnd):
                for p in t:
                    w[p] = i
            self.where.append(w)

    def cost(self) -> tuple[int, int]:
        """(repeated pairs, meetings beyond a pair's second): the second spreads repeats
        over many pairs instead of seating one pair together every round."""
        m = self.meet
        flat = [m[a][b] for a in range(self.n) for b in range(a + 1, self.n)]
        return sum(max(0, x - 1) for x in flat), sum(max(0, x - 2) for x in flat)


#: Weight of a repeated pair against a third meeting when annealing; the best schedule is
#: still chosen by (pairs, third meetings) in that order.
_PAIR_WEIGHT = 8
_BIG = 1 << 16  # packs (pairs, thirds) deltas into one int: pairs * _BIG + thirds


def _anneal(state: _State, movable: list[int], rng: random.Random, budget: int, target: int) -> int:
    """Seeded simulated annealing over swaps of two players in one movable round.

    Returns the fewest repeated pairs found; `state.free` then holds that schedule.
    Deterministic: the same state, rng and budget give the same result.
    """
    meet, free, where = state.meet, state.free, state.where
    pairs, thirds = state.cost()
    best = (pairs, thirds)
    best_free = [[t[:] for t in rnd] for rnd in free]
    members = [[p for t in free[r] for p in t] for r in range(len(free))]
    movable = [r for r in movable if len(free[r]) > 1]
    if best <= (target, 0) or not movable or budget <= 0:
        return pairs
    # add[m]: packed cost of one more meeting for a pair that met m times.
    add = [0] + [_BIG + (m >= 2) for m in range(1, 64)]
    rand = rng.random
    exp = math.exp
    # Short annealing runs from fresh random seatings find the rare optimal basins (19
    # players: 9 repeats) far more often than one long run; bigger fields need longer runs.
    size = max(len(m) for m in members)
    seg_len = min(budget, 5_000 if size <= _SMALL else _PER * size)
    segments = max(1, budget // seg_len)
    t_hi, t_lo = 1.0 * _PAIR_WEIGHT, 0.1 * _PAIR_WEIGHT
    # Once the pair bound is met, one more run may still spread the repeats; then stop.
    extra = None
    stale = 0  # restarts in a row that did not improve the best schedule
    for seg in range(segments):
        if extra is not None:
            if extra == 0:
                break
            extra -= 1
        if stale * seg_len >= _PATIENCE:
            break
        before = best
        if seg:
            # Restart from a fresh random seating of the movable rounds.
            for r in movable:
                pl = members[r][:]
                rng.shuffle(pl)
                start = 0
                for t in free[r]:
                    t[:] = pl[start:start + len(t)]
                    start += len(t)
            state.rebuild()
            meet, where = state.meet, state.where
            pairs, thirds = state.cost()
        decay = (t_lo / t_hi) ** (1.0 / max(1, seg_len))
        temp = t_hi
        for _ in range(seg_len):
            temp *= decay
            r = movable[int(rand() * len(movable))]
            pl = members[r]
            w = where[r]
            tables = free[r]
            npl = len(pl)
            # Prefer a player who sits with someone met before: that is where gains are.
            conflicted = False
            for _try in range(_TRIES):
                a = pl[int(rand() * npl)]
                ma = meet[a]
                if any(ma[x] >= 2 for x in tables[w[a]]):
                    conflicted = True
                    break
            if conflicted and rand() < _GREEDY:
                # Now and then take the best partner for a conflicted player: ends the last
                # few conflicts that random partners rarely hit.
                A = tables[w[a]]
                best_e, partners = None, []
                for B in tables:
                    if B is A:
                        continue
                    for b in B:
                        d = _swap_delta(A, B, a, b, ma, meet[b], add)
                        if best_e is None or d < best_e:
                            best_e, partners = d, [b]
                        elif d == best_e:
                            partners.append(b)
                b = partners[int(rand() * len(partners))]
            else:
                b = pl[int(rand() * npl)]
            ta, tb = w[a], w[b]
            if ta == tb:
                continue
            A, B = tables[ta], tables[tb]
            mb = meet[b]
            d = 0
            move = len(A) != len(B) and rand() < 0.5
            if move:
                # Move one player from the larger table to the smaller: the sizes of
                # the round stay those of the plan, only which table is short changes.
                if len(A) < len(B):
                    a, b, A, B, ma, mb = b, a, B, A, mb, ma
                for x in A:
                    if x != a:
                        d -= add[ma[x] - 1]
                for y in B:
                    d += add[ma[y]]
            else:
                d = _swap_delta(A, B, a, b, ma, mb, add)
            dp = (d + _BIG // 2) // _BIG
            dt = d - dp * _BIG
            e = dp * _PAIR_WEIGHT + dt
            if e <= 0 or rand() < exp(-e / temp):
                if move:
                    _move(tables, w, meet, a, b)
                else:
                    _swap(tables, w, meet, a, b)
                pairs += dp
                thirds += dt
                if (pairs, thirds) < best:
                    best = (pairs, thirds)
                    best_free = [[t[:] for t in rnd] for rnd in free]
                    if best <= (target, 0):
                        break
        if best <= (target, 0):
            break
        if best[0] <= target and extra is None:
            extra = 1
        stale = stale + 1 if best == before else 0
    for r in range(len(free)):
        free[r] = [t[:] for t in best_free[r]]
    state.rebuild()
    return best[0]


def _swap_delta(A: list[int], B: list[int], a: int, b: int, ma: list[int], mb: list[int],
                add: Sequence[int]) -> int:
    """Change in cost when a (at table A) and b (at table B) trade places: a leaves A's
    other players and meets B's, and b the other way round."""
    d = 0
    for x in A:
        if x != a:
            d += add[mb[x]] - add[ma[x] - 1]
    for y in B:
        if y != b:
            d += add[ma[y]] - add[mb[y] - 1]
    return d


def _move(tables: list[list[int]], w: list[int], meet: list[list[int]], a: int, b: int) -> None:
    """Move player `a` to the table of player `b`."""
    A, B = tables[w[a]], tables[w[b]]
    ma = meet[a]
    for x in A:
        if x != a:
            ma[x] -= 1
            meet[x][a] -= 1
    for y in B:
        ma[y] += 1
        meet[y][a] += 1
    A.remove(a)
    B.append(a)
    w[a] = w[b]


def _swap(tables: list[list[int]], w: list[int], meet: list[list[int]], a: int, b: int) -> None:
    ta, tb = w[a], w[b]
    A, B = tables[ta], tables[tb]
    ma, mb = meet[a], meet[b]
    for x in A:
        if x != a:
            ma[x] -= 1
            meet[x][a] -= 1
            mb[x] += 1
            meet[x][b] += 1
    for y in B:
        if y != b:
            mb[y] -= 1
            meet[y][b] -= 1
            ma[y] += 1
            meet[y][a] += 1
    A[A.index(a)] = b
    B[B.index(b)] = a
    w[a], w[b] = tb, ta


def _arrange_seats(fixed: Sequence[Sequence[Sequence[int]]], free: list[list[list[int]]],
                   n: int, rng: random.Random) -> None:
    """Order the seats of every free table: first the cyclic order, to avoid repeated
    neighbours (coordinate descent over the schedule), then who sits in seat 1, to avoid
    repeated start seats (a maximum matching of tables to players). Rotating a table
    keeps its neighbours, so the second step never undoes the first."""
    adj = [[0] * n for _ in range(n)]

    def account(t: Sequence[int], sign: int) -> None:
        k = len(t)
        if k >= 3:
            for i in range(k):
                a, b = t[i], t[(i + 1) % k]
                adj[a][b] += sign
                adj[b][a] += sign
        elif k == 2:
            adj[t[0]][t[1]] += sign
            adj[t[1]][t[0]] += sign

    for rnd in list(fixed) + free:
        for t in rnd:
            account(t, 1)

    def repeats(t: Sequence[int]) -> int:
        k = len(t)
        return sum(adj[t[i]][t[(i + 1) % k]] >= 1 for i in range(k)) if k >= 3 else 0

    for sweep in range(4):
        changed = False
        for rnd in free:
            for i, t in enumerate(rnd):
                if len(t) <= 3:
                    continue  # every order of 3 has the same neighbours
                account(t, -1)
                current = repeats(t)
                head, rest = t[0], t[1:]
                if len(t) <= 6:
                    candidates = [[head, *c] for c in itertools.permutations(rest)]
                else:  # 6! cyclic orders per table and sweep is too many: seeded samples
                    candidates = [t[:]]
                    for _ in range(300):
                        c = rest[:]
                        rng.shuffle(c)
                        candidates.append([head, *c])
                scored = [(repeats(c), c) for c in candidates]
                low = min(sc for sc, _ in scored)
                if sweep == 0 or low < current:
                    choice = rng.choice([c for sc, c in scored if sc == low])
                    changed = changed or choice != t
                    rnd[i] = t = choice
                account(t, 1)
        if sweep and not changed:
            break

    # Start seats: match tables to players who have not started yet (Kuhn's augmenting paths).
    started = [0] * n
    for rnd in fixed:
        for t in rnd:
            if t:
                started[t[0]] += 1
    slots = [(r, i) for r in range(len(free)) for i in range(len(free[r]))]
    rng.shuffle(slots)
    options = []
    for r, i in slots:
        fresh = [p for p in free[r][i] if not started[p]]
        rng.shuffle(fresh)
        options.append(fresh)
    owner: dict[int, int] = {}

    def augment(s: int, seen: set[int]) -> bool:
        for p in options[s]:
            if p in seen:
                continue
            seen.add(p)
            if p not in owner or augment(owner[p], seen):
                owner[p] = s
                return True
        return False

    for s in range(len(slots)):
        augment(s, set())
    starter = {s: p for p, s in owner.items()}
    for s, (r, i) in enumerate(slots):
        t = free[r][i]
        if s in starter:
            p = starter[s]
        else:
            fewest = min(started[p] for p in t)
            p = rng.choice([p for p in t if started[p] == fewest])
        started[p] += 1
        j = t.index(p)
        t = t[j:] + t[:j]
        if rng.random() < 0.5:  # clockwise or counter-clockwise: same neighbours
            t = [t[0]] + t[1:][::-1]
        free[r][i] = t


def plan_schedule(players: Sequence[int], rounds: int, plan: str | Sequence[int] = "bonn", *,
                  fixed: Sequence[Round] = (), seed: int | str = 0,
                  budget: int | None = None) -> Schedule:
    """Plan rounds len(fixed)+1..`rounds` for `players`; fixed rounds come back unchanged.

    `fixed` are rounds already played or printed (they may hold players who dropped since);
    the new rounds seat exactly `players` with the tables of `plan`. Minimises, in order,
    repeated pairs, repeated neighbours and repeated start seats. Deterministic for a seed
    and budget (the budget counts local-search moves, not time; default
    ``BUDGET_PER_ROUND`` per round that can change).
    """
    players = list(dict.fromkeys(players))
    fixed = tuple(tuple(tuple(t) for t in rnd) for rnd in fixed)
    if len(fixed) >= rounds:
        return fixed
    sizes = table_plan(len(players), plan)
    rng = random.Random(f"tourney.schedule:{seed}")
    # Index every player ever seated: the dropped ones still carry history.
    ids = list(dict.fromkeys([p for rnd in fixed for t in rnd for p in t] + players))
    idx = {p: i for i, p in enumerate(ids)}
    n = len(ids)
    fixed_ix = [[[idx[p] for p in t] for t in rnd] for rnd in fixed]
    active = [idx[p] for p in players]
    order = active[:]
    rng.shuffle(order)  # the drawn lot: which player takes which place in the plan
    todo = rounds - len(fixed)

    free: list[list[list[int]]] = []
    construction = _transversal_rounds(sizes) if not fixed else None
    if construction:
        picks = list(range(len(construction)))
        rng.shuffle(picks)
        for r in picks[:todo]:
            free.append([[order[p] for p in t] for t in construction[r]])
    while len(free) < todo:
        shuffled = order[:]
        rng.shuffle(shuffled)
        tables, start = [], 0
        for k in sizes:
            tables.append(shuffled[start:start + k])
            start += k
        free.append(tables)

    state = _State(n, fixed_ix, free)
    all_sizes = [[len(t) for t in rnd] for rnd in fixed_ix] + [list(sizes)] * todo
    target = lower_bound(all_sizes, n)
    # Without history round 1 is arbitrary (players are interchangeable): keep it.
    movable = list(range(1 if not fixed else 0, todo))
    if budget is None:
        budget = BUDGET_PER_ROUND * len(movable)
    _anneal(state, movable, rng, budget, target)
    _arrange_seats(fixed_ix, state.free, n, rng)

    out = list(fixed)
    for rnd in state.free:
        # Number tables largest first; equal sizes in drawn order.
        by_size: dict[int, list[list[int]]] = {}
        for t in rnd:
            by_size.setdefault(len(t), []).append(t)
        ordered = []
        for k in sorted(by_size, reverse=True):
            group = by_size[k]
            rng.shuffle(group)
            ordered.extend(group)
        out.append(tuple(tuple(ids[p] for p in t) for t in ordered))
    return tuple(out)


# --------------------------------------------------------------------------- choosing a plan


@dataclass(frozen=True)
class PlanOption:
    """One table plan for a field: its sizes, the lower bound on repeated pairs, and the
    schedule quality the optimiser reaches with it (None when the plan doesn't fit)."""

    plan: str
    sizes: tuple[int, ...] | None
    bound: int | None
    planned: Quality | None
    problem: str | None = None


def compare_plans(n: int, rounds: int, plans: Sequence[str] = PLANS, seed: int | str = 0) -> tuple[PlanOption, ...]:
    """Before the event: for `n` players and `rounds` rounds, what each plan forces and what
    a planned schedule reaches, so an organiser can choose the table sizes."""
    out = []
    for plan in plans:
        try:
            sizes = table_plan(n, plan)
        except PlanError as exc:
            out.append(PlanOption(plan, None, None, None, str(exc)))
            continue
        schedule = plan_schedule(range(n), rounds, list(sizes), seed=seed)
        out.append(PlanOption(plan, sizes, lower_bound([sizes] * rounds, n), quality(schedule)))
    return tuple(out)


def render_plans(n: int, rounds: int, options: Sequence[PlanOption]) -> str:
    """The plan comparison as plain text for the terminal."""
    lines = [f"{n} players, {rounds} rounds: repeated pairs by table plan",
             "plan        tables          bound  planned  neighbours  starts"]
    for o in options:
        if o.sizes is None or o.planned is None:
            lines.append(f"{o.plan:<10}  {o.problem}")
            continue
        sizes = "+".join(map(str, o.sizes))
        lines.append(f"{o.plan:<10}  {sizes:<14}  {o.bound:>5}  {o.planned.pairs:>7}  "
                     f"{o.planned.neighbours:>10}  {o.planned.starts:>6}")
    return "\n".join(lines)
