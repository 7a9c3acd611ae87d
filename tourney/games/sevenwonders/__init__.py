"""7 Wonders in the event workflow: seating with wonder and guild draws, score sheets and
their German vocabulary, checks against the seating, standings by game points and shares."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.core.errors import UsageError
from tourney.core.i18n import _
from tourney.games.base import Steps, Workflow, later
from tourney.games.sevenwonders import seating, sheets
from tourney.games.sevenwonders.schemes import SCHEMES
from tourney.games.sevenwonders.standings import compute_standings, player_rounds
from tourney.core.schemes import Scheme
from tourney.core.sheetio import SheetFormat

if TYPE_CHECKING:
    from tourney.outputs.pdf.game import GamePrint
    from tourney.outputs.stats.model import GameStats
    from tourney.core.store import EventSetting


class SevenWonders(Workflow):
    """The 7 Wonders workflow (see `tourney.games.base.GameWorkflow`)."""

    name = "7wonders"
    label = "7 Wonders"
    schemes: tuple[Scheme, ...] = SCHEMES
    sheet_format: SheetFormat = sheets.SCORE_SHEET
    plans_tables = True
    steps = Steps(seat=seating.seat_rounds, write_sheets=later("tourney.games.sevenwonders.printsheets:write_sheets"),
                  parse=sheets.parse_files, check=sheets.check_against_event, table_rows=sheets.table_rows,
                  standings=compute_standings,
                  player_view=player_rounds, draws_view=seating.draws_view)

    @property
    def print_kit(self) -> GamePrint:
        from tourney.games.sevenwonders.pad import PRINT  # reportlab loads only when printing

        return PRINT

    @property
    def stats(self) -> GameStats:
        from tourney.games.sevenwonders.stats import STATS  # pandas loads only for statistics

        return STATS

    def bye_settings(self, bye_score: str) -> list[EventSetting]:
        raise UsageError(_("--bye-score is for Duel events (a 7 Wonders round has no byes)"))


WORKFLOW = SevenWonders()
