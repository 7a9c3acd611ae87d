"""What every game's workflow provides (`GameWorkflow`), as a typed protocol: the generic
commands (seat, sheets, check, results import, standings, export, season) call these and
never name a game."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, Sequence

if TYPE_CHECKING:
    from tourney.pdf.game import GamePrint
    from tourney.printsheets import SheetsWritten
    from tourney.results import CheckReport, TableRowsFn
    from tourney.schemes import Scheme
    from tourney.seating import SeatedRound
    from tourney.sheetio import SheetFormat
    from tourney.tabular import Source
    from tourney.standings import PlayerRounds, Standings
    from tourney.stats.model import GameStats
    from tourney.store import Event, EventSetting
    from tourney.workflow import Catalogue, GameOption


class Pairings(Protocol):
    """A game played in matches of two: its pairings shown, printed, and a top cut."""

    def view(self, event: Event, round_no: int | None, by: str, fmt: str) -> str:
        """A round's pairings by table or by name, as a table, CSV or JSON."""
    def write_workbook(self, event: Event, round_no: int | None, path: str | Path) -> Path:
        """The round's pairings and match sheets as a printable workbook."""
    def seat_cut(self, event: Event, size: int) -> SeatedRound:
        """Pair the next round of a top cut of `size`."""


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
    def standings(self, event: Event, after_round: int | None) -> Standings:
        """The event's standings after `after_round` (default: every stored round)."""
    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        """One registered player's rounds for `tourney player`: seated rounds and results."""
