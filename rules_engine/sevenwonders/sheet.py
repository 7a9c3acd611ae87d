"""The 7 Wonders score sheet of one table, and the checks any sheet must pass.

Checks return findings; they never raise on bad numbers. Deeper checks that need the
card and board data register themselves in ``TABLE_CHECKS``.
"""
from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass

from rules_engine.findings import Finding, Term, error
from rules_engine.values import quick_init

#: Score categories in sheet order (CSV column names).
CATEGORIES: tuple[str, ...] = (
    "military", "treasury", "wonders", "civilian", "commercial", "guilds", "science",
)
MIN_TABLE, MAX_TABLE = 3, 7
#: Three ages, two neighbours: at best +1+3+5 twice, at worst -1 six times.
MILITARY_MIN, MILITARY_MAX = -6, 18
#: A line's category values, military first (`_arithmetic` reads the others as values[1:]).
_CATEGORY_VALUES = operator.attrgetter("military", *(c for c in CATEGORIES if c != "military"))


@quick_init  # built for every line of every sheet checked
@dataclass(frozen=True)
class PlayerScore:
    """One player's line on a sheet. `wonder` is the board name, `wonders` its points."""

    seat: int
    player: str
    military: int
    treasury: int
    wonders: int
    civilian: int
    commercial: int
    guilds: int
    science: int
    total: int
    coins: int
    wonder: str | None = None
    side: str | None = None
    # Optional extra columns, verified when present.
    compasses: int | None = None
    gears: int | None = None
    tablets: int | None = None
    wild: int | None = None
    stages: int | None = None

    def category_sum(self) -> int:
        return sum(_CATEGORY_VALUES(self))


@dataclass(frozen=True)
class TableSheet:
    """All lines of one table in one game, in seat order (seat 1 = start player).

    `guilds` lists the guilds in play when known (the same at every table of a round).
    """

    players: tuple[PlayerScore, ...]
    guilds: tuple[str, ...] | None = None

    @property
    def size(self) -> int:
        return len(self.players)


TableCheck = Callable[[TableSheet], list[Finding]]


def split_guilds(text: str | None) -> tuple[str, ...] | None:
    """The guild names of a sheet's "guilds in play" cell or line (separated by "," or ";"),
    as written; None when it names none ("", "-", "–")."""
    names = tuple(x.strip() for x in (text or "").replace(";", ",").split(",") if x.strip(" -–"))
    return names or None


def _arithmetic(sheet: TableSheet) -> list[Finding]:
    out: list[Finding] = []
    for p in sheet.players:
        values = _CATEGORY_VALUES(p)  # military first
        if sum(values) == p.total and p.coins >= 0 and p.treasury == p.coins // 3 \
                and MILITARY_MIN <= p.military <= MILITARY_MAX and min(values[1:]) >= 0:
            continue  # the usual line: none of the checks below has anything to say
        name = p.player
        s = p.category_sum()
        if s != p.total:
            out.append(error("sum", "totals don't add up for {player!r}: categories sum to {sum}, "
                                    "total says {total}", name, player=name, sum=s, total=p.total))
        if p.coins < 0:
            out.append(error("coins.negative", "{player!r} has {coins} coins: coins can't be negative", name,
                             player=name, coins=p.coins))
        elif p.treasury != p.coins // 3:
            out.append(error("treasury", "treasury for {player!r} should be coins div 3 = {coins} div 3 = "
                                         "{want}, sheet says {treasury}", name,
                             player=name, coins=p.coins, want=p.coins // 3, treasury=p.treasury))
        for c in CATEGORIES:
            v = getattr(p, c)
            if c == "military":
                if not MILITARY_MIN <= v <= MILITARY_MAX:
                    out.append(error("military.range", "military {military} for {player!r} is outside "
                                                       "{low}..{high}", name,
                                     military=v, player=name, low=MILITARY_MIN, high=MILITARY_MAX))
            elif v < 0:
                out.append(error("negative", "{column} {value} for {player!r} is negative: only military can be",
                                 name, column=Term(c), value=v, player=name))
    return out


def _table_shape(sheet: TableSheet) -> list[Finding]:
    out: list[Finding] = []
    n = sheet.size
    if not MIN_TABLE <= n <= MAX_TABLE:
        out.append(error("table.size", "the table has {n} players: 7 Wonders is played by {low} to {high}",
                         n=n, low=MIN_TABLE, high=MAX_TABLE))
    seats = sorted([p.seat for p in sheet.players])
    if seats != list(range(1, n + 1)):
        out.append(error("seats", "seats are {seats}: they must be 1..{n} without gaps or repeats",
                         seats=str(seats), n=n))
    if len({p.player.casefold() for p in sheet.players}) == n:
        return out  # every name once
    seen: set[str] = set()
    for p in sheet.players:
        key = p.player.casefold()
        if key in seen:
            out.append(error("player.twice", "{player!r} appears twice at the table", p.player, player=p.player))
        seen.add(key)
    return out


#: Checks run by ``check_sheet`` in order; the data-driven checks append theirs.
TABLE_CHECKS: list[TableCheck] = [_table_shape, _arithmetic]


def check_sheet(sheet: TableSheet) -> list[Finding]:
    """Every finding for one table's sheet (empty when the sheet is plausible)."""
    findings: list[Finding] = []
    for check in TABLE_CHECKS:
        findings.extend(check(sheet))
    return findings
