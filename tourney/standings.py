"""Standings every game shares: the `Standings` protocol the generic commands (export,
season) read, the tiebreak declaration and the drawn lot. Each game computes its own
standings in `tourney.games.<game>`."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Protocol, Sequence

from tourney.store import EventInfo, StoredDraw

if TYPE_CHECKING:
    from tourney.schemes import Scheme
    from tourney.store import Event


@dataclass(frozen=True)
class Tiebreak:
    """One ranking criterion: `key` names the value it ranks by; higher is better unless
    `ascending`."""

    key: str
    name: str
    abbr: str
    ascending: bool = False


class StandingRow(Protocol):
    """One player's line: what every game's standings row has."""

    @property
    def rank(self) -> int: ...
    @property
    def player(self) -> str: ...
    @property
    def games(self) -> int:
        """Games (or matches, byes included) the player has a result for."""
    @property
    def dropped_after(self) -> int | None: ...


class Standings(Protocol):
    """A game's standings, ready for every output format."""

    @property
    def info(self) -> EventInfo: ...
    @property
    def scheme(self) -> Scheme: ...
    @property
    def after_round(self) -> int | None: ...
    @property
    def rows(self) -> Sequence[StandingRow]: ...
    @property
    def tiebreaks(self) -> tuple[Tiebreak, ...]: ...
    @property
    def lot_order(self) -> tuple[str, ...]: ...

    def rounds_played(self) -> frozenset[int]:
        """The rounds with at least one result."""
    def to_table(self) -> str: ...
    def to_csv(self) -> str: ...
    def to_json(self) -> str: ...
    def to_html(self) -> str: ...
    def write_xlsx(self, path: Path | BinaryIO, draws: Sequence[StoredDraw] = ()) -> None: ...


def lot_key(seed: int, name: str) -> str:
    """A player's lot: a hash of the event seed and the name, so anyone can redraw it."""
    return hashlib.sha256(f"tourney-lot:{seed}:{name.casefold()}".encode()).hexdigest()


def compute_standings(event: Event, after_round: int | None = None) -> Standings:
    """The event's standings after `after_round` (default: every stored round), of its game."""
    from tourney.games import workflow

    return workflow(event.info().game).standings(event, after_round)
