"""One class per game, python-chess's variant pattern: a `Ruleset` names the game (with its
aliases) and checks its score sheets; a `RecordRuleset` also reads, writes and replays its
records and plays random games. `replay` returns the one `Verdict` shape every game shares."""
from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import (
    IO,
    Any,
    ClassVar,
    Generic,
    Protocol,
    TypeVar,
)

from rules_engine.findings import Finding, Text, error, phrase
from rules_engine.recordtext import (
    GameName,
    GameNames,
    Headers,
    HeadersBuilder,
    RecordBuilder,
    RecordFormat,
    RecordSyntaxError,
    Visitor,
)

S = TypeVar("S")            # the game's score sheet (what check_sheet checks)
V = TypeVar("V")            # the sheet a replay computes
T = TypeVar("T")


class Record(Protocol):
    """What every game's record has: where it starts in its file, its players in seat order
    and the syntax errors found reading it."""

    @property
    def line(self) -> int: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def errors(self) -> tuple[RecordSyntaxError, ...]: ...


R = TypeVar("R", bound=Record)


@dataclass(frozen=True)
class Outcome:
    """How a replayed game ended (python-chess's ``Outcome(termination, winner)``).

    `termination` is the game's own enum of endings; `winner` the winning seat (0 = seat 1),
    None for a shared victory; `scores` the final totals in seat order.
    """

    termination: enum.Enum
    winner: int | None
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Verdict(Generic[V]):
    """The outcome of replaying one record, the same shape for every game.

    `ok` is True when the record could be read and replayed and no error was found (house-rule
    corrections are warnings); `summary` is the one line `tourney verify` prints (a template
    with its values: `str()` is English, tourney says it in the reader's language); `outcome`
    and `sheet` (the game's computed final sheet) are None when the replay could not finish.
    """

    ok: bool
    findings: tuple[Finding, ...]
    summary: Text
    outcome: Outcome | None = None
    sheet: V | None = None

    @property
    def totals(self) -> tuple[int, ...] | None:
        return None if self.outcome is None else self.outcome.scores


def unreadable(errors: tuple[RecordSyntaxError, ...]) -> Verdict[Any]:
    """The verdict on a record with syntax errors: failed, one finding per error."""
    n = len(errors)
    return Verdict(False, tuple(error("syntax", "line {line}: {problem}", line=e.line, problem=e.text)
                                for e in errors),
                   phrase("unreadable: {n} syntax error", n=n) if n == 1
                   else phrase("unreadable: {n} syntax errors", n=n))


class VerdictBuilder(Visitor[R, "tuple[R, Verdict[Any]]"]):
    """Builds each record and replays it: the reader yields (record, verdict) pairs."""

    def __init__(self, replay: Callable[[R], Verdict[Any]]) -> None:
        self.replay = replay
        self.record: R | None = None

    def visit_record(self, record: R) -> None:
        self.record = record

    def result(self) -> tuple[R, Verdict[Any]]:
        assert self.record is not None, "the reader calls visit_record before result"
        return self.record, self.replay(self.record)


class Ruleset(ABC, Generic[S]):
    """The rules of one game. Subclasses set the class attributes and implement `check_sheet`;
    `rules_engine.find_ruleset(name)` finds one by name, title or alias. A game with a record
    format (replay, self-play) subclasses `RecordRuleset`; `records` is None for the others."""

    #: The name stored in events and written after ``--game`` (``"duel"``).
    name: ClassVar[str]
    #: For people (``"7 Wonders Duel"``); also written in a record's ``Game`` tag.
    title: ClassVar[str]
    #: Other spellings accepted wherever a game is named (``"7wd"``).
    aliases: ClassVar[tuple[str, ...]]
    #: The score-sheet type `check_sheet` takes.
    sheet_type: ClassVar[type[Any]]

    @classmethod
    def game_name(cls) -> GameName:
        """The game as a record's ``Game`` tag may name it (by name, title or alias)."""
        return GameName(cls.name, cls.title, frozenset((cls.name, cls.title.casefold(), *cls.aliases)),
                        issubclass(cls, RecordRuleset))

    def matches(self, name: str) -> bool:
        key = name.strip().casefold()
        return key in (self.name, self.title.casefold(), *self.aliases)

    @property
    def records(self) -> RecordRuleset[Any, Any, Any] | None:
        """The game's record format, replay and self-play; None when the game has none."""
        return None

    @abstractmethod
    def check_sheet(self, sheet: S) -> list[Finding]:
        """Every finding for one score sheet (empty when it is plausible)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


@dataclass(frozen=True)
class RecordFunctions(Generic[R, V]):
    """What a game with records provides: its record format, its replay and its self-play
    (``selfplay(n, seed, **options)``)."""

    format: RecordFormat[R]
    replay: Callable[[R], Verdict[V]]
    selfplay: Callable[..., Iterator[R]]


class RecordRuleset(Ruleset[S], Generic[R, S, V]):
    """The rules of a game that also has a record format: read, write, replay, self-play.
    A game implements `load`; the functions are imported on first use, so finding a game
    stays cheap. The registry hands each one the `names` its records' ``Game`` tag may carry
    (it alone knows every game)."""

    #: Self-play options beyond `n` and `seed`: keyword -> the value it takes ("" for a switch).
    selfplay_options: ClassVar[Mapping[str, str]] = {}

    def __init__(self, names: GameNames) -> None:
        self.names = names

    @property
    def records(self) -> RecordRuleset[Any, Any, Any]:
        return self

    @abstractmethod
    def load(self, names: GameNames) -> RecordFunctions[R, V]:
        """Import the game's record format (reading the ``Game`` tag's `names`), replay and self-play."""

    @cached_property
    def functions(self) -> RecordFunctions[R, V]:
        return self.load(self.names)

    def read(self, handle: IO[str], visitor: Callable[[], Visitor[R, T]]) -> Iterator[T]:
        """Drive a fresh `visitor` over each record in `handle`, one at a time."""
        return self.functions.format.read_with(handle, visitor)

    def read_records(self, handle: IO[str]) -> Iterator[R]:
        """The records in `handle`, one at a time; syntax errors are in ``record.errors``."""
        return self.read(handle, RecordBuilder[R])

    def read_headers(self, handle: IO[str]) -> Iterator[Headers]:
        """Each record's header only (the bodies are skipped, not parsed)."""
        return self.read(handle, HeadersBuilder[R])

    def verify_records(self, handle: IO[str]) -> Iterator[tuple[R, Verdict[V]]]:
        """Each record in `handle` with its replay verdict."""
        return self.read(handle, lambda: VerdictBuilder(self.replay))

    def write_records(self, records: Iterable[R], handle: IO[str]) -> None:
        """Write `records` to `handle`; reading them back gives equal records."""
        self.functions.format.write_records(records, handle)

    def replay(self, record: R) -> Verdict[V]:
        """Replay `record` under the rules; never raises on a bad record."""
        return self.functions.replay(record)

    def selfplay(self, n: int, seed: int, **options: Any) -> Iterator[R]:
        """`n` random legal games, reproducible from `seed`."""
        return self.functions.selfplay(n, seed, **options)
