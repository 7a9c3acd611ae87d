"""The game interface, in one place: what every game's workflow provides (`GameWorkflow`, a
typed protocol the edges hand down, so generic code never names a game) and the class each
game's workflow is made from (`Workflow`: a game declares its names, schemes, sheet format,
optional rules and one function per step, `Steps`, delegated here once)."""
from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from tourney.core.errors import UsageError
from tourney.core.i18n import _
from tourney.event.game import Catalogue, GameOption

if TYPE_CHECKING:
    from tourney.outputs.pdf.game import GamePrint
    from tourney.outputs.printsheets import SheetsWritten
    from tourney.event.checking import CheckReport, TableRowsFn
    from tourney.event.rating import RatedGame
    from tourney.core.schemes import Scheme
    from tourney.event.seating import SeatedRound
    from tourney.core.sheetio import SheetFormat
    from tourney.core.tabular import Source
    from tourney.event.standings import PlayerRounds, Standings
    from tourney.outputs.stats.model import GameStats
    from tourney.core.store import Event, EventSetting
    from tourney.event.drawcheck import DrawMethod
    from tourney.outputs.views import Pairings


class CheckFn(Protocol):
    """A game's checks of parsed sheets against the event (`GameWorkflow.check`)."""

    def __call__(self, report: CheckReport, event: Event, *, register: bool, correct: bool) -> None: ...


def _no_draws(event: Event, round_no: int | None) -> str:
    return ""


@dataclass(frozen=True)
class Steps:
    """A game's part of an event as plain functions, one per `GameWorkflow` step. `parse` gets
    the sheet files and the event's optional rules as keywords (`leaders=True`);
    `player_view` the standings `standings` computed; `rated_games` every stored game as places
    at its table by the game's own rules (for the season rating)."""

    seat: Callable[[Event, int | None, bool, str | None], list[SeatedRound]]
    write_sheets: Callable[[Event, int, Path, str], SheetsWritten]
    parse: Callable[..., CheckReport]
    check: CheckFn
    table_rows: Callable[[Event], TableRowsFn]
    standings: Callable[[Event, int | None], Standings]
    player_view: Callable[[Event, Any, str], PlayerRounds]
    rated_games: Callable[[Event], tuple[RatedGame, ...]]
    draws_view: Callable[[Event, int | None], str] = _no_draws


def _load(where: str) -> Any:
    """`module:NAME`, imported when first asked for (reportlab and pandas load only then)."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def later(where: str) -> Callable[..., Any]:
    """The function `module:NAME`, imported at its first call: a step that writes workbooks
    keeps openpyxl out of commands that only read (`tourney check`)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return _load(where)(*args, **kwargs)

    return call


class Workflow:
    """`GameWorkflow` from a game's `Steps` and a few declarations: every game's workflow
    class is this with its own values, so each step is delegated in one place."""

    name: str
    label: str
    schemes: tuple[Scheme, ...]
    sheet_format: SheetFormat
    steps: Steps
    plans_tables = False
    pairings: Pairings | None = None
    options: tuple[GameOption, ...] = ()
    catalogue: Catalogue | None = None

    # Each game imports its print kit (reportlab) and statistics (pandas) when asked for them.
    @property
    def print_kit(self) -> GamePrint:
        raise NotImplementedError

    @property
    def draw_methods(self) -> Mapping[str, DrawMethod]:
        """The game's own draw methods for `verify-draws` (the shared ones: `tourney.event.drawcheck`)."""
        return {}

    @property
    def stats(self) -> GameStats:
        raise NotImplementedError

    def bye_settings(self, bye_score: str) -> list[EventSetting]:
        """`tourney new --bye-score` for a game that has byes; refused by default."""
        raise UsageError(_("--bye-score is for games played in matches (a {game} round has no byes)").format(
            game=self.label))

    def event_settings(self, *, bye_score: str | None, options: Sequence[str] = ()) -> list[EventSetting]:
        from tourney.core.store import EventSetting  # the store (SQLAlchemy) loads only where used

        settings = self.bye_settings(bye_score) if bye_score is not None else []
        known = {o.name: o for o in self.options}
        for name in dict.fromkeys(options):
            option = known.get(name.strip().casefold())
            if option is None:
                raise UsageError(
                    _("--option {name!r}: a {game} event may be played with {options}").format(
                        name=name, game=self.label, options=", ".join(known)) if known else
                    _("--option {name!r}: a {game} event has no optional rules").format(name=name, game=self.label))
            settings.append(EventSetting(option.setting, "on", f"option {option.name}: {option.note}"))
        return settings

    def event_options(self, event: Event) -> frozenset[str]:
        return frozenset(o.name for o in self.options if event.setting(o.setting))

    def seat(self, event: Event, round_no: int | None, all_rounds: bool, tables: str | None) -> list[SeatedRound]:
        return self.steps.seat(event, round_no, all_rounds, tables)

    def draws_view(self, event: Event, round_no: int | None) -> str:
        return self.steps.draws_view(event, round_no)

    def write_sheets(self, event: Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
        return self.steps.write_sheets(event, round_no, path, lang)

    def check_keywords(self, event: Event | None) -> dict[str, object]:
        """The sheet check's keywords for the event: its optional rules (True) and the card
        list loaded into it."""
        if event is None:
            return {}
        from tourney.core.store.schema import CATALOGUE_SETTING  # the store is loaded: an event is open

        keywords: dict[str, object] = {name: True for name in self.event_options(event)}
        stored = event.setting(CATALOGUE_SETTING)
        if stored and self.catalogue is not None:
            keywords.update(self.catalogue.keywords(json.loads(stored)["cards"]))
        return keywords

    def parse(self, paths: Sequence[Source], event: Event | None = None) -> CheckReport:
        return self.steps.parse(paths, **self.check_keywords(event))

    def check(self, report: CheckReport, event: Event, *, register: bool, correct: bool) -> None:
        self.steps.check(report, event, register=register, correct=correct)

    def table_rows(self, event: Event) -> TableRowsFn:
        return self.steps.table_rows(event)

    def standings(self, event: Event, after_round: int | None = None) -> Standings:
        """The event's standings after `after_round` (default: every stored round). A round
        after the last one with results is refused: its standings would only repeat an
        earlier round's under a later title."""
        from tourney.event.standings import check_after_round

        check_after_round(event, after_round)
        return self.steps.standings(event, after_round)

    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        return self.steps.player_view(event, standings, player)

    def rated_games(self, event: Event) -> tuple[RatedGame, ...]:
        return self.steps.rated_games(event)


class GameWorkflow(Protocol):
    """One game's part of running an event. `name` is the rules_engine ruleset name stored
    as the event's game."""

    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str:
        """The game's short name in messages ("7 Wonders")."""
    @property
    def schemes(self) -> tuple[Scheme, ...]:
        """The game's scoring schemes, the default first."""
    @property
    def sheet_format(self) -> SheetFormat:
        """The columns of the game's score sheets (finds the game of a file without an event)."""
    @property
    def plans_tables(self) -> bool:
        """Whether the seating report compares table plans before the first round."""
    @property
    def pairings(self) -> Pairings | None:
        """The pairing commands, for a game played in matches of two."""
    @property
    def print_kit(self) -> GamePrint:
        """What the game adds to the printed PDFs: its score pad, notes, standings columns."""
    @property
    def draw_methods(self) -> Mapping[str, DrawMethod]:
        """The game's own draw methods for `tourney verify-draws`, by the name its records give."""
    @property
    def stats(self) -> GameStats:
        """The game's statistics for `tourney stats` (frames, tables, charts)."""

    @property
    def options(self) -> tuple[GameOption, ...]:
        """The optional rules an event of the game may be played with."""

    @property
    def catalogue(self) -> Catalogue | None:
        """The card list an organiser may load into an event, when the game has one."""

    def check_keywords(self, event: Event | None) -> dict[str, object]:
        """The sheet check's keywords for the event: optional rules and a loaded card list."""

    def event_settings(self, *, bye_score: str | None, options: Sequence[str] = ()) -> list[EventSetting]:
        """The game's own settings of a new event from `tourney new`'s options (checked
        before the event file is created)."""
    def event_options(self, event: Event) -> frozenset[str]:
        """The names of the optional rules the event is played with."""
    def seat(self, event: Event, round_no: int | None, all_rounds: bool, tables: str | None) -> list[SeatedRound]:
        """Seat or pair the next round, round `round_no`, or every open round."""
    def draws_view(self, event: Event, round_no: int | None) -> str:
        """The draws of the seated rounds as text lines (empty when the game draws nothing)."""
    def write_sheets(self, event: Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
        """The round's printable score sheets; marks the round printed."""
    def parse(self, paths: Sequence[Source], event: Event | None = None) -> CheckReport:
        """Read the sheet files (or rows in memory) and check every table against the rules (with the event's
        optional rules, when given)."""
    def check(self, report: CheckReport, event: Event, *, register: bool, correct: bool) -> None:
        """Add the findings that need the event (players, seating or pairing, stored results)."""
    def table_rows(self, event: Event) -> TableRowsFn:
        """How a checked table is stored (the game's serialisation of its sheet type)."""
    def standings(self, event: Event, after_round: int | None = None) -> Standings:
        """The event's standings after `after_round` (default: every stored round)."""
    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        """One registered player's rounds for `tourney player`: seated rounds and results."""
    def rated_games(self, event: Event) -> tuple[RatedGame, ...]:
        """Every stored game (byes left out) as the players' places at the table by the game's own
        rules — its tiebreaks applied, equal places only where the rules share them — in round
        and table order: what the season rating reads (`tourney rating`)."""
