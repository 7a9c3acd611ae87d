"""7 Wonders Duel in the event workflow: Swiss, round-robin and top-cut pairing, match
sheets and their German vocabulary, checks against the pairing, standings by match points
and the scheme's tiebreaks."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from tourney.games.duel import pairing, settings, sheets
from tourney.games.duel.schemes import SCHEMES
from tourney.games.duel.standings import DuelStandings, compute_standings, player_rounds
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


class DuelPairings:
    """`tourney pairings` and `tourney seat --cut` (see `tourney.games.base.Pairings`)."""

    def view(self, event: Event, round_no: int | None, by: str, fmt: str) -> str:
        from tourney.games.duel import printing  # openpyxl loads only when writing sheets

        return printing.pairings_view(event, round_no, by, fmt)

    def write_workbook(self, event: Event, round_no: int | None, path: str | Path) -> Path:
        from tourney.games.duel import printing

        return printing.write_round_workbook(event, round_no, path)

    def seat_cut(self, event: Event, size: int) -> SeatedRound:
        return pairing.seat_top_cut(event, size)


class Duel:
    """The Duel workflow (see `tourney.games.base.GameWorkflow`)."""

    name = "duel"
    label = "Duel"
    schemes: tuple[Scheme, ...] = SCHEMES
    sheet_format: SheetFormat = sheets.MATCH_SHEET
    plans_tables = False
    pairings: DuelPairings | None = DuelPairings()

    @property
    def print_kit(self) -> GamePrint:
        from tourney.games.duel.pad import PRINT  # reportlab loads only when printing

        return PRINT

    @property
    def stats(self) -> GameStats:
        # pandas and matplotlib load only for statistics
        from tourney.games.duel.stats import STATS

        return STATS

    def event_settings(self, *, bye_score: str | None) -> list[EventSetting]:
        if bye_score is None:
            return []
        value = settings.parse_bye_score(bye_score)
        return [EventSetting(settings.BYE_SETTING, str(value), f"bye worth {value} match points")]

    def seat(self, event: Event, round_no: int | None, all_rounds: bool, tables: str | None) -> list[SeatedRound]:
        return pairing.seat_rounds(event, round_no, all_rounds, tables)

    def draws_view(self, event: Event, round_no: int | None) -> str:
        return ""  # a Duel round draws no wonders: the pairing is the draw ('tourney pairings')

    def write_sheets(self, event: Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
        from tourney.games.duel import printing

        return printing.write_sheets(event, round_no, path, lang)

    def parse(self, paths: Sequence[str | Path]) -> CheckReport:
        return sheets.parse_files(paths)

    def check(self, report: CheckReport, event: Event, *, register: bool, correct: bool) -> None:
        sheets.check_against_event(report, event, register=register, correct=correct)

    def table_rows(self, event: Event) -> TableRowsFn:
        return sheets.table_rows(event)

    def standings(self, event: Event, after_round: int | None) -> DuelStandings:
        return compute_standings(event, after_round)

    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        assert isinstance(standings, DuelStandings)  # computed by this workflow
        return player_rounds(event, standings, player)


WORKFLOW = Duel()
