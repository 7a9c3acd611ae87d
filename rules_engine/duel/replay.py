"""Replay a recorded Duel game under the rules (findings, not exceptions) and random self-play."""
from __future__ import annotations

import random
from collections.abc import Iterator

from rules_engine.duel import agora as A
from rules_engine.duel import data
from rules_engine.duel import engine as E
from rules_engine.duel.record import Record, Sheet
from rules_engine.duel.sheet import Victory
from rules_engine.findings import Finding, Term, error
from rules_engine.ruleset import Outcome, Verdict, unreadable

_LOWER = {}
for _table in (E.CARD_ID, E.WONDER_ID, E.TOKEN_ID, A.CONSPIRACY_ID, A.DECREE_ID):
    for _code in _table:
        _LOWER[_code.lower()] = _code


#: Duel replays give the shared verdict; its `sheet` is both players' final sheets.
DuelVerdict = Verdict[tuple[Sheet, Sheet]]


def result_tag(outcome: Outcome) -> str:
    """The Result tag value of an outcome, e.g. ``"0-1 military"``."""
    head = {0: "1-0", 1: "0-1", None: "1/2-1/2"}[outcome.winner]
    return f"{head} {outcome.termination.value}"


def _outcome(g: E.Game, totals: tuple[int, ...] = ()) -> Outcome:
    return Outcome(Victory(g.victory), None if g.winner == 2 else g.winner, totals)


def _code(name: str, table: dict) -> int | None:
    if name in table:
        return table[name]
    real = _LOWER.get(name.lower())
    return table.get(real) if real else None


def _deal_from(record: Record, agora: bool = False) -> tuple[E.Deal | None, list[Finding]]:
    out: list[Finding] = []

    def ids(names, table, what, rule, limit=None):
        try:                                   # fast path: exact codes, no duplicates
            got = tuple([table[n] for n in names])
            if (limit is None or all(i < limit for i in got)) and len(set(got)) == len(got):
                return got
        except KeyError:
            pass
        got = []
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
    layouts, removed = [], []
    if not record.layouts:
        out.append(error("setup.layout", "no Age1 layout: the game cannot start"))
    senators_seen: set[int] = set()
    for age, names in enumerate(record.layouts, 1):
        lay = ids(names, E.CARD_ID, Term("card"), "setup.layout", ncard)
        rem = ids(record.removed[age - 1], E.CARD_ID, Term("card"), "setup.layout", ncard) if age <= len(
            record.removed) else None
        deck = set(E.AGE_DECK[age - 1]) | (set(E.GUILDS) if age == 3 else set())
        senators = [c for c in lay if c in A.SENATOR_IDS]
        wrong = [E.CARDS[c].code for c in lay if c not in deck and c not in A.SENATOR_IDS]
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
        if age == 3 and sum(1 for c in lay if c in E.GUILDS) != 3:
            out.append(error("setup.layout", "the age 3 structure holds exactly 3 guilds"))
        if rem is not None and set(rem) | (set(lay) - set(senators)) != deck:
            out.append(error("setup.layout", "age {age}: layout and removed cards do not make up the age deck",
                             age=age))
        layouts.append(lay)
        removed.append(rem or ())
    decrees = conspiracies = ()
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


def _count(findings) -> str:
    n = len(findings)
    return f"{n} error{'s' if n != 1 else ''}"


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
            return Verdict(False, (f,), f"not replayed: {f.message}")
        agora = True
    deal, findings = _deal_from(record, agora)
    if deal is None:
        return Verdict(False, tuple(findings), f"bad setup: {_count(findings)}")
    g = A.AgoraGame(deal) if agora else E.Game(deal)
    apply = _apply_agora if agora else _apply
    moves = record.moves
    for i, text in enumerate(moves, 1):
        who = players[g.owner if agora else g.cur]
        if g.phase == E.P_OVER:
            findings.append(error("move.after_end", "move {move}, {player}: the game is already over "
                                  "({result}), {extra} moves too many", who, move=i, player=who, result=_result(g),
                                  extra=len(moves) - i + 1))
            break
        if g.age and g.age > len(record.layouts):
            findings.append(error("setup.layout", "move {move}: no Age{age} layout in the record", who,
                                  move=i, age=g.age))
            break
        msg = apply(g, text)
        if msg:
            findings.append(error("move.illegal", "move {move}, {player}: {reason}", who, move=i, player=who,
                                  reason=msg))
            break
    else:
        if g.phase != E.P_OVER:
            findings.append(error("move.unfinished", "the game is not over after {moves} moves: "
                                  "{player} must {phase}", moves=len(moves), player=players[g.cur],
                                  phase=A.PHASE_NAMES[g.phase]))
    if findings:
        return Verdict(False, tuple(findings), f"illegal: {_count(findings)}")
    library = g.library_drawn if agora else deal.library
    if g.library_used and tuple(library) != tuple(deal.library[:3]):
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
            got, want = sheets[p], record.sheets[p]
            if got != want:
                diffs = [f"{k} {getattr(want, k)} (replay: {getattr(got, k)})" for k in got.__dataclass_fields__
                         if getattr(got, k) != getattr(want, k)]
                findings.append(error("sheet", "{player}'s recorded sheet disagrees: {diffs}",
                                      players[p], player=players[p], diffs=", ".join(diffs)))
    t0, t1 = sheets[0].total, sheets[1].total
    summary = f"{result} {t0}-{t1} after {len(moves)} moves"
    ok = not findings
    return Verdict(ok, tuple(findings), ("ok: " if ok else "result disagrees: ") + summary, outcome, sheets)


_MAIN: dict[tuple[int, str], tuple | str] = {}   # (phase, main text) -> move or error; bounded


def _parse_main(ph: int, main: str):
    """The move tuple a main action's text stands for in phase `ph`, or why it cannot be one."""
    if ph == E.P_DRAFT:
        w = _code(main, E.WONDER_ID)
        return (E.DRAFT, w, 0) if w is not None else f"expected a wonder to draft, got {main!r}"
    if ph == E.P_START:
        if main not in ("start:1", "start:2"):
            return f"expected who starts the age (start:1 or start:2), got {main!r}"
        return (E.START, int(main[-1]) - 1, 0)
    card_name, sep, target = main.partition(">")
    c = _code(card_name, E.CARD_ID)
    if c is None:
        return f"unknown card {card_name!r}"
    if not sep:
        return (E.BUILD, c, 0)
    if target == "$":
        return (E.DISCARD, c, 0)
    w = _code(target, E.WONDER_ID)
    if w is None:
        return f"unknown wonder {target!r} in {main!r}"
    return (E.WONDER, c, w)


def _apply(g: E.Game, text: str) -> str | None:
    """Apply one recorded move (main action and its choices); return why it is illegal."""
    if " " in text:
        parts = text.split()
        main, subs = parts[0], parts[1:]
    else:
        main, subs = text, ()
    ph = g.phase
    if ph not in (E.P_DRAFT, E.P_START, E.P_PLAY):   # cannot happen: choices are consumed below
        return f"the player must {E.PHASE_NAMES[ph]}"
    key = (ph, main)
    mv = _MAIN.get(key)
    if mv is None:
        mv = _MAIN[key] = _parse_main(ph, main)
    if type(mv) is str:
        return mv
    kind = mv[0]
    if kind == E.BUILD or kind == E.DISCARD or kind == E.WONDER:
        # fast path for the common legal case; why_illegal explains the others
        s = g.slot_of(mv[1])
        p = g.cur
        if s < 0 or (kind == E.BUILD and g.card_cost(p, mv[1])[0] > g.coins[p]) or (
                kind == E.WONDER and (mv[2] not in g.unbuilt[p] or g.wonder_cost(p, mv[2])[0] > g.coins[p])):
            return g.why_illegal(mv)
        g.play((kind, s, mv[2]))
    else:
        why = g.why_illegal(mv)
        if why:
            return why
        g.play(mv)
    for sub in subs:
        if g.phase not in (E.P_TOKEN, E.P_LIBRARY, E.P_DESTROY, E.P_MAUSOLEUM):
            return f"{sub!r}: no choice is left to make in this move"
        sigil, name = sub[:1], sub[1:]
        if sigil == "+":
            t = _code(name, E.TOKEN_ID)
            if t is None:
                return f"unknown progress token {name!r}"
            mv = (E.TOKEN, t, 0)
        elif sigil in "-^":
            c = _code(name, E.CARD_ID)
            if c is None:
                return f"unknown card {name!r}"
            mv = (E.DESTROY if sigil == "-" else E.RESURRECT, c, 0)
        else:
            return f"bad choice {sub!r}: write +Token, -Card (destroy) or ^Card (from the discard pile)"
        why = g.why_illegal(mv)
        if why:
            return why
        g.play(mv)
    while g.phase == E.P_TOKEN:      # a pair's progress token is optional
        g.decline_token()
    if g.phase in (E.P_TOKEN, E.P_LIBRARY, E.P_DESTROY, E.P_MAUSOLEUM):
        hint = {E.P_TOKEN: "+Token", E.P_LIBRARY: "+Token", E.P_DESTROY: "-Card",
                E.P_MAUSOLEUM: "^Card"}[g.phase]
        options = ", ".join(_option_name(m) for m in g.legal_moves())
        return f"{main!r} needs a choice: {E.PHASE_NAMES[g.phase]} with {hint} (one of {options})"
    return None


_MAIN_KINDS = (E.DRAFT, E.START, E.BUILD, E.DISCARD, E.WONDER, A.PREPARE)


def _apply_agora(g: A.AgoraGame, text: str) -> str | None:
    """Apply one recorded Agora move: every token is matched against the legal choices."""
    mains = 0
    triggered = False
    age = g.age
    for tok in text.split():
        while True:
            options = g.legal_moves()
            if not options:
                return f"{tok!r}: no choice is left to make in this move"
            want = tok.lower()
            found = None
            for mv in options:
                if A.notation(g, mv).lower() == want:
                    found = mv
                    break
            if found is not None:
                break
            if (A.END, 0, 0) in options:
                g.play((A.END, 0, 0))        # an optional decision the player skipped
                continue
            return _agora_reason(g, tok, options)
        if found[0] in _MAIN_KINDS:
            if mains:
                return f"{tok!r}: a move holds one action; number the next turn as a new move"
            mains += 1
        elif found[0] == A.TRIGGER and g.phase == E.P_PLAY:
            if mains:
                return f"{tok!r}: a conspiracy is triggered at the start of the turn, before the action"
            triggered = True
        g.play(found)
    while g.phase not in A.MAIN_PHASES and g.phase != E.P_OVER:
        options = g.legal_moves()
        if (A.END, 0, 0) not in options:
            names = ", ".join(A.notation(g, m) for m in options[:12])
            return f"{text.split()[-1]!r} needs a choice: {A.PHASE_NAMES[g.phase]} (one of {names})"
        g.play((A.END, 0, 0))
    # a triggered conspiracy (Turn of Events) may empty the structure: the age ends, no action
    if not mains and g.phase != E.P_OVER and not (triggered and (g.age != age or g.phase == E.P_START)):
        return f"{text!r} has no action: build, discard, construct a wonder or prepare a conspiracy"
    return None


def _agora_reason(g: A.AgoraGame, tok: str, options) -> str:
    if g.phase == E.P_PLAY and tok[:1] not in "!":
        mv = _parse_main(E.P_PLAY, tok.partition(">@")[0] if ">@" in tok else tok)
        if type(mv) is str:
            return mv
        why = g.why_illegal(mv)
        if why:
            return why
        if ">@" in tok:
            return f"{tok!r}: the player holds no unprepared conspiracy {tok.partition('>@')[2]!r}"
    names = [A.notation(g, m) for m in options if m[0] != A.END]
    more = f", ... ({len(names)} choices)" if len(names) > 12 else ""
    return (f"{tok!r} is not possible: {A.PHASE_NAMES[g.phase]} "
            f"(one of {', '.join(names[:12])}{more})")


def _option_name(mv) -> str:
    kind, a, _ = mv
    if kind == E.TOKEN:
        return E.TOKENS[a].code
    return E.CARDS[a].code


# ----------------------------------------------------------------------------- self-play
def play_random(deal: E.Deal, rng: random.Random, notation: bool = True) -> tuple[E.Game, list[str]]:
    """Play one game with uniformly random legal moves; return the end state and the moves."""
    agora = isinstance(deal, A.AgoraDeal)
    g = A.AgoraGame(deal) if agora else E.Game(deal)
    moves: list[str] = []
    main_phases = (E.P_DRAFT, E.P_PLAY, E.P_START)
    while g.phase != E.P_OVER:
        options = g.legal_moves()
        mv = options[int(rng.random() * len(options))]
        if notation:
            text = A.notation(g, mv)    # base-game moves too
            if g.phase in main_phases and not g.triggered:
                if moves:
                    moves[-1] = _strip_ends(moves[-1])
                moves.append(text)
            else:
                moves[-1] = f"{moves[-1]} {text}"
        g.play(mv)
    if moves:
        moves[-1] = _strip_ends(moves[-1])
    return g, moves


def _strip_ends(move: str) -> str:
    """Optional decisions skipped at the end of a move are implicit: drop trailing '.'."""
    while move.endswith(" ."):
        move = move[:-2]
    return move


def game_seed(seed: int, index: int) -> int:
    """The RNG seed of game `index` in a self-play run (so any game can be re-created alone)."""
    return seed * 1_000_003 + index


def selfplay(n: int, seed: int, agora: bool = False, players: tuple[str, str] = ("Player 1", "Player 2"),
             event: str = "Self-play") -> Iterator[Record]:
    """Yield `n` random legal games as records, reproducible from `seed`."""
    for i in range(n):
        rng = random.Random(game_seed(seed, i))
        deal = A.random_agora_deal(rng) if agora else E.random_deal(rng)
        g, moves = play_random(deal, rng)
        ages = g.age
        def names(ids, table):
            return tuple(table[x].code for x in ids)
        library = (g.library_drawn if agora else deal.library) if g.library_used else ()
        yield Record(
            event=event, round="-", table=str(i + 1), date="????.??.??", players=players,
            expansions=("Agora",) if agora else (),
            result=_result(g), tags=(("Seed", f"{seed}:{i}"),), sheets=(_sheet(g, 0), _sheet(g, 1)),
            tokens=names(deal.tokens, E.TOKENS), box=names(deal.box_tokens, E.TOKENS),
            wonders=names(deal.wonders, E.WONDERS),
            removed=tuple(names(deal.removed[a], E.CARDS) for a in range(ages)),
            layouts=tuple(names(deal.layouts[a], E.CARDS) for a in range(ages)),
            library=names(library, E.TOKENS),
            decrees=names(deal.decrees, A.DECREES) if agora else (),
            conspiracies=names(deal.conspiracies, A.CONSPIRACIES) if agora else (),
            moves=tuple(moves))
