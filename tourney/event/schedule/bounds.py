"""What a schedule has and what it cannot avoid: repeated pairs, neighbours and start seats
(`quality`), and lower bounds on repeated pairs from the table sizes alone."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.event.schedule.plans import Round, Table


@dataclass(frozen=True)
class Quality:
    """Repeats over a whole schedule, in the order the optimiser minimises them.

    `pairs`: extra meetings (a pair at one table 3 times counts 2); `neighbours`: extra
    times two players sat side by side; `starts`: extra times a player had seat 1.
    """

    pairs: int
    neighbours: int
    starts: int


@dataclass(frozen=True)
class RoundRepeats:
    """What one round repeats of the rounds before it: the pairs at its tables that met
    before (sorted), the side-by-side pairs and the seat-1 players seen there before."""

    pairs: tuple[tuple[int, int], ...]
    neighbours: int
    starts: int


def table_pairs(table: Table) -> list[tuple[int, int]]:
    """Every pair of players at a table, smaller id first."""
    return [(a, b) if a < b else (b, a) for a, b in itertools.combinations(table, 2)]


def adjacent_pairs(table: Table) -> list[tuple[int, int]]:
    """The pairs sitting side by side (seats are cyclic), smaller id first."""
    k = len(table)
    if k < 2:
        return []
    if k == 2:
        a, b = table
        return [(a, b) if a < b else (b, a)]
    out = []
    for i in range(k):
        a, b = table[i], table[(i + 1) % k]
        out.append((a, b) if a < b else (b, a))
    return out


def round_repeats(schedule: Sequence[Round]) -> tuple[RoundRepeats, ...]:
    """Per round, what it repeats of the rounds before it."""
    met: set[tuple[int, int]] = set()
    beside: set[tuple[int, int]] = set()
    started: set[int] = set()
    out = []
    for rnd in schedule:
        pairs = [p for t in rnd for p in table_pairs(t)]
        sides = [p for t in rnd for p in adjacent_pairs(t)]
        firsts = [t[0] for t in rnd if t]
        out.append(RoundRepeats(tuple(sorted(p for p in pairs if p in met)),
                                sum(p in beside for p in sides), sum(p in started for p in firsts)))
        met.update(pairs)
        beside.update(sides)
        started.update(firsts)
    return tuple(out)


def quality(schedule: Sequence[Round]) -> Quality:
    """Count repeated pairs, neighbours and start seats in a schedule."""
    rounds = round_repeats(schedule)
    return Quality(sum(len(r.pairs) for r in rounds), sum(r.neighbours for r in rounds),
                   sum(r.starts for r in rounds))


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

