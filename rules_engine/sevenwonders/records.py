"""7 Wonders game records: read, write, replay under the Bonn 2018 rules, random self-play.

The text format (PGN-like: header tags in a fixed order, then the hands dealt and every
player's move per turn) is documented in docs/sevenwonders-record.md. `read_records`
streams one game at a time; ``read(write(r)) == r``.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field, fields
from typing import IO, Iterable, Iterator

from rules_engine.findings import Finding, Severity, error, warning
# RecordSyntaxError is shared by every game's records and stays importable from here.
from rules_engine.recordtext import RecordSyntaxError, parse_counts, split_records, write_tags
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders import game as g
from rules_engine.sevenwonders import payment as pay
from rules_engine.sevenwonders.scoring import score
from rules_engine.sevenwonders.sheet import PlayerScore, TableSheet

GAME_TAG = "Game"
GAME_TITLE = "7 Wonders"
GAME_NAMES = ("7 wonders", "7wonders", "7w", "sevenwonders", "7-wonders")
#: Header tags in the order they are written.
ROSTER = ("Event", "Round", "Table", "Date", "Players", "Wonders", "Guilds", "Result")
SHEET_KEYS = ("military", "treasury", "wonders", "civilian", "commercial", "guilds", "science", "total",
              "coins")


@dataclass(frozen=True)
class Sheet:
    """One player's recorded final score: the sheet categories and the coins held."""

    military: int = 0
    treasury: int = 0
    wonders: int = 0
    civilian: int = 0
    commercial: int = 0
    guilds: int = 0
    science: int = 0
    total: int = 0
    coins: int = 0

    def text(self) -> str:
        return " ".join(f"{k}={getattr(self, k)}" for k in SHEET_KEYS)

    @classmethod
    def of(cls, line: PlayerScore) -> "Sheet":
        return cls(**{k: getattr(line, k) for k in SHEET_KEYS})


@dataclass(frozen=True)
class Play:
    """One recorded move: `turn` 1..6 (7 for Babylon B's seventh card), `seat` 1..n."""

    turn: int
    seat: int
    move: g.Move


@dataclass(frozen=True)
class Record:
    """One recorded 7 Wonders game.

    `wonders` is (board, side) per seat; `hands` per age the seven cards dealt to each seat;
    `moves` per age the plays in turn, then seat, order. `result` holds the recorded final
    totals in seat order (None for ``*``); `sheets` the optional full score lines.
    """

    event: str = "?"
    round: str = "?"
    table: str = "?"
    date: str = "????.??.??"
    players: tuple[str, ...] = ()
    wonders: tuple[tuple[str, str], ...] = ()
    guilds: tuple[str, ...] = ()
    result: tuple[int, ...] | None = None
    tags: tuple[tuple[str, str], ...] = ()
    sheets: tuple[Sheet, ...] | None = None
    hands: tuple[tuple[tuple[str, ...], ...], ...] = ()
    moves: tuple[tuple[Play, ...], ...] = ()
    line: int = field(default=0, compare=False)

    @property
    def game(self) -> str:
        return "7wonders"


# --- reading ------------------------------------------------------------------------

_AGE = re.compile(r"^Age\s+([123])$")
_HAND = re.compile(r"^Hand\s+(\d+):\s*(.*)$")
_MOVE = re.compile(r"^(\d+)\.(\d+)\s+(build|free|stage|discard)\s+([^(+]+?)\s*(?:\(([^)]*)\))?\s*(?:\+\s*(.+))?$")
_COINS = re.compile(r"^(\d+)\s+coins?$")


def read_records(handle: IO[str]) -> Iterator[Record]:
    """Yield the records in `handle` one at a time; raise RecordSyntaxError on bad text."""
    for raw in split_records(handle, example_tag=f'[{GAME_TAG} "{GAME_TITLE}"]'):
        yield _build(raw.tags, raw.body, raw.start_line)


def _ints(value: str, ln: int, what: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in value.split())
    except ValueError:
        raise RecordSyntaxError(f"bad {what} {value!r}: write whole numbers separated by spaces", ln) from None


def _build(tags: tuple[tuple[str, str, int], ...], body: tuple[tuple[int, str], ...], start: int) -> Record:
    kw: dict = {}
    extra: list[tuple[str, str]] = []
    sheets: dict[int, Sheet] = {}
    seen: set[str] = set()
    game_seen = False
    for name, value, ln in tags:
        if name == GAME_TAG:
            if value.strip().casefold() not in GAME_NAMES:
                raise RecordSyntaxError(f"game {value!r} in a 7 Wonders file: use one game per file", ln)
            game_seen = True
            continue
        if name in ROSTER:
            if name in seen:
                raise RecordSyntaxError(f"tag {name!r} given twice", ln)
            seen.add(name)
        if name in ("Event", "Round", "Table", "Date"):
            kw[name.lower()] = value
        elif name in ("Players", "Wonders") and not value.strip():
            kw[name.lower()] = ()
        elif name == "Players":
            parts = tuple(p.strip() for p in value.split(" - "))
            if not all(parts):
                raise RecordSyntaxError(f'bad Players tag {value!r}: write [Players "Anna - Ben - Cleo"] '
                                        f"in seat order", ln)
            kw["players"] = parts
        elif name == "Wonders":
            out = []
            for part in value.split(" - "):
                bits = part.split()
                if len(bits) < 2 or bits[-1] not in d.SIDES:
                    raise RecordSyntaxError(f"bad wonder {part.strip()!r} in the Wonders tag: write the board "
                                            f'and its side, e.g. [Wonders "Gizah A - Rhodos B - Babylon B"]', ln)
                out.append((" ".join(bits[:-1]), bits[-1]))
            kw["wonders"] = tuple(out)
        elif name == "Guilds":
            kw["guilds"] = tuple(p.strip() for p in value.split(",") if p.strip())
        elif name == "Result":
            kw["result"] = None if value.strip() == "*" else _ints(value, ln, "Result")
        elif re.fullmatch(r"Sheet\d+", name):
            sheets[int(name[5:])] = _parse_sheet(value, ln)
        else:
            extra.append((name, value))
    if not game_seen:
        raise RecordSyntaxError(f'no [{GAME_TAG} "{GAME_TITLE}"] tag in the record\'s header: add it', start)
    kw["tags"] = tuple(extra)
    if sheets:
        if sorted(sheets) != list(range(1, len(sheets) + 1)):
            raise RecordSyntaxError(f"sheet tags {sorted(sheets)}: give Sheet1..SheetN, one per seat", start)
        kw["sheets"] = tuple(sheets[i] for i in range(1, len(sheets) + 1))
    hands: list[list[tuple[str, ...]]] = []
    moves: list[list[Play]] = []
    for ln, raw in body:
        text = raw.strip()
        if not text or text.startswith(";"):
            continue  # blank lines and ; comments
        m = _AGE.match(text)
        if m:
            age = int(m.group(1))
            if age != len(hands) + 1:
                raise RecordSyntaxError(f"{text!r} out of order: give Age 1, Age 2, Age 3 in turn", ln)
            hands.append([])
            moves.append([])
            continue
        if not hands:
            raise RecordSyntaxError(f"{text!r} before 'Age 1': start the moves with the line Age 1", ln)
        m = _HAND.match(text)
        if m:
            if moves[-1]:
                raise RecordSyntaxError("hands come before the moves of their age", ln)
            if int(m.group(1)) != len(hands[-1]) + 1:
                raise RecordSyntaxError(f"hand {m.group(1)} out of order: expected Hand {len(hands[-1]) + 1}",
                                        ln)
            hands[-1].append(tuple(c.strip() for c in m.group(2).split(",") if c.strip()))
            continue
        moves[-1].append(_parse_move(text, ln))
    kw["hands"] = tuple(tuple(h) for h in hands)
    kw["moves"] = tuple(tuple(m) for m in moves)
    return Record(line=start, **kw)


def _parse_move(text: str, ln: int) -> Play:
    m = _MOVE.match(text)
    if not m:
        raise RecordSyntaxError(f"bad move {text!r}: write TURN.SEAT VERB CARD, e.g. '2.3 build Temple "
                                f"(left: wood clay; right: glass; 6 coins)', verbs build, free, stage, discard",
                                ln)
    turn, seat, verb, name, trade_text, extra = m.groups()
    trade = _parse_trade(trade_text, ln) if trade_text is not None else None
    picks = tuple(p.strip() for p in extra.split("+")) if extra else ()
    if any(not p for p in picks):
        raise RecordSyntaxError(f"bad move {text!r}: write '+ CARD' for a card built from the discard pile", ln)
    return Play(int(turn), int(seat), g.Move(g.Verb(verb), name.strip(), trade, picks))


def _parse_trade(text: str, ln: int) -> g.Trade:
    left: tuple[str, ...] = ()
    right: tuple[str, ...] = ()
    coins = None
    for part in (p.strip() for p in text.split(";")):
        side, sep, rest = part.partition(":")
        if sep and side.strip() in ("left", "right"):
            units = tuple(rest.split())
            bad = [u for u in units if u not in pay.BY_NAME]
            if bad or not units:
                raise RecordSyntaxError(f"bad resources {rest.strip()!r} in trade ({text}): use "
                                        f"{', '.join(pay.NAMES)}", ln)
            if side.strip() == "left":
                left = units
            else:
                right = units
            continue
        m = _COINS.match(part)
        if m:
            coins = int(m.group(1))
            continue
        raise RecordSyntaxError(f"bad trade part {part!r} in ({text}): write 'left: wood clay; right: glass; "
                                f"5 coins'", ln)
    if coins is None or not (left or right):
        raise RecordSyntaxError(f"trade ({text}) needs the resources bought and the coins paid, e.g. "
                                f"(left: wood; 2 coins)", ln)
    return g.Trade(left, right, coins)


def _parse_sheet(value: str, ln: int) -> Sheet:
    return Sheet(**parse_counts(value, SHEET_KEYS, ln))


# --- writing ------------------------------------------------------------------------

def move_text(play: Play) -> str:
    """A move as written in a record, e.g. ``2.3 build Temple (left: wood; 2 coins)``."""
    mv = play.move
    out = f"{play.turn}.{play.seat} {mv.verb.value} {mv.card}"
    t = mv.trade
    if t is not None:
        parts = []
        if t.left:
            parts.append("left: " + " ".join(t.left))
        if t.right:
            parts.append("right: " + " ".join(t.right))
        parts.append(f"{t.coins} coin{'s' if t.coins != 1 else ''}")
        out += " (" + "; ".join(parts) + ")"
    for name in mv.from_discard:
        out += f" + {name}"
    return out


def write_record(r: Record, out: IO[str]) -> None:
    roster = (r.event, r.round, r.table, r.date, " - ".join(r.players),
              " - ".join(f"{w} {s}" for w, s in r.wonders), ", ".join(r.guilds),
              "*" if r.result is None else " ".join(map(str, r.result)))
    write_tags(((GAME_TAG, GAME_TITLE), *zip(ROSTER, roster), *r.tags), out)
    write_tags(((f"Sheet{i}", s.text()) for i, s in enumerate(r.sheets or (), 1)), out)
    out.write("\n")
    for age in range(max(len(r.hands), len(r.moves))):
        out.write(f"Age {age + 1}\n")
        for seat, hand in enumerate(r.hands[age] if age < len(r.hands) else (), 1):
            out.write(f"Hand {seat}: {', '.join(hand)}\n")
        for play in r.moves[age] if age < len(r.moves) else ():
            out.write(move_text(play) + "\n")
    out.write("\n")


def write_records(records: Iterable[Record], handle: IO[str]) -> None:
    """Write records to `handle`, each followed by a blank line."""
    for r in records:
        write_record(r, handle)


# --- replay -------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    """The outcome of replaying one record.

    `ok` is True when the game could be replayed and no error was found (corrections the
    house rules make are warnings); `sheet` is the computed final score sheet (None when the
    replay could not finish), to be checked with `check_sheet` and compared with the Result.
    """

    ok: bool
    findings: tuple[Finding, ...]
    summary: str
    sheet: TableSheet | None = None

    @property
    def totals(self) -> tuple[int, ...] | None:
        return None if self.sheet is None else tuple(p.total for p in self.sheet.players)


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
        out.append(error("setup.players", f"{n} players in the Players tag: 7 Wonders is played by 3 to 7"))
        return None, out
    if len(record.wonders) != n:
        out.append(error("setup.wonders", f"{len(record.wonders)} wonders for {n} players: give one board "
                                          f"and side per seat in the Wonders tag"))
        return None, out
    boards = []
    for (name, side), player in zip(record.wonders, record.players):
        try:
            boards.append(d.board(name, side))
        except KeyError:
            out.append(error("setup.wonders", f"wonder {name!r} for {player!r} is not a 7 wonders board: use one "
                                              f"of {', '.join(d.WONDERS)}", player))
    names = [b.name for b in boards]
    for w in sorted({x for x in names if names.count(x) > 1}):
        out.append(error("setup.wonders", f"{w} is played twice: the game has one board of each wonder"))
    guilds = [d.guild_name(x) for x in record.guilds]
    for raw, canon in zip(record.guilds, guilds):
        if canon is None:
            out.append(error("setup.guilds", f"guild {raw!r} is not a 7 wonders guild: use one of "
                                             f"{', '.join(d.GUILD_NAMES)}"))
    if len(record.guilds) != n + d.GUILDS_EXTRA:
        out.append(warning("setup.guilds", f"{len(record.guilds)} guilds in play; the rules use players + 2 = "
                                           f"{n + d.GUILDS_EXTRA}"))
    if len(set(guilds)) != len(guilds):
        out.append(error("setup.guilds", "a guild is listed twice in the Guilds tag"))
    if len(record.hands) != 3:
        out.append(error("deal.hands", f"the record has hands for {len(record.hands)} ages: give the hands "
                                       f"dealt in Age 1, 2 and 3"))
    for age, hands in enumerate(record.hands, 1):
        if len(hands) != n or any(len(h) != d.HAND_SIZE for h in hands):
            out.append(error("deal.hands", f"age {age}: deal {d.HAND_SIZE} cards to each of the {n} seats "
                                           f"(Hand 1 .. Hand {n})"))
            continue
        got: Counter[str] = Counter()
        for seat, hand in enumerate(hands):
            for name in hand:
                cid = g.card_id(name, age)
                if cid is None:
                    out.append(error("deal.card", f"age {age}, hand {seat + 1}: {name!r} is no age {age} card"))
                else:
                    got[g.CARDS[cid].name] += 1
        want = Counter(g.CARDS[c].name for c in g.deck(age, n, tuple(x for x in guilds if x)))
        if not any(f.rule == "deal.card" for f in out) and got != want:
            more = sorted((got - want).elements())
            less = sorted((want - got).elements())
            out.append(error("deal.deck", f"age {age}: the hands are not the {n}-player deck"
                             + (f"; too many: {', '.join(more)}" if more else "")
                             + (f"; missing: {', '.join(less)}" if less else "")))
    if any(f.is_error for f in out):
        return None, out
    return boards, out


def _run(record: Record, boards: list[d.Board], allow_duplicates: bool) -> tuple[g.Game, TableSheet]:
    guilds = tuple(d.guild_name(x) or x for x in record.guilds)
    game = g.Game(boards, guilds, allow_duplicates=allow_duplicates)
    chooser = _RecordChooser(record)
    for age, hands in enumerate(record.hands, 1):
        ids = [[g.card_id(name, age) for name in hand] for hand in hands]
        game.play_age(age, ids, chooser)
        left = [(k, m) for k, m in chooser.by_key.items() if k[0] == age]
        for (a, turn, seat), mv in left:
            game.notes.append(g.Note("move.extra", age, turn, seat,
                                     f"{mv.verb.value} {mv.card}: there is no such move in age {age}, turn {turn}"
                                     + (" (only Babylon B with its second stage plays a seventh card)"
                                        if turn == 7 else "")))
            del chooser.by_key[(a, turn, seat)]
    for age, p in chooser.extra:
        game.notes.append(g.Note("move.twice", age, p.turn, p.seat - 1,
                                 f"a second move for the same seat and turn: {move_text(p)!r}"))
    return game, score(game, record.players)


_ERRORS = {"move.missing", "move.hand", "move.extra", "move.twice"}


def _finding(record: Record, note: g.Note) -> Finding:
    player = record.players[note.seat] if 0 <= note.seat < len(record.players) else None
    where = f"age {note.age}, turn {note.turn}, {player!r}"
    make = error if note.rule in _ERRORS else warning
    return make(note.rule, f"{where}: {note.message}", player)


def replay(record: Record) -> Verdict:
    """Replay `record` under the Bonn 2018 rules; never raises on a bad record."""
    boards, findings = _setup(record)
    if boards is None:
        return Verdict(False, tuple(findings), "not replayable: " + findings[0].message)
    try:
        game, sheet = _run(record, boards, allow_duplicates=False)
    except g.RecordError as exc:
        findings.append(_finding(record, exc.note))
        return Verdict(False, tuple(findings), "not replayable: " + findings[-1].message)
    findings.extend(_finding(record, n) for n in game.notes)
    if any(n.rule == "build.duplicate" for n in game.notes):
        findings.extend(_consequences(record, boards, sheet))
    findings.extend(_compare(record, sheet))
    errors = [f for f in findings if f.is_error]
    corrections = [f for f in findings if f.severity is Severity.WARNING]
    totals = " ".join(str(p.total) for p in sheet.players)
    if errors:
        summary = f"failed: {len(errors)} error{'s' if len(errors) != 1 else ''}, scores {totals}"
    else:
        summary = f"ok: scores {totals}"
    if corrections:
        summary += f" ({len(corrections)} correction{'s' if len(corrections) != 1 else ''} by the house rules)"
    if record.result is not None and tuple(p.total for p in sheet.players) != record.result:
        summary += f"; the Result says {' '.join(map(str, record.result))}"
    return Verdict(not errors, tuple(findings), summary, sheet)


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
                               f"{now.player!r}: with the duplicate building removed, {', '.join(changes)}",
                               now.player))
    return out


def _compare(record: Record, sheet: TableSheet) -> list[Finding]:
    out = []
    if record.result is not None:
        if len(record.result) != sheet.size:
            out.append(error("result.count", f"the Result has {len(record.result)} scores for {sheet.size} "
                                             f"players: give one total per seat"))
        else:
            for want, p in zip(record.result, sheet.players):
                if want != p.total:
                    out.append(error("result.total", f"{p.player!r} scores {p.total} in the replay, the Result "
                                                     f"says {want}", p.player))
    if record.sheets is not None:
        if len(record.sheets) != sheet.size:
            out.append(error("result.sheet", f"{len(record.sheets)} sheet tags for {sheet.size} players"))
        else:
            for s, p in zip(record.sheets, sheet.players):
                diff = [f"{k} {getattr(s, k)} (replay {getattr(p, k)})" for k in SHEET_KEYS
                        if getattr(s, k) != getattr(p, k)]
                if diff:
                    out.append(error("result.sheet", f"{p.player!r}'s recorded sheet differs from the replay: "
                                                     f"{', '.join(diff)}", p.player))
    return out


# --- self-play ----------------------------------------------------------------------

def selfplay(n: int, seed: int, players: int = 5, sides: str = "AB", event: str | None = None,
             **options: object) -> Iterator[Record]:
    """`n` random legal games of `players` players, reproducible from `seed`.

    `sides` is "A", "B" or "AB" (each board's side drawn at random). Other options (e.g.
    the Duel's ``agora``) are refused with a ValueError that names them.
    """
    if options:
        raise ValueError(f"{', '.join(map(repr, sorted(options)))} is not a 7 wonders self-play option: "
                         f"use players (3 to 7), sides ('A', 'B', 'AB') or event")
    if players not in d.PLAYER_COUNTS:
        raise ValueError(f"players={players!r}: 7 Wonders is played by 3 to 7")
    if sides not in ("A", "B", "AB"):
        raise ValueError(f"sides={sides!r}: use 'A', 'B' or 'AB'")
    for i in range(n):
        yield play_random(random.Random(f"7wonders:{seed}:{i}"), players, sides,
                          event=event or f"Self-play seed {seed}", round=str(i + 1))


def play_random(rng: random.Random, players: int, sides: str = "AB", event: str = "Self-play",
                round: str = "1") -> Record:
    """One random legal game as a record, with its computed Result and sheets."""
    wonders = rng.sample(d.WONDERS, players)
    boards = [d.board(w, rng.choice(sides)) for w in wonders]
    guilds = tuple(rng.sample(d.GUILD_NAMES, players + d.GUILDS_EXTRA))
    game = g.Game(boards, guilds)
    chooser = g.RandomChooser(rng)
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


assert [f.name for f in fields(Sheet)] == list(SHEET_KEYS)
