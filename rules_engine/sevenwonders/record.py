"""7 Wonders game records: the text format, read and written.

The format (PGN-like: header tags in a fixed order, then the hands dealt and every player's
move per turn) is documented in docs/sevenwonders-record.md. `record_format(names)` streams
one game at a time (its ``Game`` tag checked against the `names` the registry hands it),
collecting syntax errors on the record; ``read(write(r)) == r``. Replay and
self-play are in `replay`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Iterable
from typing import IO, Any

from rules_engine import recordtext
from rules_engine.findings import Joined

# RecordSyntaxError is shared by every game's records and stays importable from here.
from rules_engine.recordtext import (
    GAME_TAG,
    Collector,
    CountSheet,
    GameNames,
    RawRecord,
    RecordFormat,
    RecordSyntaxError,
    read_header,
    write_header,
)
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders import game as g
from rules_engine.sevenwonders import payment as pay
from rules_engine.sevenwonders.names import NAME, TITLE
from rules_engine.sevenwonders.sheet import PlayerScore

GAME_TITLE = TITLE
#: The 7 Wonders tags of the header, written after the shared roster.
GAME_ROSTER = ("Wonders", "Guilds")
#: The header tags this reader knows (each at most once): the shared roster, then the game's.
ROSTER = (*recordtext.ROSTER[1:], *GAME_ROSTER)


@dataclass(frozen=True)
class Sheet(CountSheet):
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

    @classmethod
    def of(cls, line: PlayerScore) -> Sheet:
        return cls(**{k: getattr(line, k) for k in cls.keys()})


SHEET_KEYS = Sheet.keys()


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
    errors: tuple[RecordSyntaxError, ...] = field(default=(), compare=False)

    @property
    def game(self) -> str:
        return NAME


# --- reading ------------------------------------------------------------------------

_AGE = re.compile(r"^Age\s+([123])$")
_HAND = re.compile(r"^Hand\s+(\d+):\s*(.*)$")
_MOVE = re.compile(r"^(\d+)\.(\d+)\s+(build|free|stage|discard)\s+([^(+]+?)\s*(?:\(([^)]*)\))?\s*(?:\+\s*(.+))?$")
_COINS = re.compile(r"^(\d+)\s+coins?$")
_SHEET_TAG = re.compile(r"Sheet\d+")


def _ints(value: str, ln: int, what: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in value.split())
    except ValueError:
        raise RecordSyntaxError("bad {tag} {value!r}: write whole numbers separated by spaces", ln,
                                tag=what, value=value) from None


def _build(raw: RawRecord, names: GameNames) -> Record:
    errors = Collector(raw)
    header = read_header(raw, errors, names, ROSTER, Sheet.parse, _SHEET_TAG)
    kw: dict[str, Any] = dict(header.text_fields())
    for name, (value, ln) in header.values.items():
        try:
            _tag(name, value, ln, kw)
        except RecordSyntaxError as exc:
            errors.add(exc)
    if not header.game_seen:
        errors.add(RecordSyntaxError('no [{tag} "{title}"] tag in the record\'s header: add it',
                                     raw.start_line, tag=GAME_TAG, title=GAME_TITLE))
    kw["tags"] = tuple(header.extra)
    sheets = header.sheets
    if sheets:
        if sorted(sheets) != list(range(1, len(sheets) + 1)):
            errors.add(RecordSyntaxError("sheet tags {numbers}: give Sheet1..SheetN, one per seat",
                                         raw.start_line, numbers=sorted(sheets)))
        else:
            kw["sheets"] = tuple(sheets[i] for i in range(1, len(sheets) + 1))
    hands: list[list[tuple[str, ...]]] = []
    moves: list[list[Play]] = []
    for ln, line in raw.body:
        try:
            _body_line(line.strip(), ln, hands, moves)
        except RecordSyntaxError as exc:
            errors.add(exc)     # each line stands alone: read on, to report every bad line at once
    kw["hands"] = tuple(tuple(h) for h in hands)
    kw["moves"] = tuple(tuple(m) for m in moves)
    return Record(line=raw.start_line, errors=errors.done(), **kw)


def _tag(name: str, value: str, ln: int, kw: dict[str, Any]) -> None:
    """Read one of the 7 Wonders roster tags into the record's fields `kw`."""
    if name in ("Players", "Wonders") and not value.strip():
        kw[name.lower()] = ()
    elif name == "Players":
        parts = tuple(p.strip() for p in value.split(" - "))
        if not all(parts):
            raise RecordSyntaxError('bad Players tag {value!r}: write [Players "Anna - Ben - Cleo"] in seat order',
                                    ln, value=value)
        kw["players"] = parts
    elif name == "Wonders":
        out = []
        for part in value.split(" - "):
            bits = part.split()
            if len(bits) < 2 or bits[-1] not in d.SIDES:
                raise RecordSyntaxError("bad wonder {wonder!r} in the Wonders tag: write the board "
                                        'and its side, e.g. [Wonders "Gizah A - Rhodos B - Babylon B"]', ln,
                                        wonder=part.strip())
            out.append((" ".join(bits[:-1]), bits[-1]))
        kw["wonders"] = tuple(out)
    elif name == "Guilds":
        kw["guilds"] = tuple(p.strip() for p in value.split(",") if p.strip())
    elif name == "Result":
        kw["result"] = None if value.strip() == "*" else _ints(value, ln, "Result")


def _body_line(text: str, ln: int, hands: list[list[tuple[str, ...]]], moves: list[list[Play]]) -> None:
    if not text or text[0] == ";":
        return  # blank lines and ; comments
    first = text[0]                 # most lines are moves: try the other patterns only when they can match
    m = _AGE.match(text) if first == "A" else None
    if m:
        age = int(m.group(1))
        if age != len(hands) + 1:
            raise RecordSyntaxError("{text!r} out of order: give Age 1, Age 2, Age 3 in turn", ln, text=text)
        hands.append([])
        moves.append([])
        return
    if not hands:
        raise RecordSyntaxError("{text!r} before 'Age 1': start the moves with the line Age 1", ln, text=text)
    m = _HAND.match(text) if first == "H" else None
    if m:
        if moves[-1]:
            raise RecordSyntaxError("hands come before the moves of their age", ln)
        if int(m.group(1)) != len(hands[-1]) + 1:
            raise RecordSyntaxError("hand {hand} out of order: expected Hand {expected}", ln,
                                    hand=m.group(1), expected=len(hands[-1]) + 1)
        hands[-1].append(tuple(c.strip() for c in m.group(2).split(",") if c.strip()))
        return
    moves[-1].append(_parse_move(text, ln))


def _parse_move(text: str, ln: int) -> Play:
    m = _MOVE.match(text)
    if not m:
        raise RecordSyntaxError("bad move {text!r}: write TURN.SEAT VERB CARD, e.g. '2.3 build Temple "
                                "(left: wood clay; right: glass; 6 coins)', verbs build, free, stage, discard",
                                ln, text=text)
    turn, seat, verb, name, trade_text, extra = m.groups()
    trade = _parse_trade(trade_text, ln) if trade_text is not None else None
    picks = tuple(p.strip() for p in extra.split("+")) if extra else ()
    if any(not p for p in picks):
        raise RecordSyntaxError("bad move {text!r}: write '+ CARD' for a card built from the discard pile", ln,
                                text=text)
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
                raise RecordSyntaxError("bad resources {resources!r} in trade ({trade}): use {names}", ln,
                                        resources=rest.strip(), trade=text, names=Joined(pay.NAMES))
            if side.strip() == "left":
                left = units
            else:
                right = units
            continue
        m = _COINS.match(part)
        if m:
            coins = int(m.group(1))
            continue
        raise RecordSyntaxError("bad trade part {part!r} in ({trade}): write 'left: wood clay; right: glass; "
                                "5 coins'", ln, part=part, trade=text)
    if coins is None or not (left or right):
        raise RecordSyntaxError("trade ({trade}) needs the resources bought and the coins paid, e.g. "
                                "(left: wood; 2 coins)", ln, trade=text)
    return g.Trade(left, right, coins)


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
    write_header((GAME_TITLE, r.event, r.round, r.table, r.date, " - ".join(r.players),
                  "*" if r.result is None else " ".join(map(str, r.result))),
                 (("Wonders", " - ".join(f"{w} {s}" for w, s in r.wonders)), ("Guilds", ", ".join(r.guilds))),
                 r.tags, (s.text() for s in r.sheets or ()), out)
    out.write("\n")
    for age in range(max(len(r.hands), len(r.moves))):
        out.write(f"Age {age + 1}\n")
        for seat, hand in enumerate(r.hands[age] if age < len(r.hands) else (), 1):
            out.write(f"Hand {seat}: {', '.join(hand)}\n")
        for play in r.moves[age] if age < len(r.moves) else ():
            out.write(move_text(play) + "\n")
    out.write("\n")


def write_records(records: Iterable[Record], handle: IO[str]) -> None:
    """Write records to `handle`, each followed by a blank line; ``read(write(r)) == r``."""
    for r in records:
        write_record(r, handle)


def record_format(names: GameNames) -> RecordFormat[Record]:
    """The 7 Wonders record format, its reader accepting the ``Game`` tag's `names` (the
    registry hands them: ``find_ruleset("7wonders").read_records`` reads with them)."""
    return RecordFormat(GAME_TITLE, lambda raw: _build(raw, names), write_record)
