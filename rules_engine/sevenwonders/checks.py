"""Table-level checks of a 7 Wonders score sheet against the card and board data.

Each check reads one `TableSheet` and returns findings; importing this module appends the
checks to ``sheet.TABLE_CHECKS``. Reachable-value tables are built once at import.
Rule ids, severities and example messages are documented in ``docs/sheet-checks.md``.
"""
from __future__ import annotations

import itertools
import operator
from dataclasses import dataclass
from collections.abc import Callable
from functools import cache, lru_cache
from typing import NamedTuple

from rules_engine.findings import Finding, Joined, Term, error, phrase, warning
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders.sheet import (
    MAX_TABLE,
    MILITARY_MAX,
    MILITARY_MIN,
    MIN_TABLE,
    TABLE_CHECKS,
    PlayerScore,
    TableCheck,
    TableSheet,
)

# --- precomputed tables --------------------------------------------------------------

#: Cards by exact name (the first of same-named greys, as ``d.card``), and the copies of
#: each name per player count: the table builders below look them up thousands of times.
_CARD: dict[str, d.Card] = {}
for _c in d.CARDS:
    _CARD.setdefault(_c.name, _c)
_COPIES: dict[int, dict[str, int]] = {n: d.copies_by_name(n) for n in d.PLAYER_COUNTS}

#: A city holds each building name once, so at most this many of each science symbol.
SYMBOL_CARDS: dict[d.Science, tuple[str, ...]] = {
    s: tuple(dict.fromkeys(c.name for c in d.CARDS
                           if c.science is not None and c.science.symbol is s and not c.is_guild))
    for s in d.Science
}
MAX_SYMBOL = min(len(v) for v in SYMBOL_CARDS.values())  # 4 of each
MAX_WILD = 2  # Babylon's stage and the Scientists Guild (Olympia B copies it instead of owning it)


def science_points(compasses: int, gears: int, tablets: int, wild: int = 0) -> int:
    """Science points: sum of squares plus 7 per complete set, wild symbols placed best."""
    best = -1
    for a in range(wild + 1):
        for b in range(wild - a + 1):
            c, g, t = compasses + a, gears + b, tablets + wild - a - b
            best = max(best, c * c + g * g + t * t + 7 * min(c, g, t))
    return best


def _science_tables() -> tuple[dict[int, frozenset[int]], dict[int, dict[int, int]], dict[int, dict[int, int]]]:
    reach: dict[int, set[int]] = {w: set() for w in range(MAX_WILD + 1)}
    fewest: dict[int, dict[int, int]] = {w: {} for w in range(MAX_WILD + 1)}
    evenest: dict[int, dict[int, int]] = {w: {} for w in range(MAX_WILD + 1)}
    r = range(MAX_SYMBOL + 1)
    for c, g, t in itertools.product(r, r, r):
        for w in range(MAX_WILD + 1):
            p = science_points(c, g, t, w)
            for wmax in range(w, MAX_WILD + 1):
                reach[wmax].add(p)
                fewest[wmax][p] = min(fewest[wmax].get(p, 99), c + g + t)
                evenest[wmax][p] = min(evenest[wmax].get(p, 99), max(c, g, t))
    return {w: frozenset(v) for w, v in reach.items()}, fewest, evenest


#: Science points reachable with at most `w` wild symbols; fewest green cards for a score; the
#: fewest cards of one symbol a score needs (its evenest split: 10 is one of each, so 1).
SCIENCE_REACHABLE, SCIENCE_FEWEST_CARDS, SCIENCE_MOST_OF_ONE = _science_tables()


def _military_pair_options() -> dict[int, tuple[tuple[int, int, int, int], ...]]:
    """For one neighbour pair over three ages: points to the seat before (a), to the seat
    after (b), and bit masks of the ages the seat before won (gt) and lost (lt)."""
    by_a: dict[int, list[tuple[int, int, int, int]]] = {}
    for results in itertools.product((1, 0, -1), repeat=3):
        a = b = gt = lt = 0
        for age, r in zip(d.AGES, results):
            bit = 1 << (age - 1)
            if r == 1:
                a, b, gt = a + d.MILITARY_WIN[age], b + d.MILITARY_LOSS, gt | bit
            elif r == -1:
                a, b, lt = a + d.MILITARY_LOSS, b + d.MILITARY_WIN[age], lt | bit
        by_a.setdefault(a, []).append((b, gt, lt, a))
    return {a: tuple(v) for a, v in by_a.items()}


MILITARY_PAIR = _military_pair_options()
#: A decided battle adds win - 1 to the table's military: 0, 2 or 4; a pair over three ages at most 6.
MILITARY_MAX_SUM_PER_PAIR = sum(v - 1 for v in d.MILITARY_WIN.values())


def _max_defeats() -> dict[int, int]:
    """Most defeat tokens a player with a given military total can hold."""
    out: dict[int, int] = {}
    for results in itertools.product((1, 0, -1), repeat=6):
        total = losses = 0
        for i, r in enumerate(results):
            if r == 1:
                total += d.MILITARY_WIN[i // 2 + 1]
            elif r == -1:
                total, losses = total - 1, losses + 1
        out[total] = max(out.get(total, 0), losses)
    return out


MAX_DEFEATS = _max_defeats()
MOST_DEFEATS = max(MAX_DEFEATS.values())  # six: both neighbours, three ages


def _subset_sums(values: list[int]) -> frozenset[int]:
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return frozenset(sums)


BLUE_BY_PLAYERS: dict[int, tuple[tuple[int, int], ...]] = {
    n: tuple(sorted(((_CARD[name].points, copies) for name, copies in _COPIES[n].items()
                     if _CARD[name].colour is d.Colour.BLUE and copies), reverse=True))
    for n in d.PLAYER_COUNTS
}
#: Civilian points one city can reach: sums of distinct blue cards present at that count.
CIVILIAN_REACHABLE: dict[int, frozenset[int]] = {
    n: _subset_sums([p for p, _ in cards]) for n, cards in BLUE_BY_PLAYERS.items()
}
CIVILIAN_DECK_POINTS: dict[int, int] = {n: sum(p * k for p, k in cards) for n, cards in BLUE_BY_PLAYERS.items()}


def _multiset_sums(cards: tuple[tuple[int, int], ...]) -> frozenset[int]:
    sums = {0}
    for points, copies in cards:
        for _ in range(copies):
            sums |= {x + points for x in sums}
    return frozenset(sums)


#: What the blue cards nobody built can be worth together: sums of any copies in the decks.
#: The table's civilian total leaves the deck total minus it unbuilt, so that gap must be one
#: of these (no card is worth 1, so a table 1 point short of the whole deck is impossible).
CIVILIAN_LEFTOVER: dict[int, frozenset[int]] = {n: _multiset_sums(cards) for n, cards in BLUE_BY_PLAYERS.items()}

NAMES = {(colour, n): len(d.names_of(colour, n)) for colour in d.Colour for n in d.PLAYER_COUNTS}
GREEN_IN_DECK = {n: sum(c.copies(n) for c in d.CARDS if c.colour is d.Colour.GREEN) for n in d.PLAYER_COUNTS}
SYMBOLS_IN_DECK = {
    (s, n): sum(_CARD[name].copies(n) for name in names)
    for s, names in SYMBOL_CARDS.items() for n in d.PLAYER_COUNTS
}
#: Wonder points with 0, 1, ... stages built, per (board, side).
WONDER_POINTS: dict[tuple[str, str], tuple[int, ...]] = {(b.name, b.side): b.stage_points() for b in d.BOARDS}
MAX_STAGES = max(len(b.stages) for b in d.BOARDS)


# --- the table as the checks see it ---------------------------------------------------

@dataclass(frozen=True)
class _Boards:
    """What a sheet's wonder and side leave possible, worked out once per spelling."""

    boards: tuple[d.Board, ...]  # every board/side still possible
    known: bool                  # the wonder name is known (one board, maybe two sides)
    points: tuple[int, ...]      # reachable wonder points, ascending
    most_stages: int
    wild: bool                   # may hold Babylon's wild science symbol
    copies_guild: bool           # may be Olympia B
    extra_builds: int            # most Age III cards beyond six it can build (Babylon B)
    game_extra: int              # most cards beyond 18 it can build in the whole game
    stages_for: dict[int, int]   # wonder points -> fewest stages that give them
    label: str                   # "Gizah A", "Gizah", or "any board"
    by_stages: tuple[tuple[int, ...], ...]  # wonder points with 0, 1, ... stages built, ascending

    def points_at(self, stages: int) -> tuple[int, ...]:
        """Wonder points with this many stages built (0 <= stages <= most_stages)."""
        return self.by_stages[stages]

    def fewest_stages(self, points: int) -> int:
        """Fewest stages that give these wonder points (0 if none do: reported elsewhere)."""
        return self.stages_for.get(points, 0)


# The views below are built for every table checked: NamedTuples, which are cheaper to make
# than frozen dataclasses (benchmarks/bench_check_sheet.py).

class _Seat(NamedTuple):
    line: PlayerScore
    board: _Boards
    wild: bool          # Babylon's wild-symbol stage can be built, given the wonder points
    copies_guild: bool  # Olympia B's copy stage can be built, given the wonder points
    cards: int          # fewest cards and stages its points need (`_city_cards`)


class _Table(NamedTuple):
    n: int
    seats: tuple[_Seat, ...]           # in seat order; neighbours are index +-1 (cyclic)
    guilds: frozenset[str] | None      # guilds in play, None when unknown (or misspelt)
    possible: tuple[int, ...]          # indices into ``GUILD_NAMES`` of the guilds that may be in play
    scientists: bool                   # the Scientists Guild may be in play
    ordered: bool                      # seats are exactly 1..n, so neighbours are known
    needs: tuple[_Need, ...]           # each city's plays
    barred: int                        # an Olympia B seat whose neighbours can hold no guild to copy, or -1
    barred_need: _Need | None          # that city's plays without the copy

    def left(self, i: int) -> _Seat:
        return self.seats[(i + 1) % self.n]

    def right(self, i: int) -> _Seat:
        return self.seats[(i - 1) % self.n]


def _extra_builds(b: d.Board) -> int:
    """Cards of Age III beyond six a city can build thanks to its board: Babylon B's seventh
    card. A Halikarnassos discard build is made on the turn its stage is built, so an Age III
    card from the discard pile takes an Age III turn as well: no more than six."""
    return sum(1 for s in b.stages for e in s.effects if isinstance(e, d.Power)
               and e.action is d.Action.PLAY_LAST_CARD)


def _game_extra(b: d.Board) -> int:
    """Cards beyond 18 a city can build in the game: Babylon B plays the seventh card of
    every age once its stage is built (three at most), each Halikarnassos stage builds
    one card from the discard."""
    extra = 0
    for s in b.stages:
        for e in s.effects:
            if isinstance(e, d.Power) and e.action is d.Action.PLAY_LAST_CARD:
                extra += len(d.AGES)
            elif isinstance(e, d.Power) and e.action is d.Action.BUILD_FROM_DISCARD:
                extra += 1
    return extra


def _fewest_stages(boards: tuple[d.Board, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for b in boards:
        for k, pts in enumerate(b.stage_points()):
            out[pts] = min(out.get(pts, k), k)
    return out


@lru_cache(maxsize=1024)
def _boards(wonder: str | None, side: str | None) -> _Boards:
    canon = d.wonder_name(wonder) if wonder else None
    side = (side or "").strip().upper()
    boards = tuple(b for b in d.BOARDS
                   if (canon is None or b.name == canon) and (side not in d.SIDES or b.side == side))
    if len(boards) == 1:
        label = f"{boards[0].name} {boards[0].side}"
    else:
        names = sorted({b.name for b in boards})
        label = names[0] if len(names) == 1 else Term("any board")
    return _Boards(
        boards=boards, known=canon is not None,
        points=tuple(sorted({v for b in boards for v in b.stage_points()})),
        most_stages=max(len(b.stages) for b in boards),
        wild=any(b.wild_science() for b in boards),
        copies_guild=any(b.has_power(d.Action.COPY_GUILD) for b in boards),
        extra_builds=max(_extra_builds(b) for b in boards),
        game_extra=max(_game_extra(b) for b in boards),
        stages_for=_fewest_stages(boards),
        label=label,
        by_stages=tuple(tuple(sorted({b.stage_points()[k] for b in boards if k <= len(b.stages)}))
                        for k in range(max(len(b.stages) for b in boards) + 1)),
    )


def _has_wild(stage: d.Stage) -> bool:
    return any(isinstance(e, d.ScienceSymbol) and e.is_wild for e in stage.effects)


def _copies_guild(stage: d.Stage) -> bool:
    return any(isinstance(e, d.Power) and e.action is d.Action.COPY_GUILD for e in stage.effects)


@lru_cache(maxsize=4096)
def _powers(wonder: str | None, side: str | None, points: int, stages: int | None) -> tuple[bool, bool]:
    """Can the wild-symbol stage, and Olympia B's copy stage, have been built? Stages are
    built in order, so the stage count (the `stages` column, else every count that gives
    these wonder points) must reach them."""
    wild = copies = False
    for b in _boards(wonder, side).boards:
        counts = [stages] if stages is not None else [k for k, v in enumerate(b.stage_points()) if v == points]
        if not counts:
            counts = list(range(len(b.stages) + 1))  # unreachable points: wonders.points reports them
        built = b.stages[:max(counts)]
        wild = wild or any(_has_wild(st) for st in built)
        copies = copies or any(_copies_guild(st) for st in built)
    return wild, copies


@lru_cache(maxsize=4096)
def _seat_facts(wonder: str | None, side: str | None, points: int,
                stages: int | None) -> tuple[_Boards, bool, bool, _TurnSet]:
    """The boards, the two powers (`_powers`) and the turns (`_turn_set`) a seat's wonder
    columns allow."""
    return (_boards(wonder, side), *_powers(wonder, side, points, stages), _turn_set(wonder, side, points, stages))


#: The fields of a sheet line that a seat's view depends on, besides commercial (`commercial_key`)
#: and guilds > 0.
_SEAT_KEY = operator.attrgetter("wonder", "side", "wonders", "stages", "civilian", "science",
                                "compasses", "gears", "tablets", "wild")


@lru_cache(maxsize=65536)
def _seat_need(n: int, scientists: bool, commercial: int, guilds: bool, wonder: str | None, side: str | None,
               wonders: int, stages: int | None, civilian: int, science: int, c: int | None, g: int | None,
               t: int | None, wild: int | None) -> tuple[tuple[_Boards, bool, bool, int], _Need]:
    """A seat's boards, wild symbol, guild copy and the fewest cards and stages its points
    need (`_city_cards`): the fields of `_Seat` after the line; and its plays (`city_need`)."""
    symbols = None
    if c is not None and g is not None and t is not None and \
            0 <= c <= MAX_SYMBOL and 0 <= g <= MAX_SYMBOL and 0 <= t <= MAX_SYMBOL:
        symbols = (c, g, t, wild or 0)
    boards, babylon, copies, turns = _seat_facts(wonder, side, wonders, stages)
    need = city_need(n, turns, civilian, science, symbols, commercial, guilds, copies, babylon, scientists)
    cards = sum(_city_cards(n, boards, babylon, copies, scientists, wonders, stages, civilian, science,
                            (c, g, t), commercial > 0, guilds))
    return (boards, babylon, copies, cards), need


#: Builds a `_Seat` from one tuple without the NamedTuple's Python-level ``__new__``: a
#: table view is made for every sheet checked.
_new_seat = tuple.__new__
_SEATS_IN_ORDER = {n: tuple(range(1, n + 1)) for n in range(MIN_TABLE, MAX_TABLE + 1)}


def _table(sheet: TableSheet) -> _Table | None:
    n = sheet.size
    if not MIN_TABLE <= n <= MAX_TABLE:
        return None  # the shape check reports it; nothing here is decidable
    guilds, possible, scientists = _in_play(sheet.guilds)
    lines = sorted(sheet.players, key=_SEAT)
    seats: list[_Seat] = []
    needs: list[_Need] = []
    for p in lines:
        key = _SEAT_KEY(p)
        facts, need = _seat_need(n, scientists, 1 if p.commercial > 0 else 0, p.guilds > 0, *key)
        if p.commercial > 1 and not need.spare:
            # Tight: the commercial points may need a second play, beside a red card.
            facts, need = _seat_need(n, scientists, commercial_key(p.commercial), p.guilds > 0, *key)
        seats.append(_new_seat(_Seat, (p, *facts)))
        needs.append(need)
    ordered = tuple([p.seat for p in lines]) == _SEATS_IN_ORDER[n]
    barred, barred_need = -1, None
    if ordered:
        for i, s in enumerate(seats):
            if s.copies_guild and not any(_may_hold_guild(n, scientists, seats[j].line)
                                          for j in ((i + 1) % n, (i - 1) % n)):
                p = s.line
                facts, need = _seat_need(n, scientists, commercial_key(p.commercial), p.guilds > 0, *_SEAT_KEY(p))
                barred, barred_need = i, city_need(
                    n, _seat_facts(p.wonder, p.side, p.wonders, p.stages)[3], p.civilian, p.science,
                    _symbols(p.compasses, p.gears, p.tablets, p.wild), commercial_key(p.commercial), p.guilds > 0,
                    False, facts[1], scientists)
    return _Table(n, tuple(seats), guilds, possible, scientists, ordered, tuple(needs), barred, barred_need)


def _symbols(c: int | None, g: int | None, t: int | None, wild: int | None) -> tuple[int, int, int, int] | None:
    """A sheet line's symbol columns as `city_need` takes them (None without them or out of range)."""
    if c is not None and g is not None and t is not None and \
            0 <= c <= MAX_SYMBOL and 0 <= g <= MAX_SYMBOL and 0 <= t <= MAX_SYMBOL:
        return (c, g, t, wild or 0)
    return None


def _may_hold_guild(n: int, scientists: bool, p: PlayerScore) -> bool:
    """May this neighbour of Olympia B hold a guild it could copy? It holds one if it scores
    guild points, or the Scientists Guild if its science may use a wild symbol Babylon doesn't
    give; else it must have an Age III turn left beside the cards its points need."""
    if p.guilds > 0:
        return True
    boards, babylon, copies, turns = _seat_facts(p.wonder, p.side, p.wonders, p.stages)
    if scientists:
        if p.wild is not None and p.compasses is not None:
            if p.wild > int(babylon):
                return True
        elif any(w > int(babylon) for *_, w in SCIENCE_COMBOS.get(p.science, ())):
            return True
    return _age_three_room(n, scientists, commercial_key(p.commercial), *_SEAT_KEY(p))


@lru_cache(maxsize=4096)
def _age_three_room(n: int, scientists: bool, commercial: int, wonder: str | None, side: str | None,
                    wonders: int, stages: int | None, civilian: int, science: int, c: int | None, g: int | None,
                    t: int | None, wild: int | None) -> bool:
    """Has a city (without guild points) an Age III turn left for one more card (a guild)
    beside the cards its points need, however they are chosen?"""
    _, babylon, copies, turns = _seat_facts(wonder, side, wonders, stages)
    blue = blue_need(n).get(civilian, _NO_BLUE)[0]
    sci = _science_need(n, science, _symbols(c, g, t, wild), babylon, scientists, copies)[1]
    extra = _commercial_extra(n, commercial, turns.slots) if commercial > 1 else None
    return not _best(blue, sci, int(commercial > 0) + 1, 0, turns.slots, False, extra)[0]


_SEAT = operator.attrgetter("seat")


@lru_cache(maxsize=256)
def _in_play(listed: tuple[str, ...] | None) -> tuple[frozenset[str] | None, tuple[int, ...], bool]:
    """The guilds a sheet lists as in play (None when it lists none or misspells one), their
    indices into ``GUILD_NAMES``, and whether the Scientists Guild may be among them."""
    if listed is None:
        return None, _ALL_GUILDS, True
    # Keyed again by the set of names: a round's lists differ only in order and spelling.
    return _in_play_names(frozenset(map(_guild_name, listed)))


@lru_cache(maxsize=1024)
def _in_play_names(names: frozenset[str | None]) -> tuple[frozenset[str] | None, tuple[int, ...], bool]:
    if None in names:  # a misspelt list is reported (guilds.unknown), not trusted
        return None, _ALL_GUILDS, True
    guilds = frozenset(g for g in names if g is not None)
    return guilds, tuple(sorted(GUILD_INDEX[g] for g in guilds)), "Scientists Guild" in guilds


#: German and French card names of the guilds, folded, to their English names.
_GUILDS_PRINTED = {local.casefold(): en for names in d.GUILD_NAMES_BY_LANG.values() for en, local in names.items()}


@lru_cache(maxsize=1024)
def _guild_name(name: str) -> str | None:
    """The canonical guild for an English, German or French spelling, or None."""
    return d.guild_name(name) or _GUILDS_PRINTED.get(" ".join(name.split()).casefold())


# --- checks ---------------------------------------------------------------------------

def _wonders(t: _Table, sheet: TableSheet) -> list[Finding]:
    """Board names, sides, no board twice; wonder points reachable; the `stages` column."""
    out: list[Finding] = []
    seen: dict[str, str] = {}
    for s in t.seats:
        p = s.line
        if p.wonder and not s.board.known:
            out.append(error("wonder.unknown", "wonder {wonder!r} for {player!r} is not a 7 wonders "
                                               "board: use one of {wonders}", p.player,
                             wonder=p.wonder, player=p.player, wonders=", ".join(d.WONDERS)))
        if p.side and p.side.strip().upper() not in d.SIDES:
            out.append(error("wonder.side", "side {side!r} for {player!r} is not a board side: "
                                            "write A or B", p.player, side=p.side, player=p.player))
        if s.board.known:
            name = s.board.boards[0].name
            if name in seen:
                out.append(error("wonder.twice", "{wonder} is played by {other!r} and {player!r}: "
                                                 "the game has one board of each wonder", p.player,
                                 wonder=name, other=seen[name], player=p.player))
            seen.setdefault(name, p.player)
        if p.stages is not None:
            most = s.board.most_stages
            if not 0 <= p.stages <= most:
                out.append(error("wonders.stages", "{player!r} built {stages} stages, but "
                                 "{board} has at most {most}", p.player,
                                 player=p.player, stages=p.stages, board=s.board.label, most=most))
                continue
            at = s.board.points_at(p.stages)
            if p.wonders not in at:
                out.append(error("wonders.stages", "wonder points {wonders} for {player!r} don't match "
                                 "{stages} stages built on {board}: that gives {gives}", p.player,
                                 wonders=p.wonders, player=p.player, stages=p.stages, board=s.board.label,
                                 gives=Joined(at, " or ")))
            continue
        if p.wonders >= 0 and p.wonders not in s.board.points:  # negatives: sheet.py reports
            out.append(error("wonders.points", "wonder points {wonders} for {player!r} can't be reached on "
                             "{board}: stages built in order give {gives}", p.player,
                             wonders=p.wonders, player=p.player, board=s.board.label, gives=Joined(s.board.points)))
    return out


#: Per result a pair can give the seat before: its (b, gt, lt) options, battles left
#: undecided first (any table can tie): `military_assignment_exists` tries them in order.
_PAIR_BY_A: dict[int, tuple[tuple[int, int, int], ...]] = {
    a: tuple(sorted(((b, gt, lt) for b, gt, lt, _ in opts), key=lambda o: (bin(o[1] | o[2]).count("1"), o[1] != o[2])))
    for a, opts in MILITARY_PAIR.items()
}
#: (a, b) -> the (gt, lt) that give it: at most two (a pair's 27 results give 26 of them).
_PAIR_BY_AB: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
for _a, _opts in _PAIR_BY_A.items():
    for _b, _gt, _lt in _opts:
        _PAIR_BY_AB[(_a, _b)] = _PAIR_BY_AB.get((_a, _b), ()) + ((_gt, _lt),)
#: Per military total of seat 0: (what the last pair gives it, the first pair's options), ties first.
_RING_STARTS: dict[int, tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]] = {
    v: tuple(sorted(((b, _PAIR_BY_A[v - b]) for b in {b for _, b in _PAIR_BY_AB} if v - b in _PAIR_BY_A),
                    key=lambda x: (abs(x[0]), x[0])))
    for v in range(MILITARY_MIN, MILITARY_MAX + 1)
}
#: How many ways a seat's military total splits between its two pairs: the search starts at
#: the seat with the fewest, which prunes the most (the ring can start anywhere).
_SPLITS = {v: sum(len(opts) for _, opts in starts) for v, starts in _RING_STARTS.items()}


def _barred(shieldless: int, n: int, k: int, gt: int, lt: int) -> bool:
    """Does a result of pair k give a battle to a seat of the mask `shieldless`? (The seat
    before, k, wins in the ages of `gt`; the seat after, k + 1, in those of `lt`.)"""
    return bool(shieldless >> k & 1 and gt or shieldless >> ((k + 1) % n) & 1 and lt)


@lru_cache(maxsize=65536)
def military_assignment_exists(totals: tuple[int, ...], shieldless: int = 0) -> bool:
    """Is there a result for every neighbour pair and age that gives these totals (seat
    order), with each age's results orderable by shields: round the ring, nobody can beat
    their next neighbour all the way round, so wins without losses in one age are impossible?
    Seats in the bit mask `shieldless` have no shields all game, so they win no battle."""
    n = len(totals)
    splits = [_SPLITS.get(v, 0) for v in totals]
    r = splits.index(min(splits))
    if r:  # rotate the ring so that seat r is seat 0
        totals = totals[r:] + totals[:r]
        shieldless = ((shieldless >> r) | (shieldless << (n - r))) & ((1 << n) - 1)
    last = n - 1
    t_last = totals[last]
    dead: set[tuple[int, int, int, int, int]] = set()

    def walk(k: int, b_prev: int, gt: int, lt: int, closing: int) -> bool:
        # pair k (0 < k < n - 1) joins seat k and seat k+1; seat k already has b_prev from
        # pair k-1; pair n-1 must give seat 0 `closing`.
        key = (k, b_prev, gt, lt, closing)
        if key in dead:
            return False
        for b, g, lo in _PAIR_BY_A[totals[k] - b_prev]:
            if shieldless and _barred(shieldless, n, k, g, lo):
                continue
            g, lo = gt | g, lt | lo
            if k + 1 == last:  # the last pair is fixed by both its seats
                for g2, lo2 in _PAIR_BY_AB.get((t_last - b, closing), ()):
                    if (g | g2) == (lo | lo2) and not (shieldless and _barred(shieldless, n, last, g2, lo2)):
                        return True
            elif totals[k + 1] - b in _PAIR_BY_A and walk(k + 1, b, g, lo, closing):
                return True
        dead.add(key)
        return False

    for closing, opts in _RING_STARTS.get(totals[0], ()):
        for b, g, lo in opts:
            if shieldless and _barred(shieldless, n, 0, g, lo):
                continue
            if n == 2:  # pair 1 is the last
                for g2, lo2 in _PAIR_BY_AB.get((t_last - b, closing), ()):
                    if (g | g2) == (lo | lo2) and not (shieldless and _barred(shieldless, n, last, g2, lo2)):
                        return True
            elif totals[1] - b in _PAIR_BY_A and walk(1, b, g, lo, closing):
                return True
    return False


def _military(t: _Table, sheet: TableSheet) -> list[Finding]:
    """The table's military must come from wins and losses between neighbours."""
    totals = tuple(s.line.military for s in t.seats)
    if any(not -6 <= v <= 18 for v in totals):
        return []  # military.range already reports it; the table search needs sane values
    total = sum(totals)
    top = MILITARY_MAX_SUM_PER_PAIR * t.n
    if total % 2:
        return [error("military.pairs", "military doesn't pair up: the table's military adds up to {total}, "
                                         "but wins and losses always add up to an even number; "
                                         "check the military column", total=total)]
    if total < 0:
        return [error("military.table", "the table's military adds up to {total}: every battle gives "
                                         "+1/+3/+5 to one neighbour and -1 to the other, so the table "
                                         "can't be below 0; check the military column", total=total)]
    if total > top:
        return [error("military.table", "the table's military adds up to {total}: {n} neighbour pairs "
                                         "give at most 0+2+4 = 6 each, {top} in all; check the military column",
                      total=total, n=t.n, top=top)]
    if t.ordered and not military_assignment_exists(totals):
        window = _impossible_neighbours(totals)
        if window:
            who = Joined(tuple(f"{t.seats[i].line.player!r} {totals[i]}" for i in window), " and ")
            return [error("military.assignment", "military {who} can't stand side by side: no results of the "
                                                  "three ages between these neighbours give them, whatever the "
                                                  "other seats have; check their military and the seat order",
                          t.seats[window[0]].line.player, who=who)]
        listed = ", ".join(f"{s.line.player!r} {s.line.military}" for s in t.seats)
        lone = lone_battles(totals)
        if lone:
            names = [s.line.player for s in t.seats]
            battles = Joined(tuple(phrase("{winner!r} beating {loser!r} in Age {age}", winner=names[w],
                                          loser=names[lo], age=_ROMAN[age]) for w, lo, age in lone), " and ")
            return [error("military.assignment", "these military points ({listed}, in seat order) need {battles}, "
                                                  "which can't stand alone: in each age a battle won round the "
                                                  "ring one way needs one won the other way (nobody out-shields "
                                                  "their next neighbour all the way round); check the military "
                                                  "column and the seat order",
                          names[lone[0][0]], battles=battles, listed=listed)]
        return [error("military.assignment", "no results of the three ages between neighbours give these "
                                              "military points ({listed}, in seat order); "
                                              "check the military column and the seat order", listed=listed)]
    return _shields(t)


_ROMAN = {1: "I", 2: "II", 3: "III"}


def lone_battles(totals: tuple[int, ...], limit: int = 20000) -> tuple[tuple[int, int, int], ...]:
    """Where the totals fit results of every pair and age except for the shields: the battles
    (winner, loser seat index, age) of the results with the fewest of them that are won round
    the ring in one direction only in their age (a win against the next seat with none against
    the seat before anywhere, or the other way). Empty when no results give the totals even
    so, or the search gave up (`limit` results)."""
    n, last = len(totals), len(totals) - 1
    best: tuple[tuple[int, int, int], ...] = ()
    seen = 0

    def one_way(results: list[tuple[int, int]]) -> tuple[tuple[int, int, int], ...]:
        won = lost = 0
        for g, lo in results:
            won, lost = won | g, lost | lo
        out = []
        for k, (g, lo) in enumerate(results):
            for age in d.AGES:
                bit = 1 << (age - 1)
                if g & bit and not lost & bit:
                    out.append((k, (k + 1) % n, age))
                elif lo & bit and not won & bit:
                    out.append(((k + 1) % n, k, age))
        return tuple(sorted(out, key=lambda b: (b[2], b[0])))

    def walk(k: int, b_prev: int, a_last: int, results: list[tuple[int, int]]) -> None:
        nonlocal best, seen
        if seen >= limit:
            return
        if k == last:
            if b_prev + a_last == totals[last]:
                seen += 1
                found = one_way(results)
                if found and (not best or len(found) < len(best)):
                    best = found
            return
        for b, g, lo in _PAIR_BY_A.get(totals[k] - b_prev, ()):
            results[k] = (g, lo)
            walk(k + 1, b, a_last, results)

    for a_last, options in MILITARY_PAIR.items():
        for b_last, gt_c, lt_c, _ in options:
            slots = [(0, 0)] * n
            slots[last] = (gt_c, lt_c)
            walk(0, b_last, a_last, slots)
    return best


#: What a pair's results can give the seat after it (its `b`), and the seat before (its `a`).
_GIVES_AFTER = frozenset(b for _, b in _PAIR_BY_AB)
_GIVES_BEFORE = frozenset(_PAIR_BY_A)


def _impossible_neighbours(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The fewest seats next to each other (indices, in seat order) whose military points no
    results of the pairs between them give, whatever the pairs at their ends give: the seats
    a sheet's impossible military is on. Empty when only the whole ring doesn't fit."""
    n = len(totals)
    for size in range(2, n):
        for start in range(n):
            seats = tuple((start + k) % n for k in range(size))
            received = _GIVES_AFTER  # what the first seat may get from the pair before it
            for k, i in enumerate(seats):
                rest = {totals[i] - got for got in received}
                if k == size - 1:
                    fits = bool(rest & _GIVES_BEFORE)
                else:
                    received = frozenset(b for r in rest for b, _, _ in _PAIR_BY_A.get(r, ()))
                    fits = bool(received)
                if not fits:
                    break
            else:
                continue
            return seats
    return ()


def _shieldless(t: _Table) -> list[int]:
    """Seats that can't have a shield: no shield stage, and every play (a red card would take
    one) needed for the sheet's other points. Cities that don't fit at all are reported by the
    city checks instead."""
    return [i for i, nd in enumerate(t.needs) if not nd.can_win and not nd.over and not nd.guild_over]


def _shields(t: _Table) -> list[Finding]:
    """A battle is won with more shields than the neighbour, so at least one."""
    none = _shieldless(t)
    if not none:
        return []
    out = []
    for i in none:
        p = t.seats[i].line
        if p.military > 0:
            out.append(error("military.shields", "{player!r} has military {military}, so won a battle, but "
                             "has no shields: no red card fits among the plays its other points need, and no "
                             "stage of {board} gives shields; check the categories", p.player,
                             player=p.player, military=p.military, board=t.seats[i].board.label))
    if out or not t.ordered:
        return out
    totals = tuple(s.line.military for s in t.seats)
    if not military_assignment_exists(totals, sum(1 << i for i in none)):
        who = ", ".join(repr(t.seats[i].line.player) for i in none)
        out.append(error("military.shields", "these military points need a battle won by {who}, who can't "
                                              "have shields (every play is needed for the other points, no "
                                              "shield stage); check the military column and the categories",
                         who=who))
    return out


_SYMBOLS = tuple(d.Science)  # iterating the enum itself is slow, and _science does it per table
_SYMBOL_WORDS = {d.Science.COMPASS: Term("compass symbols"), d.Science.GEAR: Term("gear symbols"),
                 d.Science.TABLET: Term("tablet symbols")}


def _wild_sources(s: _Seat, t: _Table) -> Joined:
    """Where a seat's wild science symbols could come from, and why a source gives none."""
    p = s.line
    if s.wild:
        babylon = phrase("Babylon's stage")
    elif s.board.wild:  # Babylon, but its points or stages leave the wild-symbol stage unbuilt
        babylon = phrase("Babylon's wild-symbol stage is not built with wonders {wonders}", wonders=p.wonders)
    else:
        babylon = phrase("{board} has no wild-symbol stage", board=s.board.label)
    guild = phrase("the Scientists Guild") if t.scientists else phrase("the Scientists Guild is not in play")
    return Joined((babylon, guild), " and ")


def _science(t: _Table, sheet: TableSheet) -> list[Finding]:
    """Science points from symbol counts the deck allows, wild symbols included."""
    out: list[Finding] = []
    cards_needed = 0  # green cards the table needs at least (exact where columns exist)
    of_one = 0  # at most this many cards of any one symbol, each player's evenest split taken
    compasses = gears = tablets = wilds = 0
    for s in t.seats:
        p = s.line
        wmax = s.wild + t.scientists  # at most MAX_WILD (2)
        c, g, tb = p.compasses, p.gears, p.tablets
        if c is None or g is None or tb is None:
            if p.science < 0:
                continue  # sheet.py reports negatives
            if p.science not in SCIENCE_REACHABLE[wmax]:
                out.append(error("science.points", "science {science} for {player!r} can't come from "
                                 "up to {most} of each symbol and {wild} wild: check the science column",
                                 p.player, science=p.science, player=p.player, most=MAX_SYMBOL, wild=wmax))
            else:
                cards_needed += SCIENCE_FEWEST_CARDS[wmax][p.science]
                of_one += SCIENCE_MOST_OF_ONE[wmax][p.science]
            continue
        syms = (c, g, tb)
        wild = p.wild or 0
        bad = [phrase("{column} {value}", column=Term(name), value=v)
               for name, v in zip(("compasses", "gears", "tablets"), syms) if not 0 <= v <= MAX_SYMBOL]
        if bad:
            out.append(error("science.symbols", "{player!r} has {counts}: a city holds at most "
                             "{most} of each symbol (each green card once)", p.player,
                             player=p.player, counts=Joined(tuple(bad)), most=MAX_SYMBOL))
            continue
        if not 0 <= wild <= wmax:
            out.append(error("science.wild", "{player!r} has {wild} {symbols}, at most {most} possible "
                             "here: {sources}", p.player, player=p.player, wild=wild,
                             symbols=Term("wild symbol") if wild == 1 else Term("wild symbols"), most=wmax,
                             sources=_wild_sources(s, t)))
            continue
        want = science_points(*syms, wild)
        if p.science != want:
            out.append(error("science.formula", "science for {player!r} should be {want} from "
                             "{compasses} compasses, {gears} gears, {tablets} tablets and {wild} wild "
                             "(squares plus 7 per set), sheet says {science}", p.player, player=p.player,
                             want=want, compasses=syms[0], gears=syms[1], tablets=syms[2], wild=wild,
                             science=p.science))
        cards_needed += sum(syms)
        of_one += max(syms)
        wilds += wild
        compasses, gears, tablets = compasses + syms[0], gears + syms[1], tablets + syms[2]
    for sym, v, deck in zip(_SYMBOLS, (compasses, gears, tablets), _SYMBOL_DECKS[t.n]):
        if v > deck:
            out.append(error("science.deck", "the table holds {count} {symbols}, but the "
                             "{n}-player decks have only {deck} green cards with that symbol",
                             count=v, symbols=_SYMBOL_WORDS[sym], n=t.n, deck=deck))
    wild_top = _wild_table_max(t)
    if wilds > wild_top:
        out.append(error("science.deck", "the table holds {wild} wild symbols, at most {most} "
                         "possible (one Babylon, one Scientists Guild and Olympia B's copy of it)",
                         wild=wilds, most=wild_top))
    if cards_needed > GREEN_IN_DECK[t.n] and not any(f.rule == "science.deck" for f in out):
        out.append(error("science.deck", "the table's science needs at least {cards} green cards, "
                         "but the {n}-player decks have {deck}; check the science column",
                         cards=cards_needed, n=t.n, deck=GREEN_IN_DECK[t.n]))
    if not out and of_one > min(_SYMBOL_DECKS[t.n]):
        out += _science_split(t)
    return out


def _science_split(t: _Table) -> list[Finding]:
    """Can the table's science points come from one split of the decks' green cards? Each
    score alone may be possible while together they need more cards of one symbol than the
    decks hold (two players' 16 take all compasses and gears of three players' decks: a third
    player's 10 needs one of each). Runs only when the players' evenest splits together may
    need more cards of one symbol than the decks hold; else those splits fit."""
    players: list[tuple[int, ...]] = []
    for s in t.seats:
        p = s.line
        c, g, tb = p.compasses, p.gears, p.tablets
        if c is not None and g is not None and tb is not None:
            players.append((c, g, tb))
        elif p.science > 0:
            players.append((p.science, s.wild + t.scientists))
    if _science_splits(tuple(sorted(players)), t.n):
        return []
    shown = Joined(tuple(f"{s.line.player!r} {s.line.science}" for s in t.seats if s.line.science > 0), " and ")
    c, g, tb = _SYMBOL_DECKS[t.n]
    return [error("science.split", "science {shown} can't all be: however the symbols are placed, together "
                                   "they need more cards of one symbol than the {n}-player decks hold ({c} "
                                   "compasses, {g} gears, {t} tablets); check the science column",
                  shown=shown, n=t.n, c=c, g=g, t=tb)]


@lru_cache(maxsize=4096)
def _science_splits(players: tuple[tuple[int, ...], ...], n: int) -> bool:
    """Whether one split of the `n`-player decks' green cards gives every player its science:
    each player's (compasses, gears, tablets) where the sheet has them, else (science points,
    wild symbols it may have). Kept by the table's players in order: science points are few
    numbers, and many tables of an event ask the same."""
    needs = [((player[0], player[1], player[2]),) if len(player) == 3 else _science_triples(player[0], player[1])
             for player in players]
    decks = _SYMBOL_DECKS[n]
    return _greedy_split(needs, decks) or _science_fits(tuple(sorted(needs)), decks)


@lru_cache(maxsize=1024)
def _science_triples(score: int, wild: int) -> tuple[tuple[int, int, int], ...]:
    """The fewest symbols (compasses, gears, tablets) that give `score` with up to `wild` wild
    symbols: every count that does, less those holding all of another's symbols and more."""
    found = {(c, g, tb) for c in range(MAX_SYMBOL + 1) for g in range(MAX_SYMBOL + 1)
             for tb in range(MAX_SYMBOL + 1) if any(science_points(c, g, tb, w) == score for w in range(wild + 1))}
    return tuple(sorted(x for x in found if not any(y != x and all(a <= b for a, b in zip(y, x)) for y in found)))


def _greedy_split(needs: list[tuple[tuple[int, int, int], ...]], decks: tuple[int, int, int]) -> bool:
    """A split found quickly (most tables): each player, fewest options first, takes the option
    that leaves the most of the scarcest symbol. False when it finds none (there may be one)."""
    left = list(decks)
    for options in sorted(needs, key=len):
        fits = [x for x in options if x[0] <= left[0] and x[1] <= left[1] and x[2] <= left[2]]
        if not fits:
            return False
        x = max(fits, key=lambda x: sorted((left[0] - x[0], left[1] - x[1], left[2] - x[2])))
        left = [left[0] - x[0], left[1] - x[1], left[2] - x[2]]
    return True


@lru_cache(maxsize=4096)
def _science_fits(needs: tuple[tuple[tuple[int, int, int], ...], ...], decks: tuple[int, int, int]) -> bool:
    """Is there one symbol count per player, each from its options, that the decks hold together?"""
    sums = {(0, 0, 0)}
    for options in needs:
        sums = {(a + x, b + y, c + z) for a, b, c in sums for x, y, z in options
                if a + x <= decks[0] and b + y <= decks[1] and c + z <= decks[2]}
        if not sums:
            return False
    return True


#: SYMBOLS_IN_DECK per player count, in the order of ``d.Science``.
_SYMBOL_DECKS: dict[int, tuple[int, int, int]] = {
    n: (SYMBOLS_IN_DECK[(d.Science.COMPASS, n)], SYMBOLS_IN_DECK[(d.Science.GEAR, n)],
        SYMBOLS_IN_DECK[(d.Science.TABLET, n)]) for n in d.PLAYER_COUNTS}


def _wild_table_max(t: _Table) -> int:
    """Wild symbols a whole table can hold: one Babylon board, one Scientists Guild and,
    at most once, Olympia B's copy of it (every board exists once)."""
    babylon = any(s.wild for s in t.seats)
    olympia_b = any(s.copies_guild for s in t.seats)
    guild = (1 + olympia_b) if t.scientists else 0
    return int(babylon) + guild


@cache
def civilian_subsets(n: int) -> tuple[int, int, dict[int, tuple[int, ...]]]:
    """Blue cards at `n` players as 4-bit fields: the deck's copies (with a guard bit per
    field, so over-use shows as a cleared guard), and for each civilian total the subsets
    of distinct cards that give it, as one bit per field, plentiful cards first. Built on
    first use per player count (a few ms each, which every process would pay at import)."""
    copies = _COPIES[n]
    names = [name for name, k in copies.items() if k and _CARD[name].colour is d.Colour.BLUE]
    width = 4 * len(names)
    # Every subset as one int (points, scarcity, fields) that sorts as that tuple would:
    # the fields are disjoint bits and the scarcity (at most 4 per card) fits in 8 bits.
    keys = [0]
    for i, x in enumerate(names):
        step = (_CARD[x].points << (width + 8)) | ((4 - copies[x]) << width) | (1 << (4 * i))
        keys += [k + step for k in keys]
    keys.sort()
    by_sum: dict[int, list[int]] = {}
    fields = (1 << width) - 1
    for k in keys:
        by_sum.setdefault(k >> (width + 8), []).append(k & fields)
    capacity = sum((copies[x] | 8) << (4 * i) for i, x in enumerate(names))
    guards = sum(8 << (4 * i) for i in range(len(names)))
    return capacity, guards, {v: tuple(m) for v, m in by_sum.items()}


@cache  # on first use: a command that checks no 7 Wonders sheet doesn't pay for it
def fewest_blue(n: int) -> dict[int, int]:
    """Fewest distinct blue cards that make each civilian total at `n` players."""
    best = {0: 0}
    for name, k in _COPIES[n].items():
        c = _CARD[name]
        if k and c.colour is d.Colour.BLUE:
            for total, cards in list(best.items()):
                if best.get(total + c.points, 99) > cards + 1:
                    best[total + c.points] = cards + 1
    return best



@lru_cache(maxsize=65536)
def civilian_table_feasible(n: int, needs: tuple[int, ...], budget: int = 20000) -> bool | None:
    """Can distinct-per-city blue cards, within the deck's copies at `n` players, give
    every city its civilian points? None when the search gave up (undecided)."""
    capacity, guards, subsets = civilian_subsets(n)
    # Most constrained city first (fewest card sets for its points): contradictions show early.
    order = sorted(needs, key=lambda v: (len(subsets.get(v, ())), -v))
    dead: set[tuple[int, int]] = set()
    left = [budget]

    def go(k: int, cap: int) -> bool | None:
        if k == len(order):
            return True
        if (k, cap) in dead:
            return False
        left[0] -= 1
        if left[0] < 0:
            return None
        undecided = False
        for m in subsets.get(order[k], ()):
            nxt = cap - m
            if nxt & guards == guards:
                r = go(k + 1, nxt)
                if r:
                    return True
                undecided = undecided or r is None
        if undecided:
            return None
        dead.add((k, cap))
        return False

    return go(0, capacity)


def _civilian(t: _Table, sheet: TableSheet) -> list[Finding]:
    """Civilian points are sums of distinct blue cards, and the table shares the deck."""
    out: list[Finding] = []
    reach = CIVILIAN_REACHABLE[t.n]
    for s in t.seats:
        p = s.line
        if p.civilian >= 0 and p.civilian not in reach:  # negatives: sheet.py reports
            out.append(error("civilian.points", "civilian {civilian} for {player!r} is no sum of distinct "
                             "blue cards of a {n}-player game; check the civilian column", p.player,
                             civilian=p.civilian, player=p.player, n=t.n))
    if out:
        return out
    needs = tuple(s.line.civilian for s in t.seats)
    if min(needs) < 0:
        return out
    total, deck = sum(needs), CIVILIAN_DECK_POINTS[t.n]
    if total > deck:
        return [error("civilian.deck", "the table's civilian points add up to {total}, but all blue cards "
                                       "of the {n}-player decks are worth {deck}", total=total, n=t.n, deck=deck)]
    if deck - total not in CIVILIAN_LEFTOVER[t.n]:
        return [error("civilian.deck", "the table's civilian points add up to {total} of the {deck} that all "
                                       "blue cards of the {n}-player decks are worth, but no set of unbuilt "
                                       "blue cards is worth the {gap} in between",
                      total=total, deck=deck, n=t.n, gap=deck - total)]
    feasible = civilian_table_feasible(t.n, tuple(sorted(needs)))
    if feasible is False:
        return [error("civilian.deck", "the civilian points ({points}) need more copies "
                                       "of some blue cards than the {n}-player decks hold",
                      points=Joined(needs), n=t.n)]
    if feasible is None:
        # Rare (crowded 7-player tables close to the whole deck): say so rather than pass silently.
        return [warning("civilian.deck", "the civilian points ({points}) could not be "
                                         "matched to the {n}-player blue cards within the check's search "
                                         "limit: compare them with the cities", points=Joined(needs), n=t.n)]
    return []


def _stages_max(s: _Seat) -> int:
    if s.line.stages is not None and 0 <= s.line.stages <= MAX_STAGES:
        return s.line.stages
    return s.board.most_stages


@lru_cache(maxsize=1024)
def commercial_max(n: int, stages: int, budget: int = 10**6) -> int:
    """Most commercial points one city can score: Haven (own brown), Lighthouse (own
    yellow, itself included), Chamber of Commerce (2 per own grey, 4+ players), Arena
    (own stages); every unit counted is a card or stage, and a city builds at most
    `budget` cards and stages in all."""
    singles = NAMES[(d.Colour.BROWN, n)] + NAMES[(d.Colour.YELLOW, n)] + stages
    if not CHAMBER[n]:
        return min(singles, budget)
    greys = min(NAMES[(d.Colour.GREY, n)], budget)
    return 2 * greys + min(singles, budget - greys)


CHAMBER = {n: _CARD["Chamber of Commerce"].copies(n) > 0 for n in d.PLAYER_COUNTS}
PLAYS = len(d.AGES) * (d.HAND_SIZE - 1)  # 18 cards played, each built, a stage, or discarded


def _commercial(t: _Table, sheet: TableSheet) -> list[Finding]:
    out = []
    for s in t.seats:
        p = s.line
        if p.commercial <= 0:
            continue  # within any bound (negatives: sheet.py reports)
        top = commercial_max(t.n, _stages_max(s), PLAYS + s.board.game_extra)
        if p.commercial > top:
            out.append(error("commercial.max", "commercial {commercial} for {player!r} is more than the "
                             "{top} that Haven, Lighthouse, Chamber of Commerce and Arena can give "
                             "({plays} cards and stages at most) in a "
                             "{n}-player game; check the commercial column", p.player,
                             commercial=p.commercial, player=p.player, top=top, plays=PLAYS + s.board.game_extra,
                             n=t.n))
    if out:
        return out
    # Keyed by the scorers' card sets: many (points, stages) share them, so tables repeat.
    sets = [_commercial_sets(t.n, s.line.commercial, t.needs[i].stages) for i, s in enumerate(t.seats)
            if s.line.commercial > 0]
    if len(sets) > 1 and not commercial_table_feasible(t.n, tuple(sorted(sets))):
        shown = Joined(tuple(f"{s.line.player!r} {s.line.commercial}" for s in t.seats if s.line.commercial > 0),
                       " and ")
        cards = Joined(tuple(phrase("{copies} {card}", copies=_COPIES[t.n][c.name], card=c.name)
                             for c in COMMERCIAL_CARDS[t.n]))
        out.append(error("commercial.deck", "commercial {shown} can't all be: a city scores commercial points "
                         "only with its own Haven, Lighthouse, Chamber of Commerce or Arena (the Arena only "
                         "with stages built), each once, and the {n}-player decks hold {cards}; check the "
                         "commercial column and the wonder points", shown=shown, n=t.n, cards=cards))
    return out


def _card_commercial_max(c: d.Card, n: int, stages: int) -> int:
    """Most commercial points card `c` gives a city at `n` players with `stages` stages: its
    points per own card of the colours it counts (each name once per city) or per stage."""
    total = 0
    for e in c.effects:
        if isinstance(e, d.PerUnit) and e.points and e.whose == d.ONLY_SELF:
            units = stages if e.counted is d.Counted.WONDER_STAGES else sum(NAMES[(col, n)] for col in e.colours)
            total += e.points * units
    return total


@lru_cache(maxsize=1024)
def _commercial_sets(n: int, points: int, stages: int) -> tuple[int, ...]:
    """The fewest sets of distinct scoring yellow cards (COMMERCIAL_CARDS[n]) that can give
    these commercial points with at most `stages` stages built: bit fields, one 4-bit field
    per card. A set gives at least what its cards give alone with no stage (the Lighthouse
    counts itself) and at most what they count at most."""
    cards = COMMERCIAL_CARDS[n]
    found: list[int] = []
    for k in sorted(range(1, 1 << len(cards)), key=lambda k: bin(k).count("1")):
        if any(f & k == f for f in found):
            continue  # a subset already gives the points: this set only takes more copies
        chosen = [c for j, c in enumerate(cards) if k >> j & 1]
        lo = sum(_points_alone(c, 0) for c in chosen)
        if lo <= points <= sum(_card_commercial_max(c, n, stages) for c in chosen):
            found.append(k)
    return tuple(sum(1 << (4 * j) for j in range(len(cards)) if k >> j & 1) for k in found)


def commercial_table_feasible_for(n: int, scorers: tuple[tuple[int, int], ...]) -> bool:
    """`commercial_table_feasible` for the cities' (commercial points, most stages)."""
    return commercial_table_feasible(n, tuple(sorted(_commercial_sets(n, p, k) for p, k in scorers)))


@lru_cache(maxsize=4096)
def commercial_table_feasible(n: int, sets: tuple[tuple[int, ...], ...]) -> bool:
    """Can every city with commercial points have one of its sets of scoring yellow cards
    (`_commercial_sets`), with no card used more often than the `n`-player decks hold it?
    (Each city holds a name once; the decks hold one or two copies of each: at 3 players
    one Haven, one Lighthouse and one Arena.)"""
    cards = COMMERCIAL_CARDS[n]
    capacity = sum((_COPIES[n][c.name] | 8) << (4 * j) for j, c in enumerate(cards))
    guards = sum(8 << (4 * j) for j in range(len(cards)))
    options = sorted(sets, key=len)
    dead: set[tuple[int, int]] = set()

    def go(k: int, cap: int) -> bool:
        if k == len(options):
            return True
        if (k, cap) in dead:
            return False
        for m in options[k]:
            if (cap - m) & guards == guards and go(k + 1, cap - m):
                return True
        dead.add((k, cap))
        return False

    return go(0, capacity)


#: Guild points that depend only on the player count: two neighbours' cards of a colour
#: (each name once per city), or the holder's own brown and grey cards (Shipowners).
GUILD_STATIC: dict[int, dict[str, int]] = {
    n: {
        "Workers Guild": 2 * NAMES[(d.Colour.BROWN, n)],
        "Craftsmens Guild": 2 * 2 * NAMES[(d.Colour.GREY, n)],
        "Traders Guild": 2 * NAMES[(d.Colour.YELLOW, n)],
        "Philosophers Guild": 2 * NAMES[(d.Colour.GREEN, n)],
        "Spies Guild": 2 * NAMES[(d.Colour.RED, n)],
        "Shipowners Guild": NAMES[(d.Colour.BROWN, n)] + NAMES[(d.Colour.GREY, n)],
        "Scientists Guild": 0,
        "Magistrates Guild": 2 * NAMES[(d.Colour.BLUE, n)],
    }
    for n in d.PLAYER_COUNTS
}


#: Cards of a colour two neighbours can hold together: each holds a name once, and the
#: decks hold `copies` of it at that player count (3 players: most names once).
PAIR_CAP: dict[tuple[d.Colour, int], int] = {
    (colour, n): sum(min(2, k) for name, k in _COPIES[n].items() if k and _CARD[name].colour is colour)
    for colour in d.Colour for n in d.PLAYER_COUNTS
}
#: Guilds that count one colour in the neighbours' cities, and the points per card.
NEIGHBOUR_COLOUR_GUILDS: dict[str, tuple[d.Colour, int]] = {
    "Workers Guild": (d.Colour.BROWN, 1), "Craftsmens Guild": (d.Colour.GREY, 2),
    "Traders Guild": (d.Colour.YELLOW, 1), "Philosophers Guild": (d.Colour.GREEN, 1),
    "Spies Guild": (d.Colour.RED, 1), "Magistrates Guild": (d.Colour.BLUE, 1),
}


GUILD_INDEX: dict[str, int] = {g: k for k, g in enumerate(d.GUILD_NAMES)}
_SHIPOWNERS = GUILD_INDEX["Shipowners Guild"]
#: Per player count: (guild index, points per card, cards two neighbours can hold at most).
_COLOUR_SLOTS: dict[int, tuple[tuple[int, int, int], ...]] = {
    n: tuple((GUILD_INDEX[g], pts, PAIR_CAP[(colour, n)]) for g, (colour, pts) in NEIGHBOUR_COLOUR_GUILDS.items())
    for n in d.PLAYER_COUNTS
}


_STRATEGISTS = GUILD_INDEX["Strategists Guild"]
_BUILDERS = GUILD_INDEX["Builders Guild"]
#: Guilds that count the neighbours' defeat tokens, with the points per token (data.py: the
#: Strategists Guild, 1 each).
DEFEAT_GUILDS: tuple[tuple[int, int], ...] = tuple(
    (GUILD_INDEX[c.name], e.points) for c in d.CARDS if c.is_guild for e in c.effects
    if isinstance(e, d.PerUnit) and e.counted is d.Counted.DEFEATS and e.whose == d.NEIGHBOURS)


@lru_cache(maxsize=65536)
def most_defeats(totals: tuple[int, ...], seats: frozenset[int]) -> int | None:
    """The most defeat tokens the seats `seats` (indices in seat order) hold together over
    every result of every neighbour pair and age that gives these military totals (the
    results `military_assignment_exists` accepts); None when no results give them. A loss
    is a defeat token, so the table's totals bound the neighbours' tokens together: at
    totals 0, 0, 0 every battle was a draw."""
    last, best = len(totals) - 1, -1
    for a_last, options in MILITARY_PAIR.items():
        for b_last, gt_c, lt_c, _ in options:
            # Pair n - 1 (seat n - 1 before seat 0) is fixed first; then pairs 0 .. n - 2.
            got = _defeats_after(totals, seats, a_last, b_last, gt_c, lt_c)
            if got >= 0:
                got += _losses(last, 0, gt_c, lt_c, seats)
                best = max(best, got)
    return best if best >= 0 else None


def _losses(before: int, after: int, gt: int, lt: int, seats: frozenset[int]) -> int:
    """Battles lost by the seats of `seats` in one pair's result: the seat before loses the
    ages of `lt`, the seat after it those of `gt`."""
    return (bin(lt).count("1") if before in seats else 0) + (bin(gt).count("1") if after in seats else 0)


def _defeats_after(totals: tuple[int, ...], seats: frozenset[int], a_last: int, b_last: int,
                   gt_c: int, lt_c: int) -> int:
    """`most_defeats` over pairs 0 .. n - 2, given the last pair's result (it gives seat
    n - 1 `a_last` and seat 0 `b_last`, decides the ages `gt_c` | `lt_c`); -1 when none fits."""
    last = len(totals) - 1
    memo: dict[tuple[int, int, int, int], int] = {}

    def walk(k: int, b_prev: int, gt: int, lt: int) -> int:
        if k == last:
            return 0 if b_prev + a_last == totals[last] and (gt | gt_c) == (lt | lt_c) else -1
        key = (k, b_prev, gt, lt)
        if key in memo:
            return memo[key]
        top = -1
        for b, g, lo in _PAIR_BY_A.get(totals[k] - b_prev, ()):
            rest = walk(k + 1, b, gt | g, lt | lo)
            if rest >= 0:
                top = max(top, rest + _losses(k, k + 1, g, lo, seats))
        memo[key] = top
        return top

    return walk(0, b_last, 0, 0)


def _guild_bound(possible: tuple[int, ...], extra: int, copies: bool,
                 values: list[int]) -> tuple[int, tuple[int, ...]]:
    """The most guild points one player can score, and each possible guild's most, given
    the guilds that may be in play (indices into ``GUILD_NAMES``), the board's extra Age III
    builds, whether Olympia B's copy is possible, and each guild's most for this player."""
    turns = 6 + extra  # six Age III turns, plus the board's extra builds
    each = tuple([values[k] for k in possible])
    # The `turns` best guilds (most tables have one guild in play more than that, so the
    # sum less the smallest); Olympia B copies one more.
    spare = len(each) - turns
    if spare <= 0:
        top = sum(each)
    elif spare == 1:
        top = sum(each) - min(each)
    else:
        top = sum(sorted(each, reverse=True)[:turns])
    if copies and each:
        top += max(each)
    return top, each


_OWN_BROWN_GREY = {n: NAMES[(d.Colour.BROWN, n)] + NAMES[(d.Colour.GREY, n)] for n in d.PLAYER_COUNTS}


def _guild_values(t: _Table, i: int) -> list[int]:
    """Each guild's most points for player i, by ``GUILD_NAMES`` index. Seats in order: from
    the neighbours' own sheets and the deck's copies; else the most any neighbours could hold."""
    n = t.n
    if not t.ordered:
        most = dict(GUILD_STATIC[n])
        most["Strategists Guild"] = 2 * MOST_DEFEATS
        most["Builders Guild"] = _stages_max(t.seats[i]) + 2 * MAX_STAGES
        most["Shipowners Guild"] = _shipowners_rough(t, i)
        return [most[g] for g in d.GUILD_NAMES]
    left, right = (i + 1) % n, (i - 1) % n
    me, nl, nr = t.needs[i], t.needs[left], t.needs[right]
    v = [0] * len(d.GUILD_NAMES)  # the Scientists Guild scores in science
    for (k, pts, cap), a, b in zip(_COLOUR_SLOTS[n], nl.holds, nr.holds):
        v[k] = pts * (cap if a + b > cap else a + b)
    v[_STRATEGISTS] = MAX_DEFEATS.get(t.seats[left].line.military, MOST_DEFEATS) \
        + MAX_DEFEATS.get(t.seats[right].line.military, MOST_DEFEATS)
    v[_BUILDERS] = me.stages + nl.stages + nr.stages
    own, turns, k = _OWN_BROWN_GREY[n], 6 + t.seats[i].board.extra_builds, len(t.possible)
    v[_SHIPOWNERS] = (own if me.free > own else me.free) + (turns if k > turns else k)  # _shipowners_rough
    return v


def _defeat_share(values: list[int], possible: tuple[int, ...]) -> int:
    """What the guilds that count defeat tokens add to a player's quick bound at most."""
    return sum(values[k] for k, _ in DEFEAT_GUILDS if k in possible)


def _neighbour_tokens(t: _Table, i: int) -> int | None:
    """Most defeat tokens player i's two neighbours hold together, over the results of the
    whole table's battles that give its military (`most_defeats`); None when the military
    is out of range or no results give it (the military checks report that)."""
    totals = tuple(s.line.military for s in t.seats)
    if any(not MILITARY_MIN <= v <= MILITARY_MAX for v in totals):
        return None
    return most_defeats(totals, frozenset({(i + 1) % t.n, (i - 1) % t.n}))


def _shipowners_rough(t: _Table, i: int) -> int:
    """A quick bound of player i's Shipowners Guild (`shipowners_most` is exact): own brown
    and grey cards within the plays the points leave free, and the guilds one age allows."""
    own, free, turns = _OWN_BROWN_GREY[t.n], t.needs[i].free, 6 + t.seats[i].board.extra_builds
    purple = turns if len(t.possible) > turns else len(t.possible)
    return (own if free > own else free) + purple


def _shipowners(t: _Table, i: int) -> int:
    """Most points player i's own Shipowners Guild gives (`shipowners_most`)."""
    p, s = t.seats[i].line, t.seats[i]
    return shipowners_most(t.n, t.scientists, commercial_key(p.commercial), p.military > 0, len(t.possible),
                           s.copies_guild and i != t.barred, *_SEAT_KEY(p))


_ALL_GUILDS = tuple(range(len(d.GUILD_NAMES)))
_HOLD_NAMES = {n: tuple((colour, NAMES[(colour, n)]) for colour, _ in NEIGHBOUR_COLOUR_GUILDS.values())
               for n in d.PLAYER_COUNTS}


@lru_cache(maxsize=1024)
def _listed_guilds(listed: tuple[str, ...], n: int) -> tuple[Finding, ...]:
    """The findings about a list of guilds in play (the same at every table of a round)."""
    out: list[Finding] = []
    names = [_guild_name(g) for g in listed]
    for raw, canon in zip(listed, names):
        if canon is None:
            out.append(error("guilds.unknown", "guild {guild!r} is not a 7 wonders guild: use one of "
                                               "{guilds}", guild=raw, guilds=", ".join(d.GUILD_NAMES)))
    dup = sorted({g for g in names if g and names.count(g) > 1}) if len(set(names)) < len(names) else []
    for g in dup:
        out.append(error("guilds.twice", "{guild} is listed twice among the guilds in play: "
                                         "the game has one card of each guild", guild=g))
    want = n + d.GUILDS_EXTRA
    if len(listed) != want:
        k = len(listed)
        out.append(warning("guilds.count", "{count} {guilds} listed in play; the rules "
                                           "use players + 2 = {want} at a {n}-player table",
                           count=k, guilds=Term("guild") if k == 1 else Term("guilds"), want=want, n=n))
    return tuple(out)


def _copy_barred(t: _Table, i: int, points: Term) -> Finding:
    """Olympia B's copy would give seat i's points, but neither neighbour can hold a guild."""
    p = t.seats[i].line
    return error("guilds.copy", "{player!r} on Olympia B needs to copy a guild for its {points}, but neither "
                 "neighbour can hold one: {left!r} and {right!r} score no guild points, and the cards their "
                 "points need leave them no Age III turn for a guild; check the guilds, science and "
                 "neighbours' columns", p.player, player=p.player, points=points,
                 left=t.left(i).line.player, right=t.right(i).line.player)


def _guilds_where(t: _Table) -> Term:
    return Term("the guilds in play") if t.guilds is not None else Term("any guilds")


def _guilds(t: _Table, sheet: TableSheet) -> list[Finding]:
    """Guild names and count; guild points within what the guilds in play can give."""
    listed, out = sheet.guilds, []
    # A list of players + 2 distinct known guilds has nothing to report.
    if listed is not None and not (t.guilds is not None and len(t.guilds) == len(listed) == t.n + d.GUILDS_EXTRA):
        out = list(_listed_guilds(listed, t.n))
    possible = t.possible
    bounds: list[tuple[int, tuple[int, ...]] | None] = [None] * t.n
    total = best = 0  # the table's guild points; the highest player bound worked out
    over = False
    for i, s in enumerate(t.seats):
        p = s.line
        total += p.guilds
        if p.guilds <= 0:
            continue  # within any bound; worked out below only if the table's bound needs it
        values = _guild_values(t, i)
        copy = s.copies_guild and i != t.barred
        top, each = bounds[i] = _guild_bound(possible, s.board.extra_builds, copy, values)
        if top > best:
            best = top
        if i == t.barred and p.guilds > top and p.guilds <= _guild_bound(possible, s.board.extra_builds, True,
                                                                          values)[0]:
            over = True
            out.append(_copy_barred(t, i, Term("guild points")))
            continue
        if p.guilds <= top and t.ordered and p.guilds > top - _defeat_share(values, possible):
            # The neighbours' tokens taken from each one's total alone may be what lets the
            # points through: take them from the whole table's battles instead.
            tokens = _neighbour_tokens(t, i)
            if tokens is not None:
                for k, per in DEFEAT_GUILDS:
                    values[k] = per * tokens
                exact = _guild_bound(possible, s.board.extra_builds, copy, values)[0]
                if p.guilds > exact:
                    over = True
                    out.append(error("guilds.strategists", "guild points {points} for {player!r} are more than "
                                     "the {top} {which} can give: the Strategists Guild counts the neighbours' "
                                     "defeat tokens, and the battles that give the table's military "
                                     "({listed}, in seat order) give {left!r} and {right!r} at most {tokens} "
                                     "together; check the guilds and military columns", p.player,
                                     points=p.guilds, player=p.player, top=exact, which=_guilds_where(t),
                                     listed=", ".join(f"{x.line.player!r} {x.line.military}" for x in t.seats),
                                     left=t.left(i).line.player, right=t.right(i).line.player, tokens=tokens))
                    continue
                top = exact
        if p.guilds <= top and _SHIPOWNERS in possible and p.guilds > top - values[_SHIPOWNERS]:
            # The quick Shipowners bound may be what lets the points through: work it out
            # (for this player only; the table's bound below keeps the quick one).
            values[_SHIPOWNERS] = ship = _shipowners(t, i)
            exact = _guild_bound(possible, s.board.extra_builds, copy, values)[0]
            if p.guilds > exact:
                over = True
                ages = Term("purple cards only in Age III, where the Scientists Guild behind its wild symbol "
                            "takes a turn of its own") if _wild_is_the_guild(t, i) \
                    else Term("purple cards only in Age III")
                out.append(error("guilds.shipowners", "guild points {points} for {player!r} are more than the "
                                 "{top} {which} can give, the Shipowners Guild at most {ship}: it "
                                 "counts the city's own brown, grey and purple cards, and its other points "
                                 "leave plays for only that many of them ({ages}); check the guilds column",
                                 p.player, points=p.guilds, player=p.player, top=exact, ship=ship,
                                 which=_guilds_where(t), ages=ages))
        if p.guilds > top:
            over = True
            out.append(error("guilds.max", "guild points {points} for {player!r} are more than the {top} "
                             "{which} can give at this table; check the guilds column", p.player,
                             points=p.guilds, player=p.player, top=top, which=_guilds_where(t)))
    if total <= best or over:
        return out  # the table's bound below is at least each player's own
    olympia_b = [s.copies_guild and i != t.barred for i, s in enumerate(t.seats)]
    # Each guild card once, plus one copy by Olympia B (there is one Olympia board). The
    # players already bounded give a lower bound of it first: often enough to pass.
    table_best = [0] * len(possible)
    for b in bounds:
        if b is not None:
            table_best = [max(x, y) for x, y in zip(table_best, b[1])]
    copy = any(olympia_b)
    if total <= sum(table_best) + (max(table_best, default=0) if copy else 0):
        return out
    for i, s in enumerate(t.seats):
        if bounds[i] is None:
            each = _guild_bound(possible, s.board.extra_builds, olympia_b[i], _guild_values(t, i))[1]
            table_best = [max(x, y) for x, y in zip(table_best, each)]
    table_top = sum(table_best) + (max(table_best, default=0) if copy else 0)
    if total > table_top:
        out.append(error("guilds.table", "the table's guild points add up to {total}, but each guild card "
                                         "exists once and together they give at most {top} here",
                         total=total, top=table_top))
    return out


# --- the city's plays age by age ------------------------------------------------------
# A city has six turns per age; each turn builds a card of that age, builds a stage (with
# any card) or discards. Babylon B, once its second stage is built, also plays the seventh
# card of an age (at most one more turn per age); each Halikarnassos discard stage builds
# one card from the discard pile, which holds cards of that age and earlier ones (so it
# can stand in for a card of any age). Blue and green cards, the guilds and the yellow
# cards that score commercial points all have a printed age (data.py), so the cards a
# sheet needs must fit into the turns of their own age. Everything below is exact for
# that model: the checks try every set of cards that gives the sheet's points.

AgeVec = tuple[int, int, int]


def _pareto(vectors: set[AgeVec]) -> tuple[AgeVec, ...]:
    """The vectors no other vector is at most in every age (fewest cards per age first)."""
    keep: list[AgeVec] = []
    # A vector below another has a smaller sum, so it is met first and kept.
    for v in sorted(vectors, key=lambda v: (sum(v), v[::-1])):
        if not any(w[0] <= v[0] and w[1] <= v[1] and w[2] <= v[2] for w in keep):
            keep.append(v)
    return tuple(keep)


def _age_counts(ages: list[int]) -> AgeVec:
    """How many of `ages` are Age I, II and III."""
    return (ages.count(1), ages.count(2), ages.count(3))


def _add(a: AgeVec, b: AgeVec) -> AgeVec:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


@cache  # computed on first use (~30 ms for all player counts): not at import by every command
def blue_tables(n: int) -> tuple[dict[int, tuple[AgeVec, ...]], dict[int, int]]:
    """Per civilian total at `n` players: the age vectors of the sets of distinct blue
    cards that give it (Pareto-minimal), and the most blue cards such a set can hold."""
    # (total, Age I, Age II, Age III cards) of every set of distinct blue cards, card by card.
    sets = {(0, 0, 0, 0)}
    for c in d.CARDS:
        if c.colour is d.Colour.BLUE and c.copies(n):
            p, one, two, three = c.points, int(c.age == 1), int(c.age == 2), int(c.age == 3)
            sets |= {(t + p, a1 + one, a2 + two, a3 + three) for t, a1, a2, a3 in sets}
    vecs: dict[int, set[AgeVec]] = {}
    most: dict[int, int] = {}
    for total, a1, a2, a3 in sets:
        vecs.setdefault(total, set()).add((a1, a2, a3))
        most[total] = max(most.get(total, 0), a1 + a2 + a3)  # each card has one age
    return {p: _pareto(v) for p, v in vecs.items()}, most


@cache
def blue_need(n: int) -> dict[int, tuple[tuple[AgeVec, ...], int, int]]:
    """Per civilian total at `n` players: the age vectors, the fewest and the most blue cards
    behind it (0 points: none; every blue card scores)."""
    ages, most = blue_tables(n)
    return {p: (vecs, min(map(sum, vecs)), most[p]) for p, vecs in ages.items()}


#: Ages of the distinct green cards of each symbol at `n` players.
GREEN_AGES_BY_SYMBOL: dict[tuple[d.Science, int], tuple[int, ...]] = {
    (s, n): tuple(_CARD[name].age for name in names if _CARD[name].copies(n))
    for s, names in SYMBOL_CARDS.items() for n in d.PLAYER_COUNTS
}


def _science_combos() -> dict[int, tuple[tuple[int, int, int, int], ...]]:
    out: dict[int, list[tuple[int, int, int, int]]] = {}
    r = range(MAX_SYMBOL + 1)
    for c, g, t in itertools.product(r, r, r):
        for w in range(MAX_WILD + 1):
            out.setdefault(science_points(c, g, t, w), []).append((c, g, t, w))
    return {p: tuple(v) for p, v in out.items()}


#: Every (compasses, gears, tablets, wild) behind each science score.
SCIENCE_COMBOS = _science_combos()


@lru_cache(maxsize=4096)
def green_ages(n: int, counts: tuple[int, int, int]) -> tuple[AgeVec, ...]:
    """Age vectors (Pareto-minimal) of the distinct green cards that hold these symbol
    counts (compasses, gears, tablets) at `n` players; empty when the deck can't."""
    out: set[AgeVec] = {(0, 0, 0)}
    for sym, k in zip(d.Science, counts):
        ages = GREEN_AGES_BY_SYMBOL[(sym, n)]
        options = {_age_counts(list(combo)) for combo in itertools.combinations(ages, k)}
        out = {_add(v, w) for v in out for w in options}
    return _pareto(out)


@lru_cache(maxsize=4096)
def science_ages(n: int, science: int, babylon: bool, guild: bool, copy: bool,
                 pay_guild: bool) -> tuple[AgeVec, ...]:
    """Age vectors of the green cards (plus the Scientists Guild, an Age III card, when a
    wild symbol beyond Babylon's comes from it and `pay_guild`) behind a science score.
    `copy`: Olympia B may copy the guild from a neighbour instead (no card)."""
    wmax = int(babylon) + int(guild)
    out: set[AgeVec] = set()
    for c, g, t, w in SCIENCE_COMBOS.get(science, ()):
        if w <= wmax:
            extra = max(0, w - int(babylon)) if pay_guild and not copy else 0
            out.update(_add(v, (0, 0, extra)) for v in green_ages(n, (c, g, t)))
    return _pareto(out)


@lru_cache(maxsize=4096)
def science_most_cards(science: int) -> int:
    """Most green cards a city with this science score can hold (wild symbols at most 2)."""
    return max((c + g + t for c, g, t, _ in SCIENCE_COMBOS.get(science, ())), default=3 * MAX_SYMBOL)


@dataclass(frozen=True)
class _Turns:
    stages: int    # stages built
    per_age: int   # turns per age: 6, or 7 once Babylon B's second stage is built
    anywhere: int  # Halikarnassos builds from the discard pile: a card of any age
    shields: bool  # a built stage gives shields (Rhodos)


@lru_cache(maxsize=4096)
def _turn_options(wonder: str | None, side: str | None, points: int, stages: int | None) -> tuple[_Turns, ...]:
    """Every (board, stages built) the sheet allows: the stages column, else every stage
    count whose points are the wonder points (all counts when none is: reported elsewhere)."""
    boards = _boards(wonder, side).boards
    pairs = [(b, k) for b in boards for k in range(len(b.stages) + 1)
             if (stages == k if stages is not None else b.stage_points()[k] == points)]
    if not pairs:
        pairs = [(b, k) for b in boards for k in range(len(b.stages) + 1)]
    out = set()
    for b, k in pairs:
        effects = [e for s in b.stages[:k] for e in s.effects]
        last = any(isinstance(e, d.Power) and e.action is d.Action.PLAY_LAST_CARD for e in effects)
        discard = sum(1 for e in effects if isinstance(e, d.Power) and e.action is d.Action.BUILD_FROM_DISCARD)
        shields = any(isinstance(e, d.Shields) for e in effects)
        out.add(_Turns(k, d.HAND_SIZE - 1 + last, discard, shields))
    return tuple(sorted(out, key=lambda x: (x.stages, -x.per_age, -x.anywhere)))


#: One `_Turns` as the search loop reads it: (turns per age, Halikarnassos builds, plays
#: left for cards once the stages are built, a stage gives shields).
_Slots = tuple[int, int, int, bool]


@dataclass(frozen=True)
class _TurnSet:
    """The `_Turns` a sheet allows, in the search's order, and what they allow at most."""

    slots: tuple[_Slots, ...]
    most: int    # most plays left for cards after the stages
    plays: int   # most plays in all (cards and stages)
    stages: int  # most stages built


@lru_cache(maxsize=4096)
def _turn_set(wonder: str | None, side: str | None, points: int, stages: int | None) -> _TurnSet:
    turns = _turn_options(wonder, side, points, stages)
    ages = len(d.AGES)
    return _TurnSet(
        slots=tuple((t.per_age, t.anywhere, ages * t.per_age + t.anywhere - t.stages, t.shields) for t in turns),
        most=max(ages * t.per_age + t.anywhere - t.stages for t in turns),
        plays=max(ages * t.per_age + t.anywhere for t in turns),
        stages=max(t.stages for t in turns),
    )


def _best(blue: tuple[AgeVec, ...], sci: tuple[AgeVec, ...], fixed3: int, flexible: int,
          turns: tuple[_Slots, ...], shield_free: bool, extra: tuple[int, ...] | None = None) -> tuple[int, AgeVec]:
    """The fewest plays too many over every choice of turns, blue set and green set (0 when
    one fits), and the card vector that first reached it. Cards of each age go on that age's
    turns or on Halikarnassos builds; the stages and `flexible` cards (any age) on any turn
    left; `shield_free`: a shield stage stands in for the flexible card (a red one);
    `extra`: per choice of turns, more plays of any age (a commercial score's second play)."""
    best, worst = 99, (0, 0, 0)
    for k, (per_age, anywhere, room, shields) in enumerate(turns):
        if not (shield_free and shields):
            room -= flexible
        if extra is not None:
            room -= extra[k]
        for b1, b2, b3 in blue:
            for s1, s2, s3 in sci:
                a1, a2, a3 = b1 + s1, b2 + s2, b3 + s3 + fixed3
                over = a1 + a2 + a3 - room
                spill = -anywhere  # cards beyond their age's turns, less the discard builds
                if a1 > per_age:
                    spill += a1 - per_age
                if a2 > per_age:
                    spill += a2 - per_age
                if a3 > per_age:
                    spill += a3 - per_age
                if spill > over:
                    over = spill
                if anywhere:
                    # A discard build takes a card of this age or an earlier one, on a stage's
                    # turn: Age III cards still each take an Age III turn, Age II and III
                    # cards a turn of Age II or III (Babylon B has no discard builds).
                    late = a3 - per_age if a3 - per_age > a2 + a3 - 2 * per_age else a2 + a3 - 2 * per_age
                    if late > over:
                        over = late
                if over <= 0:
                    return 0, (a1, a2, a3)
                if over < best:
                    best, worst = over, (a1, a2, a3)
    return best, worst


class _Need(NamedTuple):
    """What one city's sheet needs of its plays (exact for the model above)."""

    over: int        # plays too many for the cards of the sheet, wild symbols free (0: fits)
    commercial: bool  # it would fit if the commercial points took one play (`commercial_plays`)
    worst: AgeVec    # the card vector with the least overflow, for the message (when over > 0)
    guild_over: int  # the same with the Scientists Guild paid for as a card
    can_win: bool    # a shield stage, or room for a red card: the city can win a battle
    spare: bool      # room for a red card (and a second commercial play): `_table` looks no further
    free: int        # most plays left for cards the sheet doesn't need (brown, grey, red, yellow)
    paying: int      # most plays that can give coins (not a blue, green or purple card)
    holds: tuple[int, ...]  # most cards of each colour of NEIGHBOUR_COLOUR_GUILDS the city holds
    stages: int      # most stages the sheet allows


_NO_CARDS: tuple[AgeVec, ...] = ((0, 0, 0),)
_NO_BLUE = (_NO_CARDS, 0, 99)
#: Per player count, the colours of NEIGHBOUR_COLOUR_GUILDS as (kinds, names in the deck): the
#: most cards a city holds is bounded by its blue cards (0), green cards (1), the plays it
#: has free plus a commercial card (2: yellow), or the plays it has free (3).
_HOLD_KINDS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    n: (tuple({d.Colour.BLUE: 0, d.Colour.GREEN: 1, d.Colour.YELLOW: 2}.get(colour, 3) for colour, _ in _HOLD_NAMES[n]),
        tuple(names for _, names in _HOLD_NAMES[n]))
    for n in d.PLAYER_COUNTS
}
_new_need = tuple.__new__  # see _new_seat


@lru_cache(maxsize=8192)
def _science_need(n: int, science: int, symbols: tuple[int, int, int, int] | None, babylon: bool,
                  guild: bool, copy: bool) -> tuple[tuple[AgeVec, ...], tuple[AgeVec, ...], int, int]:
    """The green-card age vectors of a science score with wild symbols free and with the
    Scientists Guild paid for, the fewest cards of the latter, and the most green cards."""
    if symbols is not None:
        c, g, t, wild = symbols
        free = green_ages(n, (c, g, t)) or _NO_CARDS
        paid = max(0, wild - int(babylon)) if not copy else 0
        return free, tuple(_add(v, (0, 0, paid)) for v in free), min(map(sum, free)) + paid, c + g + t
    free = science_ages(n, science, babylon, guild, copy, False) or _NO_CARDS
    paid_sci = science_ages(n, science, babylon, guild, copy, True) or _NO_CARDS
    return free, paid_sci, min(map(sum, paid_sci)), science_most_cards(science)


def city_need(n: int, turns: _TurnSet, civilian: int, science: int, symbols: tuple[int, int, int, int] | None,
              commercial: int, guilds: bool, copy: bool, babylon: bool, guild: bool) -> _Need:
    """One city's plays, given the turns its wonder columns allow (`_turn_set`): `symbols`
    (compasses, gears, tablets, wild) when the sheet has the columns; `commercial`: the
    commercial points (`commercial_key`); `babylon`, `guild`, `copy`: Babylon's wild stage,
    the Scientists Guild (in play) and Olympia B's copy are possible for this city."""
    # An unreachable civilian total (civilian.points says so) needs no blue card here.
    blue, fewest_blue_cards, most_blue = blue_need(n).get(civilian, _NO_BLUE)
    free_sci, paid_sci, fewest_green, held = _science_need(n, science, symbols, babylon, guild, copy)
    fixed3 = int(commercial > 0) + int(guilds and not copy)  # Haven/Lighthouse/Chamber/Arena; a guild
    # A second play (any age: a brown, grey or yellow card the commercial card counts)
    # where one commercial card can't give the points alone with these stages.
    extra = _commercial_extra(n, commercial, turns.slots) if commercial > 1 else None
    # A city with room for a red card beside the guild-paid cards (and, where `commercial` 1
    # stands for any commercial points, a second commercial play) fits both ways (the free
    # green sets lie below the paid ones): the exact searches only run when it hasn't.
    spare = not _best(blue, paid_sci, fixed3, 1 + int(commercial == 1), turns.slots, False, extra)[0]
    can_win = spare or not _best(blue, paid_sci, fixed3, 1, turns.slots, True, extra)[0]
    one_play = False
    if can_win:
        over, worst, guild_over = 0, (0, 0, 0), 0
    else:
        over, worst = _best(blue, free_sci, fixed3, 0, turns.slots, False, extra)
        guild_over = _best(blue, paid_sci, fixed3, 0, turns.slots, False, extra)[0] if not over else over
        if over and extra is not None:
            one_play = not _best(blue, free_sci, fixed3, 0, turns.slots, False)[0]
    fewest = fewest_blue_cards + fewest_green + fixed3
    free = turns.most - fewest if turns.most > fewest else 0
    paying = turns.plays - (fewest - int(commercial > 0))
    return _new_need(_Need, (over, one_play, worst, guild_over, can_win, spare, free, paying if paying > 0 else 0,
                             _holds(n, most_blue, held, free, commercial > 0), turns.stages))


# --- commercial points and plays --------------------------------------------------------
# The yellow cards that score points (Haven, Lighthouse, Chamber of Commerce, Arena; data.py)
# count the city's own cards of some colours, or its own stages. On its own, with no other
# card it counts, one such card gives what it counts of itself (the Lighthouse is yellow and
# counts itself) or the stages built (the Arena): more commercial points need another play.


def _points_alone(c: d.Card, stages: int) -> int:
    """Victory points card `c` gives with no other card of the city, `stages` stages built."""
    total = 0
    for e in c.effects:
        if isinstance(e, d.PerUnit) and e.points and e.whose == frozenset({d.Whose.SELF}):
            if e.counted is d.Counted.WONDER_STAGES:
                total += e.points * stages
            elif e.counted is d.Counted.CARDS and c.colour in e.colours:
                total += e.points  # itself
    return total


#: Per player count, the cards that score commercial points (yellow, points per unit).
COMMERCIAL_CARDS: dict[int, tuple[d.Card, ...]] = {
    n: tuple(c for c in d.CARDS if c.colour is d.Colour.YELLOW and c.copies(n)
             and any(isinstance(e, d.PerUnit) and e.points for e in c.effects))
    for n in d.PLAYER_COUNTS
}


@cache
def one_card_commercial(n: int, stages: int) -> int:
    """Most commercial points one card gives alone at `n` players with `stages` stages built."""
    return max((_points_alone(c, stages) for c in COMMERCIAL_CARDS[n]), default=0)


#: Commercial points above this need a second play whatever the stages (the key of the
#: seat caches: larger values behave alike).
COMMERCIAL_KEY = max(one_card_commercial(n, MAX_STAGES) for n in d.PLAYER_COUNTS) + 1


def commercial_key(points: int) -> int:
    """Commercial points as `city_need` tells them apart (0, 1, ... COMMERCIAL_KEY)."""
    return points if points < COMMERCIAL_KEY else COMMERCIAL_KEY


def commercial_plays(n: int, points: int, stages: int) -> int:
    """Fewest plays behind commercial points, besides the stages: 0, one card, or two."""
    if points <= 0:
        return 0
    return 1 if points <= one_card_commercial(n, stages) else 2


@lru_cache(maxsize=4096)
def _commercial_extra(n: int, commercial: int, slots: tuple[_Slots, ...]) -> tuple[int, ...] | None:
    """Per choice of turns, the plays beyond the one commercial card (None: none anywhere)."""
    if commercial <= 1:
        return None  # the Lighthouse alone gives 1
    ages = len(d.AGES)
    out = tuple(commercial_plays(n, commercial, ages * per_age + anywhere - room) - 1
                for per_age, anywhere, room, _ in slots)
    return out if any(out) else None


# --- the Shipowners Guild ----------------------------------------------------------------
# It counts the holder's own cards of some colours (data.py: brown, grey and purple). Each
# such card is a play of its own, in an age when cards of its colour exist (brown and grey
# in Ages I and II, guilds in Age III): not a play that builds the blue, green and yellow
# cards, the red card, the stages or the guild itself that the sheet's other points need.


@lru_cache(maxsize=256)
def _ship_groups(n: int, guilds: int) -> tuple[tuple[int, frozenset[int]], ...]:
    """The colours the Shipowners Guild counts as (most cards a city holds, their ages):
    one group for the guilds (at most `guilds`, those that may be in play), one for the rest."""
    unit = next(e for e in _CARD["Shipowners Guild"].effects if isinstance(e, d.PerUnit))
    plain = [col for col in unit.colours if col is not d.Colour.PURPLE]
    groups = [(sum(NAMES[(col, n)] for col in plain),
               frozenset(c.age for c in d.CARDS if c.colour in plain and c.copies(n)))]
    if d.Colour.PURPLE in unit.colours:
        groups.append((guilds, frozenset(c.age for c in d.CARDS if c.is_guild)))
    return tuple(groups)


_LAST_AGE = max(d.AGES)


def _most_counted(groups: tuple[tuple[int, frozenset[int]], ...], free: dict[int, int], anywhere: int,
                  total: int) -> int:
    """Most cards of the groups that fit: each on a free turn of one of its ages or on a
    discard build, `total` plays in all. A discard build takes a card of its age or an earlier
    one on a stage's turn, so it adds nothing to cards of the last age only (the guilds: each
    still takes an Age III turn). A flow problem: the least cut over which groups reach the turns."""
    best = 10**6
    for chosen in itertools.product((False, True), repeat=len(groups)):
        picked = [g for g, c in zip(groups, chosen) if c]
        reach = sum(free[a] for a in set().union(*(g[1] for g in picked)))
        if any(min(g[1]) < _LAST_AGE for g in picked):
            reach += anywhere
        cut = sum(g[0] for g, c in zip(groups, chosen) if not c) + min(total, reach)
        best = min(best, cut)
    return best


@lru_cache(maxsize=4096)
def science_paid_ages(n: int, science: int, symbols: tuple[int, int, int, int] | None, babylon: bool,
                      guild: bool, copy: bool) -> tuple[tuple[AgeVec, int], ...]:
    """The age vectors of the cards behind a science score with the Scientists Guild paid for
    (`_science_need`'s second), each with how many of them are that guild: a wild symbol
    beyond Babylon's is the guild, an Age III card of its own, and a purple one (the
    Shipowners Guild counts it). `copy`: Olympia B may copy it instead (no card)."""
    by_paid: dict[int, set[AgeVec]] = {}
    if symbols is not None:
        c, g, t, wild = symbols
        paid = max(0, wild - int(babylon)) if not copy else 0
        by_paid[paid] = set(green_ages(n, (c, g, t)) or _NO_CARDS)
    else:
        wmax = int(babylon) + int(guild)
        for c, g, t, w in SCIENCE_COMBOS.get(science, ()):
            if w <= wmax:
                paid = max(0, w - int(babylon)) if not copy else 0
                by_paid.setdefault(paid, set()).update(green_ages(n, (c, g, t)))
    if not any(by_paid.values()):
        by_paid = {0: set(_NO_CARDS)}
    return tuple((_add(v, (0, 0, paid)), paid) for paid, vs in sorted(by_paid.items()) if vs for v in _pareto(vs))


@lru_cache(maxsize=4096)
def shipowners_most(n: int, guild: bool, commercial: int, red: bool, in_play: int, copy: bool,
                    wonder: str | None, side: str | None, wonders: int, stages: int | None, civilian: int,
                    science: int, c: int | None, g: int | None, t: int | None, wild: int | None) -> int:
    """Most points a city's own Shipowners Guild gives, given the sheet line's other points
    (`red`: military above 0, so a red card unless a stage gives shields), `in_play` guilds
    that may be in play, and whether Olympia B may copy the guild instead of building it."""
    symbols = None
    if c is not None and g is not None and t is not None and \
            0 <= c <= MAX_SYMBOL and 0 <= g <= MAX_SYMBOL and 0 <= t <= MAX_SYMBOL:
        symbols = (c, g, t, wild or 0)
    _, babylon, _, turns = _seat_facts(wonder, side, wonders, stages)
    blue = blue_need(n).get(civilian, _NO_BLUE)[0]
    # The Scientists Guild behind a wild symbol takes an Age III turn like the Shipowners
    # Guild (the sets where it is paid for), and is one of the purple cards counted.
    sci = science_paid_ages(n, science, symbols, babylon, guild, copy)
    own = 0 if copy else 1  # the guild itself is purple; a copied guild is not (Bonn 2018)
    fixed3 = int(commercial > 0) + own
    extra = _commercial_extra(n, commercial, turns.slots)
    ages = len(d.AGES)
    best = -1
    for k, (per_age, anywhere, room, shields) in enumerate(turns.slots):
        flexible = (extra[k] if extra is not None else 0) + int(red and not shields)
        for b in blue:
            for s, paid in sci:
                need = (b[0] + s[0], b[1] + s[1], b[2] + s[2] + fixed3)
                spill = sum(x - per_age for x in need if x > per_age)
                total = room - sum(need) - flexible
                if spill > anywhere or total < 0 or need[2] > per_age or need[1] + need[2] > 2 * per_age:
                    continue  # doesn't fit (`_best`): the city checks say so
                free = {a: per_age - min(x, per_age) for a, x in zip(range(1, ages + 1), need)}
                others = in_play - own - paid
                groups = _ship_groups(n, others if others > 0 else 0)
                best = max(best, _most_counted(groups, free, anywhere - spill, total) + paid)
    if best < 0:
        return sum(cap for cap, _ in _ship_groups(n, in_play - own)) + own
    return best + own


def _wild_is_the_guild(t: _Table, i: int) -> bool:
    """Whether every way to player i's science takes the Scientists Guild as a card (a wild
    symbol beyond Babylon's, no copy by Olympia B)."""
    p, s = t.seats[i].line, t.seats[i]
    babylon = _seat_facts(p.wonder, p.side, p.wonders, p.stages)[1]
    copy = s.copies_guild and i != t.barred
    return all(paid for _, paid in science_paid_ages(t.n, p.science, _symbols(p.compasses, p.gears, p.tablets, p.wild),
                                                      babylon, t.scientists, copy))


@lru_cache(maxsize=4096)
def _holds(n: int, most_blue: int, held: int, free: int, commercial: bool) -> tuple[int, ...]:
    """`_Need.holds`: the most cards of each colour of NEIGHBOUR_COLOUR_GUILDS, from the most
    blue and green cards behind the city's points and the plays it has free."""
    most = (most_blue, held, free + commercial, free)  # by the kinds of _HOLD_KINDS
    kinds, names = _HOLD_KINDS[n]
    return tuple(map(min, names, map(most.__getitem__, kinds)))


# --- coins ------------------------------------------------------------------------------
# Every coin in the cities at the end came from the bank: 3 to start, 3 per discarded card,
# and the coins of yellow cards and of stages (Ephesos, Rhodos B). Trading only moves coins
# from one city to another, and costs go back to the bank. So the table's coins are at most
# the sum over the cities of: 3 + 3 per play + what each yellow card or stage can give above
# the 3 of a discard; a play that builds a blue or green card (or a guild) gives nothing,
# so the cards the sheet needs come off the plays.

def _most_coins(c: d.Card, n: int) -> int:
    """Most coins one card can give when built at `n` players."""
    total = 0
    for e in c.effects:
        if isinstance(e, d.Coins):
            total += e.count
        elif isinstance(e, d.PerUnit) and e.coins:
            if e.counted is d.Counted.WONDER_STAGES:
                units = MAX_STAGES * len(e.whose)
            else:
                names = sum(NAMES[(col, n)] for col in e.colours)
                copies = sum(c2.copies(n) for c2 in d.CARDS if c2.colour in e.colours and not c2.is_guild)
                units = min(names * len(e.whose), copies)
            total += e.coins * units
    return total


#: What the yellow cards at `n` players can give together above 3 coins each.
YELLOW_EXTRA: dict[int, int] = {
    n: sum(max(0, _most_coins(c, n) - d.DISCARD_COINS) for c in d.CARDS
           if c.colour is d.Colour.YELLOW and c.copies(n))
    for n in d.PLAYER_COUNTS
}


def _stage_coins_extra(b: d.Board) -> int:
    return sum(max(0, sum(e.count for e in s.effects if isinstance(e, d.Coins)) - d.DISCARD_COINS)
               for s in b.stages)


@lru_cache(maxsize=1024)
def _stages_coins_extra(wonder: str | None, side: str | None) -> int:
    return max(_stage_coins_extra(b) for b in _boards(wonder, side).boards)


def coins_max(t: _Table, i: int) -> int:
    """Most coins the bank can hand city i in the game (see above)."""
    p = t.seats[i].line
    extra = _stages_coins_extra(p.wonder, p.side)
    return d.START_COINS + d.DISCARD_COINS * t.needs[i].paying + YELLOW_EXTRA[t.n] + extra


def _coins(t: _Table, sheet: TableSheet) -> list[Finding]:
    """The table's coins came from the bank: at most what it can hand out."""
    coins = [s.line.coins for s in t.seats]
    if min(coins) < 0:
        return []  # coins.negative says so
    if sum(coins) <= t.n * (d.START_COINS + YELLOW_EXTRA[t.n]):
        return []  # every city's ceiling (coins_max) is at least this much
    total, top = sum(coins), sum(coins_max(t, i) for i in range(t.n))
    if total <= top:
        return []
    rich = max(t.seats, key=lambda s: s.line.coins).line
    return [error("coins.max", "the table holds {total} coins ({player!r} has {coins}), but the bank "
                               "hands out at most {top} here: 3 to start, 3 per discard and what yellow cards "
                               "and stages give; trading only moves coins between cities; check the coins "
                               "column", rich.player if rich.coins > top else None,
                  total=total, player=rich.player, coins=rich.coins, top=top)]


def _city_cards(n: int, board: _Boards, wild: bool, copies: bool, scientists: bool, wonders: int,
                stages: int | None, civilian: int, science: int, symbols: tuple[int | None, int | None, int | None],
                commercial: bool, guilds: bool) -> tuple[int, int, int, int, int]:
    """The fewest blue cards, green cards, stages, yellow and purple cards a city's points need."""
    blue = fewest_blue(n).get(civilian, 0)
    c, g, tb = symbols
    if c is None or g is None or tb is None:
        green = SCIENCE_FEWEST_CARDS[wild + scientists].get(science, 0)  # wild symbols: at most MAX_WILD
    else:
        green = sum(x for x in (c, g, tb) if x > 0)
    stages = stages if stages is not None and stages > 0 else board.fewest_stages(wonders)
    return blue, green, stages, int(commercial), int(guilds and not copies)


def _city(t: _Table, sheet: TableSheet) -> list[Finding]:
    """A city plays 18 cards (plus its board's extra builds): the blue cards, green cards
    and stages its points need at the least must fit."""
    out = []
    for i, s in enumerate(t.seats):
        budget = PLAYS + s.board.game_extra
        if s.cards > budget:
            p = s.line
            blue, green, stages, yellow, purple = _city_cards(
                t.n, s.board, s.wild, s.copies_guild, t.scientists, p.wonders, p.stages, p.civilian, p.science,
                (p.compasses, p.gears, p.tablets), p.commercial > 0, p.guilds > 0)
            parts = [phrase("{blue} blue for civilian {civilian}", blue=blue, civilian=p.civilian),
                     phrase("{green} green for science {science}", green=green, science=p.science),
                     phrase("{stages} stages for wonder points {wonders}", stages=stages, wonders=p.wonders)]
            if yellow:
                parts.append(phrase("a yellow card for commercial"))
            if purple:
                parts.append(phrase("a guild"))
            out.append(error("city.cards", "{player!r} needs at least {need} cards and stages "
                             "({parts}), but a city builds at most {budget} on {board}; "
                             "check the categories", p.player, player=p.player, need=s.cards,
                             parts=Joined(tuple(parts)), budget=budget, board=s.board.label))
            continue
        if t.needs[i].over or t.needs[i].guild_over:
            out.extend(_ages(t, i))
        elif i == t.barred and t.barred_need is not None and (t.barred_need.over or t.barred_need.guild_over):
            # It fits only with Olympia B's copy (no card), which no neighbour's guild allows.
            out.append(_copy_barred(t, i, Term("guild points") if t.barred_need.over else Term("science")))
    return out


def _ages(t: _Table, i: int) -> list[Finding]:
    """The cards a city needs fit into the turns of their ages; a wild symbol that only the
    Scientists Guild can give costs the guild card."""
    p, nd = t.seats[i].line, t.needs[i]
    if nd.commercial:
        s = t.seats[i]
        stages = nd.stages
        return [error("commercial.plays", "commercial {commercial} for {player!r} needs two plays, but its other "
                      "points leave one: a commercial card alone gives at most {one} (the Lighthouse counts "
                      "itself, the Arena 1 per stage, {stages} at most on {board}), more needs another card it "
                      "counts; check the commercial column", p.player, commercial=p.commercial, player=p.player,
                      one=one_card_commercial(t.n, stages), stages=stages, board=s.board.label)]
    if nd.over:
        a1, a2, a3 = nd.worst
        what = [Term("blue"), Term("green")] + ([phrase("a yellow card for commercial")] if p.commercial > 0 else []) \
            + ([phrase("a guild")] if p.guilds > 0 and not t.seats[i].copies_guild else [])
        turns = d.HAND_SIZE - 1
        if (a3 > turns or a2 + a3 > 2 * turns) and t.seats[i].board.boards[0].has_power(d.Action.BUILD_FROM_DISCARD):
            return [error("city.ages", "{player!r} can't fit its cards into the three ages: the civilian, science "
                          "and other points need at the least {age1} Age I, {age2} Age II and {age3} Age III cards "
                          "({what}), but {board} builds a card from the discard pile on the turn of its stage, a "
                          "card of that age or an earlier one: Age III cards still take Age III turns, at most "
                          "{turns}, and Age II and III cards at most {both}; check the categories", p.player,
                          player=p.player, age1=a1, age2=a2, age3=a3, what=Joined(tuple(what)),
                          board=t.seats[i].board.label, turns=turns, both=2 * turns)]
        return [error("city.ages", "{player!r} can't fit its cards into the three ages: the civilian, science "
                      "and other points need at the least {age1} Age I, {age2} Age II and {age3} Age III cards "
                      "({what}), {over} more than the six turns of each age (plus the "
                      "board's extra builds) and the stages allow on {board}; check the "
                      "categories", p.player, player=p.player, age1=a1, age2=a2, age3=a3,
                      what=Joined(tuple(what)), over=nd.over, board=t.seats[i].board.label)]
    if nd.guild_over:
        return [error("science.guild", "{player!r} needs a wild science symbol that only the Scientists "
                      "Guild can give here, but the guild is an Age III card and the city's plays are all "
                      "needed for its other points; check the science column", p.player, player=p.player)]
    return []


_PARTS = (_wonders, _military, _science, _civilian, _commercial, _guilds, _city, _coins)


def check_rules(sheet: TableSheet) -> list[Finding]:
    """Every data-driven finding for one table (wonders, military, science, civilian,
    commercial, guilds); the table view is built once for all of them."""
    t = _table(sheet)
    if t is None:
        return []
    out: list[Finding] = []
    for part in _PARTS:
        out.extend(part(t, sheet))
    return out


def _only(part: Callable[[_Table, TableSheet], list[Finding]]) -> TableCheck:
    """One category's checks on their own, for callers and tests."""
    def check(sheet: TableSheet) -> list[Finding]:
        t = _table(sheet)
        return [] if t is None else part(t, sheet)
    check.__name__ = "check" + part.__name__
    check.__doc__ = part.__doc__
    return check


def clear_caches() -> None:
    """Forget the cached per-seat, military and civilian results (for benchmarks)."""
    _seat_need.cache_clear()
    military_assignment_exists.cache_clear()
    civilian_table_feasible.cache_clear()
    _science_fits.cache_clear()
    _science_splits.cache_clear()
    most_defeats.cache_clear()
    commercial_table_feasible.cache_clear()
    _age_three_room.cache_clear()


check_wonders = _only(_wonders)
check_military = _only(_military)
check_science = _only(_science)
check_civilian = _only(_civilian)
check_commercial = _only(_commercial)
check_guilds = _only(_guilds)
check_city = _only(_city)
check_coins = _only(_coins)

if check_rules not in TABLE_CHECKS:
    TABLE_CHECKS.append(check_rules)
