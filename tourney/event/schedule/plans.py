"""Table plans: how many tables of which size seat `n` players, by plan name (`bonn`, `dm`)
or explicit sizes, and the shapes a schedule is made of."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tourney.core.errors import PlanError
from tourney.core.i18n import _, join_or, ngettext

Table = tuple[int, ...]
Round = tuple[Table, ...]
Schedule = tuple[Round, ...]

#: Named table plans of the default table sizes: ``bonn`` (5s, then 4s, 3s only when
#: unavoidable), ``dm`` (4s, few 3s); ``even`` (as close to a game's usual table size as its
#: table sizes allow) works for every game's sizes.
PLANS: tuple[str, ...] = ("bonn", "dm")
MIN_TABLE, MAX_TABLE = 3, 7


@dataclass(frozen=True)
class TableSizes:
    """What a game allows at one table: `low` to `high` players, `usual` the size plans aim
    for; `game` names the game in messages."""

    low: int
    high: int
    usual: int
    game: str

    def __post_init__(self) -> None:
        assert 1 <= self.low <= self.usual <= self.high, self


#: The table sizes the named plans ``bonn`` and ``dm`` were made for (tables of 3 to 7).
DEFAULT_SIZES = TableSizes(MIN_TABLE, MAX_TABLE, 5, "7 Wonders")


def _enough_players(n: int, sizes: TableSizes = DEFAULT_SIZES) -> None:
    if n < sizes.low:
        raise PlanError(ngettext("cannot seat {n} player: {game} needs at least {low} at a table",
                                 "cannot seat {n} players: {game} needs at least {low} at a table", n).format(
            n=n, game=sizes.game, low=sizes.low))


def even_plan(n: int, sizes: TableSizes) -> tuple[int, ...]:
    """Tables as close to `sizes.usual` as `sizes` allow: of the table counts that seat `n`
    with sizes differing by at most one, the one whose largest gap to the usual size is
    smallest, fewer tables on a tie (tables of 4: 5 → 5, 6 → 3+3, 7 → 4+3, 9 → 5+4)."""
    _enough_players(n, sizes)
    best: tuple[int, ...] | None = None
    best_key: tuple[int, int] | None = None
    for k in range(max(1, -(-n // sizes.high)), n // sizes.low + 1):
        small, extra = divmod(n, k)
        plan = (small + 1,) * extra + (small,) * (k - extra)
        key = (max(abs(s - sizes.usual) for s in plan), k)
        if best_key is None or key < best_key:
            best, best_key = plan, key
    if best is None:
        raise PlanError(_("cannot seat {n} players at tables of {low} to {high}").format(
            n=n, low=sizes.low, high=sizes.high))
    return best


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


def table_plan(n: int, plan: str | Sequence[int] = "bonn", limits: TableSizes = DEFAULT_SIZES) -> tuple[int, ...]:
    """Table sizes (largest first) for `n` players: a plan name or explicit sizes, within the
    game's table sizes `limits` (``bonn`` and ``dm`` only for the default sizes they were
    made for).

    The one place table sizes are decided. Explicit sizes may be a sequence of ints or a
    string like ``"5,5,4"``.
    """
    named = ("bonn", "dm") if limits == DEFAULT_SIZES else ("even",)  # 'even' works for every game
    if isinstance(plan, str):
        key = plan.strip().lower()
        if key == "bonn" and limits == DEFAULT_SIZES:
            return bonn_plan(n)
        if key == "dm" and limits == DEFAULT_SIZES:
            return dm_plan(n)
        if key == "even":
            return even_plan(n, limits)
        try:
            sizes = [int(s) for s in key.replace("+", ",").split(",") if s.strip()]
        except ValueError:
            raise PlanError(_("unknown table plan {plan!r}: use {plans} or sizes like '5,5,4'").format(
                plan=plan, plans=", ".join(repr(p) for p in named))) from None
    else:
        sizes = [int(s) for s in plan]
    bad = [s for s in sizes if not limits.low <= s <= limits.high]
    if bad:
        raise PlanError(_("table size {size!r} in plan {plan!r}: tables hold {low} to {high} players").format(
            size=bad[0], plan=plan, low=limits.low, high=limits.high))
    if sum(sizes) != n:
        raise PlanError(_("table plan {plan!r} seats {seated} players but {n} are playing: give sizes that add up "
                          "to {n}, or use {plans}").format(plan=plan, seated=sum(sizes), n=n,
                                                           plans=join_or([repr(p) for p in named])))
    return tuple(sorted(sizes, reverse=True))
