"""What a Duel sheet's categories can add up to, derived from the card list (`data.py`).

Each card, wonder and progress token exists once, so the two players' points of one kind come
from two disjoint sets of them. Every table here is computed from `data` on first use (and
kept): importing this module computes nothing. Pairs of points are stored as bitsets: ``t[a]``
has bit ``b`` set when one player can have ``a`` and the other ``b``.

Rules facts used (sources: tests/engine/test_duel_sheet.py, BOUND_SOURCES):
* each player has four wonders; only seven are built in a game; Agora's Extortion conspiracy
  takes one unbuilt wonder of the opponent (a fifth wonder), and Agora adds its own wonders;
* progress tokens: 5 on the board, the Great Library takes 1 from the box, Agora's Espionage
  another; Mathematics scores 3 per token held (itself included);
* a science supremacy is 6 different symbols, on green cards and the Law token; nobody holds six
  without winning at once;
* a guild scores by the city with the most of what it counts (cards of its colours, wonders at
  2 points each, or sets of 3 coins); three guilds are in the Age III deck.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from rules_engine.duel import data

#: Pairs of points as bitsets, indexed by the first player's points.
Pairs = tuple[int, ...]
#: The conspiracy that takes an unbuilt wonder of the opponent, the one that takes a progress
#: token from the box (Agora rulebook: "nimmt seinem Gegner 1 Karte eines noch nicht errichteten
#: Weltwunders ab", "nimmt alle Fortschritts-Plättchen, die zu Beginn des Spiels entfernt wurden,
#: wählt 1 aus").
EXTORTION = "Extortion"
ESPIONAGE = "Espionage"
MATHEMATICS = "Mathematics"


def has(pairs: Pairs, a: int, b: int) -> bool:
    """Whether one player can have `a` points and the other `b` (negative values never)."""
    return 0 <= a < len(pairs) and b >= 0 and (pairs[a] >> b) & 1 == 1


def _split(values: Iterable[int]) -> list[int]:
    """Every (a, b) two disjoint subsets of `values` sum to."""
    pairs = [1]                               # (0, 0)
    for v in values:
        old = pairs + [0] * v
        new = list(old)
        for a, bits in enumerate(old):
            if bits:
                new[a] |= bits << v           # to the second player
                if a + v < len(new):
                    new[a + v] |= bits        # to the first
        pairs = new
    return pairs


@dataclass(frozen=True)
class Deck:
    """The cards of one colour: their points (high first) and the pairs two cities can hold."""

    colour: data.Colour
    values: tuple[int, ...]
    pairs: Pairs

    @property
    def most(self) -> int:
        return sum(self.values)

    def max_cards(self, points: int) -> int:
        """The most cards of this colour a city can hold with `points` points of it (the
        cheapest cards first)."""
        n = total = 0
        for v in sorted(self.values):
            total += v
            if total > points:
                break
            n += 1
        return n


@cache
def deck(colour: data.Colour) -> Deck:
    values = tuple(sorted((c.vp for c in data.AGE_CARDS if c.colour is colour), reverse=True))
    return Deck(colour, values, tuple(_split(values)))


def deck_size(colours: Iterable[data.Colour]) -> int:
    wanted = set(colours)
    return sum(1 for c in data.AGE_CARDS if c.colour in wanted)


# ----------------------------------------------------------------------------- wonders
@dataclass(frozen=True)
class Wonders:
    """Wonder points: each player builds at most `per_player`, the table at most
    `data.MAX_WONDERS_BUILT`."""

    values: tuple[int, ...]          # every wonder's points, high first
    per_player: int
    pairs: Pairs

    @property
    def best_one(self) -> int:
        return sum(self.values[:self.per_player])

    @property
    def best_table(self) -> int:
        return sum(self.values[:data.MAX_WONDERS_BUILT])

    def max_built(self, points: int) -> int:
        """The most wonders a city can have built with `points` wonder points."""
        n = total = 0
        for v in sorted(self.values):
            total += v
            if total > points or n == self.per_player:
                break
            n += 1
        return n


@cache
def wonders(agora: bool) -> Wonders:
    pool = data.WONDERS + (data.AGORA_WONDERS if agora else ())
    values = tuple(sorted((w.vp for w in pool), reverse=True))
    drafted = len(data.DRAFT_ORDER) // 2      # four each
    takes = sum(1 for k in data.CONSPIRACIES if k.code == EXTORTION) if agora else 0
    per_player = drafted + takes
    # state (built by the first, built by the second) -> pairs; 0-point wonders only use room
    states: dict[tuple[int, int], list[int]] = {(0, 0): [1]}
    for v in (x for x in values if x):
        nxt: dict[tuple[int, int], list[int]] = {k: list(p) for k, p in states.items()}
        for (na, nb), pairs in states.items():
            if na + nb == data.MAX_WONDERS_BUILT:
                continue
            if na < per_player:
                _merge(nxt, (na + 1, nb), [0] * v + pairs)
            if nb < per_player:
                _merge(nxt, (na, nb + 1), [bits << v for bits in pairs])
        states = nxt
    out: list[int] = []
    for pairs in states.values():
        out = _or(out, pairs)
    return Wonders(values, per_player, tuple(out))


def _or(a: list[int], b: list[int]) -> list[int]:
    if len(a) < len(b):
        a, b = b, a
    out = list(a)
    for i, bits in enumerate(b):
        out[i] |= bits
    return out


def _merge(states: dict[tuple[int, int], list[int]], key: tuple[int, int], pairs: list[int]) -> None:
    states[key] = _or(states.get(key, []), pairs)


# ----------------------------------------------------------------------------- progress
@dataclass(frozen=True)
class Progress:
    """Progress points: the tokens worth points (by name), Mathematics' points per token, and
    how many tokens a game hands out at most."""

    scoring: tuple[tuple[str, int], ...]
    per_token: int
    tokens: int
    pairs: Pairs

    def values(self) -> tuple[int, ...]:
        return tuple(a for a, bits in enumerate(self.pairs) if bits & 1)


@cache
def progress(agora: bool) -> Progress:
    scoring = tuple((t.name, t.vp) for t in data.PROGRESS_TOKENS if t.vp)
    has_maths = any(t.code == MATHEMATICS for t in data.PROGRESS_TOKENS)
    libraries = sum(1 for w in data.WONDERS if w.special == "library")     # the Great Library: 1 token
    spies = sum(1 for k in data.CONSPIRACIES if k.code == ESPIONAGE) if agora else 0
    n = data.BOARD_TOKENS + libraries + spies
    per = data.MATHEMATICS_VP_PER_TOKEN
    found: set[tuple[int, int]] = set()
    # each scoring token (and Mathematics) goes to the first player (1), the second (2) or nobody
    special = [vp for _, vp in scoring] + ([-1] if has_maths else [])
    for owners in _assignments(len(special)):
        mine = [[v for v, o in zip(special, owners) if o == who] for who in (1, 2)]
        for na in range(len(mine[0]), n + 1):
            for nb in range(len(mine[1]), n - na + 1):
                found.add((_progress_points(mine[0], na, per), _progress_points(mine[1], nb, per)))
    pairs = [0] * (max(a for a, _ in found) + 1)
    for a, b in found:
        pairs[a] |= 1 << b
    return Progress(scoring, per if has_maths else 0, n, tuple(pairs))


def _progress_points(tokens: list[int], n: int, per: int) -> int:
    return sum(v for v in tokens if v > 0) + (per * n if -1 in tokens else 0)


def _assignments(n: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for _ in range(n):
        out = [o + (who,) for o in out for who in (0, 1, 2)]
    return out


# ----------------------------------------------------------------------------- green and science
@dataclass(frozen=True)
class Green:
    """Green points with the science rule: `free` are the pairs when nobody has won by science
    (each city at most five symbols on its green cards: a sixth, or five and Law, wins at once),
    `science` when the first player has (six symbols, or five and Law), the second not;
    `science_paired` the same where Law, a progress token, must come from a pair of identical
    symbols on the winner's green cards (the base game without the Great Library)."""

    free: Pairs
    science: Pairs
    science_paired: Pairs

    @property
    def least_science(self) -> int:
        return next(a for a, bits in enumerate(self.science) if bits)

    @property
    def most_free(self) -> int:
        return max(a for a, bits in enumerate(self.free) if bits)


@lru_cache(maxsize=1)
def green() -> Green:
    by_symbol: dict[data.Science, list[int]] = {}
    for c in data.AGE_CARDS:
        if c.science is not None:
            by_symbol.setdefault(c.science, []).append(c.vp)
    # state: symbols missing from each city's green cards (0, 1, 2 = two or more), and whether
    # the first city holds both cards of a symbol (a pair: a progress token) -> pairs
    states: dict[tuple[int, int, bool], list[int]] = {(0, 0, False): [1]}
    for values in by_symbol.values():
        nxt: dict[tuple[int, int, bool], list[int]] = {}
        for owners in _assignments(len(values)):
            va = sum(v for v, o in zip(values, owners) if o == 1)
            vb = sum(v for v, o in zip(values, owners) if o == 2)
            miss_a, miss_b = 1 not in owners, 2 not in owners
            pair = all(o == 1 for o in owners)
            for (ma, mb, pa), pairs in states.items():
                key = (min(2, ma + miss_a), min(2, mb + miss_b), pa or pair)
                _merge3(nxt, key, [0] * va + [bits << vb for bits in pairs])
        states = nxt
    free: list[int] = []
    science: list[int] = []
    paired: list[int] = []
    for (ma, mb, pa), pairs in states.items():
        if mb >= 1:
            if ma >= 1:
                free = _or(free, pairs)
            if ma <= 1:                        # six symbols, or five and Law
                science = _or(science, pairs)
            if ma == 0 or (ma == 1 and pa):    # ... Law from a pair of identical symbols
                paired = _or(paired, pairs)
    return Green(tuple(free), tuple(science), tuple(paired))


def _merge3(states: dict[tuple[int, int, bool], list[int]], key: tuple[int, int, bool], pairs: list[int]) -> None:
    states[key] = _or(states.get(key, []), pairs)


@lru_cache(maxsize=1)
def green_pairs() -> tuple[int, ...]:
    """Per green points (index): the most pairs of identical science symbols a city's green
    cards with exactly those points hold (-1: no set of green cards gives them). In the base
    game each pair gives a progress token (at most one each), and so does the Great Library."""
    cards = [(c.science, c.vp) for c in data.AGE_CARDS if c.science is not None]
    best = [-1] * (sum(v for _, v in cards) + 1)
    for mask in range(1 << len(cards)):
        held = [cards[k] for k in range(len(cards)) if mask >> k & 1]
        points = sum(v for _, v in held)
        symbols = [sym for sym, _ in held]
        pairs = sum(1 for sym in set(symbols) if symbols.count(sym) == 2)
        best[points] = max(best[points], pairs)
    return tuple(best)


@lru_cache(maxsize=1)
def least_tokens() -> tuple[int, ...]:
    """Per progress points (index, base game): the fewest progress tokens that give them
    (-1: none do): Agriculture and Philosophy their points, Mathematics 3 per token held."""
    p = progress(False)
    special = [vp for _, vp in p.scoring] + ([-1] if p.per_token else [])
    least = [-1] * len(p.pairs)
    for owners in _assignments(len(special)):
        mine = [v for v, o in zip(special, owners) if o == 1]
        if any(o == 2 for o in owners):
            continue                          # one player's tokens: the second never matters
        for n in range(len(mine), p.tokens + 1):
            points = _progress_points(mine, n, data.MATHEMATICS_VP_PER_TOKEN)
            if points < len(least) and (least[points] < 0 or n < least[points]):
                least[points] = n
    return tuple(least)


@lru_cache(maxsize=1)
def library_wonders() -> frozenset[int]:
    """Wonder points (base game) of the sets of at most four wonders that include the Great
    Library (the wonder that gives a progress token): the points that may hold its token."""
    library = [w for w in data.WONDERS if w.special == "library"]
    others = [w.vp for w in data.WONDERS if w.special != "library"]
    per_player = len(data.DRAFT_ORDER) // 2
    sums: set[int] = set()
    for lib in library:
        reach = {(0, 0)}                      # (wonders taken, points)
        for v in others:
            reach |= {(k + 1, pts + v) for k, pts in reach if k + 1 < per_player}
        sums |= {pts + lib.vp for _, pts in reach}
    return frozenset(sums)


# ----------------------------------------------------------------------------- guilds
@lru_cache(maxsize=1)
def guilds() -> tuple[tuple[str, str, tuple[data.Colour, ...]], ...]:
    """(name, kind, colours counted) of every guild card."""
    return tuple((c.name, c.guild, tuple(data.GUILD_KINDS[c.guild])) for c in data.AGE_CARDS if c.guild)


#: The colours whose points a sheet shows (blue, green, yellow): a guild counting them is
#: bounded by those points, one counting other colours by the deck only.
SHOWN = frozenset({data.Colour.BLUE, data.Colour.GREEN, data.Colour.YELLOW})


@lru_cache(maxsize=1)
def guild_floor() -> int:
    """What the best guilds in play can give on any sheet at least: the guilds that count only
    colours a sheet does not show (their bound is the deck's cards of those colours). Purple
    points up to this need no look at the sheet's other points."""
    fixed = sorted((deck_size(colours) for _, _, colours in guilds() if colours and not SHOWN & set(colours)),
                   reverse=True)
    return sum(fixed[:data.GUILDS_IN_AGE_III])


@dataclass(frozen=True)
class Tables:
    """Everything a sheet check asks, for a game with or without Agora: one lookup per sheet."""

    blue: Pairs
    yellow: Pairs
    green_free: Pairs
    green_science: Pairs
    green_paired: Pairs
    wonders: Pairs
    progress: Pairs
    guild_floor: int


@cache
def tables(agora: bool) -> Tables:
    g = green()
    return Tables(deck(data.Colour.BLUE).pairs, deck(data.Colour.YELLOW).pairs, g.free, g.science,
                  g.science if agora else g.science_paired, wonders(agora).pairs, progress(agora).pairs,
                  guild_floor())
