"""The Agora expansion: senate, influence cubes, decrees, senators, conspiracies, political supremacy.

`AgoraGame` extends the base `Game` through its hooks (costs, prices, cards, wonders, the
conflict pawn, turn order). Every decision is a move tuple; decisions a card causes are
queued as ``(phase, argument, player)`` and taken one by one, optional ones can be ended
with ``END``. Agora favours clarity over speed: it is not on the benchmark's hot path.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from rules_engine.duel import data
from rules_engine.duel import engine as E
from rules_engine.findings import Term, Text, phrase
from rules_engine.duel.engine import (
    BLUE,
    BROWN,
    C_CHAIN_FROM,
    C_CHAIN_TO,
    C_COIN,
    C_COLOUR,
    C_FIXED,
    C_FLEX,
    C_NEED,
    C_PROD,
    C_SCIENCE,
    GREEN,
    GREY,
    RED,
    W_FLEX,
    W_SPECIAL,
    YELLOW,
    Deal,
    Game,
    Ids,
    Move,
)

SENATOR = int(data.Colour.SENATOR)
CONSPIRACIES = data.CONSPIRACIES
DECREES = data.DECREES
CONSPIRACY_ID = {c.code: i for i, c in enumerate(CONSPIRACIES)}
DECREE_ID = {d.code: i for i, d in enumerate(DECREES)}
SENATOR_IDS = tuple(i for i, c in enumerate(E.CARDS) if c.senator)
C_SECTION = [c.section for c in E.CARDS]
C_POLITICIAN = [c.senator == "politician" for c in E.CARDS]
AGORA_STRUCT = [E._structure_tables(s) for s in data.AGORA_STRUCTURES]
LAST_ROW = [tuple(i for i, (r, _) in enumerate(t[3]) if r == len(s.rows) - 1)
            for t, s in zip(AGORA_STRUCT, data.AGORA_STRUCTURES)]

T_CORRUPTION = E.TOKEN_ID["Corruption"]
T_ORGANIZED_CRIME = E.TOKEN_ID["OrganizedCrime"]
(K_EXTORTION, K_BLACKMAIL, K_EXPROPRIATION, K_SWINDLE, K_OBSCURANTISM, K_COUP, K_PROPERTY_FRAUD,
 K_TREASON, K_POLITICAL_MANEUVER, K_ESPIONAGE, K_TURN_OF_EVENTS, K_EMBEZZLEMENT, K_FORECLOSURE,
 K_COERCION, K_INSIDER_INFLUENCE, K_SABOTAGE) = range(16)
D = DECREE_ID
COIN_DECREE = {BLUE: D["BlueCoins"], GREEN: D["GreenCoins"], YELLOW: D["YellowCoins"], RED: D["RedCoins"]}
DISCOUNT_DECREE = {YELLOW: D["YellowDiscount"], RED: D["RedDiscount"], GREEN: D["GreenDiscount"]}
# The decrees the engine asks about on every move, by id (a dict lookup each time shows in the benchmark).
D_RAW_TRADE = D["RawTrade"]
D_GOODS_TRADE = D["GoodsTrade"]
D_OPPONENT_CHAINS = D["OpponentChains"]
D_WONDER_DISCOUNT = D["WonderDiscount"]
D_DISCARD_COINS = D["DiscardCoins"]
D_SENATE_ACTIONS = D["SenateActions"]
D_CONSPIRATOR_REPLAY = D["ConspiratorReplay"]
D_WONDER_COINS = D["WonderCoins"]
D_SHIELD = D["Shield"]

# Agora move kinds (after the base kinds 0..7)
(PREPARE, TRIGGER, PLACE, MOVE, REMOVE, CONSPIRE, END, TAKE_WONDER, TAKE_CARD, GIVE_CARD, LOCK,
 FREE_BUILD, STRUCT_DISCARD, MOVE_DECREE, SABOTAGE) = range(8, 23)
# Agora phases (after the base phases 0..7)
(P_SENATE, P_PLACE, P_REMOVE, P_MOVE_OPT, P_CONSPIRATOR, P_CONSPIRE, P_TRIGGER_UNPREPARED,
 P_TAKE_WONDER, P_TAKE_CARD, P_GIVE_CARD, P_LOCK, P_FREE_BUILD, P_ESPIONAGE, P_STRUCT_DISCARD,
 P_STRUCT_DISCARD_OPT, P_MOVE_DECREE, P_SABOTAGE) = range(8, 25)
PHASE_NAMES = E.PHASE_NAMES + (
    Term("take senate actions"), Term("place an influence cube"), Term("remove an opponent's influence cube"),
    Term("move an influence cube (optional)"), Term("place an influence cube or conspire"),
    Term("keep a conspiracy"), Term("trigger an unprepared conspiracy (optional)"),
    Term("take an opponent's wonder"), Term("take an opponent's card"), Term("give a card of the same colour"),
    Term("lock a progress token"), Term("build a card for free"), Term("choose a progress token from the box"),
    Term("discard an accessible card"), Term("discard a second accessible card (optional)"),
    Term("move a decree"), Term("return an opponent's wonder"))
OPTIONAL = {P_SENATE, P_MOVE_OPT, P_TRIGGER_UNPREPARED, P_STRUCT_DISCARD_OPT}
MAIN_PHASES = (E.P_DRAFT, E.P_START, E.P_PLAY)
POLITICAL = "political"


@dataclass(frozen=True)
class AgoraDeal(Deal):
    """A base `Deal` plus the decrees (chamber 1 to 6) and the conspiracy deck (top first).

    `library` is the order in which the Great Library would draw from the box: it offers
    the first three tokens of that order still in the box when it is built."""

    decrees: Ids = ()
    conspiracies: Ids = ()


def random_agora_deal(rng: random.Random) -> AgoraDeal:
    toks = list(range(len(E.TOKENS)))
    rng.shuffle(toks)
    wonders = list(range(len(E.WONDERS)))
    rng.shuffle(wonders)
    senators = list(SENATOR_IDS)
    rng.shuffle(senators)
    layouts: list[Ids] = []
    removed: list[Ids] = []
    start = 0
    for age in (1, 2, 3):
        deck = list(E.AGE_DECK[age - 1])
        rng.shuffle(deck)
        rem, deck = deck[:data.CARDS_REMOVED_PER_AGE], deck[data.CARDS_REMOVED_PER_AGE:]
        if age == 3:
            guilds = list(E.GUILDS)
            rng.shuffle(guilds)
            rem += guilds[data.GUILDS_IN_AGE_III:]
            deck += guilds[:data.GUILDS_IN_AGE_III]
        n = data.SENATORS_PER_AGE[age - 1]
        deck += senators[start:start + n]
        start += n
        rng.shuffle(deck)
        layouts.append(tuple(deck))
        removed.append(tuple(rem))
    box = toks[5:]
    library = list(box)
    rng.shuffle(library)
    decrees = list(range(len(DECREES)))
    rng.shuffle(decrees)
    conspiracies = list(range(len(CONSPIRACIES)))
    rng.shuffle(conspiracies)
    return AgoraDeal(tuple(toks[:5]), tuple(box), tuple(wonders[:8]), tuple(layouts), tuple(removed),
                     tuple(library), tuple(decrees[:data.DECREES_IN_PLAY]), tuple(conspiracies))


class AgoraGame(Game):
    """A Duel game with the Agora expansion."""

    structs = AGORA_STRUCT

    __slots__ = (
        "box",
        "ctrl",
        "cubes",
        "dctl",
        "deck",
        "decrees",
        "done",
        "free_cubes",
        "hand",
        "in_trigger",
        "library_drawn",
        "locked",
        "owner",
        "prepared",
        "treason_used",
        "triggered",
    )

    def __init__(self, deal: AgoraDeal) -> None:
        super().__init__(deal)
        self.cubes = [[0] * 7, [0] * 7]            # cubes[p][chamber], chambers 1..6
        self.free_cubes = [data.INFLUENCE_CUBES, data.INFLUENCE_CUBES]
        self.decrees: list[list[int]] = [[]] + [[d] for d in deal.decrees]   # per chamber 1..6
        self.ctrl = [-1] * 7
        self.dctl = [-1] * len(DECREES)          # who controls each decree (-1: nobody / not in play)
        self.deck = list(deal.conspiracies)
        self.hand: list[list[int]] = [[], []]      # conspiracies held, not prepared
        self.prepared: list[list[int]] = [[], []]
        self.done: list[list[int]] = [[], []]      # triggered conspiracies
        self.locked: list[int] = []
        self.triggered = False
        self.in_trigger = False
        self.owner = 0                             # whose turn it is (cur may be another chooser)
        self.box = list(deal.box_tokens)
        self.library_drawn: Ids = ()
        self.treason_used: list[int] = []

    # ------------------------------------------------------------------ costs and prices
    def _update_prices(self, p: int) -> None:
        super()._update_prices(p)
        price = self.price[p]
        if self.dctl[D_RAW_TRADE] == p:
            for r in (0, 1, 2):
                price[r] = max(1, price[r] - 1)
        if self.dctl[D_GOODS_TRADE] == p:
            for r in (3, 4):
                price[r] = max(1, price[r] - 1)

    def _chains(self, p: int) -> int:
        if self.dctl[D_OPPONENT_CHAINS] == p:
            return self.chains[p] | self.chains[1 - p]
        return self.chains[p]

    def card_cost(self, p: int, c: int) -> tuple[int, int]:
        col = C_COLOUR[c]
        if col == SENATOR:
            return (0 if T_CORRUPTION in self.tokens[p] else self.ncol[p][SENATOR]), 0
        chain = C_CHAIN_FROM[c]
        if chain and chain & self._chains(p):
            return 0, 0
        disc = 2 if col == BLUE and E.T_MASONRY in self.tokens[p] else 0
        d = DISCOUNT_DECREE.get(col)
        if d is not None and self.dctl[d] == p:
            # ignore one cost symbol: the coin cost, or one resource
            return min(self.cost(p, C_NEED[c], 0, disc), self.cost(p, C_NEED[c], C_COIN[c], disc + 1))
        return self.cost(p, C_NEED[c], C_COIN[c], disc)

    def wonder_cost(self, p: int, w: int) -> tuple[int, int]:
        disc = (2 if E.T_ARCHITECTURE in self.tokens[p] else 0) + (1 if self.dctl[D_WONDER_DISCOUNT] == p else 0)
        return self.cost(p, E.W_NEED[w], 0, disc)

    def library_draw(self) -> Ids:
        return self.library_drawn

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self) -> list[Move]:
        ph = self.phase
        p = self.cur
        if ph == E.P_PLAY:
            moves = super().legal_moves()
            for k in self.hand[p]:
                for s in self.acc:
                    moves.append((PREPARE, s, k))
            if not self.triggered:
                for k in self.prepared[p]:
                    moves.append((TRIGGER, k, 0))
            return moves
        if ph < P_SENATE:
            moves = super().legal_moves()
            if ph == E.P_TOKEN and moves:
                moves.append((END, 0, 0))     # a pair's token may be declined
            return moves
        q = 1 - p
        moves = []
        if ph == P_SENATE:
            if self.free_cubes[p]:
                for ch in data.SECTIONS[self._arg_pair()[1] - 1]:
                    moves.append((PLACE, ch, 0))
            moves += self._moves_of(p)
        elif ph == P_PLACE:
            if self.free_cubes[p]:
                moves = [(PLACE, ch, 0) for ch in range(1, 7)]
        elif ph == P_REMOVE:
            moves = [(REMOVE, ch, 0) for ch in range(1, 7) if self.cubes[q][ch]]
        elif ph == P_MOVE_OPT:
            moves = self._moves_of(p)
        elif ph == P_CONSPIRATOR:
            if self.free_cubes[p]:
                moves = [(PLACE, ch, 0) for ch in range(1, 7)]
            moves += self._conspire_moves(p)
        elif ph == P_CONSPIRE:
            moves = self._conspire_moves(p)
        elif ph == P_TRIGGER_UNPREPARED:
            moves = [(TRIGGER, k, 1) for k in self.hand[p]]
        elif ph == P_TAKE_WONDER:
            moves = [(TAKE_WONDER, w, 0) for w in self.unbuilt[q]]
        elif ph == P_TAKE_CARD:
            moves = [(TAKE_CARD, c, 0) for c in self.city[q] if C_COLOUR[c] in self._arg_pair()]
        elif ph == P_GIVE_CARD:
            col, taken = self._arg_pair()
            moves = [(GIVE_CARD, c, 0) for c in self.city[p] if C_COLOUR[c] == col and c != taken]
        elif ph == P_LOCK:
            moves = ([(LOCK, t, 0) for t in self.board] + [(LOCK, t, 1) for t in self.tokens[q]]
                     + [(LOCK, t, 2) for t in self.box])
        elif ph == P_FREE_BUILD:
            moves = [(FREE_BUILD, c, s) for c, s in self._free_build_options()]
        elif ph == P_ESPIONAGE:
            moves = [(E.TOKEN, t, 0) for t in self.box]
        elif ph in (P_STRUCT_DISCARD, P_STRUCT_DISCARD_OPT):
            moves = [(STRUCT_DISCARD, s, 0) for s in self.acc]
        elif ph == P_MOVE_DECREE:
            have = [ch for ch in range(1, 7) if self.decrees[ch]]
            moves = [(MOVE_DECREE, a, b) for a in have for b in have if a != b]
        elif ph == P_SABOTAGE:
            moves = [(SABOTAGE, w, 0) for w in self.built[q]]
        if ph in OPTIONAL and moves:
            moves.append((END, 0, 0))
        return moves

    def _arg_pair(self) -> tuple[int, int]:
        """The argument of a decision about a pair: a senator's (actions, section), colours."""
        arg = self.pending_arg
        assert isinstance(arg, tuple), f"phase {self.phase} decides about a pair, not {arg!r}"
        return arg

    def _moves_of(self, p: int) -> list[Move]:
        cubes = self.cubes[p]
        return [(MOVE, a, b) for a in range(1, 7) if cubes[a] for b in (a - 1, a + 1) if 1 <= b <= 6]

    def _conspire_moves(self, p: int) -> list[Move]:
        drawn = self.deck[:2]
        if len(drawn) == 2:
            if T_ORGANIZED_CRIME in self.tokens[p]:
                return [(CONSPIRE, drawn[0], 2)]
            return [(CONSPIRE, k, where) for k in drawn for where in (0, 1)]
        if drawn:
            return [(CONSPIRE, drawn[0], 3)]
        return []

    def _free_build_options(self) -> list[tuple[int, int]]:
        if self.pending_arg == "last row":
            last = LAST_ROW[self.age - 1]
            return [(self.slot[s], s) for s in last if self.slot[s] >= 0 and C_COLOUR[self.slot[s]] != SENATOR]
        pool: list[int] = []
        for a in range(self.age):
            pool += [c for c in self.deal.removed[a] if c not in E.GUILDS and c not in self.treason_used]
        return [(c, -1) for c in pool]

    def why_illegal(self, move: Move) -> Text | None:
        kind, a, _ = move
        if kind == E.BUILD and self.phase == E.P_PLAY and C_COLOUR[a] == SENATOR and self.slot_of(a) >= 0:
            total, _ = self.card_cost(self.cur, a)
            if total > self.coins[self.cur]:
                return phrase("cannot afford {card!r}: recruiting costs {total} coins "
                            "(1 per senator already recruited), has {coins} coins", card=E.CARDS[a].code,
                            total=total, coins=self.coins[self.cur])
            return None
        return super().why_illegal(move)

    # ------------------------------------------------------------------ applying moves
    def play(self, move: Move) -> None:
        kind, a, b = move
        if kind < PREPARE:          # the base game's moves, with the hooks below
            super().play(move)
            if kind == E.START:
                self.owner = a
                self.triggered = False
            return
        p = self.cur
        ph = self.phase
        if kind == PREPARE:
            self._take(a)
            self.hand[p].remove(b)
            self.prepared[p].append(b)
        elif kind == TRIGGER:
            if ph == E.P_PLAY:
                self.prepared[p].remove(a)
                self.in_trigger = True
            else:
                self.hand[p].remove(a)
            self.done[p].append(a)
            self._conspiracy(p, a)
        elif kind in (PLACE, MOVE):
            if kind == PLACE:
                self.cubes[p][a] += 1
                self.free_cubes[p] -= 1
            else:
                self.cubes[p][a] -= 1
                self.cubes[p][b] += 1
            if ph == P_SENATE:
                actions, section = self._arg_pair()
                if actions > 1:
                    self.pending.insert(0, (P_SENATE, (actions - 1, section), p))
            self._senate()
        elif kind == REMOVE:
            self.cubes[1 - p][a] -= 1
            self.free_cubes[1 - p] += 1
            self._senate()
        elif kind == CONSPIRE:
            drawn = self.deck[:2]
            del self.deck[:len(drawn)]
            if b == 2:
                self.hand[p] += drawn
            else:
                self.hand[p].append(a)
                if b != 3:
                    other = drawn[1] if drawn[0] == a else drawn[0]
                    if b == 0:
                        self.deck.insert(0, other)
                    else:
                        self.deck.append(other)
        elif kind == END:
            pass
        elif kind == TAKE_WONDER:
            self.unbuilt[1 - p].remove(a)
            self.unbuilt[p].append(a)
        elif kind == TAKE_CARD:
            self._transfer(1 - p, p, a)
            if self.pending_arg == (BLUE, GREEN) and any(C_COLOUR[c] == C_COLOUR[a] for c in self.city[p]
                                                         if c != a):
                self.pending.insert(0, (P_GIVE_CARD, (C_COLOUR[a], a), p))
        elif kind == GIVE_CARD:
            self._transfer(p, 1 - p, a)
        elif kind == LOCK:
            self.locked.append(a)
            if b == 0:
                self.board.remove(a)
            elif b == 2:
                self.box.remove(a)
            else:
                self.tokens[1 - p].remove(a)
                self._recompute(1 - p)
        elif kind == FREE_BUILD:
            if b >= 0:
                self._take(b)
            else:
                self.treason_used.append(a)
            self._add_card(p, a)
        elif kind == STRUCT_DISCARD:
            self.discarded.append(self._take(a))
            if ph == P_STRUCT_DISCARD and self.left:
                self.pending.insert(0, (P_STRUCT_DISCARD_OPT, None, p))
        elif kind == MOVE_DECREE:
            d = self.decrees[a].pop(0)
            self.decrees[b].append(d)
            self._senate()
        elif kind == SABOTAGE:
            self.built[1 - p].remove(a)
            self.removed_wonders.append(a)
            self._recompute(1 - p)
        self._next()

    # ------------------------------------------------------------------ hooks of Game.play
    def _discard_coins(self, p: int) -> int:
        return super()._discard_coins(p) + (2 if self.dctl[D_DISCARD_COINS] == p else 0)

    def _take_token(self, t: int) -> None:
        if self.phase == E.P_TOKEN:
            self.board.remove(t)
        else:                       # the Great Library's draw, from the box
            self.box.remove(t)

    def _drafted(self, p: int, w: int) -> None:
        self.owner = p
        if W_SPECIAL[w] == "curia":
            self.pending.append((P_CONSPIRE, None, p))
        elif W_SPECIAL[w] == "knossos":
            self.pending.append((P_PLACE, None, p))
        self._next()

    # ------------------------------------------------------------------ effects
    def _add_card(self, p: int, c: int) -> None:
        if C_COLOUR[c] == SENATOR:
            self.city[p].append(c)
            self.ncol[p][SENATOR] += 1
            if C_POLITICIAN[c]:
                blue = self.ncol[p][BLUE] + (2 if self.dctl[D_SENATE_ACTIONS] == p else 0)
                n = 0
                for start, actions in data.SENATE_ACTIONS:
                    if blue >= start:
                        n = actions
                self.pending.append((P_SENATE, (n, C_SECTION[c]), p))
            else:
                self.pending.append((P_CONSPIRATOR, None, p))
                if self.dctl[D_CONSPIRATOR_REPLAY] == p:
                    self.replay = True
            return
        super()._add_card(p, c)
        d = COIN_DECREE.get(C_COLOUR[c])
        if d is not None and self.dctl[d] >= 0:
            self.coins[self.dctl[d]] += self.age

    def _add_wonder(self, p: int, w: int) -> None:
        super()._add_wonder(p, w)
        if self.dctl[D_WONDER_COINS] >= 0:
            self.coins[self.dctl[D_WONDER_COINS]] += self.age
        sp = W_SPECIAL[w]
        if sp == "library":
            self.library_drawn = tuple([t for t in self.deal.library if t in self.box][:data.LIBRARY_DRAW])
        elif sp == "curia":
            self.pending.append((P_TRIGGER_UNPREPARED, None, p))
        elif sp == "knossos":
            self.pending.append((P_PLACE, None, p))
            self.pending.append((P_MOVE_OPT, None, p))

    def _science(self, p: int, sym: int) -> None:
        before = len(self.pending)
        super()._science(p, sym)
        if len(self.pending) > before:                 # a pair: the owner of the symbol chooses
            self.pending[-1] = (E.P_TOKEN, None, p)

    def _shields(self, p: int, n: int) -> None:
        """Agora's military tokens give senate actions instead of taking coins."""
        if self.winner >= 0:
            return
        pos = min(self.pos + n, data.CAPITAL) if p == 0 else max(self.pos - n, -data.CAPITAL)
        self.pos = pos
        loot = self.loot[1 - p]
        d = pos if p == 0 else -pos
        for k, (start, _) in enumerate(data.LOOTING_TOKENS):
            if loot[k] and d >= start:
                loot[k] = False
                if k == 0:
                    self.pending.append((P_PLACE, None, p))
                else:
                    self.pending.append((P_REMOVE, None, p))
                    self.pending.append((P_MOVE_OPT, None, p))
        if d >= data.CAPITAL:
            self.winner = p
            self.victory = E.MILITARY

    def _conspiracy(self, p: int, k: int) -> None:
        q = 1 - p
        add = self.pending.append
        if k == K_EXTORTION:
            add((P_TAKE_WONDER, None, p))
        elif k == K_BLACKMAIL:
            take = (self.coins[q] + 1) // 2
            self.coins[q] -= take
            self.coins[p] += take
        elif k == K_EXPROPRIATION:
            add((E.P_DESTROY, BLUE, p))
        elif k == K_SWINDLE:
            add((E.P_DESTROY, YELLOW, p))
        elif k == K_OBSCURANTISM:
            add((P_LOCK, None, p))
        elif k == K_COUP:
            self._shields(p, 2)
        elif k == K_PROPERTY_FRAUD:
            add((P_FREE_BUILD, "last row", p))
        elif k == K_TREASON:
            add((P_FREE_BUILD, "removed", p))
        elif k == K_POLITICAL_MANEUVER:
            add((P_PLACE, None, p))
            add((P_REMOVE, None, p))
        elif k == K_ESPIONAGE:
            add((P_ESPIONAGE, None, p))
        elif k == K_TURN_OF_EVENTS:
            add((P_STRUCT_DISCARD, None, p))
        elif k == K_EMBEZZLEMENT:
            self.coins[p] += sum(self.cubes[p])
            self.coins[q] = max(0, self.coins[q] - sum(self.cubes[q]))
        elif k == K_FORECLOSURE:
            add((P_TAKE_CARD, (BROWN, GREY), p))
        elif k == K_COERCION:
            add((P_TAKE_CARD, (BLUE, GREEN), p))
        elif k == K_INSIDER_INFLUENCE:
            add((P_MOVE_DECREE, None, p))
        elif k == K_SABOTAGE:
            add((P_SABOTAGE, None, p))
        if CONSPIRACIES[k].then_move:
            add((P_MOVE_OPT, None, p))

    def _remove_card(self, p: int, c: int) -> None:
        self.city[p].remove(c)
        self._recompute(p)

    def _transfer(self, frm: int, to: int, c: int) -> None:
        """A card changes city without its construction effects (Foreclosure, Coercion)."""
        self.city[frm].remove(c)
        self._recompute(frm)
        sym = C_SCIENCE[c]
        had = self.sci[to][sym] if sym >= 0 else 0
        self.city[to].append(c)
        self._recompute(to)
        if sym >= 0 and self.winner < 0:
            if self.nsci[to] >= data.SCIENCE_SUPREMACY:
                self.winner = to
                self.victory = E.SCIENCE
            elif had == 1 and self.board:
                self.pending.append((E.P_TOKEN, None, to))

    def _recompute(self, p: int) -> None:
        """Rebuild player p's production, chains and symbols after losing or gaining cards."""
        prod = [0] * 5
        flex = [0, 0, 0]
        fixed = [False] * 5
        ncol = [0] * 8
        sci = [0] * 7
        chains = 0
        for c in self.city[p]:
            ncol[C_COLOUR[c]] += 1
            for r, n in C_PROD[c]:
                prod[r] += n
            if C_FLEX[c]:
                flex[C_FLEX[c]] += 1
            for r in C_FIXED[c]:
                fixed[r] = True
            chains |= C_CHAIN_TO[c]
            if C_SCIENCE[c] >= 0:
                sci[C_SCIENCE[c]] += 1
        for w in self.built[p]:
            if W_FLEX[w]:
                flex[W_FLEX[w]] += 1
        if E.T_LAW in self.tokens[p]:
            sci[data.Science.SCALES] += 1
        self.prod[p], self.flex[p], self.fixed[p], self.ncol[p] = prod, flex, fixed, ncol
        self.sci[p], self.chains[p] = sci, chains
        self.nsci[p] = sum(1 for x in sci if x)
        self._update_prices(0)
        self._update_prices(1)

    def _senate(self) -> None:
        """After any cube or decree change: control, decree effects, political supremacy."""
        a, b = self.cubes
        ctrl = [-1] + [0 if a[ch] > b[ch] else 1 if b[ch] > a[ch] else -1 for ch in range(1, 7)]
        self.ctrl = ctrl
        old = self.dctl
        dctl = [-1] * len(DECREES)
        for ch in range(1, 7):
            for d in self.decrees[ch]:
                dctl[d] = ctrl[ch]
        self.dctl = dctl
        if old[D_RAW_TRADE] != dctl[D_RAW_TRADE] or old[D_GOODS_TRADE] != dctl[D_GOODS_TRADE]:
            self._update_prices(0)
            self._update_prices(1)
        # Six chambers win at once, before the decree of the one just taken has its effect
        # (rulebook: control "at any time" wins "immediately"; the decree's effect follows
        # the control): the Shield decree's pawn move then never happens (`_shields`).
        if self.winner < 0 and ctrl[1] >= 0 and all(c == ctrl[1] for c in ctrl[1:]):
            self.winner = ctrl[1]
            self.victory = POLITICAL
        s = D_SHIELD
        if old[s] != dctl[s]:
            if old[s] >= 0:
                self._shields(1 - old[s], 1)      # the former controller loses the shield
            if dctl[s] >= 0:
                self._shields(dctl[s], 1)

    # ------------------------------------------------------------------ turn order
    def _next(self) -> None:
        if self.winner >= 0:
            self.phase = E.P_OVER
            return
        pending = self.pending
        while pending:
            item = pending.pop(0)
            self.phase, self.pending_arg = item[0], item[1]
            self.cur = item[2] if len(item) > 2 else self.owner
            options = self.legal_moves()
            if options and options != [(END, 0, 0)]:
                return
        self.pending_arg = None
        self.cur = self.owner
        if self.age == 0:                           # draft effects resolved
            if self.draft_i < 8:
                self.phase = E.P_DRAFT
                self.cur = self.owner = E._DRAFT_ORDER[self.draft_i]
            else:
                self._start_age(1, 0)
                self.owner = 0
            return
        if self.in_trigger:
            self.in_trigger = False
            self.triggered = True
            if self.left:
                self.phase = E.P_PLAY
                return
        self.triggered = False
        if self.left == 0:
            self.replay = False
            if self.age == 3:
                self.phase = E.P_OVER
                self.victory = E.CIVILIAN
                self.winner = self._civilian_winner()
                return
            decider = 1 if self.pos > 0 else 0 if self.pos < 0 else self.owner
            self._start_age(self.age + 1, decider)
            self.owner = decider
            self.phase = E.P_START
            return
        self.phase = E.P_PLAY
        if self.replay:
            self.replay = False
        else:
            self.owner = self.cur = 1 - self.owner

    # ------------------------------------------------------------------ scoring
    def sheet(self, p: int) -> dict[str, int]:
        out = super().sheet(p)
        senate = sum(data.CHAMBER_VP[ch - 1] for ch in range(1, 7) if self.ctrl[ch] == p)
        out["senate"] = senate
        out["total"] += senate
        return out


def notation(g: Game, mv: Move) -> str:
    """The record notation of a move (base or Agora) in the state before it is played."""
    kind, a, b = mv
    if kind <= E.START:
        if kind in (E.BUILD, E.DISCARD, E.WONDER):
            code = E.CARDS[g.slot[a]].code
            return code if kind == E.BUILD else code + ">$" if kind == E.DISCARD else f"{code}>{E.WONDERS[b].code}"
        if kind == E.DRAFT:
            return E.WONDERS[a].code
        if kind == E.START:
            return f"start:{a + 1}"
        if kind == E.TOKEN:
            return "+" + E.TOKENS[a].code
        if kind == E.DESTROY:
            return "-" + E.CARDS[a].code
        return "^" + E.CARDS[a].code
    if kind == PREPARE:
        return f"{E.CARDS[g.slot[a]].code}>@{CONSPIRACIES[b].code}"
    if kind == TRIGGER:
        return "!" + CONSPIRACIES[a].code
    if kind == PLACE:
        return f"i{a}"
    if kind == MOVE:
        return f"m{a}-{b}"
    if kind == REMOVE:
        return f"x{a}"
    if kind == CONSPIRE:
        keep = CONSPIRACIES[a].code
        if b == 0:
            return f"c:{keep}>top"
        if b == 1:
            return f"c:{keep}>bottom"
        if b == 2:
            assert isinstance(g, AgoraGame), "conspiracies are Agora's"
            return "c:" + ",".join(CONSPIRACIES[k].code for k in g.deck[:2])
        return f"c:{keep}"
    if kind == END:
        return "."
    if kind in (TAKE_WONDER, TAKE_CARD):
        return "<" + (E.WONDERS[a].code if kind == TAKE_WONDER else E.CARDS[a].code)
    if kind == GIVE_CARD:
        return ">" + E.CARDS[a].code
    if kind == LOCK:
        return "#" + E.TOKENS[a].code
    if kind == FREE_BUILD:
        return "^" + E.CARDS[a].code
    if kind == STRUCT_DISCARD:
        return "-" + E.CARDS[g.slot[a]].code
    if kind == MOVE_DECREE:
        return f"d{a}-{b}"
    return "-" + E.WONDERS[a].code       # SABOTAGE
