"""Standings every game shares: the `Standings` protocol the generic commands (export,
season) read, the tiebreak declaration and the drawn lot. Each game computes its own
standings in `tourney.games.<game>`."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Protocol, Sequence, TypeVar

from tourney.core.errors import UsageError
from tourney.core.lots import lot_key
from tourney.core.i18n import _

G = TypeVar("G")

if TYPE_CHECKING:
    from tourney.core.schemes import Scheme
    from tourney.core.store import Event, EventInfo, SeatRow, StoredDraw


@dataclass(frozen=True)
class Tiebreak:
    """One ranking criterion: `key` names the value it ranks by; higher is better unless
    `ascending`. Shown with exactly `decimals` decimals (a share), or by default as a whole
    number or with at most two."""

    key: str
    name: str
    abbr: str
    ascending: bool = False
    decimals: int | None = None


@dataclass(frozen=True)
class PlainSheet:
    """A sheet a standings workbook carries as it is, after its own sheets (the draws that
    `verify-draws` reads): written with them, in the workbook's one save."""

    title: str
    header: tuple[str, ...]
    rows: Sequence[Sequence[object]]
    printed: bool = True  # False: a sheet for the machine, hidden (printing the workbook leaves it out)


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
    # `cut`: the qualification line under the players ranked 1..cut (None: no line).
    def to_table(self, cut: int | None = None) -> str: ...
    def to_csv(self, cut: int | None = None) -> str: ...
    def to_json(self, cut: int | None = None) -> str: ...
    def to_html(self, cut: int | None = None) -> str: ...
    def write_xlsx(self, path: Path, draws: Sequence[StoredDraw] = (), cut: int | None = None,
                   extra: Sequence[PlainSheet] = ()) -> None: ...


P = TypeVar("P")


def in_lot_order(seed: int, players: Iterable[P], name: Callable[[P], str]) -> list[P]:
    """`players` in their lot order (`lot_key` of each one's name): the lot tiebreak, and what
    the draws of version 2 are made from."""
    return sorted(players, key=lambda p: lot_key(seed, name(p)))


def ranked_by_lot(info: EventInfo, players: Iterable[P], name: Callable[[P], str]) -> list[P]:
    """`players` in their lot order for the standings' lot tiebreak: drawn from the event's
    seed, or on a hub's replica whose seed the venue keeps secret, by the lots it sent once
    the event was final (`EventInfo.lots`)."""
    sent = dict(info.lots)
    return sorted(players, key=lambda p: sent.get(name(p).casefold()) or lot_key(info.seed, name(p)))


def check_after_round(event: Event, after_round: int | None) -> None:
    """Refuse `--after-round` beyond the last round with results (or before any result)."""
    if after_round is not None:
        last = max((t.round for t in event.results()), default=0)
        if not last:
            raise UsageError(_("--after-round {after}: no round has results yet; leave out --after-round").format(
                after=after_round))
        if after_round > last:
            raise UsageError(_("--after-round {after}: the last round with results is round {last}; use "
                               "--after-round {last} or less").format(after=after_round, last=last))


#: The event setting that holds the qualification cut (`tourney event EVENT --cut K`).
CUT_SETTING = "cut"


def event_cut(event: Event) -> int | None:
    """The qualification cut stored with the event (None when not set)."""
    value = event.setting(CUT_SETTING)
    return int(value) if value and value.isdigit() and int(value) > 0 else None


def ranked(standings: Standings) -> Sequence[StandingRow]:
    """The rows to show: none before the first result (a ranking by lot alone would mislead)."""
    return standings.rows if standings.rounds_played() else ()


def qualified_count(rows: Sequence[StandingRow], cut: int | None) -> int | None:
    """How many rows sit above the cut line (ranked 1..cut; players sharing rank `cut` all
    qualify); None when there is no line to draw (no cut, or everyone is above it)."""
    if cut is None:
        return None
    n = sum(1 for r in rows if r.rank <= cut)
    return n if 0 < n < len(rows) else None


def is_qualified(row: StandingRow, cut: int | None) -> bool | None:
    """The `qualified` column: whether the row is above the cut (None without a cut)."""
    return None if cut is None else row.rank <= cut


@dataclass(frozen=True)
class BoardCell:
    """A player's board in a round (`PlayerRounds.rows`): its stored name and side, shown as the
    game's edition in the reader's language names it (`Workflow.board_names`), and as stored
    in CSV and JSON ("Olympia A")."""

    name: str
    side: str | None = None

    def __str__(self) -> str:
        return self.shown({})

    def shown(self, names: Mapping[str, str]) -> str:
        name = names.get(self.name, self.name)
        return f"{name} {self.side}" if self.side else name


@dataclass(frozen=True)
class PlayerRounds:
    """A player's rounds as a game shows them (`tourney player`): column names, headings,
    one row per round."""

    columns: tuple[str, ...]
    labels: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]


def round_rows(event: Event, player: str, played: Mapping[int, G],
               played_row: Callable[[G, SeatRow | None], tuple[object, ...]],
               seated_row: Callable[[SeatRow], tuple[object, ...]]) -> tuple[tuple[object, ...], ...]:
    """The rows of a player's view (`PlayerRounds.rows`), in round order: `played_row(game,
    seat)` for a round the player has a result in (`played`, by round), `seated_row(seat)` for
    a round seated but not played yet."""
    seats = {s.round: s for s in event.seats() if s.player == player}
    return tuple(played_row(played[r], seats.get(r)) if r in played else seated_row(seats[r])
                 for r in sorted(seats.keys() | played.keys()))
