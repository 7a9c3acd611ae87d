"""The 7 Wonders game model (3-7 players) under the Bonn 2018 tournament clarifications.

`Game` holds the cities, hands and discard pile; `Game.play_age` runs one age (dealing is
the caller's: hands come from a seeded shuffle or from a record), asking a `Chooser` for
each player's move and resolving each turn simultaneously against the state at the start
of the turn. Illegal moves are not refused: they become discards for 3 coins (the house
rule) and are noted in `Game.notes`, so a replay can report them.

Timing, written down once (docs/sevenwonders-record.md explains it for users):
- payments, trades and neighbours' production use the state before the turn (only cards
  built in earlier turns can be bought from; coins received this turn can't be spent);
- coins a card gives are taken when it is played, counting the cards already in the
  cities before the turn plus the card itself (so the Lighthouse counts itself);
- Halikarnassos builds from the discard pile at the end of the turn its stage was built,
  after that turn's discards; in the sixth turn, after the seventh cards are discarded and
  Babylon B has played its seventh card;
- military is compared at the end of each age.
"""
from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Protocol

from rules_engine.findings import Joined, Text, phrase
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders import payment as pay

# --- per-card tables (ints and tuples, built once) ------------------------------------

COLOURS: tuple[d.Colour, ...] = tuple(d.Colour)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
BROWN, GREY, BLUE, YELLOW, RED, GREEN, PURPLE = range(7)
SCIENCE: tuple[d.Science, ...] = (d.Science.COMPASS, d.Science.GEAR, d.Science.TABLET)


class Verb(enum.Enum):
    """What a player does with the card they chose."""

    BUILD = "build"      # pay the cost (or chain) and put the building in the city
    FREE = "free"        # Olympia A: build without paying, once per age
    STAGE = "stage"      # tuck the card under the board to build the next stage
    DISCARD = "discard"  # sell the card for 3 coins


@dataclass(frozen=True)
class Trade:
    """Resources bought this turn: names (``"wood"``...) per neighbour, and coins paid."""

    left: tuple[str, ...] = ()
    right: tuple[str, ...] = ()
    coins: int = 0

    def __bool__(self) -> bool:
        return bool(self.left or self.right)


@dataclass(frozen=True)
class Move:
    """One player's move in one turn. `from_discard` names the cards Halikarnassos builds
    from the discard pile at the end of this turn (only after a stage with that power)."""

    verb: Verb
    card: str
    trade: Trade | None = None
    from_discard: tuple[str, ...] = ()


class CardInfo:
    """Everything the engine needs about one card design, as ints and tuples."""

    __slots__ = (
        "age",
        "card",
        "chains_from",
        "choice",
        "choice_tradable",
        "coins",
        "coins_cost",
        "colour",
        "discount",
        "fixed",
        "id",
        "name",
        "name_id",
        "need",
        "need_items",
        "per_unit",
        "points",
        "science",
        "shields",
        "wild",
    )

    def __init__(self, cid: int, c: d.Card, name_ids: dict[str, int]) -> None:
        self.id = cid
        self.card = c
        self.name = c.name
        self.name_id = name_ids[c.name]
        self.age = c.age
        self.colour = COLOUR_INDEX[c.colour]
        self.coins_cost = c.cost.coins
        self.need = pay.vector(c.cost.resources)
        self.need_items = tuple((i, k) for i, k in enumerate(self.need) if k)
        self.chains_from = frozenset(name_ids[n] for n in c.chains_from)
        fixed = [0] * 7
        self.choice = 0
        self.choice_tradable = False
        self.shields = 0
        self.coins = 0
        self.per_unit: tuple[d.PerUnit, ...] = ()
        self.discount: tuple[d.TradeDiscount, ...] = ()
        self.science = -1
        self.wild = 0
        self.points = 0
        for e in c.effects:
            if isinstance(e, d.Produce):
                if e.is_choice:
                    self.choice, self.choice_tradable = pay.mask(e.options), e.tradable
                else:
                    fixed[pay.INDEX[e.options[0]]] += e.amount
            elif isinstance(e, d.Shields):
                self.shields += e.count
            elif isinstance(e, d.Coins):
                self.coins += e.count
            elif isinstance(e, d.PerUnit):
                self.per_unit += (e,)
            elif isinstance(e, d.TradeDiscount):
                self.discount += (e,)
            elif isinstance(e, d.ScienceSymbol):
                if e.is_wild:
                    self.wild += 1
                else:
                    self.science = SCIENCE.index(e.symbol)
            elif isinstance(e, d.Points):
                self.points += e.count
        self.fixed = tuple(fixed)


_NAME_IDS: dict[str, int] = {}
for _c in d.CARDS:
    _NAME_IDS.setdefault(_c.name, len(_NAME_IDS))
CARDS: tuple[CardInfo, ...] = tuple(CardInfo(i, c, _NAME_IDS) for i, c in enumerate(d.CARDS))
#: (age, casefolded name) -> card id; guilds are Age III cards.
CARD_ID: dict[tuple[int, str], int] = {(c.age, c.name.casefold()): c.id for c in CARDS}
GUILD_IDS: dict[str, int] = {c.name: c.id for c in CARDS if c.colour == PURPLE}


def card_id(name: str, age: int) -> int | None:
    """The id of the card called `name` in the `age` deck (case-insensitive), or None."""
    return CARD_ID.get((age, name.strip().casefold()))


def deck(age: int, players: int, guilds: tuple[str, ...] = ()) -> list[int]:
    """The card ids of one age's deck for `players`, Age III with the given guilds."""
    out = [c.id for c in CARDS if c.age == age and c.colour != PURPLE
           for _ in range(c.card.copies(players))]
    if age == 3:
        out.extend(GUILD_IDS[g] for g in guilds)
    return out


class StageInfo:
    __slots__ = (
        "choice_tradable",
        "coins",
        "discount",
        "fixed_choice",
        "need",
        "need_items",
        "points",
        "power",
        "shields",
        "wild",
    )

    def __init__(self, s: d.Stage) -> None:
        self.need = pay.vector(s.cost.resources)
        self.need_items = tuple((i, k) for i, k in enumerate(self.need) if k)
        self.points = self.shields = self.coins = self.wild = 0
        self.fixed_choice = 0
        self.choice_tradable = False
        self.discount: tuple[d.TradeDiscount, ...] = ()
        self.power: d.Action | None = None
        for e in s.effects:
            if isinstance(e, d.Points):
                self.points += e.count
            elif isinstance(e, d.Shields):
                self.shields += e.count
            elif isinstance(e, d.Coins):
                self.coins += e.count
            elif isinstance(e, d.Produce):
                self.fixed_choice, self.choice_tradable = pay.mask(e.options), e.tradable
            elif isinstance(e, d.TradeDiscount):
                self.discount += (e,)
            elif isinstance(e, d.ScienceSymbol):
                self.wild += 1
            elif isinstance(e, d.Power):
                self.power = e.action


STAGES: dict[tuple[str, str], tuple[StageInfo, ...]] = {
    (b.name, b.side): tuple(StageInfo(s) for s in b.stages) for b in d.BOARDS}


# --- a city -------------------------------------------------------------------------

class City:
    """One player's city: buildings, stages, coins, production, military, science."""

    __slots__ = (
        "board",
        "built",
        "coins",
        "colours",
        "copied",
        "copy_guild",
        "defeats",
        "fixed",
        "free_age",
        "free_build",
        "last_card",
        "left_price",
        "names",
        "own_choices",
        "own_key",
        "price_key",
        "right_price",
        "science",
        "seat",
        "shields",
        "stage_info",
        "stages",
        "tokens",
        "trade_choices",
        "trade_key",
        "wild",
    )

    def __init__(self, seat: int, board: d.Board) -> None:
        self.seat = seat
        self.board = board
        self.stage_info = STAGES[(board.name, board.side)]
        self.coins = d.START_COINS
        self.built: list[int] = []
        self.names: set[int] = set()
        self.colours = [0] * 7
        fixed = [0] * 7
        fixed[pay.INDEX[board.resource]] = 1
        self.fixed = fixed
        self.trade_choices: list[int] = []
        self.own_choices: list[int] = []
        self.left_price = [2] * 7
        self.right_price = [2] * 7
        self.shields = 0
        self.stages = 0
        self.science = [0, 0, 0]
        self.wild = 0
        self.tokens: list[int] = []
        self.defeats = 0
        self.free_age = 0        # the age Olympia A's free build was used in
        self.free_build = False  # Olympia A's power is built
        self.last_card = False   # Babylon B's power is built
        self.copy_guild = False  # Olympia B's power is built
        self.copied: str | None = None
        self.price_key = 0
        self._signatures()

    def _signatures(self) -> None:
        fixed = tuple(self.fixed)
        self.own_key = pay.pack(fixed, self.own_choices)
        self.trade_key = pay.pack(fixed, self.trade_choices)

    def _discount(self, disc: tuple[d.TradeDiscount, ...]) -> None:
        for t in disc:
            bits = pay.mask(t.resources)
            for side, prices in ((d.Whose.LEFT, self.left_price), (d.Whose.RIGHT, self.right_price)):
                if side in t.neighbours:
                    for i in range(7):
                        if bits >> i & 1:
                            # discounts don't stack: the price is the lowest one, never below 1
                            prices[i] = min(prices[i], max(1, t.price))
        self.price_key = pay.pack_prices(self.left_price, self.right_price)

    def add_card(self, info: CardInfo) -> None:
        self.built.append(info.id)
        self.names.add(info.name_id)
        self.colours[info.colour] += 1
        changed = False
        if any(info.fixed):
            for i, v in enumerate(info.fixed):
                self.fixed[i] += v
            changed = True
        if info.choice:
            self.own_choices.append(info.choice)
            if info.choice_tradable:
                self.trade_choices.append(info.choice)
            changed = True
        if changed:
            self._signatures()
        self.shields += info.shields
        if info.discount:
            self._discount(info.discount)
        if info.science >= 0:
            self.science[info.science] += 1
        self.wild += info.wild

    def add_stage(self) -> StageInfo:
        s = self.stage_info[self.stages]
        self.stages += 1
        self.shields += s.shields
        self.wild += s.wild
        if s.fixed_choice:
            self.own_choices.append(s.fixed_choice)
            if s.choice_tradable:
                self.trade_choices.append(s.fixed_choice)
            self._signatures()
        if s.discount:
            self._discount(s.discount)
        if s.power is d.Action.FREE_BUILD_PER_AGE:
            self.free_build = True
        elif s.power is d.Action.PLAY_LAST_CARD:
            self.last_card = True
        elif s.power is d.Action.COPY_GUILD:
            self.copy_guild = True
        return s


# --- the game -----------------------------------------------------------------------

class Chooser(Protocol):
    """Where moves come from: a record being replayed, or a random self-play policy."""

    def move(self, game: Game, turn: int, seat: int) -> Move | None: ...

    def discard_builds(self, game: Game, turn: int, seat: int, move: Move) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Note:
    """Something the engine corrected or could not do; `seat` 0-based, `turn` 1..7."""

    rule: str
    age: int
    turn: int
    seat: int
    text: Text          # an English template and its values (translated in the finding)

    @property
    def message(self) -> str:
        """The note in English."""
        return str(self.text)


class RecordError(Exception):
    """The moves can't be played at all (a card not in the hand, a move missing)."""

    def __init__(self, note: Note) -> None:
        super().__init__(str(note.message))
        self.note = note


#: Outcome of checking a move: (legal, reason, coins to the bank, to left, to right, trade).
#: (legal, why not: None when legal, bank coins, coins to the left, to the right, the trade)
Check = tuple[bool, Text | None, int, int, int, Trade | None]


class Game:
    """A 7 Wonders game in progress; seats 0..n-1 clockwise, LEFT = seat + 1.

    `allow_duplicates` replays a record as played at the table (a duplicate building
    stays), to measure what removing it changes.
    """

    def __init__(self, boards: list[d.Board], guilds: tuple[str, ...] = (),
                 allow_duplicates: bool = False) -> None:
        self.n = len(boards)
        self.cities = [City(i, b) for i, b in enumerate(boards)]
        self.guilds = tuple(guilds)
        self.discards: list[int] = []
        self.hands: list[list[int]] = [[] for _ in boards]
        self.age = 0
        self.notes: list[Note] = []
        self.allow_duplicates = allow_duplicates
        self.moves: list[list[tuple[int, int, Move]]] = []  # per age: (turn, seat, move) as played

    def left(self, seat: int) -> City:
        return self.cities[(seat + 1) % self.n]

    def right(self, seat: int) -> City:
        return self.cities[(seat - 1) % self.n]

    # --- checking one move against the state before the turn -----------------------

    def trade_for(self, seat: int, items: tuple[tuple[int, int], ...]
                  ) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
        """The cheapest way for `seat` to cover a cost given as (resource, units) pairs
        (see `payment.cheapest`); the question is cut down to the missing resources."""
        c = self.cities[seat]
        fixed = c.fixed
        rest = []
        wanted = 0
        for i, k in items:
            r = k - fixed[i]
            if r > 0:
                rest.append((i, r))
                wanted |= 1 << i
        if not rest:
            return 0, (), ()
        n = self.n
        left, right = self.cities[(seat + 1) % n], self.cities[(seat - 1) % n]
        lfix, rfix = left.fixed, right.fixed
        lp, rp = c.left_price, c.right_price
        return pay.cheapest_reduced(
            tuple(rest),
            tuple(sorted(m & wanted for m in c.own_choices if m & wanted)),
            tuple(min(lfix[i], r) for i, r in rest),
            tuple(sorted(m & wanted for m in left.trade_choices if m & wanted)),
            tuple(min(rfix[i], r) for i, r in rest),
            tuple(sorted(m & wanted for m in right.trade_choices if m & wanted)),
            tuple((lp[i], rp[i]) for i, r in rest))

    def check(self, seat: int, move: Move, cid: int, exact_trade: bool = True) -> Check:
        """Is `move` (with card `cid` from the hand) legal now? With `exact_trade` the
        declared trade is judged; without, the cheapest trade is found (self-play)."""
        c = self.cities[seat]
        verb = move.verb
        if verb is Verb.DISCARD:
            return True, None, 0, 0, 0, None
        info = CARDS[cid]
        if verb is Verb.STAGE:
            if c.stages >= len(c.stage_info):
                return False, phrase("{board} {side} has no stage left to build", board=c.board.name,
                                   side=c.board.side), 0, 0, 0, None
            stage = c.stage_info[c.stages]
            need, items = stage.need, stage.need_items
            bank = 0
            what: Text | str = phrase("stage {n} of {board} {side}", n=c.stages + 1, board=c.board.name,
                                    side=c.board.side)
        else:
            if info.name_id in c.names and not self.allow_duplicates:
                return False, phrase("the city already has {card}: a city can't hold two identical buildings",
                                   card=info.name), 0, 0, 0, None
            if verb is Verb.FREE:
                if not c.free_build:
                    return False, phrase("only Olympia A with its second stage built can build for free"), \
                        0, 0, 0, None
                if c.free_age == self.age:
                    return False, phrase("Olympia A's free build of age {age} is already used", age=self.age), \
                        0, 0, 0, None
                return self._no_trade(move)
            if info.chains_from & c.names:
                return self._no_trade(move)
            need, items, bank = info.need, info.need_items, info.coins_cost
            what = info.name
        fixed = c.fixed
        if not (move.trade if exact_trade else False) and all(fixed[i] >= k for i, k in items):
            # the city's own fixed production covers it: nothing to buy
            if bank > c.coins:
                return False, _costs(what, bank, c.coins, False), 0, 0, 0, None
            return True, None, bank, 0, 0, None
        if exact_trade:
            t = move.trade
            bl = _bought(t.left) if t else pay.ZERO
            br = _bought(t.right) if t else pay.ZERO
            n = self.n
            reason, to_left, to_right = pay.check_trade_key(
                need, c.own_key, self.cities[(seat + 1) % n].trade_key, bl,
                self.cities[(seat - 1) % n].trade_key, br, c.price_key)
            if reason != pay.OK:
                return False, _trade_reason(reason, what, t), 0, 0, 0, None
            trade = Trade(t.left, t.right, to_left + to_right) if t else None
        else:
            found = self.trade_for(seat, items)
            if found is None:
                return False, phrase("{what} can't be paid for", what=what), 0, 0, 0, None
            _, lu, ru = found
            bl, br = pay.vector(lu), pay.vector(ru)
            to_left = sum(b * p for b, p in zip(bl, c.left_price))
            to_right = sum(b * p for b, p in zip(br, c.right_price))
            trade = Trade(tuple(pay.NAMES[u] for u in lu), tuple(pay.NAMES[u] for u in ru),
                          to_left + to_right) if lu or ru else None
        total = bank + to_left + to_right
        if total > c.coins:
            return False, _costs(what, total, c.coins, bool(to_left + to_right)), 0, 0, 0, None
        return True, None, bank, to_left, to_right, trade

    @staticmethod
    def _no_trade(move: Move) -> Check:
        if move.trade:
            return False, phrase("nothing needs to be bought for a free build: bought resources must be used"), \
                0, 0, 0, None
        return True, None, 0, 0, 0, None

    # --- applying ------------------------------------------------------------------

    def _count(self, seat: int, e: d.PerUnit, placed: tuple[tuple[int, int], ...] = ()) -> int:
        """Units `e` counts for `seat`; cards in `placed` (seat, colour), built by other
        cities this same turn, are left out: they join the cities only after the turn."""
        n = self.n
        whose = e.whose
        seats = []
        if d.Whose.SELF in whose:
            seats.append(seat)
        if d.Whose.LEFT in whose:
            seats.append((seat + 1) % n)
        if d.Whose.RIGHT in whose:
            seats.append((seat - 1) % n)
        cities = self.cities
        if e.counted is d.Counted.CARDS:
            idx = [COLOUR_INDEX[col] for col in e.colours]
            total = sum(cities[s].colours[i] for s in seats for i in idx)
            for other, colour in placed:
                if other != seat and other in seats and colour in idx:
                    total -= 1
            return total
        if e.counted is d.Counted.WONDER_STAGES:
            return sum(cities[s].stages for s in seats)
        return sum(cities[s].defeats for s in seats)

    def _gain(self, seat: int, cid: int, placed: tuple[tuple[int, int], ...]) -> int:
        """The coins a card just placed gives when played: counting the cities before the
        turn plus the card itself (so the Lighthouse counts itself)."""
        info = CARDS[cid]
        gain = info.coins
        for e in info.per_unit:
            if e.coins:
                gain += e.coins * self._count(seat, e, placed)
        return gain

    def play_turn(self, turn: int, moves: list[tuple[int, Move, int]], exact_trade: bool = True
                  ) -> list[tuple[int, Move, int, bool]]:
        """Resolve one turn: `moves` are (seat, move, card id), all checked against the state
        before the turn, then applied together; an illegal move becomes a discard for
        3 coins. Returns (seat, move as played, card, whether a stage with Halikarnassos'
        power was built)."""
        checked = []
        for seat, move, cid in moves:
            ok, reason, bank, to_left, to_right, trade = self.check(seat, move, cid, exact_trade)
            if not ok:
                assert reason is not None, "an illegal move has a reason"
                rule = "build.duplicate" if reason.template == DUPLICATE else "move.illegal"
                self.notes.append(Note(rule, self.age, turn, seat,
                                       phrase("{verb} {card}: {reason}; the card is discarded for {coins} coins "
                                              "instead", verb=move.verb.value, card=CARDS[cid].name, reason=reason,
                                              coins=d.DISCARD_COINS)))
                move = Move(Verb.DISCARD, move.card)
            elif exact_trade and move.trade and trade and move.trade.coins != trade.coins:
                self.notes.append(Note("trade.coins", self.age, turn, seat,
                                       phrase("{verb} {card}: the trade costs {cost} coins, the record says {said}; "
                                            "{cost} are paid", verb=move.verb.value, card=CARDS[cid].name,
                                            cost=trade.coins, said=move.trade.coins)))
            elif not exact_trade and trade is not None:
                move = Move(move.verb, move.card, trade, move.from_discard)
            checked.append((seat, move, cid, bank, to_left, to_right))
        n = self.n
        income = [0] * n
        placed = tuple((seat, CARDS[cid].colour) for seat, move, cid, *_ in checked
                       if move.verb is Verb.BUILD or move.verb is Verb.FREE)
        out = []
        for seat, move, cid, bank, to_left, to_right in checked:
            c = self.cities[seat]
            c.coins -= bank + to_left + to_right
            income[(seat + 1) % n] += to_left
            income[(seat - 1) % n] += to_right
            hali = False
            verb = move.verb
            if verb is Verb.DISCARD:
                self.discards.append(cid)
                income[seat] += d.DISCARD_COINS
            elif verb is Verb.STAGE:
                s = c.add_stage()
                income[seat] += s.coins
                hali = s.power is d.Action.BUILD_FROM_DISCARD
            else:
                if verb is Verb.FREE:
                    c.free_age = self.age
                c.add_card(CARDS[cid])
            out.append((seat, move, cid, hali))
        # every building of the turn is in place: now the coins they give, with the
        # other cities' buildings of this turn left out (so the order never matters)
        for seat, move, cid, _ in out:
            if move.verb is Verb.BUILD or move.verb is Verb.FREE:
                income[seat] += self._gain(seat, cid, placed)
        for seat in range(n):
            self.cities[seat].coins += income[seat]
        return out

    def build_from_discard(self, turn: int, seat: int, names: tuple[str, ...]) -> tuple[str, ...]:
        """Halikarnassos: build the card named (at most one) from the discard pile for free."""
        c = self.cities[seat]
        done = []
        if len(names) > 1:
            self.notes.append(Note("discard.extra", self.age, turn, seat,
                                   phrase("{n} cards named from the discard pile for one stage: only {card!r} is built",
                                        n=len(names), card=names[0])))
        for name in names[:1]:
            cid = self._discarded(name)
            if cid is None:
                self.notes.append(Note("discard.missing", self.age, turn, seat,
                                       phrase("build {card!r} from the discard pile: it isn't there; nothing is built",
                                            card=name)))
                continue
            if CARDS[cid].name_id in c.names and not self.allow_duplicates:
                self.notes.append(Note("build.duplicate", self.age, turn, seat,
                                       phrase("build {card} from the discard pile: the city already has it; "
                                            "nothing is built", card=CARDS[cid].name)))
                continue
            self.discards.remove(cid)
            c.add_card(CARDS[cid])
            c.coins += self._gain(seat, cid, ())
            done.append(CARDS[cid].name)
        return tuple(done)

    def _discarded(self, name: str) -> int | None:
        key = name.strip().casefold()
        # the latest copy first: same-named greys of two ages are the same building
        for cid in reversed(self.discards):
            if CARDS[cid].name.casefold() == key:
                return cid
        return None

    def military(self) -> None:
        """Compare shields with both neighbours at the end of the age."""
        win = d.MILITARY_WIN[self.age]
        for seat, c in enumerate(self.cities):
            for other in (self.left(seat), self.right(seat)):
                if c.shields > other.shields:
                    c.tokens.append(win)
                elif c.shields < other.shields:
                    c.tokens.append(d.MILITARY_LOSS)
                    c.defeats += 1

    # --- an age -------------------------------------------------------------------

    def play_age(self, age: int, hands: list[list[int]], chooser: Chooser, exact_trade: bool = True) -> None:
        """Play one age from the dealt `hands` (card ids per seat)."""
        self.age = age
        self.hands = [list(h) for h in hands]
        played: list[tuple[int, int, Move]] = []
        self.moves.append(played)
        pending: list[tuple[int, int, Move]] = []  # Halikarnassos builds waiting: (turn, seat, move)
        step = 1 if age % 2 else -1  # Age I and III pass left (clockwise), Age II right
        for turn in range(1, 7):
            moves = []
            for seat in range(self.n):
                move = chooser.move(self, turn, seat)
                moves.append((seat, *self._take(turn, seat, move)))
            result = self.play_turn(turn, moves, exact_trade)
            self._unearned(turn, moves, result)
            for seat, move, _cid, hali in result:
                played.append((turn, seat, move))
                if hali:
                    pending.append((turn, seat, move))
            if turn < 6:
                self._discard_builds(pending, played, chooser)
                pending = []
                self.hands = [self.hands[(s - step) % self.n] for s in range(self.n)]
        # the seventh card: discarded, unless Babylon B plays it
        babylon = []
        for seat, c in enumerate(self.cities):
            if c.last_card and self.hands[seat]:
                babylon.append(seat)
            else:
                self.discards.extend(self.hands[seat])
                self.hands[seat] = []
        moves = []
        for seat in babylon:
            move = chooser.move(self, 7, seat)
            if move is None:
                self.discards.extend(self.hands[seat])
                self.hands[seat] = []
                continue
            moves.append((seat, *self._take(7, seat, move)))
        if moves:
            result = self.play_turn(7, moves, exact_trade)
            self._unearned(7, moves, result)
            for seat, move, _cid, hali in result:
                played.append((7, seat, move))
                if hali:
                    pending.append((7, seat, move))
        self._discard_builds(pending, played, chooser)
        self.military()

    def _unearned(self, turn: int, moves: list[tuple[int, Move, int]],
                  result: list[tuple[int, Move, int, bool]]) -> None:
        """Cards named from the discard pile without a Halikarnassos stage built this turn."""
        for (seat, move, _), (_, _, _, hali) in zip(moves, result):
            if move.from_discard and not hali:
                self.notes.append(Note("discard.unearned", self.age, turn, seat,
                                       phrase("{cards} named from the discard pile, but no stage with Halikarnassos' "
                                            "power was built this turn; nothing is built",
                                            cards=Joined(move.from_discard))))

    def _take(self, turn: int, seat: int, move: Move | None) -> tuple[Move, int]:
        if move is None:
            raise RecordError(Note("move.missing", self.age, turn, seat,
                                   phrase("no move for age {age}, turn {turn}", age=self.age, turn=turn)))
        cid = card_id(move.card, self.age)
        hand = self.hands[seat]
        if cid is None or cid not in hand:
            raise RecordError(Note("move.hand", self.age, turn, seat,
                                   phrase("{verb} {card!r}: the card isn't in the hand ({held})", verb=move.verb.value,
                                        card=move.card, held=Joined(tuple(CARDS[h].name for h in hand)))))
        hand.remove(cid)
        return move, cid

    def _discard_builds(self, pending: list[tuple[int, int, Move]], played: list[tuple[int, int, Move]],
                        chooser: Chooser) -> None:
        for turn, seat, move in pending:
            names = chooser.discard_builds(self, turn, seat, move)
            done = self.build_from_discard(turn, seat, names)
            if done != move.from_discard:
                # keep what was really built (self-play fills it in here)
                for k, (t, s, m) in enumerate(played):
                    if t == turn and s == seat:
                        played[k] = (t, s, Move(m.verb, m.card, m.trade, done))
                        break

    # --- legal moves ----------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of `seat` with its current hand (builds with the cheapest trade)."""
        out = []
        c = self.cities[seat]
        for cid in dict.fromkeys(self.hands[seat]):
            name = CARDS[cid].name
            for verb in (Verb.BUILD, Verb.FREE):
                ok, _, _, _, _, trade = self.check(seat, Move(verb, name), cid, exact_trade=False)
                if ok:
                    out.append(Move(verb, name, trade))
            if c.stages < len(c.stage_info):
                ok, _, _, _, _, trade = self.check(seat, Move(Verb.STAGE, name), cid, exact_trade=False)
                if ok:
                    out.append(Move(Verb.STAGE, name, trade))
            out.append(Move(Verb.DISCARD, name))
        return out


def _bought(names: tuple[str, ...]) -> tuple[int, ...]:
    out = [0] * 7
    for n in names:
        out[pay.BY_NAME[n]] += 1
    return tuple(out)


#: Why a city can't build a card it has: `play_turn` notes it as its own rule (build.duplicate).
DUPLICATE = "the city already has {card}: a city can't hold two identical buildings"


def _costs(what: Text | str, n: int, has: int, trade: bool) -> Text:
    """"… costs N coins (with the trade), the city has M"."""
    if trade:
        if n == 1:
            return phrase("{what} costs {n} coin with the trade, the city has {has}", what=what, n=n, has=has)
        return phrase("{what} costs {n} coins with the trade, the city has {has}", what=what, n=n, has=has)
    if n == 1:
        return phrase("{what} costs {n} coin, the city has {has}", what=what, n=n, has=has)
    return phrase("{what} costs {n} coins, the city has {has}", what=what, n=n, has=has)


def _trade_reason(reason: str, what: Text | str, t: Trade | None) -> Text:
    if reason in (pay.LEFT_SUPPLY, pay.RIGHT_SUPPLY):
        assert t is not None, "only a declared trade can ask too much of a neighbour"
        if reason == pay.LEFT_SUPPLY:
            return phrase("the left neighbour can't sell {units} (only brown and grey cards built in earlier turns "
                        "and the board's resource can be bought)", units=" ".join(t.left))
        return phrase("the right neighbour can't sell {units} (only brown and grey cards built in earlier turns "
                    "and the board's resource can be bought)", units=" ".join(t.right))
    if reason == pay.SHORT:
        if t:
            return phrase("the resources for {what} are missing even with the trade", what=what)
        return phrase("the resources for {what} are missing", what=what)
    return phrase("not every bought resource is used for {what}: bought resources must be used", what=what)


# --- random self-play policy ------------------------------------------------------

class RandomChooser:
    """Random legal moves from a seeded RNG: builds are preferred to stages, stages to
    discards, so games exercise every board power."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def move(self, game: Game, turn: int, seat: int) -> Move | None:
        rng = self.rng
        hand = game.hands[seat]
        c = game.cities[seat]
        order = list(dict.fromkeys(hand))
        rng.shuffle(order)
        roll = rng.random()
        wants: tuple[Verb, ...] = (Verb.BUILD, Verb.STAGE) if roll < 0.75 else (Verb.STAGE, Verb.BUILD)
        if c.free_build and c.free_age != game.age and rng.random() < 0.5:
            wants = (Verb.FREE,) + wants
        for verb in wants:
            if verb is Verb.STAGE and c.stages >= len(c.stage_info):
                continue
            for cid in order:
                move = Move(verb, CARDS[cid].name)
                ok, _, _, _, _, trade = game.check(seat, move, cid, exact_trade=False)
                if ok:
                    return Move(verb, CARDS[cid].name, trade)
                if verb is Verb.STAGE:
                    break  # a stage costs the same whatever card is tucked
        return Move(Verb.DISCARD, CARDS[order[0]].name)

    def discard_builds(self, game: Game, turn: int, seat: int, move: Move) -> tuple[str, ...]:
        names = game.cities[seat].names
        options = sorted({CARDS[cid].name for cid in game.discards if CARDS[cid].name_id not in names})
        return (self.rng.choice(options),) if options else ()


#: Self-play biases (`BiasedChooser`): the colour a player builds whenever it legally can, and
#: what it does otherwise (a stage, or like the random chooser).
BIASES: dict[str, tuple[int | None, Verb | None]] = {
    "blue": (BLUE, None), "green": (GREEN, None), "guilds": (PURPLE, None), "military": (RED, None),
    "stages": (None, Verb.STAGE), "coins": (YELLOW, Verb.DISCARD),
}


class BiasedChooser(RandomChooser):
    """A player that pushes one part of the score to its extreme (`BIASES`): it builds a card
    of its colour whenever it legally can, else builds a stage or discards as its fallback
    says, else plays like `RandomChooser`. Self-play with it tests the sheet checks' bounds."""

    def __init__(self, rng: random.Random, bias: str) -> None:
        super().__init__(rng)
        if bias not in BIASES:
            raise ValueError(f"bias={bias!r}: use one of {', '.join(BIASES)}")
        self.colour, self.fallback = BIASES[bias]

    def _first_legal(self, game: Game, seat: int, verb: Verb, cards: list[int]) -> Move | None:
        for cid in cards:
            ok, *_, trade = game.check(seat, Move(verb, CARDS[cid].name), cid, exact_trade=False)
            if ok:
                return Move(verb, CARDS[cid].name, trade)
        return None

    def move(self, game: Game, turn: int, seat: int) -> Move | None:
        hand = list(dict.fromkeys(game.hands[seat]))
        self.rng.shuffle(hand)
        if self.colour is not None:
            found = self._first_legal(game, seat, Verb.BUILD, [cid for cid in hand if CARDS[cid].colour == self.colour])
            if found:
                return found
        if self.fallback is Verb.DISCARD:
            return Move(Verb.DISCARD, CARDS[hand[0]].name)
        if self.fallback is Verb.STAGE and game.cities[seat].stages < len(game.cities[seat].stage_info):
            found = self._first_legal(game, seat, Verb.STAGE, hand[:1])
            if found:
                return found
        return super().move(game, turn, seat)
