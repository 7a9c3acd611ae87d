"""The seeded schedule optimiser: a starting seating (a construction or random), simulated
annealing over swaps and moves against repeated pairs, then seat orders against repeated
neighbours and start seats. Counted moves, not time: a seed gives the same schedule anywhere."""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from tourney.event.schedule.bounds import lower_bound
from tourney.event.schedule.constructions import transversal_rounds
from tourney.event.schedule.plans import DEFAULT_SIZES, Round, Schedule, TableSizes, table_plan

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
                  budget: int | None = None, limits: TableSizes = DEFAULT_SIZES) -> Schedule:
    """Plan rounds len(fixed)+1..`rounds` for `players`; fixed rounds come back unchanged.

    `fixed` are rounds already played or printed (they may hold players who dropped since);
    the new rounds seat exactly `players` with the tables of `plan`. Minimises, in order,
    repeated pairs, repeated neighbours and repeated start seats. Deterministic for a seed
    and budget (the budget counts local-search moves, not time; default
    ``BUDGET_PER_ROUND`` per round that can change). `limits` are the game's table sizes.
    """
    players = list(dict.fromkeys(players))
    fixed = tuple(tuple(tuple(t) for t in rnd) for rnd in fixed)
    if len(fixed) >= rounds:
        return fixed
    sizes = table_plan(len(players), plan, limits)
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
    construction = transversal_rounds(sizes) if not fixed else None
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

