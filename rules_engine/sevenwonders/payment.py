"""Paying for a card or wonder stage: own production, trade with neighbours (Bonn 2018).

Resources are indices 0..6 (wood, stone, clay, ore, glass, loom, papyrus); a production
"choice" card is a bit mask of its options. Everything here works on tuples of ints and is
memoised, because self-play and replay ask the same questions again and again.

Trade rules (Bonn 2018 clarifications): only brown and grey cards and the resource printed
on a board can be bought (callers pass only those as a neighbour's supply); every unit
costs 2 coins, or 1 with a discount (discounts never stack, the price never drops below 1);
bought units must be used: dropping any one bought unit must leave the cost unpaid.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TypeAlias

from rules_engine.sevenwonders import data as d

#: Units per resource, in `RESOURCES` order (a cost, a production, a purchase).
Vector: TypeAlias = tuple[int, ...]
#: Production choice cards as bit masks over the resource indices.
Choices: TypeAlias = tuple[int, ...]
#: A way to pay: (coins, units bought left, units bought right), units as resource indices.
Purchase: TypeAlias = tuple[int, tuple[int, ...], tuple[int, ...]]

#: Resource order used by every 7-tuple in the engine.
RESOURCES: tuple[d.Resource, ...] = (d.W, d.S, d.C, d.O, d.G, d.L, d.P)
INDEX: dict[d.Resource, int] = {r: i for i, r in enumerate(RESOURCES)}
BY_NAME: dict[str, int] = {r.value: i for i, r in enumerate(RESOURCES)}
NAMES: tuple[str, ...] = tuple(r.value for r in RESOURCES)
ZERO: tuple[int, ...] = (0,) * 7
RAW_BITS = sum(1 << INDEX[r] for r in d.RAW)
MANUFACTURED_BITS = sum(1 << INDEX[r] for r in d.MANUFACTURED)


def vector(resources: Iterable[d.Resource | int]) -> Vector:
    """Count resources (enum members or indices) into a 7-tuple."""
    out = [0] * 7
    for r in resources:
        out[r if isinstance(r, int) else INDEX[r]] += 1
    return tuple(out)


def mask(options: Iterable[d.Resource]) -> int:
    m = 0
    for r in options:
        m |= 1 << INDEX[r]
    return m


@lru_cache(maxsize=1 << 16)
def fits(units: tuple[int, ...], fixed: tuple[int, ...], choices: tuple[int, ...]) -> bool:
    """Can `fixed` production plus one option of each `choices` card cover `units`?"""
    rest = [u for i in range(7) for u in [i] * max(0, units[i] - fixed[i])]
    if not rest:
        return True
    if len(rest) > len(choices):
        return False
    used = [False] * len(choices)

    def go(k: int, start: int) -> bool:
        if k == len(rest):
            return True
        bit = 1 << rest[k]
        # identical units take choice cards in increasing order (no symmetric retries)
        first = start if k and rest[k - 1] == rest[k] else 0
        for j in range(first, len(choices)):
            if not used[j] and choices[j] & bit:
                used[j] = True
                if go(k + 1, j + 1):
                    return True
                used[j] = False
        return False

    return go(0, 0)


@lru_cache(maxsize=1 << 17)
def cheapest(need: tuple[int, ...], own_fixed: tuple[int, ...], own_choices: tuple[int, ...],
             left_fixed: tuple[int, ...], left_choices: tuple[int, ...],
             right_fixed: tuple[int, ...], right_choices: tuple[int, ...],
             left_price: tuple[int, ...], right_price: tuple[int, ...]
             ) -> Purchase | None:
    """The cheapest way to cover `need`: (coins, units bought left, units bought right),
    the units as sorted resource indices; None if it can't be covered at all.

    Own production is used first; between equally cheap ways the left neighbour is asked
    first. The answer buys nothing superfluous (it is minimal by construction).
    """
    units = [i for i in range(7) for _ in range(max(0, need[i] - own_fixed[i]))]
    if not units:
        return 0, (), ()
    # sources: (bit mask, capacity, side 0 own / 1 left / 2 right)
    masks: list[int] = []
    caps: list[int] = []
    sides: list[int] = []
    wanted = 0
    for u in units:
        wanted |= 1 << u

    def source(m: int, cap: int, side: int) -> None:
        masks.append(m)
        caps.append(cap)
        sides.append(side)

    for m in own_choices:
        if m & wanted:
            source(m, 1, 0)
    for side, fixed, choices in ((1, left_fixed, left_choices), (2, right_fixed, right_choices)):
        for i in range(7):
            if fixed[i] and wanted >> i & 1:
                source(1 << i, fixed[i], side)
        for m in choices:
            if m & wanted:
                source(m, 1, side)
    price = ((0,) * 7, left_price, right_price)
    # a lower bound per unit, capacities ignored, for pruning
    lower = []
    for u in units:
        bit = 1 << u
        ps = [price[s][u] for m, s in zip(masks, sides) if m & bit]
        if not ps:
            return None
        lower.append(min(ps))
    suffix = [0] * (len(units) + 1)
    for k in range(len(units) - 1, -1, -1):
        suffix[k] = suffix[k + 1] + lower[k]
    best: int | None = None             # the cheapest price found, and its sources per unit
    best_choice: tuple[int, ...] = ()
    choice = [0] * len(units)

    def go(k: int, paid: int) -> None:
        nonlocal best, best_choice
        if k == len(units):
            if best is None or paid < best:
                best, best_choice = paid, tuple(choice)
            return
        u = units[k]
        bit = 1 << u
        first = choice[k - 1] if k and units[k - 1] == u else 0
        for j in range(first, len(masks)):
            if caps[j] and masks[j] & bit:
                p = paid + price[sides[j]][u]
                if best is not None and p + suffix[k + 1] >= best:
                    continue
                caps[j] -= 1
                choice[k] = j
                go(k + 1, p)
                caps[j] += 1
                if best == suffix[0]:
                    return

    go(0, 0)
    if best is None:
        return None
    left = tuple(sorted(u for u, j in zip(units, best_choice) if sides[j] == 1))
    right = tuple(sorted(u for u, j in zip(units, best_choice) if sides[j] == 2))
    return best, left, right


#: Reasons `check_trade` gives; the replay turns them into messages.
OK, LEFT_SUPPLY, RIGHT_SUPPLY, SHORT, UNUSED = "ok", "left supply", "right supply", "short", "unused"


@lru_cache(maxsize=1 << 16)
def check_trade(need: tuple[int, ...], own_fixed: tuple[int, ...], own_choices: tuple[int, ...],
                left_fixed: tuple[int, ...], left_choices: tuple[int, ...], bought_left: tuple[int, ...],
                right_fixed: tuple[int, ...], right_choices: tuple[int, ...], bought_right: tuple[int, ...],
                left_price: tuple[int, ...], right_price: tuple[int, ...]) -> tuple[str, int, int]:
    """Judge a declared purchase: (reason, coins to the left, coins to the right).

    The reason is OK, LEFT_SUPPLY / RIGHT_SUPPLY (that neighbour can't produce those units
    at once), SHORT (the cost is still not covered) or UNUSED (a bought unit isn't needed).
    """
    pay_left = sum(b * p for b, p in zip(bought_left, left_price))
    pay_right = sum(b * p for b, p in zip(bought_right, right_price))
    if any(bought_left) and not fits(bought_left, left_fixed, left_choices):
        return LEFT_SUPPLY, pay_left, pay_right
    if any(bought_right) and not fits(bought_right, right_fixed, right_choices):
        return RIGHT_SUPPLY, pay_left, pay_right

    def covered(bl: tuple[int, ...], br: tuple[int, ...]) -> bool:
        rest = tuple(max(0, need[i] - own_fixed[i] - bl[i] - br[i]) for i in range(7))
        return fits(rest, ZERO, own_choices)

    if not covered(bought_left, bought_right):
        return SHORT, pay_left, pay_right
    for i in range(7):
        if bought_left[i]:
            fewer = bought_left[:i] + (bought_left[i] - 1,) + bought_left[i + 1:]
            if covered(fewer, bought_right):
                return UNUSED, pay_left, pay_right
        if bought_right[i]:
            fewer = bought_right[:i] + (bought_right[i] - 1,) + bought_right[i + 1:]
            if covered(bought_left, fewer):
                return UNUSED, pay_left, pay_right
    return OK, pay_left, pay_right


# --- packed keys: the same questions keyed by small ints (cheap to hash) ----------------
# A production signature packs 5 bits per fixed resource (bits 0..34) and then the sorted
# choice masks, 7 bits each; a price key has bit i (left) / 7 + i (right) set for price 1.

def pack(fixed: Sequence[int], choices: Iterable[int]) -> int:
    key = 0
    for i, v in enumerate(fixed):
        key |= v << (5 * i)
    shift = 35
    for m in sorted(choices):
        key |= m << shift
        shift += 7
    return key


def unpack(key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    fixed = tuple((key >> (5 * i)) & 31 for i in range(7))
    rest = key >> 35
    choices: list[int] = []
    while rest:
        choices.append(rest & 127)
        rest >>= 7
    return fixed, tuple(choices)


def pack_prices(left: Sequence[int], right: Sequence[int]) -> int:
    key = 0
    for i in range(7):
        if left[i] == 1:
            key |= 1 << i
        if right[i] == 1:
            key |= 1 << (7 + i)
    return key


def unpack_prices(key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (tuple(1 if key >> i & 1 else 2 for i in range(7)),
            tuple(1 if key >> (7 + i) & 1 else 2 for i in range(7)))


@lru_cache(maxsize=1 << 17)
def check_trade_key(need: tuple[int, ...], own: int, left: int, bought_left: tuple[int, ...], right: int,
                    bought_right: tuple[int, ...], prices: int) -> tuple[str, int, int]:
    """`check_trade` with packed signatures."""
    of, oc = unpack(own)
    lf, lc = unpack(left)
    rf, rc = unpack(right)
    lp, rp = unpack_prices(prices)
    return check_trade(need, of, oc, lf, lc, bought_left, rf, rc, bought_right, lp, rp)


@lru_cache(maxsize=1 << 16)
def cheapest_reduced(rest: tuple[tuple[int, int], ...], own_choices: tuple[int, ...],
                     left_fixed: tuple[int, ...], left_choices: tuple[int, ...],
                     right_fixed: tuple[int, ...], right_choices: tuple[int, ...],
                     prices: tuple[tuple[int, int], ...]
                     ) -> Purchase | None:
    """`cheapest` for a question projected on the resources still missing after the
    city's fixed production: `rest` is (resource, units) pairs; the neighbours' fixed
    counts and the prices are given per pair, the choice masks cut to those resources.
    Equivalent situations share one cache entry."""
    need = [0] * 7
    lf = [0] * 7
    rf = [0] * 7
    lp = [2] * 7
    rp = [2] * 7
    for (i, k), a, b, (pl, pr) in zip(rest, left_fixed, right_fixed, prices):
        need[i], lf[i], rf[i], lp[i], rp[i] = k, a, b, pl, pr
    return cheapest(tuple(need), ZERO, own_choices, tuple(lf), left_choices, tuple(rf), right_choices,
                    tuple(lp), tuple(rp))
