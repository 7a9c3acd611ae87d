"""What the use cases read of an event's game, declared here beside them so that nothing below
`tourney.games` imports a game: its optional rules and card list (`GameOption`, `Catalogue`),
what setting up an event asks of it (`SetupGame`) and what the standings, the player's view and
the season rating ask (`StandingsGame`). Checking asks `tourney.event.checking.SheetGame`,
seating `tourney.event.seating.SeatingGame`; every game's `tourney.games.base.Workflow` is all
of them."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tourney.core.schemes import Scheme
    from tourney.core.store import Event, EventSetting, Json
    from tourney.event.rating import RatedGame
    from tourney.event.standings import PlayerRounds, Standings
    from tourney.scanpad.fields import ScanSheetFn


@dataclass(frozen=True)
class GameOption:
    """An optional rule an event of the game is played with (`tourney new --option NAME`),
    such as an expansion: stored with the event, passed to the rules engine's sheet check as
    the keyword `name` (True)."""

    name: str
    note: str  # what it is, for help texts and the history

    @property
    def setting(self) -> str:
        """The event setting that holds it."""
        from tourney.core.store.event import OPTION_PREFIX  # the store loads where settings are read

        return f"{OPTION_PREFIX}{self.name}"


class Catalogue(Protocol):
    """Card data an organiser loads into an event from a CSV file or a workbook (`tourney event EVENT
    --catalogue FILE`) where no public source gives it in full; the game's sheet check then
    gets it as keywords (One Card Wonder: the wonder cards and their stages)."""

    what: str  # what the file lists, a msgid ("wonder cards")

    def read(self, path: Path) -> list[Json]:
        """The cards of the file, each as stored; a SheetError says what is wrong and where."""

    def keywords(self, cards: list[Json]) -> dict[str, object]:
        """The sheet check's keywords for the stored cards."""


class SetupGame(Protocol):
    """What `tourney new` and `tourney event` ask of the event's game."""

    @property
    def name(self) -> str:
        """The rules_engine ruleset name stored as the event's game."""
    @property
    def label(self) -> str:
        """The game's short name in messages ("7 Wonders")."""
    @property
    def schemes(self) -> tuple[Scheme, ...]:
        """The game's scoring schemes, the default first."""
    @property
    def options(self) -> tuple[GameOption, ...]:
        """The optional rules an event of the game may be played with."""
    @property
    def catalogue(self) -> Catalogue | None:
        """The card list an organiser may load into an event, when the game has one."""
    @property
    def scan_sheet(self) -> ScanSheetFn | None:
        """The game's scan pad (`tourney event --pads scan`), when it has one."""

    def event_settings(self, *, bye_score: str | None, options: Sequence[str] = ()) -> list[EventSetting]:
        """The game's own settings of a new event from `tourney new`'s options (checked
        before the event file is created)."""
    def event_options(self, event: Event) -> frozenset[str]:
        """The names of the optional rules the event is played with."""


class StandingsGame(Protocol):
    """What the standings, a player's view, the exports and the season rating ask of the game."""

    @property
    def label(self) -> str:
        """The game's short name in messages ("7 Wonders")."""

    def standings(self, event: Event, after_round: int | None = None) -> Standings:
        """The event's standings after `after_round` (default: every stored round)."""
    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        """One registered player's rounds for `tourney player`: seated rounds and results, from
        the standings this game computed."""
    def rated_games(self, event: Event) -> tuple[RatedGame, ...]:
        """Every stored game (byes left out) as the players' places at the table by the game's own
        rules — its tiebreaks applied, equal places only where the rules share them — in round
        and table order: what the season rating reads (`tourney rating`)."""
