"""The 7 Wonders Duel game state machine: legal moves, applying moves, final score sheet.

Built for speed: card facts become int tables at import time, the state is a few lists of
ints, a move is a small tuple ``(kind, a, b)``; nothing is copied or allocated per move
beyond that tuple. Chance is fixed up front by a `Deal` (layouts, tokens, wonders offered),
so self-play and replay run the same code.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple, TypeAlias

from rules_engine.duel import data
from rules_engine.duel.data import Resource
from rules_engine.findings import Joined, Term, Text, phrase

#: A move: ``(kind, a, b)``, e.g. ``(BUILD, slot, 0)`` or ``(WONDER, slot, wonder)`` (the kinds below).
Move: TypeAlias = tuple[int, int, int]
#: A cost or production as (resource, units) pairs, resources that count only.
Need: TypeAlias = tuple[tuple[int, int], ...]
#: Card, wonder or token ids.
Ids: TypeAlias = tuple[int, ...]
#: What a pending decision is about: a colour (destroy, give), Agora's (actions, section) of a
#: senator or (colour, card) pairs, a "last row" / "removed" pool, or nothing.
PendingArg: TypeAlias = int | tuple[int, int] | str | None
#: A decision a move causes, taken after it: (phase, argument), Agora adds the deciding player.
Pending: TypeAlias = tuple[int, PendingArg] | tuple[int, PendingArg, int]

# ----------------------------------------------------------------------------- tables
# Agora's senators, wonders and tokens come after the base game's, so base ids never change.
CARDS = data.AGE_CARDS + data.SENATORS
WONDERS = data.WONDERS + data.AGORA_WONDERS
TOKENS = data.PROGRESS_TOKENS + data.AGORA_TOKENS
BASE_WONDERS = len(data.WONDERS)
BASE_TOKENS = len(data.PROGRESS_TOKENS)
CARD_ID = {c.code: i for i, c in enumerate(CARDS)}
WONDER_ID = {w.code: i for i, w in enumerate(WONDERS)}
TOKEN_ID = {t.code: i for i, t in enumerate(TOKENS)}
NCARDS = len(CARDS)

_CHAIN_BIT: dict[str, int] = {}
for _c in CARDS:
    for _sym in (_c.chain_to, _c.chain_from):
        if _sym and _sym not in _CHAIN_BIT:
            _CHAIN_BIT[_sym] = 1 << len(_CHAIN_BIT)


def _need(cost: tuple[int, ...]) -> Need:
    return tuple((r, n) for r, n in enumerate(cost) if n)


def _flex(options: tuple[Resource, ...]) -> int:
    if not options:
        return 0
    return 1 if Resource.WOOD in options else 2   # 1: wood/clay/stone, 2: glass/papyrus


C_COLOUR = [int(c.colour) for c in CARDS]
C_COIN = [c.coin_cost for c in CARDS]
C_NEED = [_need(c.cost) for c in CARDS]
C_PROD = [_need(c.produces) for c in CARDS]
C_FLEX = [_flex(c.produces_one_of) for c in CARDS]
C_FIXED = [tuple(int(r) for r in c.fixed_price) for c in CARDS]
C_SHIELDS = [c.shields for c in CARDS]
C_SCIENCE = [-1 if c.science is None else int(c.science) for c in CARDS]
C_COINS = [c.coins for c in CARDS]
C_CHAIN_FROM = [_CHAIN_BIT.get(c.chain_from, 0) for c in CARDS]
C_CHAIN_TO = [_CHAIN_BIT.get(c.chain_to, 0) for c in CARDS]
C_COINS_PER = [tuple(int(x) for x in c.coins_per) for c in CARDS]
C_COINS_RATE = [c.coins_rate for c in CARDS]
C_COINS_PER_WONDER = [c.coins_per_wonder for c in CARDS]
C_GUILD = [tuple(int(x) for x in data.GUILD_KINDS[c.guild]) if c.guild else () for c in CARDS]
C_GUILD_KIND = [c.guild for c in CARDS]
# Only cards that need an expensive path (anything but plain production) are "special".
C_PLAIN = [not (c.shields or c.science is not None or c.coins or c.coins_per or c.coins_per_wonder
                or c.guild or c.produces_one_of or c.fixed_price) for c in CARDS]

W_NEED = [_need(w.cost) for w in WONDERS]
W_VP = [w.vp for w in WONDERS]
W_COINS = [w.coins for w in WONDERS]
W_LOSS = [w.opponent_loses for w in WONDERS]
W_SHIELDS = [w.shields for w in WONDERS]
W_REPLAY = [w.replay for w in WONDERS]
W_FLEX = [_flex(w.produces_one_of) for w in WONDERS]
W_DESTROY = [-1 if w.destroys is None else int(w.destroys) for w in WONDERS]
W_SPECIAL = [w.special for w in WONDERS]

T_AGRICULTURE, T_ARCHITECTURE, T_ECONOMY, T_LAW, T_MASONRY, T_MATHEMATICS, T_PHILOSOPHY, \
    T_STRATEGY, T_THEOLOGY, T_URBANISM = range(10)
T_COINS = [t.coins for t in TOKENS]

BROWN, GREY, BLUE, GREEN, YELLOW, RED, PURPLE = range(7)
WCS = (0, 1, 2)
GP = (3, 4)


class StructTables(NamedTuple):
    """A card structure as slot tables (slots numbered row by row)."""

    cover_n: tuple[int, ...]            # how many slots lie on top of each slot at the start
    covers: tuple[Ids, ...]             # the slots each slot lies on (uncovered as it is taken)
    face_up: tuple[bool, ...]
    slots: tuple[tuple[int, int], ...]  # (row, position) of each slot


def _structure_tables(s: data.Structure) -> StructTables:
    slots = [(r, x) for r, row in enumerate(s.rows) for x in row]
    index = {rx: i for i, rx in enumerate(slots)}
    covered_by: list[Ids] = []   # slots lying on top of this slot
    covers: list[Ids] = []       # slots this slot lies on
    for r, x in slots:
        covered_by.append(tuple(index[(r + 1, x + d)] for d in (-1, 1) if (r + 1, x + d) in index))
        covers.append(tuple(index[(r - 1, x + d)] for d in (-1, 1) if (r - 1, x + d) in index))
    face_up = tuple(s.face_up[r] for r, _ in slots)
    return StructTables(tuple(len(c) for c in covered_by), tuple(covers), face_up, tuple(slots))


STRUCT = [_structure_tables(s) for s in data.STRUCTURES]
AGE_DECK = [tuple(i for i, c in enumerate(CARDS) if c.age == a and not c.guild) for a in (1, 2, 3)]
GUILDS = tuple(i for i, c in enumerate(CARDS) if c.guild)

# Move kinds. A move is a tuple (kind, a, b).
DRAFT, BUILD, DISCARD, WONDER, TOKEN, DESTROY, RESURRECT, START = range(8)
# Phases: what the player to move must decide.
P_DRAFT, P_PLAY, P_TOKEN, P_LIBRARY, P_DESTROY, P_MAUSOLEUM, P_START, P_OVER = range(8)
#: What the player must do in each phase, as words the reasons put in (translated with them).
PHASE_NAMES = (Term("draft a wonder"), Term("play a card"), Term("choose a progress token"),
               Term("choose a progress token from the Great Library's draw"),
               Term("destroy an opponent's card"), Term("build a discarded card"),
               Term("choose who starts the age"), Term("game over"))
#: Resources and card colours as the reasons name them (`Resource`, `Colour` order).
RESOURCE_WORDS = (Term("wood"), Term("clay"), Term("stone"), Term("glass"), Term("papyrus"))
COLOUR_WORDS = (Term("brown"), Term("grey"), Term("blue"), Term("green"), Term("yellow"), Term("red"),
                Term("purple"), Term("senator"))
# How a game ended.
CIVILIAN, MILITARY, SCIENCE = "civilian", "military", "science"

_PHASE_OF_KIND = (P_DRAFT, P_PLAY, P_PLAY, P_PLAY, None, P_DESTROY, P_MAUSOLEUM, P_START)
_DRAFT_ORDER = data.DRAFT_ORDER


@dataclass(frozen=True)
class Deal:
    """Everything chance decides, as ids: board/box tokens, the 8 wonders in offer order,
    per-age layouts (20 card ids in slot order) and removed cards, the Great Library draw."""

    tokens: Ids
    box_tokens: Ids
    wonders: Ids
    layouts: tuple[Ids, ...]        # one per age
    removed: tuple[Ids, ...]        # one per age
    library: Ids = ()


def random_deal(rng: random.Random) -> Deal:
    toks = list(range(BASE_TOKENS))
    rng.shuffle(toks)
    wonders = list(range(BASE_WONDERS))
    rng.shuffle(wonders)
    layouts: list[Ids] = []
    removed: list[Ids] = []
    for age in (1, 2, 3):
        deck = list(AGE_DECK[age - 1])
        rng.shuffle(deck)
        cut = data.CARDS_REMOVED_PER_AGE
        rem, deck = deck[:cut], deck[cut:]
        if age == 3:
            guilds = list(GUILDS)
            rng.shuffle(guilds)
            g = data.GUILDS_IN_AGE_III
            rem += guilds[g:]
            deck += guilds[:g]
            rng.shuffle(deck)
        layouts.append(tuple(deck))
        removed.append(tuple(rem))
    box = tuple(toks[5:])
    library = tuple(rng.sample(box, data.LIBRARY_DRAW))
    return Deal(tuple(toks[:5]), box, tuple(wonders[:8]), tuple(layouts), tuple(removed), library)


class Game:
    """A Duel game in progress. Player indexes are 0 (first player) and 1."""

    structs = STRUCT
    triggered = False     # Agora: a conspiracy was triggered at the start of this turn

    __slots__ = (
        "acc",
        "age",
        "board",
        "built",
        "chains",
        "city",
        "coins",
        "cover",
        "cur",
        "deal",
        "discarded",
        "draft_i",
        "fixed",
        "flex",
        "last",
        "left",
        "library_used",
        "loot",
        "nbuilt",
        "ncol",
        "nsci",
        "offer",
        "pending",
        "pending_arg",
        "phase",
        "pos",
        "price",
        "prod",
        "removed_wonders",
        "replay",
        "sci",
        "slot",
        "tokens",
        "unbuilt",
        "victory",
        "winner",
    )

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.cur = 0
        self.age = 0
        self.coins = [data.START_COINS, data.START_COINS]
        self.prod = [[0] * 5, [0] * 5]
        self.price = [[2] * 5, [2] * 5]
        self.fixed = [[False] * 5, [False] * 5]
        self.flex = [[0, 0, 0], [0, 0, 0]]      # [_, wood/clay/stone count, glass/papyrus count]
        self.chains = [0, 0]
        self.ncol = [[0] * 8, [0] * 8]
        self.city: list[list[int]] = [[], []]
        self.sci = [[0] * 7, [0] * 7]
        self.nsci = [0, 0]
        self.tokens: list[list[int]] = [[], []]
        self.board = list(deal.tokens)
        self.unbuilt: list[list[int]] = [[], []]
        self.built: list[list[int]] = [[], []]
        self.removed_wonders: list[int] = []
        self.nbuilt = 0
        self.pos = 0                            # > 0: towards player 1's capital (player 0 leads)
        self.loot = [[True, True], [True, True]]   # loot[p][k]: token k on player p's side
        self.discarded: list[int] = []
        self.slot: list[int] = []               # card per slot of the age's structure, -1: taken
        self.cover: list[int] = []
        self.acc: list[int] = []                # accessible slots
        self.left = 0
        self.pending: list[Pending] = []
        self.pending_arg: PendingArg = None
        self.replay = False
        self.draft_i = 0
        self.offer = list(deal.wonders[:4])
        self.winner = -1
        self.victory = ""
        self.library_used = False
        self.last = 0
        self.phase = P_DRAFT

    # ------------------------------------------------------------------ costs
    def cost(self, p: int, need: Need, coin: int, discount: int) -> tuple[int, int]:
        """(total coins, of which trade) player p pays for `need` with `discount` free units."""
        pr = self.prod[p]
        price = self.price[p]
        fx = self.flex[p]
        if not (fx[1] or fx[2] or discount):
            trade = 0
            for r, n in need:
                m = n - pr[r]
                if m > 0:
                    trade += m * price[r]
            return coin + trade, trade
        wcs: list[int] = []
        gp: list[int] = []
        for r, n in need:
            m = n - pr[r]
            if m > 0:
                (wcs if r < 3 else gp).extend([price[r]] * m)
        if not wcs and not gp:
            return coin, 0
        wcs.sort(reverse=True)
        gp.sort(reverse=True)
        rest = wcs[fx[1]:] + gp[fx[2]:]
        if discount:
            rest.sort(reverse=True)
            rest = rest[discount:]
        trade = sum(rest)
        return coin + trade, trade

    def card_cost(self, p: int, c: int) -> tuple[int, int]:
        if C_CHAIN_FROM[c] & self.chains[p]:
            return 0, 0
        disc = 2 if C_COLOUR[c] == BLUE and T_MASONRY in self.tokens[p] else 0
        return self.cost(p, C_NEED[c], C_COIN[c], disc)

    def wonder_cost(self, p: int, w: int) -> tuple[int, int]:
        return self.cost(p, W_NEED[w], 0, 2 if T_ARCHITECTURE in self.tokens[p] else 0)

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self) -> list[Move]:
        ph = self.phase
        p = self.cur
        if ph == P_PLAY:
            coins = self.coins[p]
            slot = self.slot
            chains = self.chains[p]
            moves = []
            ws = []
            if self.nbuilt < data.MAX_WONDERS_BUILT:
                for w in self.unbuilt[p]:
                    if self.wonder_cost(p, w)[0] <= coins:
                        ws.append(w)
            for s in self.acc:
                c = slot[s]
                moves.append((DISCARD, s, 0))
                if C_CHAIN_FROM[c] & chains or self.card_cost(p, c)[0] <= coins:
                    moves.append((BUILD, s, 0))
                for w in ws:
                    moves.append((WONDER, s, w))
            return moves
        if ph == P_DRAFT:
            return [(DRAFT, w, 0) for w in self.offer]
        if ph == P_TOKEN:
            return [(TOKEN, t, 0) for t in self.board]
        if ph == P_LIBRARY:
            return [(TOKEN, t, 0) for t in self.library_draw()]
        if ph == P_DESTROY:
            col = self.pending_arg
            return [(DESTROY, c, 0) for c in self.city[1 - p] if C_COLOUR[c] == col]
        if ph == P_MAUSOLEUM:
            return [(RESURRECT, c, 0) for c in self.discarded]
        if ph == P_START:
            return [(START, 0, 0), (START, 1, 0)]
        return []

    def playable(self, move: Move) -> bool:
        """Whether a card move of an accessible slot in phase P_PLAY (BUILD, DISCARD, WONDER)
        is among `legal_moves()`, without listing them (the replay's fast path)."""
        kind, s, w = move
        p = self.cur
        if kind == DISCARD:
            return True
        if kind == BUILD:
            c = self.slot[s]
            return bool(C_CHAIN_FROM[c] & self.chains[p]) or self.card_cost(p, c)[0] <= self.coins[p]
        return (self.nbuilt < data.MAX_WONDERS_BUILT and w in self.unbuilt[p]
                and self.wonder_cost(p, w)[0] <= self.coins[p])

    def why_illegal(self, move: Move) -> Text | None:
        """None if `move` is legal now, else a lowercase reason (for replay findings: an English
        template and its values, built only for an illegal move)."""
        kind, a, b = move
        ph = self.phase
        p = self.cur
        expected = _PHASE_OF_KIND[kind]
        if kind == TOKEN:
            if ph not in (P_TOKEN, P_LIBRARY):
                return phrase("no progress token to choose now (the player must {phase})", phase=PHASE_NAMES[ph])
            options = self.board if ph == P_TOKEN else self.library_draw()
            if a not in options:
                names = Joined(tuple(TOKENS[t].code for t in options))
                if ph == P_TOKEN:
                    return phrase("progress token {token!r} is not on the board (choose one of {names})",
                                token=TOKENS[a].code, names=names)
                return phrase("progress token {token!r} is not in the Great Library's draw (choose one of {names})",
                            token=TOKENS[a].code, names=names)
            return None
        if expected != ph:
            return phrase("the player must {phase} now", phase=PHASE_NAMES[ph])
        if kind == DRAFT:
            if a not in self.offer:
                return phrase("wonder {wonder!r} is not on offer (offered: {names})", wonder=WONDERS[a].code,
                            names=Joined(tuple(WONDERS[w].code for w in self.offer)))
            return None
        if kind == START:
            return None
        if kind == DESTROY:
            if a not in self.city[1 - p]:
                return phrase("the opponent has no {card!r} to destroy", card=CARDS[a].code)
            col = self.pending_arg
            assert isinstance(col, int), "a destroy decision names the colour"
            if C_COLOUR[a] != col:
                return phrase("{card!r} is {colour}, the wonder destroys a {wanted} card", card=CARDS[a].code,
                            colour=COLOUR_WORDS[C_COLOUR[a]], wanted=COLOUR_WORDS[col])
            return None
        if kind == RESURRECT:
            if a not in self.discarded:
                return phrase("{card!r} is not in the discard pile", card=CARDS[a].code)
            return None
        # play a card: a is a card id here (notation names cards, not slots)
        s = self.slot_of(a)
        if s < 0:
            if a in self.slot:
                return phrase("{card!r} is still covered", card=CARDS[a].code)
            return phrase("{card!r} is not in the age {age} structure", card=CARDS[a].code, age=self.age)
        if kind == BUILD:
            total, trade = self.card_cost(p, a)
            if total > self.coins[p]:
                return self._cannot_afford(p, CARDS[a].code, C_NEED[a], C_COIN[a], total, trade)
        elif kind == WONDER:
            if b not in self.unbuilt[p]:
                if b in self.built[p]:
                    return phrase("wonder {wonder!r} is already built", wonder=WONDERS[b].code)
                if b in self.removed_wonders:
                    return phrase("wonder {wonder!r} left the game (seven wonders were built)", wonder=WONDERS[b].code)
                return phrase("wonder {wonder!r} is not the player's", wonder=WONDERS[b].code)
            total, trade = self.wonder_cost(p, b)
            if total > self.coins[p]:
                return self._cannot_afford(p, WONDERS[b].code, W_NEED[b], 0, total, trade)
        return None

    def _cannot_afford(self, p: int, code: str, need: Need, coin: int, total: int, trade: int) -> Text:
        what: Text | Joined
        if not need:
            what = phrase("costs {coins} coins", coins=coin)
        else:
            what = Joined(tuple(phrase("needs {n} {resource}, has {has}", n=n, resource=RESOURCE_WORDS[r],
                                     has=self.prod[p][r]) for r, n in need), "; ")
            if coin:
                what = phrase("{needs}, plus {coins} coins", needs=what, coins=coin)
        return phrase("cannot afford {card!r}: {what}, trade costs {trade}, has {coins} coins", card=code, what=what,
                    trade=trade, coins=self.coins[p])

    def library_draw(self) -> Ids:
        """The tokens the Great Library offers (drawn from the box when it is built)."""
        return self.deal.library

    def decline_token(self) -> None:
        """Take no progress token for a pair (the rulebook: "you *may* choose one")."""
        self._next()

    def slot_of(self, card: int) -> int:
        """The accessible slot holding `card`, or -1."""
        slot = self.slot
        for s in self.acc:
            if slot[s] == card:
                return s
        return -1

    # ------------------------------------------------------------------ applying moves
    def play(self, move: Move) -> None:
        """Apply a legal move (unchecked: call why_illegal first for untrusted input)."""
        kind, a, b = move
        p = self.cur
        if kind == BUILD:
            c = self._take(a)
            chain = C_CHAIN_FROM[c]
            if chain and chain & self._chains(p):
                if T_URBANISM in self.tokens[p]:
                    self.coins[p] += data.URBANISM_CHAIN_COINS
            else:
                total, trade = self.card_cost(p, c)
                self._pay(p, total, trade)
            self._add_card(p, c)
        elif kind == DISCARD:
            c = self._take(a)
            self.coins[p] += self._discard_coins(p)
            self.discarded.append(c)
        elif kind == WONDER:
            self._take(a)
            total, trade = self.wonder_cost(p, b)
            self._pay(p, total, trade)
            self._add_wonder(p, b)
        elif kind == TOKEN:
            self._take_token(a)
            self.pending_arg = None
            self._add_token(p, a)
        elif kind == DESTROY:
            self._remove_card(1 - p, a)
            self.discarded.append(a)
        elif kind == RESURRECT:
            self.discarded.remove(a)
            self._add_card(p, a)
        elif kind == DRAFT:
            self.offer.remove(a)
            self.unbuilt[p].append(a)
            self.draft_i += 1
            if self.draft_i == 4:
                self.offer = list(self.deal.wonders[4:])
            self._drafted(p, a)
            return
        elif kind == START:
            self.cur = a
            self.phase = P_PLAY
            return
        self._next()

    # Hooks a variant overrides (AgoraGame) instead of copying `play`.
    def _chains(self, p: int) -> int:
        """The chain symbols that let player `p` build for free."""
        return self.chains[p]

    def _discard_coins(self, p: int) -> int:
        """Coins for discarding a card: 2, plus 1 per yellow card."""
        return data.DISCARD_BASE + self.ncol[p][YELLOW]

    def _take_token(self, t: int) -> None:
        """Take the chosen progress token from where it lies (the board, or the Library's draw)."""
        if self.phase == P_TOKEN:
            self.board.remove(t)

    def _drafted(self, p: int, w: int) -> None:
        """After player `p` drafts wonder `w`: the next pick, or Age I after the eighth."""
        i = self.draft_i
        if i == 8:
            self._start_age(1, 0)
        else:
            self.cur = _DRAFT_ORDER[i]

    def _take(self, s: int) -> int:
        """Remove the card in slot s from the structure and return it."""
        slot = self.slot
        acc = self.acc
        c = slot[s]
        slot[s] = -1
        acc.remove(s)
        cover = self.cover
        for t in self.structs[self.age - 1][1][s]:
            cover[t] -= 1
            if cover[t] == 0:
                acc.append(t)
        self.left -= 1
        return c

    def _pay(self, p: int, total: int, trade: int) -> None:
        self.coins[p] -= total
        if trade and T_ECONOMY in self.tokens[1 - p]:
            self.coins[1 - p] += trade

    def _update_prices(self, p: int) -> None:
        """Prices player p pays depend on the opponent's brown/grey production."""
        q = 1 - p
        prod = self.prod[q]
        fixed = self.fixed[p]
        self.price[p] = [1 if fixed[r] else data.TRADE_BASE + prod[r] for r in range(5)]

    def _add_card(self, p: int, c: int) -> None:
        self.city[p].append(c)
        col = C_COLOUR[c]
        self.ncol[p][col] += 1
        self.chains[p] |= C_CHAIN_TO[c]
        if C_PROD[c]:
            pr = self.prod[p]
            for r, n in C_PROD[c]:
                pr[r] += n
            self._update_prices(1 - p)
        if C_PLAIN[c]:
            return
        if C_FLEX[c]:
            self.flex[p][C_FLEX[c]] += 1
        if C_FIXED[c]:
            for r in C_FIXED[c]:
                self.fixed[p][r] = True
            self._update_prices(p)
        if C_COINS[c]:
            self.coins[p] += C_COINS[c]
        if C_COINS_RATE[c]:
            n = 0
            for k in C_COINS_PER[c]:
                n += self.ncol[p][k]
            self.coins[p] += n * C_COINS_RATE[c]
        if C_COINS_PER_WONDER[c]:
            self.coins[p] += C_COINS_PER_WONDER[c] * len(self.built[p])
        if C_GUILD[c]:
            best = 0
            for q in (0, 1):
                n = 0
                for k in C_GUILD[c]:
                    n += self.ncol[q][k]
                best = max(best, n)
            self.coins[p] += best
        if C_SHIELDS[c]:
            self._shields(p, C_SHIELDS[c] + (1 if T_STRATEGY in self.tokens[p] else 0))
        if C_SCIENCE[c] >= 0:
            self._science(p, C_SCIENCE[c])

    def _remove_card(self, p: int, c: int) -> None:
        self.city[p].remove(c)
        self.ncol[p][C_COLOUR[c]] -= 1
        if C_PROD[c]:
            pr = self.prod[p]
            for r, n in C_PROD[c]:
                pr[r] -= n
            self._update_prices(1 - p)

    def _add_wonder(self, p: int, w: int) -> None:
        self.unbuilt[p].remove(w)
        self.built[p].append(w)
        self.nbuilt += 1
        if self.nbuilt == data.MAX_WONDERS_BUILT:
            for q in (0, 1):
                self.removed_wonders.extend(self.unbuilt[q])
                self.unbuilt[q] = []
        if W_COINS[w]:
            self.coins[p] += W_COINS[w]
        if W_LOSS[w]:
            self.coins[1 - p] = max(0, self.coins[1 - p] - W_LOSS[w])
        if W_FLEX[w]:
            self.flex[p][W_FLEX[w]] += 1
        if W_REPLAY[w] or T_THEOLOGY in self.tokens[p]:
            self.replay = True
        if W_SHIELDS[w]:
            self._shields(p, W_SHIELDS[w])
        if W_DESTROY[w] >= 0:
            col = W_DESTROY[w]
            if any(C_COLOUR[c] == col for c in self.city[1 - p]):
                self.pending.append((P_DESTROY, col))
        sp = W_SPECIAL[w]
        if sp == "library":
            self.library_used = True
            self.pending.append((P_LIBRARY, None))
        elif sp == "mausoleum" and self.discarded:
            self.pending.append((P_MAUSOLEUM, None))

    def _add_token(self, p: int, t: int) -> None:
        self.tokens[p].append(t)
        if T_COINS[t]:
            self.coins[p] += T_COINS[t]
        if t == T_LAW:
            self._science(p, data.Science.SCALES)

    def _shields(self, p: int, n: int) -> None:
        if self.winner >= 0:
            return
        if p == 0:
            pos = min(self.pos + n, data.CAPITAL)
        else:
            pos = max(self.pos - n, -data.CAPITAL)
        self.pos = pos
        q = 1 - p
        loot = self.loot[q]
        d = pos if p == 0 else -pos
        for k, (start, loss) in enumerate(data.LOOTING_TOKENS):
            if loot[k] and d >= start:
                loot[k] = False
                self.coins[q] = max(0, self.coins[q] - loss)
        if d >= data.CAPITAL:
            self.winner = p
            self.victory = MILITARY

    def _science(self, p: int, sym: int) -> None:
        if self.winner >= 0:
            return
        s = self.sci[p]
        s[sym] += 1
        if s[sym] == 1:
            self.nsci[p] += 1
            if self.nsci[p] >= data.SCIENCE_SUPREMACY:
                self.winner = p
                self.victory = SCIENCE
        elif s[sym] == 2 and self.board:
            self.pending.append((P_TOKEN, None))

    def _next(self) -> None:
        """After an action: game end, a pending decision, or the end of the turn."""
        if self.winner >= 0:
            self.phase = P_OVER
            return
        pending = self.pending
        while pending:
            item = pending.pop(0)
            ph, arg = item[0], item[1]
            if ph == P_TOKEN and not self.board:
                continue
            if ph == P_DESTROY and not any(C_COLOUR[c] == arg for c in self.city[1 - self.cur]):
                continue
            if ph == P_MAUSOLEUM and not self.discarded:
                continue
            self.phase = ph
            self.pending_arg = arg
            return
        self.pending_arg = None
        if self.left == 0:
            self.replay = False
            if self.age == 3:
                self.phase = P_OVER
                self.victory = CIVILIAN
                self.winner = self._civilian_winner()
                return
            # the weaker player militarily chooses who starts; even: the last player to move
            decider = 1 if self.pos > 0 else 0 if self.pos < 0 else self.cur
            self._start_age(self.age + 1, decider)
            self.phase = P_START
            return
        self.phase = P_PLAY
        if self.replay:
            self.replay = False
        else:
            self.cur = 1 - self.cur

    def _start_age(self, age: int, player: int) -> None:
        self.age = age
        cover_n, _, _, _ = self.structs[age - 1]
        self.slot = list(self.deal.layouts[age - 1])
        self.cover = list(cover_n)
        self.acc = [s for s, n in enumerate(cover_n) if n == 0]
        self.left = len(self.slot)
        self.cur = player
        self.phase = P_PLAY

    # ------------------------------------------------------------------ scoring
    def sheet(self, p: int) -> dict[str, int]:
        """The score sheet of player p as category → points (plus 'coins')."""
        cat = {"blue": 0, "green": 0, "yellow": 0, "purple": 0}
        names = {BLUE: "blue", GREEN: "green", YELLOW: "yellow"}
        for c in self.city[p]:
            col = C_COLOUR[c]
            if col in names:
                cat[names[col]] += CARDS[c].vp
            elif col == PURPLE:
                cat["purple"] += self._guild_vp(c)
        wonders = sum(W_VP[w] for w in self.built[p])
        progress = 0
        for t in self.tokens[p]:
            progress += TOKENS[t].vp
            if t == T_MATHEMATICS:
                progress += data.MATHEMATICS_VP_PER_TOKEN * len(self.tokens[p])
        treasury = self.coins[p] // 3
        d = self.pos if p == 0 else -self.pos
        military = 0
        for start, vp in data.MILITARY_VP:
            if d >= start:
                military = vp
        out = dict(cat, wonders=wonders, progress=progress, treasury=treasury, military=military,
                   senate=0)
        out["total"] = sum(out.values())
        out["coins"] = self.coins[p]
        return out

    def _guild_vp(self, c: int) -> int:
        kind = C_GUILD_KIND[c]
        if kind == "builders":
            return data.BUILDERS_VP_PER_WONDER * max(len(self.built[0]), len(self.built[1]))
        if kind == "moneylenders":
            return max(self.coins) // data.MONEYLENDERS_COINS_PER_VP
        return max(sum(self.ncol[q][k] for k in C_GUILD[c]) for q in (0, 1))

    def _civilian_winner(self) -> int:
        a, b = self.sheet(0), self.sheet(1)
        if a["total"] != b["total"]:
            return 0 if a["total"] > b["total"] else 1
        if a["blue"] != b["blue"]:
            return 0 if a["blue"] > b["blue"] else 1
        return 2   # shared victory
