"""7 Wonders Duel in the event workflow: Swiss, round-robin and top-cut pairing, match
sheets and their German vocabulary, checks against the pairing, standings by match points
and the scheme's tiebreaks."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tourney.event.game import GameOption
from tourney.games.base import Steps, Workflow, later
from tourney.games.duel import pairing, settings, sheets, stored
from tourney.games.duel.schemes import SCHEMES
from tourney.games.duel.sheetformat import MATCH_SHEET
from tourney.games.duel.standings import compute_standings, player_rounds
from tourney.core.schemes import Scheme
from tourney.event.seating import SeatedRound
from tourney.core.sheetio import SheetFormat

if TYPE_CHECKING:
    from tourney.outputs.pdf.game import GamePrint
    from tourney.outputs.stats.model import GameStats
    from tourney.core.store import Event, EventSetting


class DuelPairings:
    """`tourney pairings` and `tourney seat --cut` (see `tourney.outputs.views.Pairings`)."""

    def view(self, event: Event, round_no: int | None, by: str, fmt: str) -> str:
        from tourney.games.duel import printing  # openpyxl loads only when writing sheets

        return printing.pairings_view(event, round_no, by, fmt)

    def write_workbook(self, event: Event, round_no: int | None, path: str | Path, lang: str) -> Path:
        from tourney.games.duel import printing

        return printing.write_round_workbook(event, round_no, path, lang)

    def seat_cut(self, event: Event, size: int) -> SeatedRound:
        return pairing.seat_top_cut(event, size)


class Duel(Workflow):
    """The Duel workflow (see `tourney.games.base.GameWorkflow`); a round draws no wonders:
    the pairing is the draw ('tourney pairings')."""

    name = "duel"
    label = "Duel"
    schemes: tuple[Scheme, ...] = SCHEMES
    sheet_format: SheetFormat = MATCH_SHEET
    pairings: DuelPairings | None = DuelPairings()
    options = (GameOption("agora", "the Agora expansion: every match sheet has the senate row (Senat)"),)
    steps = Steps(seat=pairing.seat_rounds, write_sheets=later("tourney.games.duel.printing:write_sheets"),
                  parse=sheets.parse_files, check=sheets.check_against_event, table_rows=sheets.table_rows,
                  standings=compute_standings, player_view=player_rounds, rated_games=stored.rated_games)

    @property
    def print_kit(self) -> GamePrint:
        from tourney.games.duel.pad import PRINT  # reportlab loads only when printing

        return PRINT

    @property
    def stats(self) -> GameStats:
        from tourney.games.duel.stats import STATS  # pandas loads only for statistics

        return STATS

    def bye_settings(self, bye_score: str) -> list[EventSetting]:
        from tourney.core.store import EventSetting

        value = settings.parse_bye_score(bye_score)
        return [EventSetting(settings.BYE_SETTING, str(value), f"bye worth {value} match points")]


WORKFLOW = Duel()
