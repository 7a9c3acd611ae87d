"""The class every game's workflow is (`Workflow`): a game declares its names, schemes, sheet
format and optional rules, and implements one method per step of an event (seat, parse, check,
table rows, sheets, standings, ...). The generic code below the edges reads it through the
narrow protocols declared beside that code (`tourney.event.game`, `tourney.event.checking`,
`tourney.event.seating`, `tourney.outputs.views`); the edges get it from `tourney.games.registry`.
A step whose modules are heavy (a workbook writer, reportlab, pandas) imports them in its method,
so a command loads only what it runs."""
from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rules_engine.findings import Term, phrase
from tourney.core.errors import UsageError
from tourney.core.i18n import N_, _
from tourney.event.game import Catalogue, GameOption

if TYPE_CHECKING:
    from tourney.core.schemes import Scheme
    from tourney.core.sheetio import SheetFormat
    from tourney.core.store import Event, EventSetting
    from tourney.core.tabular import Source
    from tourney.event.checking import CheckReport, TableRowsFn
    from tourney.event.drawcheck import DrawMethod
    from tourney.event.rating import RatedGame
    from tourney.event.seating import SeatedRound
    from tourney.event.standings import PlayerRounds, Standings
    from tourney.outputs.pdf.game import GamePrint
    from tourney.outputs.printsheets import SheetsWritten
    from tourney.outputs.stats.model import GameStats
    from tourney.outputs.views import Pairings
    from tourney.scanpad.fields import ScanSheetFn


class Workflow(ABC):
    """One game's part of running an event. `name` is the rules_engine ruleset name stored as
    the event's game, `label` the game's short name in messages ("7 Wonders"), `schemes` its
    scoring schemes (the default first), `sheet_format` the columns of its score sheets (it
    finds the game of a file without an event); `plans_tables`: the seating report compares
    table plans before the first round; `pairings`: the pairing commands of a game played in
    matches of two."""

    name: str
    label: str
    schemes: tuple[Scheme, ...]
    sheet_format: SheetFormat
    plans_tables: bool = False
    pairings: Pairings | None = None
    options: tuple[GameOption, ...] = ()
    catalogue: Catalogue | None = None
    scan_sheet: ScanSheetFn | None = None  # the game's scan pad (tourney/games/<game>/scanpad.py)

    # --- what the game adds to prints, statistics and draw checks --------------------------------
    @property
    @abstractmethod
    def print_kit(self) -> GamePrint:
        """What the game adds to the printed PDFs: its score pad, notes, standings columns."""

    @property
    @abstractmethod
    def stats(self) -> GameStats:
        """The game's statistics for `tourney stats` (frames, tables, charts)."""

    def board_names(self, lang: str) -> Mapping[str, str]:
        """The boards a seat is drawn (`SeatRow.wonder`) as the game's edition in `lang` names
        them, where that differs from the stored name; each imports back as the stored one. The
        printed sheets and pads, the terminal's seating and the live pages show them."""
        return {}

    @property
    def draw_methods(self) -> Mapping[str, DrawMethod]:
        """The game's own draw methods for `tourney verify-draws`, by the name its records give
        (the shared ones: `tourney.event.drawcheck`)."""
        return {}

    # --- the event's settings ----------------------------------------------------------------------
    def bye_settings(self, bye_score: str) -> list[EventSetting]:
        """`tourney new --bye-score` for a game that has byes; refused by default."""
        raise UsageError(_("--bye-score is for games played in matches (a {game} round has no byes)").format(
            game=self.label))

    def event_settings(self, *, bye_score: str | None, options: Sequence[str] = ()) -> list[EventSetting]:
        """The game's own settings of a new event from `tourney new`'s options (checked
        before the event file is created)."""
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
            settings.append(EventSetting(option.setting, "on", phrase(N_("option {name}: {note}"), name=option.name,
                                                                      note=Term(option.note))))
        return settings

    def event_options(self, event: Event) -> frozenset[str]:
        """The names of the optional rules the event is played with."""
        return frozenset(o.name for o in self.options if event.setting(o.setting))

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

    # --- the steps of an event ---------------------------------------------------------------------
    @abstractmethod
    def seat(self, event: Event, round_no: int | None, all_rounds: bool, tables: str | None) -> list[SeatedRound]:
        """Seat or pair the next round, round `round_no`, or every open round."""

    def draws_view(self, event: Event, round_no: int | None) -> str:
        """The draws of the seated rounds as text lines (empty when the game draws nothing)."""
        return ""

    @abstractmethod
    def write_sheets(self, event: Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
        """The round's printable score sheets; marks the round printed."""

    @abstractmethod
    def parse(self, paths: Sequence[Source], event: Event | None = None) -> CheckReport:
        """Read the sheet files (or rows in memory) and check every table against the rules, with
        the event's optional rules and card list when given (`check_keywords`)."""

    @abstractmethod
    def check(self, report: CheckReport, event: Event, *, register: bool, correct: bool) -> None:
        """Add the findings that need the event (players, seating or pairing, stored results)."""

    @abstractmethod
    def table_rows(self, event: Event) -> TableRowsFn:
        """How a checked table is stored (the game's serialisation of its sheet type)."""

    def standings(self, event: Event, after_round: int | None = None) -> Standings:
        """The event's standings after `after_round` (default: every stored round). A round
        after the last one with results is refused: its standings would only repeat an
        earlier round's under a later title."""
        from tourney.event.standings import check_after_round

        check_after_round(event, after_round)
        return self.compute_standings(event, after_round)

    @abstractmethod
    def compute_standings(self, event: Event, after_round: int | None) -> Standings:
        """The game's standings after `after_round` (None: every stored round), the round checked."""

    @abstractmethod
    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        """One registered player's rounds for `tourney player`: seated rounds and results, from
        the standings `standings` computed."""

    @abstractmethod
    def rated_games(self, event: Event) -> tuple[RatedGame, ...]:
        """Every stored game (byes left out) as the players' places at the table by the game's own
        rules — its tiebreaks applied, equal places only where the rules share them — in round
        and table order: what the season rating reads (`tourney rating`)."""
