"""Replay a recorded Duel game under the rules (findings, not exceptions) and random self-play."""
from __future__ import annotations

import operator
import random
from dataclasses import replace
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Protocol, TypeVar

from rules_engine.duel import agora as A
from rules_engine.duel import data
from rules_engine.duel import engine as E
from rules_engine.duel.engine import Ids, Move
from rules_engine.duel.record import Record, Sheet
from rules_engine.duel.sheet import CATEGORIES, SUPREMACY_MILITARY, MatchLine, MatchSheet, Victory
from rules_engine.findings import Finding, Joined, Term, Text, error, phrase
from rules_engine.ruleset import Outcome, Verdict, unreadable

_LOWER: dict[str, str] = {}
for _table in (E.CARD_ID, E.WONDER_ID, E.TOKEN_ID, A.CONSPIRACY_ID, A.DECREE_ID):
    for _name in _table:
        _LOWER[_name.lower()] = _name


#: Duel replays give the shared verdict; its `sheet` is both players' final sheets.
DuelVerdict = Verdict[tuple[Sheet, Sheet]]


def result_tag(outcome: Outcome) -> str:
    """The Result tag value of an outcome, e.g. ``"0-1 military"``."""
    head = {0: "1-0", 1: "0-1", None: "1/2-1/2"}[outcome.winner]
    return f"{head} {outcome.termination.value}"


def _outcome(g: E.Game, totals: tuple[int, ...] = ()) -> Outcome:
    return Outcome(Victory(g.victory), None if g.winner == 2 else g.winner, totals)


def _code(name: str, table: Mapping[str, int]) -> int | None:
    if name in table:
        return table[name]
    real = _LOWER.get(name.lower())
    return table.get(real) if real else None


#: Each age's deck (guilds with age 3), the senators, the guilds: as sets, for the setup checks.
_DECKS = (frozenset(E.AGE_DECK[0]), frozenset(E.AGE_DECK[1]), frozenset(E.AGE_DECK[2] + E.GUILDS))
_SENATORS = frozenset(A.SENATOR_IDS)
_GUILDS = frozenset(E.GUILDS)


def _deal_from(record: Record, agora: bool = False) -> tuple[E.Deal | None, list[Finding]]:
    out: list[Finding] = []

    def ids(names: tuple[str, ...], table: Mapping[str, int], what: Term, rule: str,
            limit: int | None = None) -> Ids:
        try:                                   # fast path: exact codes, no duplicates
            exact = tuple([table[n] for n in names])
            if (limit is None or not exact or max(exact) < limit) and len(set(exact)) == len(exact):
                return exact
        except KeyError:
            pass
        got: list[int] = []
        for n in names:
            i = _code(n, table)
            if i is None or (limit is not None and i >= limit):
                if i is not None:
                    out.append(error(rule, "unknown {what} {code!r} (an Agora component: add "
                                           "[Expansions \"Agora\"])", what=Term(what), code=n))
                else:
                    out.append(error(rule, "unknown {what} {code!r}", what=Term(what), code=n))
            else:
                got.append(i)
        if len(set(got)) != len(got):
            out.append(error(rule, "a {what} appears twice in {codes!r}", what=Term(what), codes=" ".join(names)))
        return tuple(got)

    ntok = len(E.TOKENS) if agora else E.BASE_TOKENS
    nwon = len(E.WONDERS) if agora else E.BASE_WONDERS
    ncard = len(E.CARDS) if agora else len(data.AGE_CARDS)
    tokens = ids(record.tokens, E.TOKEN_ID, Term("progress token"), "setup.tokens", ntok)
    box = ids(record.box, E.TOKEN_ID, Term("progress token"), "setup.tokens", ntok)
    if len(tokens) != 5:
        out.append(error("setup.tokens", "5 progress tokens go on the board, the record has {n}", n=len(tokens)))
    if box and set(box) & set(tokens):
        out.append(error("setup.tokens", "a progress token is both on the board and in the box"))
    if box and len(box) != ntok - 5:
        out.append(error("setup.tokens", "{want} progress tokens stay in the box, the record has {n}",
                         want=ntok - 5, n=len(box)))
    wonders = ids(record.wonders, E.WONDER_ID, Term("wonder"), "setup.wonders", nwon)
    if len(wonders) != 8:
        out.append(error("setup.wonders", "8 wonders are offered in the draft, the record has {n}", n=len(wonders)))
    library = ids(record.library, E.TOKEN_ID, Term("progress token"), "setup.library", ntok)
    if library and (len(library) != 3 or not set(library) <= set(box)):
        out.append(error("setup.library", "the Great Library draws 3 of the tokens left in the box"))
    layouts: list[Ids] = []
    removed: list[Ids] = []
    if not record.layouts:
        out.append(error("setup.layout", "no Age1 layout: the game cannot start"))
    senators_seen: set[int] = set()
    for age, names in enumerate(record.layouts, 1):
        lay = ids(names, E.CARD_ID, Term("card"), "setup.layout", ncard)
        rem = ids(record.removed[age - 1], E.CARD_ID, Term("card"), "setup.layout", ncard) if age <= len(
            record.removed) else None
        deck = _DECKS[age - 1]
        senators = [c for c in lay if c in _SENATORS]
        wrong = [E.CARDS[c].code for c in lay if c not in deck and c not in _SENATORS]
        if wrong:
            out.append(error("setup.layout", "age {age} layout holds cards of another age: {cards}", age=age,
                             cards=", ".join(wrong)))
        size = (25, 25, 23)[age - 1] if agora else 20
        if len(lay) != size:
            out.append(error("setup.layout", "the age {age} structure holds {size} cards, the record has {n}",
                             age=age, size=size, n=len(lay)))
        if agora and len(senators) != data.SENATORS_PER_AGE[age - 1]:
            out.append(error("setup.layout", "age {age} holds {want} senators, the record has {n}", age=age,
                             want=data.SENATORS_PER_AGE[age - 1], n=len(senators)))
        if senators_seen & set(senators):
            out.append(error("setup.layout", "a senator appears in two ages (age {age})", age=age))
        senators_seen |= set(senators)
        if age == 3 and sum(1 for c in lay if c in _GUILDS) != 3:
            out.append(error("setup.layout", "the age 3 structure holds exactly 3 guilds"))
        if rem is not None and set(rem) | (set(lay) - set(senators)) != deck:
            out.append(error("setup.layout", "age {age}: layout and removed cards do not make up the age deck",
                             age=age))
        layouts.append(lay)
        removed.append(rem or ())
    decrees: Ids = ()
    conspiracies: Ids = ()
    if agora:
        decrees = ids(record.decrees, A.DECREE_ID, Term("decree"), "setup.decrees")
        if len(decrees) != data.DECREES_IN_PLAY:
            out.append(error("setup.decrees", "6 decrees go in the senate, the record has {n}", n=len(decrees)))
        conspiracies = ids(record.conspiracies, A.CONSPIRACY_ID, Term("conspiracy"), "setup.conspiracies")
        if len(conspiracies) != len(A.CONSPIRACIES):
            out.append(error("setup.conspiracies", "the conspiracy deck holds 16 cards, the record has {n}",
                             n=len(conspiracies)))
    elif record.decrees or record.conspiracies:
        out.append(error("expansions", "decrees and conspiracies need [Expansions \"Agora\"]"))
    if out:
        return None, out
    while len(layouts) < 3:
        layouts.append(())
        removed.append(())
    if agora:
        return A.AgoraDeal(tokens, box, wonders, tuple(layouts), tuple(removed), library, decrees,
                           conspiracies), out
    return E.Deal(tokens, box, wonders, tuple(layouts), tuple(removed), library), out


def _sheet(g: E.Game, p: int) -> Sheet:
    return Sheet(**g.sheet(p))


def _result(g: E.Game) -> str:
    return result_tag(_outcome(g))


def replay(record: Record) -> DuelVerdict:
    """Replay `record` move by move; report illegal moves and result/sheet disagreements."""
    if record.errors:
        return unreadable(record.errors)
    players = record.players
    agora = False
    if record.expansions:
        if tuple(x.lower() for x in record.expansions) != ("agora",):
            f = error("expansions", "unknown expansions {expansions!r}: this engine "
                                    "knows the base game and Agora", expansions=" ".join(record.expansions))
            return Verdict(False, (f,), phrase("not replayed: {finding}", finding=f.clause))
        agora = True
    deal, findings = _deal_from(record, agora)
    if deal is None:
        n = len(findings)
        return Verdict(False, tuple(findings), phrase("bad setup: {n} error", n=n) if n == 1
                       else phrase("bad setup: {n} errors", n=n))
    g: E.Game
    if isinstance(deal, A.AgoraDeal):
        g = A.AgoraGame(deal)
        _play_moves(g, _apply_agora, _owner, record, findings)
    else:
        g = E.Game(deal)
        _play_moves(g, _apply, _current, record, findings)
    if findings:
        n = len(findings)
        return Verdict(False, tuple(findings), phrase("illegal: {n} error", n=n) if n == 1
                       else phrase("illegal: {n} errors", n=n))
    if g.library_used and tuple(g.library_draw()) != tuple(deal.library[:3]):
        findings.append(error("setup.library", "the Library draw is not 3 tokens still in the box"))
    if g.library_used and not record.library:
        findings.append(error("setup.library", "the Great Library was built but no Library draw is recorded"))
    if record.library and not g.library_used:
        findings.append(error("setup.library", "a Library draw is recorded but the Great Library was not built"))
    sheets = (_sheet(g, 0), _sheet(g, 1))
    outcome = _outcome(g, (sheets[0].total, sheets[1].total))
    result = result_tag(outcome)
    told = record.result.split()
    if record.result != "*" and (told[0] != result.split()[0] or (len(told) == 2 and record.result != result)):
        findings.append(error("result", "the Result tag says {told!r}, the replay gives {result!r}",
                              told=record.result, result=result))
    if record.sheets:
        for p in (0, 1):
            got, want = _as_written(sheets[p], record.sheets[p], p == g.winner and outcome.termination
                                    is Victory.MILITARY), record.sheets[p]
            if got != want:
                diffs = [f"{k} {getattr(want, k)} (replay: {getattr(got, k)})" for k in got.__dataclass_fields__
                         if getattr(got, k) != getattr(want, k)]
                findings.append(error("sheet", "{player}'s recorded sheet disagrees: {diffs}",
                                      players[p], player=players[p], diffs=", ".join(diffs)))
    t0, t1 = sheets[0].total, sheets[1].total
    where = {"result": result, "totals": f"{t0}-{t1}", "n": len(record.moves)}
    if findings:
        return Verdict(False, tuple(findings), phrase("result disagrees: {result} {totals} after {n} moves", **where),
                       outcome, sheets)
    return Verdict(True, (), phrase("ok: {result} {totals} after {n} moves", **where), outcome, sheets)


def _as_written(got: Sheet, want: Sheet, supremacy_winner: bool) -> Sheet:
    """The replay's sheet in the convention the recorded one follows: the winner of a military
    supremacy may write military 0 instead of 10, as `tourney check` accepts
    (`sheet.SUPREMACY_MILITARY`: the game ends before scoring, online sheets write 0)."""
    if supremacy_winner and want.military != got.military and want.military in SUPREMACY_MILITARY:
        return replace(got, military=want.military, total=got.total - got.military + want.military)
    return got


G = TypeVar("G", bound=E.Game)


#: Whose turn it is (a finding names that player): Agora's `owner`, as another player may be
#: deciding (attrgetter: the replay asks before every move).
_current: Callable[[E.Game], int] = operator.attrgetter("cur")
_owner: Callable[[A.AgoraGame], int] = operator.attrgetter("owner")


def _play_moves(g: G, apply: Callable[[G, str], Text | None], mover: Callable[[G], int], record: Record,
                findings: list[Finding]) -> None:
    """Play the record's moves on `g` with `apply`; the first that fails ends the replay with a
    finding naming the player whose turn it was (`mover`)."""
    players = record.players
    moves = record.moves
    ages = len(record.layouts)
    over = E.P_OVER
    for i, move_text in enumerate(moves, 1):
        p = mover(g)
        if g.phase == over:
            who = players[p]
            findings.append(error("move.after_end", "move {move}, {player}: the game is already over "
                                  "({result}), {extra} moves too many", who, move=i, player=who, result=_result(g),
                                  extra=len(moves) - i + 1))
            return
        if g.age > ages:
            findings.append(error("setup.layout", "move {move}: no Age{age} layout in the record", players[p],
                                  move=i, age=g.age))
            return
        msg = apply(g, move_text)
        if msg:
            findings.append(error("move.illegal", "move {move}, {player}: {reason}", players[p], move=i,
                                  player=players[p], reason=msg))
            return
    if g.phase != E.P_OVER:
        findings.append(error("move.unfinished", "the game is not over after {moves} moves: "
                              "{player} must {phase}", moves=len(moves), player=players[g.cur],
                              phase=A.PHASE_NAMES[g.phase]))


#: (phase, main action text) -> the move it stands for, or why it cannot be one.
_MAIN: dict[tuple[int, str], Move | Text] = {}
_MAIN_SIZE = 4096       # records name a few hundred distinct actions; hostile input cannot grow it


def _main_move(ph: int, main: str) -> Move | Text:
    """`_parse_main`, remembered: a record names the same few hundred actions over and over."""
    key = (ph, main)
    mv = _MAIN.get(key)
    if mv is None:
        if len(_MAIN) >= _MAIN_SIZE:
            _MAIN.clear()
        mv = _MAIN[key] = _parse_main(ph, main)
    return mv


def _parse_main(ph: int, main: str) -> Move | Text:
    """The move tuple a main action's text stands for in phase `ph`, or why it cannot be one.
    A card move names the card (``(BUILD, card, 0)``); the engine's moves name its slot."""
    if ph == E.P_DRAFT:
        w = _code(main, E.WONDER_ID)
        return (E.DRAFT, w, 0) if w is not None else phrase("expected a wonder to draft, got {text!r}", text=main)
    if ph == E.P_START:
        if main not in ("start:1", "start:2"):
            return phrase("expected who starts the age (start:1 or start:2), got {text!r}", text=main)
        return (E.START, int(main[-1]) - 1, 0)
    card_name, sep, target = main.partition(">")
    c = _code(card_name, E.CARD_ID)
    if c is None:
        return phrase("unknown card {card!r}", card=card_name)
    if not sep:
        return (E.BUILD, c, 0)
    if target == "$":
        return (E.DISCARD, c, 0)
    w = _code(target, E.WONDER_ID)
    if w is None:
        return phrase("unknown wonder {wonder!r} in {text!r}", wonder=target, text=main)
    return (E.WONDER, c, w)


def _card_move(g: E.Game, mv: Move) -> Move | None:
    """The engine's move (slot, not card) for a parsed card move, when it is legal now."""
    kind, c, w = mv
    s = g.slot_of(c)
    if s < 0:
        return None
    move = (kind, s, w)
    return move if g.playable(move) else None


# Phases and kinds as module constants: `_apply` runs for every move of every replay.
_ACTION_PHASES = frozenset((E.P_DRAFT, E.P_START, E.P_PLAY))
_CHOICE_PHASES = frozenset((E.P_TOKEN, E.P_LIBRARY, E.P_DESTROY, E.P_MAUSOLEUM))
_CARD_KINDS = frozenset((E.BUILD, E.DISCARD, E.WONDER))


def _apply(g: E.Game, move_text: str) -> Text | None:
    """Apply one recorded move (main action and its choices); return why it is illegal."""
    subs: list[str] | tuple[()]
    if " " in move_text:
        subs = move_text.split()
        main = subs.pop(0)
    else:
        main, subs = move_text, ()
    ph = g.phase
    if ph not in _ACTION_PHASES:   # cannot happen: choices are consumed below
        return phrase("the player must {phase}", phase=E.PHASE_NAMES[ph])
    mv = _MAIN.get((ph, main)) or _main_move(ph, main)
    if isinstance(mv, Text):
        return mv
    kind = mv[0]
    if kind in _CARD_KINDS:
        s = g.slot_of(mv[1])            # _card_move, inlined: this is the replay's hot path
        move = (kind, s, mv[2])
        if s < 0 or not g.playable(move):
            return g.why_illegal(mv)
        g.play(move)
    else:
        why = g.why_illegal(mv)
        if why:
            return why
        g.play(mv)
    for sub in subs:
        if g.phase not in _CHOICE_PHASES:
            return phrase("{text!r}: no choice is left to make in this move", text=sub)
        sigil, name = sub[:1], sub[1:]
        if sigil == "+":
            t = _code(name, E.TOKEN_ID)
            if t is None:
                return phrase("unknown progress token {token!r}", token=name)
            mv = (E.TOKEN, t, 0)
        elif sigil in "-^":
            c = _code(name, E.CARD_ID)
            if c is None:
                return phrase("unknown card {card!r}", card=name)
            mv = (E.DESTROY if sigil == "-" else E.RESURRECT, c, 0)
        else:
            return phrase("bad choice {text!r}: write +Token, -Card (destroy) or ^Card (from the discard pile)",
                        text=sub)
        why = g.why_illegal(mv)
        if why:
            return why
        g.play(mv)
    while g.phase == E.P_TOKEN:      # a pair's progress token is optional
        g.decline_token()
    if g.phase in _CHOICE_PHASES:
        hint = {E.P_TOKEN: "+Token", E.P_LIBRARY: "+Token", E.P_DESTROY: "-Card",
                E.P_MAUSOLEUM: "^Card"}[g.phase]
        return phrase("{text!r} needs a choice: {phase} with {hint} (one of {options})", text=main,
                    phase=E.PHASE_NAMES[g.phase], hint=hint,
                    options=Joined(tuple(_option_name(m) for m in g.legal_moves())))
    return None


_MAIN_KINDS = (E.DRAFT, E.START, E.BUILD, E.DISCARD, E.WONDER, A.PREPARE)


def _apply_agora(g: A.AgoraGame, move_text: str) -> Text | None:
    """Apply one recorded Agora move: every token is matched against the legal choices."""
    mains = 0
    triggered = False
    age = g.age
    for tok in move_text.split():
        found = None
        if not mains and g.phase == E.P_PLAY:
            # fast path: a legal build, discard or wonder is found without listing every legal
            # move (notations are unique among them, so the match below would give the same)
            mv = _main_move(E.P_PLAY, tok)
            if not isinstance(mv, Text):
                found = _card_move(g, mv)
        while found is None:
            options = g.legal_moves()
            if not options:
                return phrase("{text!r}: no choice is left to make in this move", text=tok)
            want = tok.lower()
            for option in options:
                if A.notation(g, option).lower() == want:
                    found = option
                    break
            if found is not None:
                break
            if (A.END, 0, 0) in options:
                g.play((A.END, 0, 0))        # an optional decision the player skipped
                continue
            return _agora_reason(g, tok, options)
        if found[0] in _MAIN_KINDS:
            if mains:
                return phrase("{text!r}: a move holds one action; number the next turn as a new move", text=tok)
            mains += 1
        elif found[0] == A.TRIGGER and g.phase == E.P_PLAY:
            if mains:
                return phrase("{text!r}: a conspiracy is triggered at the start of the turn, before the action",
                            text=tok)
            triggered = True
        g.play(found)
    while g.phase not in A.MAIN_PHASES and g.phase != E.P_OVER:
        options = g.legal_moves()
        if (A.END, 0, 0) not in options:
            return phrase("{text!r} needs a choice: {phase} (one of {options})", text=move_text.split()[-1],
                        phase=A.PHASE_NAMES[g.phase], options=Joined(tuple(A.notation(g, m) for m in options[:12])))
        g.play((A.END, 0, 0))
    # a triggered conspiracy (Turn of Events) may empty the structure: the age ends, no action
    if not mains and g.phase != E.P_OVER and not (triggered and (g.age != age or g.phase == E.P_START)):
        return phrase("{text!r} has no action: build, discard, construct a wonder or prepare a conspiracy",
                    text=move_text)
    return None


def _agora_reason(g: A.AgoraGame, tok: str, options: list[Move]) -> Text:
    if g.phase == E.P_PLAY and tok[:1] not in "!":
        mv = _parse_main(E.P_PLAY, tok.partition(">@")[0] if ">@" in tok else tok)
        if isinstance(mv, Text):
            return mv
        why = g.why_illegal(mv)
        if why:
            return why
        if ">@" in tok:
            return phrase("{text!r}: the player holds no unprepared conspiracy {conspiracy!r}", text=tok,
                        conspiracy=tok.partition(">@")[2])
    names = [A.notation(g, m) for m in options if m[0] != A.END]
    if len(names) > 12:
        return phrase("{text!r} is not possible: {phase} (one of {options}, ... ({n} choices))", text=tok,
                    phase=A.PHASE_NAMES[g.phase], options=Joined(tuple(names[:12])), n=len(names))
    return phrase("{text!r} is not possible: {phase} (one of {options})", text=tok, phase=A.PHASE_NAMES[g.phase],
                options=Joined(tuple(names)))


def _option_name(mv: Move) -> str:
    kind, a, _ = mv
    if kind == E.TOKEN:
        return E.TOKENS[a].code
    return E.CARDS[a].code


# ----------------------------------------------------------------------------- self-play
#: Self-play biases: the colour whose cards a biased player builds far more often than others
#: ("stages": None, wonders only), and how much more often it builds wonders.
BIASES: dict[str, tuple[int | None, int]] = {
    "blue": (E.BLUE, 1), "green": (E.GREEN, 1), "guilds": (E.PURPLE, 1), "military": (E.RED, 1),
    "stages": (None, 30),
}


def _weights(g: E.Game, options: list[E.Move], bias: str) -> list[int]:
    """How likely a biased player takes each legal move: its colour's cards 40 to 5 against
    other cards, wonders as `BIASES` says (30 for "stages")."""
    colour, wonder = BIASES[bias]
    return [wonder if k == E.WONDER else
            (40 if E.C_COLOUR[g.slot[a]] == colour else 5) if k == E.BUILD and g.phase == E.P_PLAY else 1
            for k, a, _ in options]


def play_random(deal: E.Deal, rng: random.Random, notation: bool = True,
                bias: str | None = None) -> tuple[E.Game, list[str]]:
    """Play one game with uniformly random legal moves, or moves weighted by `bias` (one of
    `BIASES`); return the end state and the moves."""
    g = A.AgoraGame(deal) if isinstance(deal, A.AgoraDeal) else E.Game(deal)
    moves: list[str] = []
    main_phases = (E.P_DRAFT, E.P_PLAY, E.P_START)
    while g.phase != E.P_OVER:
        options = g.legal_moves()
        if bias is None:
            mv = options[int(rng.random() * len(options))]
        else:
            mv = rng.choices(options, _weights(g, options, bias))[0]
        if notation:
            written = A.notation(g, mv)    # base-game moves too
            if g.phase in main_phases and not g.triggered:
                if moves:
                    moves[-1] = _strip_ends(moves[-1])
                moves.append(written)
            else:
                moves[-1] = f"{moves[-1]} {written}"
        g.play(mv)
    if moves:
        moves[-1] = _strip_ends(moves[-1])
    return g, moves


def _strip_ends(move: str) -> str:
    """Optional decisions skipped at the end of a move are implicit: drop trailing '.'."""
    while move.endswith(" ."):
        move = move[:-2]
    return move


class _Named(Protocol):
    @property
    def code(self) -> str: ...


def names(ids: Ids, table: Sequence[_Named]) -> tuple[str, ...]:
    """The codes of cards, wonders, tokens, decrees or conspiracies given by id."""
    return tuple(table[x].code for x in ids)


def game_seed(seed: int, index: int) -> int:
    """The RNG seed of game `index` in a self-play run (so any game can be re-created alone)."""
    return seed * 1_000_003 + index


def selfplay(n: int, seed: int, agora: bool = False, players: tuple[str, str] = ("Player 1", "Player 2"),
             event: str = "Self-play", bias: str | None = None, first: int = 0) -> Iterator[Record]:
    """Yield `n` random legal games as records, reproducible from `seed`; `bias` (one of
    `BIASES`: "blue", "green", "guilds", "military", "stages") weights both players' moves;
    `first`: the games from this index on (game `first + 1` of a run is table `first + 1`)."""
    if bias is not None and bias not in BIASES:
        raise ValueError(f"bias={bias!r}: use one of {', '.join(BIASES)}")
    for i in range(first, first + n):
        rng = random.Random(game_seed(seed, i))
        deal = A.random_agora_deal(rng) if agora else E.random_deal(rng)
        g, moves = play_random(deal, rng, bias=bias)
        ages = g.age
        library = g.library_draw() if g.library_used else ()
        agora_deal = deal if isinstance(deal, A.AgoraDeal) else None
        yield Record(
            event=event, round="-", table=str(i + 1), date="????.??.??", players=players,
            expansions=("Agora",) if agora else (),
            result=_result(g), tags=(("Seed", f"{seed}:{i}"),), sheets=(_sheet(g, 0), _sheet(g, 1)),
            tokens=names(deal.tokens, E.TOKENS), box=names(deal.box_tokens, E.TOKENS),
            wonders=names(deal.wonders, E.WONDERS),
            removed=tuple(names(deal.removed[a], E.CARDS) for a in range(ages)),
            layouts=tuple(names(deal.layouts[a], E.CARDS) for a in range(ages)),
            library=names(library, E.TOKENS),
            decrees=names(agora_deal.decrees, A.DECREES) if agora_deal else (),
            conspiracies=names(agora_deal.conspiracies, A.CONSPIRACIES) if agora_deal else (),
            moves=tuple(moves))


def match_sheet(record: Record) -> MatchSheet:
    """The match sheet a table writes for a finished record with sheets (self-play's): the
    record's players and points, player 1 starting Age I, the winner named but for a civilian
    victory; senate points only with Agora."""
    if record.result is None or record.sheets is None or len(record.sheets) != 2:
        raise ValueError("the record has no result and sheets")
    head, victory = record.result.split()
    winner = {"1-0": record.players[0], "0-1": record.players[1]}.get(head)
    agora = "Agora" in record.expansions
    lines = tuple(
        MatchLine(player=name, first=(i == 0), senate=s.senate if agora else None, total=s.total, coins=s.coins,
                  victory=victory, winner=winner if victory != "civilian" else None,
                  **{c: getattr(s, c) for c in CATEGORIES if c != "senate"})
        for i, (name, s) in enumerate(zip(record.players, record.sheets)))
    return MatchSheet(1, 1, lines)
