"""7 Wonders in the event workflow: seating with wonder and guild draws, score sheets and
their German vocabulary, checks against the seating, standings by game points and shares."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from tourney.errors import UsageError
from tourney.games.base import Pairings
from tourney.games.sevenwonders import seating, sheets
from tourney.games.sevenwonders.schemes import SCHEMES
from tourney.games.sevenwonders.standings import SevenWondersStandings, compute_standings, player_rounds
from tourney.results import CheckReport, TableRowsFn
from tourney.schemes import Scheme
from tourney.seating import SeatedRound
from tourney.sheetio import SheetFormat
from tourney.standings import PlayerRounds, Standings
from tourney.store import Event, EventSetting


if TYPE_CHECKING:
    from tourney.pdf.game import GamePrint
    from tourney.printsheets import SheetsWritten
    from tourney.stats.model import GameStats


class SevenWonders:
    """The 7 Wonders workflow (see `tourney.games.base.GameWorkflow`)."""

    name = "7wonders"
    label = "7 Wonders"
    schemes: tuple[Scheme, ...] = SCHEMES
    sheet_format: SheetFormat = sheets.SCORE_SHEET
    plans_tables = True
    pairings: Pairings | None = None

    @property
    def print_kit(self) -> GamePrint:
        from tourney.games.sevenwonders.pad import PRINT  # reportlab loads only when printing

        return PRINT

    @property
    def stats(self) -> GameStats:
        # pandas and matplotlib load only for statistics
        from tourney.games.sevenwonders.stats import STATS

        return STATS

    def event_settings(self, *, bye_score: str | None) -> list[EventSetting]:
        if bye_score is not None:
            raise UsageError("--bye-score is for Duel events (a 7 Wonders round has no byes)")
        return []

    def seat(self, event: Event, round_no: int | None, all_rounds: bool, tables: str | None) -> list[SeatedRound]:
        return seating.seat_rounds(event, round_no, all_rounds, tables)

    def draws_view(self, event: Event, round_no: int | None) -> str:
        return seating.draws_view(event, round_no)

    def write_sheets(self, event: Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
        from tourney.games.sevenwonders import printsheets  # openpyxl loads only when writing sheets

        return printsheets.write_sheets(event, round_no, path, lang)

    def parse(self, paths: Sequence[str | Path]) -> CheckReport:
        return sheets.parse_files(paths)

    def check(self, report: CheckReport, event: Event, *, register: bool, correct: bool) -> None:
        sheets.check_against_event(report, event, register=register, correct=correct)

    def table_rows(self, event: Event) -> TableRowsFn:
        return sheets.table_rows(event)

    def standings(self, event: Event, after_round: int | None) -> SevenWondersStandings:
        return compute_standings(event, after_round)

    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        assert isinstance(standings, SevenWondersStandings)  # computed by this workflow
        return player_rounds(event, standings, player)


WORKFLOW = SevenWonders()
