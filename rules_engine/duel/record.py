"""The Duel game record: a PGN-like text format (header roster, chance lines, numbered moves).

`record_format(names)` reads one game at a time from a text handle, accepting the ``Game`` tag's
`names` (the registry hands them); `write_records` writes them; ``read(write(r)) == r``. The
format is documented in docs/duel-record.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Iterable
from typing import IO, Any

from rules_engine import recordtext
from rules_engine.duel.names import NAME, TITLE

# RecordSyntaxError is shared by every game's records and stays importable from here.
from rules_engine.recordtext import (
    Collector,
    CountSheet,
    GameNames,
    RawRecord,
    RecordFormat,
    RecordSyntaxError,
    read_header,
    write_header,
)

#: The header tags this reader knows: the shared roster, then the Duel's own.
GAME_ROSTER = ("Expansions",)
ROSTER = (*recordtext.ROSTER[1:], *GAME_ROSTER)
GAME_NAME = NAME
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
VICTORIES = ("civilian", "military", "science", "political")
AGE_ROWS = ((2, 3, 4, 5, 6), (6, 5, 4, 3, 2), (2, 3, 4, 2, 4, 3, 2))
AGORA_ROWS = ((3, 4, 5, 6, 7), (7, 6, 5, 4, 3), (2, 3, 4, 5, 4, 3, 2))


@dataclass(frozen=True)
class Sheet(CountSheet):
    """One player's final score sheet (the Duel match-sheet categories, plus coins held)."""

    blue: int = 0
    green: int = 0
    yellow: int = 0
    purple: int = 0
    wonders: int = 0
    progress: int = 0
    treasury: int = 0
    military: int = 0
    senate: int = 0
    total: int = 0
    coins: int = 0


SHEET_KEYS = Sheet.keys()


@dataclass(frozen=True)
class Record:
    """One recorded Duel game: header tags, chance events (as card/token codes), moves.

    Each move is the text after its number, e.g. ``"Library +Law"``; see docs/duel-record.md.
    """

    event: str = "?"
    round: str = "?"
    table: str = "?"
    date: str = "????.??.??"
    players: tuple[str, str] = ("?", "?")
    expansions: tuple[str, ...] = ()
    result: str = "*"
    tags: tuple[tuple[str, str], ...] = ()          # further tags, in order
    sheets: tuple[Sheet, Sheet] | None = None
    tokens: tuple[str, ...] = ()                     # the 5 progress tokens on the board
    box: tuple[str, ...] = ()                        # the 5 left in the box
    wonders: tuple[str, ...] = ()                    # 8 wonders, in the order offered
    removed: tuple[tuple[str, ...], ...] = ()        # per age dealt: cards removed unseen
    layouts: tuple[tuple[str, ...], ...] = ()        # per age dealt: card per slot, row by row
    library: tuple[str, ...] = ()                    # tokens drawn by the Great Library
    decrees: tuple[str, ...] = ()                    # Agora: the decree of chambers 1 to 6
    conspiracies: tuple[str, ...] = ()               # Agora: the conspiracy deck, top first
    moves: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)      # where the record starts in its file
    errors: tuple[RecordSyntaxError, ...] = field(default=(), compare=False)   # syntax errors read

    @property
    def game(self) -> str:
        return GAME_NAME


_CHANCE = ("Tokens", "Box", "Wonders", "Removed1", "Removed2", "Removed3", "Age1", "Age2", "Age3",
           "Library", "Decrees", "Conspiracies")
_CHANCE_FIELD = {"Tokens": "tokens", "Box": "box", "Wonders": "wonders", "Library": "library",
                 "Decrees": "decrees", "Conspiracies": "conspiracies"}


_SHEET_TAG = re.compile(r"Sheet[12]")


def _build(raw: RawRecord, names: GameNames) -> Record:
    errors = Collector(raw)
    header = read_header(raw, errors, names, ROSTER, Sheet.parse, _SHEET_TAG)
    values = header.values
    sheets = header.sheets
    kw: dict[str, Any] = dict(header.text_fields())
    if "Players" in values:
        value, ln = values["Players"]
        parts = value.split(" - ")
        if len(parts) != 2 or not all(p.strip() for p in parts):
            errors.add(RecordSyntaxError('bad Players tag {value!r}: write [Players "First - Second"]', ln,
                                         value=value))
        else:
            kw["players"] = (parts[0].strip(), parts[1].strip())
    if "Expansions" in values:
        value = values["Expansions"][0].strip()
        kw["expansions"] = () if value in ("", "-") else tuple(value.split())
    if "Result" in values:
        value, ln = values["Result"]
        try:
            _check_result(value, ln)
            kw["result"] = value
        except RecordSyntaxError as exc:
            errors.add(exc)
    if sheets:
        if set(sheets) != {1, 2}:
            errors.add(RecordSyntaxError("give both Sheet1 and Sheet2 tags, or neither", raw.start_line))
        else:
            kw["sheets"] = (sheets[1], sheets[2])
    kw["tags"] = tuple(header.extra)
    moves = _body(raw, kw, errors)
    return Record(moves=tuple(moves), line=raw.start_line, errors=errors.done(), **kw)


def _body(raw: RawRecord, kw: dict[str, Any], errors: Collector) -> list[str]:
    """Read the chance lines into `kw` and return the moves; the first error in the moves
    ends them (what follows a misnumbered move cannot be trusted), like a PGN reader."""
    moves: list[str] = []
    expected = 1
    ended = False
    removed: list[tuple[str, ...]] = []
    layouts: list[tuple[str, ...]] = []
    body = raw.body
    for ln, text in body:
        text = text.strip()
        if not text:
            continue
        key, sep, rest = text.partition(":")
        try:
            if sep and key in _CHANCE and not moves:
                names = tuple(rest.replace("/", " ").split())
                field_name = _CHANCE_FIELD.get(key)
                if field_name:
                    if field_name in kw:
                        raise RecordSyntaxError("{key!r} given twice", ln, key=key)
                    kw[field_name] = names
                else:
                    lst = removed if key.startswith("Removed") else layouts
                    if len(lst) != int(key[-1]) - 1:
                        raise RecordSyntaxError("{key!r} out of order: give ages 1, 2, 3 in turn", ln, key=key)
                    lst.append(names)
                continue
            if ended:
                raise RecordSyntaxError("text after the result: {text!r}", ln, text=text)
            for tok in text.split():
                if ended:
                    raise RecordSyntaxError("text after the result: {text!r}", ln, text=tok)
                if tok[-1] == "." and tok[:-1].isdecimal():      # a move number: \d+\.
                    if int(tok[:-1]) != expected:
                        raise RecordSyntaxError("move number {number!r} out of sequence: expected {expected}.",
                                                ln, number=tok, expected=expected)
                    expected += 1
                    moves.append("")
                elif tok in RESULTS:
                    ended = True
                    if "result" in kw and kw["result"].split()[0] != tok:
                        raise RecordSyntaxError(
                            "result {result!r} after the moves disagrees with the Result tag {tag!r}", ln,
                            result=tok, tag=kw["result"])
                elif not moves:
                    raise RecordSyntaxError("{text!r} before move 1.: number the moves (1. 2. ...)", ln, text=tok)
                else:
                    moves[-1] = f"{moves[-1]} {tok}" if moves[-1] else tok
        except RecordSyntaxError as exc:
            errors.add(exc)
            if moves or not (sep and key in _CHANCE):
                break
    for i, mv in enumerate(moves):
        if not mv:
            errors.add(RecordSyntaxError("move {move} is empty", body[-1][0] if body else raw.start_line,
                                         move=i + 1))
            break
    kw["removed"] = tuple(removed)
    kw["layouts"] = tuple(layouts)
    return moves


def _check_result(value: str, ln: int) -> None:
    parts = value.split()
    if not parts or parts[0] not in RESULTS or len(parts) > 2 or (
            len(parts) == 2 and parts[1] not in VICTORIES):
        raise RecordSyntaxError(
            'bad Result {value!r}: write "1-0 civilian", "0-1 military", "1/2-1/2 civilian" or "*"',
            ln, value=value)


def write_record(record: Record, out: IO[str]) -> None:
    r = record
    write_header((TITLE, r.event, r.round, r.table, r.date, " - ".join(r.players), r.result),
                 (("Expansions", " ".join(r.expansions) or "-"),), r.tags,
                 (s.text() for s in r.sheets or ()), out)
    out.write("\n")
    if r.tokens:
        out.write("Tokens: " + " ".join(r.tokens) + "\n")
    if r.box:
        out.write("Box: " + " ".join(r.box) + "\n")
    if r.wonders:
        w = r.wonders
        out.write("Wonders: " + " ".join(w[:4]) + (" / " + " ".join(w[4:]) if len(w) > 4 else "") + "\n")
    if r.decrees:
        out.write("Decrees: " + " ".join(r.decrees) + "\n")
    if r.conspiracies:
        out.write("Conspiracies: " + " ".join(r.conspiracies) + "\n")
    rows = AGORA_ROWS if "Agora" in r.expansions else AGE_ROWS
    for age in range(1, 4):
        if age <= len(r.removed):
            out.write(f"Removed{age}: " + " ".join(r.removed[age - 1]) + "\n")
        if age <= len(r.layouts):
            out.write(f"Age{age}: " + _rows(r.layouts[age - 1], rows[age - 1]) + "\n")
    if r.library:
        out.write("Library: " + " ".join(r.library) + "\n")
    out.write("\n")
    line = ""
    for i, mv in enumerate(r.moves, 1):
        item = f"{i}. {mv}"
        if line and len(line) + 1 + len(item) > 79:
            out.write(line + "\n")
            line = item
        else:
            line = f"{line} {item}" if line else item
    end = r.result.split()[0] if r.result.split() else "*"
    if line and len(line) + 1 + len(end) > 79:
        out.write(line + "\n")
        line = end
    else:
        line = f"{line} {end}" if line else end
    out.write(line + "\n\n")


def _rows(cards: tuple[str, ...], sizes: tuple[int, ...]) -> str:
    if len(cards) != sum(sizes):
        return " ".join(cards)
    rows, i = [], 0
    for n in sizes:
        rows.append(" ".join(cards[i:i + n]))
        i += n
    return " / ".join(rows)


def write_records(records: Iterable[Record], handle: IO[str]) -> None:
    """Write records to `handle`, each followed by a blank line; ``read(write(r)) == r``."""
    for r in records:
        write_record(r, handle)


def record_format(names: GameNames) -> RecordFormat[Record]:
    """The Duel record format, its reader accepting the ``Game`` tag's `names` (the registry
    hands them: ``find_ruleset("duel").read_records`` reads with them)."""
    return RecordFormat(TITLE, lambda raw: _build(raw, names), write_record)
