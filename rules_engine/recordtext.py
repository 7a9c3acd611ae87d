"""The PGN-like text shared by every game's records: `[Name "value"]` tag lines, then a body.

`split_records` streams a file one raw record at a time; `read_with` drives one `Visitor` per
record over a game's own parser (python-chess's ``read_game`` + visitors): build the record,
read the headers only, or verify. Syntax errors are collected on the record, never raised,
so one bad game does not hide the next.
"""
from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, ClassVar, Generic, Self, TypeVar

from rules_engine.findings import Joined, Params, Text, render

#: A tag line, ``[Name "value"]``; in the value ``\"`` is a quote and ``\\`` a backslash.
TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_INT = re.compile(r"-?\d+")
#: Header tags every game writes first, in this order (PGN's seven tag roster); each game's own
#: roster follows, then any further tags, then the score-sheet tags.
ROSTER = ("Game", "Event", "Round", "Table", "Date", "Players", "Result")
GAME_TAG = "Game"
_BOM = "\ufeff"

R = TypeVar("R")
T = TypeVar("T")


class RecordSyntaxError(ValueError):
    """A record that cannot be read; `line` is the 1-based line number in the input.

    Like a finding, the message is an English template with named placeholders and their
    values (``RecordSyntaxError("tag {name!r} given twice", ln, name=name)``), so a reader can
    show it in another language (`text`); `message` is the English text."""

    def __init__(self, template: str, line: int, /, **params: object) -> None:
        self.template = template
        self.params: Params = tuple(params.items())
        self.line = line
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return render(self.template, self.params)

    @property
    def text(self) -> Text:
        """The message as a clause to put in a finding (translated with it)."""
        return Text(self.template, self.params)

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class RawRecord:
    """One record as text: where it starts, its tags (name, unescaped value, line), its
    body lines (line, text without the line end; blank lines included) and the syntax errors
    found while splitting (a bad tag line, text before the first tag)."""

    start_line: int
    tags: tuple[tuple[str, str, int], ...]
    body: tuple[tuple[int, str], ...]
    errors: tuple[RecordSyntaxError, ...] = ()


def unescape(s: str) -> str:
    """A tag value as written between the quotes -> the value."""
    return s.replace('\\"', '"').replace("\\\\", "\\")


def escape(s: str) -> str:
    """A value -> the text to write between a tag's quotes."""
    return s.replace("\\", "\\\\").replace('"', '\\"')


def _lines(handle: IO[str]) -> Iterator[tuple[int, str]]:
    """Numbered lines without their line ends; a UTF-8 byte order mark (as Windows editors
    write it, read as text by a plain ``utf-8`` open) is dropped from the first line.
    (Built from C iterators: the readers' benchmarks spend a good part of their time here.)"""
    lines = iter(handle)
    first = next(lines, None)
    if first is None:
        return iter(())
    if first.startswith(_BOM):
        first = first[1:]
    return enumerate(map(_strip_end, itertools.chain((first,), lines)), 1)


_strip_end: Callable[[str], str] = operator.methodcaller("rstrip", "\r\n")


def split_records(handle: IO[str], example_tag: str = '[Event "..."]') -> Iterator[RawRecord]:
    """Yield the raw records in `handle` one at a time; a bad tag line, or text before the
    first record's tags (`example_tag` is the tag suggested then), is an error on its record.

    A record is its tag lines, then every line up to the next line starting with ``[``. That
    line always opens the next record's header, with or without a blank line before it: the
    Duel reader has always accepted games written back to back, no body line of either game
    starts with ``[``, and a malformed tag there is reported as a bad tag line at its own
    line instead of being read as a move.
    """
    tags: list[tuple[str, str, int]] = []
    body: list[tuple[int, str]] = []
    errors: list[RecordSyntaxError] = []
    start = 0
    started = in_body = False
    for lineno, line in _lines(handle):
        if line.startswith("["):
            if in_body:
                yield RawRecord(start, tuple(tags), tuple(body), tuple(errors))
                tags, body, errors, started, in_body = [], [], [], False, False
            if not started:
                start, started = lineno, True
            m = TAG.match(line.strip())
            if m:
                tags.append((m.group(1), unescape(m.group(2)), lineno))
            else:
                errors.append(RecordSyntaxError('bad tag line {text!r}: write [Name "value"]', lineno, text=line))
        elif started:
            in_body = True
            body.append((lineno, line))
        elif line.strip() and not errors:
            # Text before the first tag line: reported once, on the record that follows.
            errors.append(RecordSyntaxError("expected a tag line like {example}, got {text!r}", lineno,
                                            example=example_tag, text=line))
            start = lineno
    if started or errors:
        yield RawRecord(start, tuple(tags), tuple(body), tuple(errors))


def first_tag(handle: IO[str], name: str) -> tuple[str, int] | None:
    """The value and line of tag `name` in the first record's header, or None; reads no further
    than that header (how a reader finds a file's game before choosing its parser)."""
    seen = False
    for lineno, line in _lines(handle):
        text = line.strip()
        if not text:
            if seen:
                return None
            continue
        m = TAG.match(text)
        if not m:
            return None
        seen = True
        if m.group(1) == name:
            return unescape(m.group(2)), lineno
    return None


class Visitor(Generic[R, T]):
    """Receives one record as the reader parses it (python-chess's ``pgn.BaseVisitor``).

    The reader calls `begin_record`, `visit_header` for every tag, then `end_headers`; if that
    returns True the game's parser builds the record (errors collected on it) and calls
    `visit_record`; errors found while splitting go to `handle_error` first (the built
    record carries them too, in ``record.errors``). `result()` is what the reader yields for the record.
    """

    def begin_record(self, line: int) -> None:
        """A record starts at `line`."""

    def visit_header(self, name: str, value: str, line: int) -> None:
        """One tag of the header, in file order."""

    def handle_error(self, error: RecordSyntaxError) -> None:
        """A syntax error found while splitting the text (a bad tag line)."""

    def end_headers(self) -> bool:
        """Whether the body is wanted (False skips parsing it)."""
        return True

    def visit_record(self, record: R) -> None:
        """The record built from the header and body."""

    def result(self) -> T:
        raise NotImplementedError


class RecordBuilder(Visitor[R, R]):
    """Builds each record (the default visitor)."""

    def __init__(self) -> None:
        self.record: R | None = None

    def visit_record(self, record: R) -> None:
        self.record = record

    def result(self) -> R:
        assert self.record is not None, "the reader calls visit_record before result"
        return self.record


@dataclass(frozen=True)
class Headers:
    """A record's header only: where it starts, its tags in file order, its syntax errors."""

    line: int
    tags: tuple[tuple[str, str], ...]
    errors: tuple[RecordSyntaxError, ...] = ()

    def get(self, name: str, default: str | None = None) -> str | None:
        return next((v for n, v in self.tags if n == name), default)


class HeadersBuilder(Visitor[R, Headers]):
    """Collects each record's tags and skips its body (fast listing of a file's games)."""

    def __init__(self) -> None:
        self.line = 0
        self.tags: list[tuple[str, str]] = []
        self.errors: list[RecordSyntaxError] = []

    def handle_error(self, error: RecordSyntaxError) -> None:
        self.errors.append(error)

    def begin_record(self, line: int) -> None:
        self.line = line

    def visit_header(self, name: str, value: str, line: int) -> None:
        self.tags.append((name, value))

    def end_headers(self) -> bool:
        return False

    def result(self) -> Headers:
        return Headers(self.line, tuple(self.tags), tuple(self.errors))


def read_with(handle: IO[str], build: Callable[[RawRecord], R], visitor: Callable[[], Visitor[R, T]],
              example_tag: str) -> Iterator[T]:
    """Drive a fresh `visitor` over each raw record in `handle`; `build` is the game's parser
    (a raw record -> the game's record, syntax errors collected on it, never raised)."""
    for raw in split_records(handle, example_tag=example_tag):
        v = visitor()
        v.begin_record(raw.start_line)
        for name, value, line in raw.tags:
            v.visit_header(name, value, line)
        for error in raw.errors:
            v.handle_error(error)
        if v.end_headers():
            v.visit_record(build(raw))
        yield v.result()


def parse_counts(value: str, keys: tuple[str, ...], line: int) -> dict[str, int]:
    """A score-sheet tag value, ``key=number`` items separated by spaces -> {key: number}."""
    got = {}
    for item in value.split():
        k, sep, v = item.partition("=")
        if not sep or k not in keys or not _INT.fullmatch(v):
            raise RecordSyntaxError("bad sheet entry {item!r}: write key=number with keys {keys}", line,
                                    item=item, keys=Joined(keys))
        got[k] = int(v)
    return got


def write_tags(pairs: Iterable[tuple[str, str]], handle: IO[str]) -> None:
    """Write one ``[Name "value"]`` line per (name, value) pair, escaping the value."""
    for name, value in pairs:
        handle.write(f'[{name} "{escape(value)}"]\n')


def write_header(roster: Iterable[str], game: Iterable[tuple[str, str]], extra: Iterable[tuple[str, str]],
                 sheets: Iterable[str], handle: IO[str]) -> None:
    """Write a record's header in the one order every game uses: the shared `ROSTER` values
    (`roster`, in `ROSTER` order), the game's own roster tags, further tags, then
    ``Sheet1`` .. ``SheetN``."""
    write_tags((*zip(ROSTER, roster, strict=True), *game, *extra,
                *((f"Sheet{i}", s) for i, s in enumerate(sheets, 1))), handle)


class Collector:
    """Syntax errors of one record, gathered while a game's parser goes on reading."""

    def __init__(self, raw: RawRecord) -> None:
        self.errors: list[RecordSyntaxError] = list(raw.errors)

    def add(self, error: RecordSyntaxError) -> None:
        self.errors.append(error)

    def done(self) -> tuple[RecordSyntaxError, ...]:
        return tuple(sorted(self.errors, key=lambda e: e.line))


class CountSheet:
    """A score sheet a record writes in a ``SheetN`` tag, ``key=number`` items in field order:
    mixed into each game's frozen dataclass of int categories."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        return tuple(cls.__dataclass_fields__)

    def text(self) -> str:
        return " ".join(f"{k}={getattr(self, k)}" for k in self.__dataclass_fields__)

    @classmethod
    def parse(cls, value: str, line: int) -> Self:
        """A ``SheetN`` tag's value -> the sheet (categories not given are 0)."""
        return cls(**parse_counts(value, cls.keys(), line))


S = TypeVar("S", bound=CountSheet)
#: The tags of the shared roster a game's record type holds as plain text fields.
TEXT_TAGS = ("Event", "Round", "Table", "Date")


@dataclass
class Header(Generic[S]):
    """A record's header as every game reads it (see `read_header`)."""

    game_seen: bool = False
    #: The roster tags given (each at most once): name -> (value, line); the game reads its own.
    values: dict[str, tuple[str, int]] = field(default_factory=dict)
    sheets: dict[int, S] = field(default_factory=dict)          # SheetN -> sheet N
    extra: list[tuple[str, str]] = field(default_factory=list)  # further tags, in order

    def text_fields(self) -> dict[str, str]:
        """The Event, Round, Table and Date given, as the records' fields (``event`` ...)."""
        return {name.lower(): self.values[name][0] for name in TEXT_TAGS if name in self.values}


@dataclass(frozen=True)
class GameName:
    """One game as a record's ``Game`` tag may name it: its name, its title, every spelling
    accepted (name, title and aliases, casefolded) and whether it has a record format."""

    name: str
    title: str
    spellings: frozenset[str]
    records: bool


@dataclass(frozen=True)
class GameNames:
    """The names a record's ``Game`` tag may carry, handed to a game's reader by the registry
    (the one module that knows every game): the reader's own game `game` (its name) and every
    game `known`, so that a tag naming another game, or none, says so."""

    game: str
    known: tuple[GameName, ...]

    def check(self, value: str, line: int) -> None:
        """Raise RecordSyntaxError unless the tag value `value` (at `line`) names this game."""
        key = value.strip().casefold()
        found = next((g for g in self.known if key in g.spellings), None)
        with_records = ", ".join(g.name for g in self.known if g.records)
        if found is None:
            raise RecordSyntaxError("unknown game {game!r}: use one of {games}", line, game=value,
                                    games=with_records)
        if not found.records:
            raise RecordSyntaxError("no game records for {game}: replay and self-play are for {games}", line,
                                    game=found.title, games=with_records)
        if found.name != self.game:
            title = next(g.title for g in self.known if g.name == self.game)
            raise RecordSyntaxError("game {game!r} in a {title} file: use one game per file", line,
                                    game=value, title=title)


def read_header(raw: RawRecord, errors: Collector, names: GameNames, roster: tuple[str, ...],
                sheet: Callable[[str, int], S], sheet_tag: re.Pattern[str]) -> Header[S]:
    """Read a record's tags the way every game does: the ``Game`` tag must carry one of the
    reader's `names`; the `roster` tags may each be given once; tags matching `sheet_tag`
    (``Sheet1``...) are parsed with `sheet`; any other tag is kept in order. Errors go to
    `errors`, reading goes on."""
    header: Header[S] = Header()
    for name, value, ln in raw.tags:
        try:
            if name == GAME_TAG:
                header.game_seen = True
                names.check(value, ln)
            elif name in roster:
                if name in header.values:
                    raise RecordSyntaxError("tag {name!r} given twice", ln, name=name)
                header.values[name] = (value, ln)
            elif sheet_tag.fullmatch(name):
                header.sheets[int(name[5:])] = sheet(value, ln)
            else:
                header.extra.append((name, value))
        except RecordSyntaxError as exc:
            errors.add(exc)
    return header


class RecordFormat(Generic[R]):
    """One game's record text: its parser (`build`, a raw record -> the game's record, errors
    collected on it) and writer (`write`, one record), with the readers every game offers."""

    def __init__(self, title: str, build: Callable[[RawRecord], R], write: Callable[[R, IO[str]], None]) -> None:
        self.build = build
        self.write = write
        self.example_tag = f'[{GAME_TAG} "{title}"]'

    def read_with(self, handle: IO[str], visitor: Callable[[], Visitor[R, T]]) -> Iterator[T]:
        """Drive a fresh `visitor` over each record in `handle` (see `Visitor`)."""
        return read_with(handle, self.build, visitor, example_tag=self.example_tag)

    def read_records(self, handle: IO[str]) -> Iterator[R]:
        """Yield the records in `handle` one at a time; syntax errors are in ``record.errors``."""
        return self.read_with(handle, RecordBuilder[R])

    def write_records(self, records: Iterable[R], handle: IO[str]) -> None:
        """Write records to `handle`, each followed by a blank line; ``read(write(r)) == r``."""
        for r in records:
            self.write(r, handle)
