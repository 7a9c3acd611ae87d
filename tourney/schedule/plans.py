"""Table plans: how many tables of which size seat `n` players, by plan name (`bonn`, `dm`)
or explicit sizes, and the shapes a schedule is made of."""
from __future__ import annotations

from collections.abc import Sequence

from tourney.errors import SeatingError

Table = tuple[int, ...]
Round = tuple[Table, ...]
Schedule = tuple[Round, ...]

#: Named table plans: ``bonn`` (5s, then 4s, 3s only when unavoidable), ``dm`` (4s, few 3s).
PLANS: tuple[str, ...] = ("bonn", "dm")
MIN_TABLE, MAX_TABLE = 3, 7


class PlanError(SeatingError):
    """The players cannot be seated with the requested table plan."""


def _enough_players(n: int) -> None:
    if n < MIN_TABLE:
        raise PlanError(f"cannot seat {n} player{'s' * (n != 1)}: 7 Wonders needs at least {MIN_TABLE} "
                        "at a table")


def bonn_plan(n: int) -> tuple[int, ...]:
    """Bonn 2018: as many tables of 5 as possible, then 4s; 3s only when 5s and 4s can't
    cover `n` (6, 7, 11), and then as few 3s as possible (11 → 4+4+3, not 5+3+3)."""
    _enough_players(n)
    for threes in range(3):
        rest = n - 3 * threes
        for fives in range(rest // 5, -1, -1):
            if (rest - 5 * fives) % 4 == 0:
                return (5,) * fives + (4,) * ((rest - 5 * fives) // 4) + (3,) * threes
    raise AssertionError(f"no bonn plan for {n}")  # every n >= 3 splits into 5s, 4s and at most two 3s


def dm_plan(n: int) -> tuple[int, ...]:
    """German championship style: tables of 4 and as few tables of 3 as possible (at most
    three); 5 players, whom 4s and 3s can't seat, play at one table of 5, which the `dm`
    scheme scores 5-3-2-1-0."""
    _enough_players(n)
    if n == 5:
        return (5,)
    threes = -n % 4  # the 3s make up what 4s leave over: n = 4k + 4 - threes
    return (4,) * ((n - 3 * threes) // 4) + (3,) * threes


def plan_for_table_size(size: int) -> str:
    """The named plan of a scheme's usual table size: 5 or more → ``bonn``, else ``dm``."""
    return "bonn" if size >= 5 else "dm"


def table_plan(n: int, plan: str | Sequence[int] = "bonn") -> tuple[int, ...]:
    """Table sizes (largest first) for `n` players: a plan name or explicit sizes.

    The one place table sizes are decided. Explicit sizes may be a sequence of ints or a
    string like ``"5,5,4"``.
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
