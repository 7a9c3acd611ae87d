"""Place points: a table's places (shared places allowed) turned into points by a scheme's
points per table size. Tied players pool the points of the places they take and share them
equally, so a table always hands out exactly the points of its places. Exact: Fractions."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction


def bonn_scaled(size: int) -> tuple[int, ...]:
    """The Bonn 6-4-3-2-1 scaled to a table of `size`: the last place 1 point, each place
    above it 1 more, and the winner 2 more than second (2: 3-1, 3: 4-2-1, 4: 5-3-2-1,
    5: 6-4-3-2-1, 6: 7-5-4-3-2-1)."""
    if size < 1:
        raise ValueError(f"a table has at least 1 player, not {size}")
    if size == 1:
        return (1,)
    return (size + 1, *range(size - 1, 0, -1))


def place_points(places: Sequence[int], points: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player's points (in the order of `places`): places 1..n, equal numbers shared (1, 2, 2, 4);
    `points[i]` is what place i+1 earns (0 past the end). The players sharing a place pool the
    points of the places they take (places p..p+k-1) and get an equal share each."""
    n = len(places)
    if sorted(places) != _valid_places(places):
        raise ValueError(f"places {list(places)!r} are not 1..{n} with shared places skipping the next ones")
    taken = Counter(places)
    worth = [Fraction(points[i]) if i < len(points) else Fraction(0) for i in range(n)]
    return tuple(sum(worth[p - 1:p - 1 + taken[p]], Fraction(0)) / taken[p] for p in places)


def _valid_places(places: Sequence[int]) -> list[int]:
    """The sorted places a ranking with these ties has (1, 2, 2, 4): each group starts at 1 +
    the number of players ranked above it."""
    out: list[int] = []
    for p in sorted(places):
        out.append(p if out and p == out[-1] else len(out) + 1)
    return out
