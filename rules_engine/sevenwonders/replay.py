"""Replay a recorded 7 Wonders game under the Bonn 2018 rules (findings, not exceptions), and
random self-play."""
from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterator

from rules_engine.findings import Finding, Joined, Severity, Text, error, phrase, warning
from rules_engine.ruleset import Outcome, Verdict, unreadable
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders import game as g
from rules_engine.sevenwonders.record import SHEET_KEYS, Play, Record, Sheet, move_text
from rules_engine.sevenwonders.scoring import score
from rules_engine.sevenwonders.sheet import TableSheet

#: 7 Wonders replays give the shared verdict; its `sheet` is the table's computed score sheet,
#: to be checked with `check_sheet` and compared with the Result.
SevenWondersVerdict = Verdict[TableSheet]


class Termination(enum.Enum):
    """How a 7 Wonders game ends: always after Age III, the points decide."""

    POINTS = "points"


def outcome(sheet: TableSheet) -> Outcome:
    """The winner of a scored table: most points, then most coins; still tied, the victory is
    shared (rulebook, end of the game)."""
    best = max((p.total, p.coins) for p in sheet.players)
    seats = [i for i, p in enumerate(sheet.players) if (p.total, p.coins) == best]
    return Outcome(Termination.POINTS, seats[0] if len(seats) == 1 else None,
                   tuple(p.total for p in sheet.players))


class _RecordChooser:
    def __init__(self, record: Record) -> None:
        self.by_key: dict[tuple[int, int, int], g.Move] = {}
        self.extra: list[tuple[int, Play]] = []
        for age, plays in enumerate(record.moves, 1):
            for p in plays:
                key = (age, p.turn, p.seat - 1)
                if key in self.by_key:
                    self.extra.append((age, p))
                else:
                    self.by_key[key] = p.move

    def move(self, game: g.Game, turn: int, seat: int) -> g.Move | None:
        return self.by_key.pop((game.age, turn, seat), None)

    def discard_builds(self, game: g.Game, turn: int, seat: int, move: g.Move) -> tuple[str, ...]:
        return move.from_discard


def _setup(record: Record) -> tuple[list[d.Board] | None, list[Finding]]:
    out: list[Finding] = []
    n = len(record.players)
    if not d.PLAYER_COUNTS[0] <= n <= d.PLAYER_COUNTS[-1]:
        out.append(error("setup.players", "{n} players in the Players tag: 7 Wonders is played by 3 to 7", n=n))
        return None, out
    if len(record.wonders) != n:
        out.append(error("setup.wonders", "{wonders} wonders for {n} players: give one board "
                                          "and side per seat in the Wonders tag", wonders=len(record.wonders), n=n))
        return None, out
    boards = []
    for (name, side), player in zip(record.wonders, record.players):
        try:
            boards.append(d.board(name, side))
        except KeyError:
            out.append(error("setup.wonders", "wonder {wonder!r} for {player!r} is not a 7 wonders board: use one "
                                              "of {wonders}", player, wonder=name, player=player,
                             wonders=", ".join(d.WONDERS)))
    names = [b.name for b in boards]
    for w in sorted({x for x in names if names.count(x) > 1}):
        out.append(error("setup.wonders", "{wonder} is played twice: the game has one board of each wonder",
                         wonder=w))
    guilds = [d.guild_name(x) for x in record.guilds]
    for raw, canon in zip(record.guilds, guilds):
        if canon is None:
            out.append(error("setup.guilds", "guild {guild!r} is not a 7 wonders guild: use one of "
                                             "{guilds}", guild=raw, guilds=", ".join(d.GUILD_NAMES)))
    if len(record.guilds) != n + d.GUILDS_EXTRA:
        out.append(warning("setup.guilds", "{count} guilds in play; the rules use players + 2 = {want}",
                           count=len(record.guilds), want=n + d.GUILDS_EXTRA))
    if len(set(guilds)) != len(guilds):
        out.append(error("setup.guilds", "a guild is listed twice in the Guilds tag"))
    if len(record.hands) != 3:
        out.append(error("deal.hands", "the record has hands for {ages} ages: give the hands "
                                       "dealt in Age 1, 2 and 3", ages=len(record.hands)))
    for age, hands in enumerate(record.hands, 1):
        if len(hands) != n or any(len(h) != d.HAND_SIZE for h in hands):
            out.append(error("deal.hands", "age {age}: deal {cards} cards to each of the {n} seats "
                                           "(Hand 1 .. Hand {n})", age=age, cards=d.HAND_SIZE, n=n))
            continue
        got: Counter[str] = Counter()
        for seat, hand in enumerate(hands):
            for name in hand:
                cid = g.card_id(name, age)
                if cid is None:
                    out.append(error("deal.card", "age {age}, hand {hand}: {card!r} is no age {age} card",
                                     age=age, hand=seat + 1, card=name))
                else:
                    got[g.CARDS[cid].name] += 1
        want = Counter(g.CARDS[c].name for c in g.deck(age, n, tuple(x for x in guilds if x)))
        if not any(f.rule == "deal.card" for f in out) and got != want:
            more = sorted((got - want).elements())
            less = sorted((want - got).elements())
            if more and less:
                out.append(error("deal.deck", "age {age}: the hands are not the {n}-player deck; too many: {more}; "
                                              "missing: {less}", age=age, n=n, more=Joined(tuple(more)),
                                 less=Joined(tuple(less))))
            elif more:
                out.append(error("deal.deck", "age {age}: the hands are not the {n}-player deck; too many: {more}",
                                 age=age, n=n, more=Joined(tuple(more))))
            else:
                out.append(error("deal.deck", "age {age}: the hands are not the {n}-player deck; missing: {less}",
                                 age=age, n=n, less=Joined(tuple(less))))
    if any(f.is_error for f in out):
        return None, out
    return boards, out


def _known_id(name: str, age: int) -> int:
    cid = g.card_id(name, age)
    assert cid is not None, "_setup refuses a deal with a card that is not in the age"
    return cid


def _run(record: Record, boards: list[d.Board], allow_duplicates: bool) -> tuple[g.Game, TableSheet]:
    guilds = tuple(d.guild_name(x) or x for x in record.guilds)
    game = g.Game(boards, guilds, allow_duplicates=allow_duplicates)
    chooser = _RecordChooser(record)
    for age, hands in enumerate(record.hands, 1):
        ids = [[_known_id(name, age) for name in hand] for hand in hands]
        game.play_age(age, ids, chooser)
        left = [(k, m) for k, m in chooser.by_key.items() if k[0] == age]
        for (a, turn, seat), mv in left:
            extra = (phrase("{verb} {card}: there is no such move in age {age}, turn {turn} (only Babylon B with its "
                          "second stage plays a seventh card)", verb=mv.verb.value, card=mv.card, age=age, turn=turn)
                     if turn == 7 else
                     phrase("{verb} {card}: there is no such move in age {age}, turn {turn}", verb=mv.verb.value,
                          card=mv.card, age=age, turn=turn))
            game.notes.append(g.Note("move.extra", age, turn, seat, extra))
            del chooser.by_key[(a, turn, seat)]
    for age, p in chooser.extra:
        game.notes.append(g.Note("move.twice", age, p.turn, p.seat - 1,
                                 phrase("a second move for the same seat and turn: {move!r}", move=move_text(p))))
    return game, score(game, record.players)


_ERRORS = {"move.missing", "move.hand", "move.extra", "move.twice"}


def _finding(record: Record, note: g.Note) -> Finding:
    player = record.players[note.seat] if 0 <= note.seat < len(record.players) else None
    where = {"age": note.age, "turn": note.turn, "player": player, "note": note.text}
    if note.rule in _ERRORS:     # the template in both calls: the extractor reads error/warning calls
        return error(note.rule, "age {age}, turn {turn}, {player!r}: {note}", player, **where)
    return warning(note.rule, "age {age}, turn {turn}, {player!r}: {note}", player, **where)


def replay(record: Record) -> SevenWondersVerdict:
    """Replay `record` under the Bonn 2018 rules; never raises on a bad record."""
    if record.errors:
        return unreadable(record.errors)
    boards, findings = _setup(record)
    if boards is None:
        return _not_replayable(findings, findings[0])
    try:
        game, sheet = _run(record, boards, allow_duplicates=False)
    except g.RecordError as exc:
        findings.append(_finding(record, exc.note))
        return _not_replayable(findings, findings[-1])
    findings.extend(_finding(record, n) for n in game.notes)
    if any(n.rule == "build.duplicate" for n in game.notes):
        findings.extend(_consequences(record, boards, sheet))
    findings.extend(_compare(record, sheet))
    errors = [f for f in findings if f.is_error]
    return Verdict(not errors, tuple(findings), _summary(record, sheet, findings), outcome(sheet), sheet)


def _not_replayable(findings: list[Finding], why: Finding) -> SevenWondersVerdict:
    return Verdict(False, tuple(findings), phrase("not replayable: {finding}", finding=why.clause))


def _summary(record: Record, sheet: TableSheet, findings: list[Finding]) -> Text:
    """"ok: scores 34 37 40" or "failed: 2 errors, scores …", then the house-rule corrections
    and the Result tag's totals where they differ (optional clauses, "" when not said)."""
    n = sum(f.is_error for f in findings)
    k = sum(f.severity is Severity.WARNING for f in findings)
    scores = " ".join(str(p.total) for p in sheet.players)
    corrections: Text | str = ""
    if k:
        corrections = (phrase(" ({k} correction by the house rules)", k=k) if k == 1
                       else phrase(" ({k} corrections by the house rules)", k=k))
    told: Text | str = ""
    if record.result is not None and tuple(p.total for p in sheet.players) != record.result:
        told = phrase("; the Result says {result}", result=" ".join(map(str, record.result)))
    if not n:
        return phrase("ok: scores {scores}{corrections}{told}", scores=scores, corrections=corrections, told=told)
    if n == 1:
        return phrase("failed: {n} error, scores {scores}{corrections}{told}",
                    n=n, scores=scores, corrections=corrections, told=told)
    return phrase("failed: {n} errors, scores {scores}{corrections}{told}",
                n=n, scores=scores, corrections=corrections, told=told)


def _consequences(record: Record, boards: list[d.Board], corrected: TableSheet) -> list[Finding]:
    """A duplicate building removed: what the game would have scored with it kept."""
    try:
        _, as_played = _run(record, boards, allow_duplicates=True)
    except g.RecordError:
        return []
    out = []
    for was, now in zip(as_played.players, corrected.players):
        changes = [f"{k} {getattr(was, k)} -> {getattr(now, k)}" for k in SHEET_KEYS
                   if getattr(was, k) != getattr(now, k)]
        if changes:
            out.append(warning("build.duplicate.recomputed",
                               "{player!r}: with the duplicate building removed, {changes}",
                               now.player, player=now.player, changes=Joined(tuple(changes))))
    return out


def _compare(record: Record, sheet: TableSheet) -> list[Finding]:
    out = []
    if record.result is not None:
        if len(record.result) != sheet.size:
            out.append(error("result.count", "the Result has {scores} scores for {n} "
                                             "players: give one total per seat", scores=len(record.result),
                             n=sheet.size))
        else:
            for want, p in zip(record.result, sheet.players):
                if want != p.total:
                    out.append(error("result.total", "{player!r} scores {total} in the replay, the Result "
                                                     "says {want}", p.player, player=p.player, total=p.total,
                                     want=want))
    if record.sheets is not None:
        if len(record.sheets) != sheet.size:
            out.append(error("result.sheet", "{sheets} sheet tags for {n} players", sheets=len(record.sheets),
                             n=sheet.size))
        else:
            for s, p in zip(record.sheets, sheet.players):
                diff = [f"{k} {getattr(s, k)} (replay {getattr(p, k)})" for k in SHEET_KEYS
                        if getattr(s, k) != getattr(p, k)]
                if diff:
                    out.append(error("result.sheet", "{player!r}'s recorded sheet differs from the replay: "
                                                     "{diff}", p.player, player=p.player, diff=Joined(tuple(diff))))
    return out


# --- self-play ----------------------------------------------------------------------

def selfplay(n: int, seed: int, players: int = 5, sides: str = "AB", event: str | None = None,
             bias: str | None = None, **options: object) -> Iterator[Record]:
    """`n` random legal games of `players` players, reproducible from `seed`.

    `sides` is "A", "B" or "AB" (each board's side drawn at random). `bias` (one of
    ``game.BIASES``: "blue", "green", "guilds", "military", "stages", "coins") makes every
    player push that part of the score (`game.BiasedChooser`). Other options (e.g. the
    Duel's ``agora``) are refused with a ValueError that names them.
    """
    if options:
        raise ValueError(f"{', '.join(map(repr, sorted(options)))} is not a 7 wonders self-play option: "
                         f"use players (3 to 7), sides ('A', 'B', 'AB') or event")
    if players not in d.PLAYER_COUNTS:
        raise ValueError(f"players={players!r}: 7 Wonders is played by 3 to 7")
    if sides not in ("A", "B", "AB"):
        raise ValueError(f"sides={sides!r}: use 'A', 'B' or 'AB'")
    if bias is not None and bias not in g.BIASES:
        raise ValueError(f"bias={bias!r}: use one of {', '.join(g.BIASES)}")
    for i in range(n):
        yield play_random(random.Random(f"7wonders:{seed}:{i}"), players, sides,
                          event=event or f"Self-play seed {seed}", round=str(i + 1), bias=bias)


def play_random(rng: random.Random, players: int, sides: str = "AB", event: str = "Self-play",
                round: str = "1", bias: str | None = None) -> Record:
    """One random legal game as a record, with its computed Result and sheets (every player
    biased by `bias`, see `selfplay`)."""
    wonders = rng.sample(d.WONDERS, players)
    boards = [d.board(w, rng.choice(sides)) for w in wonders]
    guilds = tuple(rng.sample(d.GUILD_NAMES, players + d.GUILDS_EXTRA))
    game = g.Game(boards, guilds)
    chooser = g.RandomChooser(rng) if bias is None else g.BiasedChooser(rng, bias)
    hands_out = []
    cards = g.CARDS
    for age in d.AGES:
        deck = g.deck(age, players, guilds)
        rng.shuffle(deck)
        hands = [deck[k * d.HAND_SIZE:(k + 1) * d.HAND_SIZE] for k in range(players)]
        hands_out.append(tuple(tuple(cards[c].name for c in h) for h in hands))
        game.play_age(age, hands, chooser, exact_trade=False)
    names = tuple(f"Player {k + 1}" for k in range(players))
    sheet = score(game, names)
    moves = tuple(tuple(Play(t, s + 1, m) for t, s, m in age_moves) for age_moves in game.moves)
    return Record(event=event, round=round, table="1", players=names,
                  wonders=tuple((b.name, b.side) for b in boards), guilds=guilds,
                  result=tuple(p.total for p in sheet.players),
                  sheets=tuple(Sheet.of(p) for p in sheet.players), hands=tuple(hands_out), moves=moves)

