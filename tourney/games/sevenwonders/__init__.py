"""7 Wonders in the event workflow: seating with wonder and guild draws, score sheets and
their German vocabulary, checks against the seating, standings by game points and shares."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.errors import UsageError
from tourney.i18n import _
from tourney.workflow import Steps, Workflow, later
from tourney.games.sevenwonders import seating, sheets
from tourney.games.sevenwonders.schemes import SCHEMES
from tourney.games.sevenwonders.standings import compute_standings, player_rounds
from tourney.schemes import Scheme
from tourney.sheetio import SheetFormat

if TYPE_CHECKING:
    from tourney.store import EventSetting


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
    print_kit_at = "tourney.games.sevenwonders.pad:PRINT"
    stats_at = "tourney.games.sevenwonders.stats:STATS"

    def bye_settings(self, bye_score: str) -> list[EventSetting]:
        raise UsageError(_("--bye-score is for Duel events (a 7 Wonders round has no byes)"))


WORKFLOW = SevenWonders()
