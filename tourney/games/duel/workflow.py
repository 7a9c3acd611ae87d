"""7 Wonders Duel in the event workflow: Swiss, round-robin and top-cut pairing, match
sheets and their German vocabulary, checks against the pairing, standings by match points
and the scheme's tiebreaks."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rules_engine.findings import phrase
from tourney.core.i18n import N_
from tourney.core.schemes import Scheme
from tourney.core.sheetio import SheetFormat
from tourney.event.game import GameOption
from tourney.event.seating import SeatedRound
from tourney.games.base import Workflow
from tourney.games.duel.scanpad import scan_sheet
from tourney.games.duel import pairing, settings, sheets, stored
from tourney.games.duel.schemes import SCHEMES
from tourney.games.duel.sheetformat import MATCH_SHEET
from tourney.games.duel.standings import DuelStandings, compute_standings, player_rounds

if TYPE_CHECKING:
    from tourney.core.store import Event, EventSetting
    from tourney.core.tabular import Source
    from tourney.event.checking import CheckReport, TableRowsFn
    from tourney.event.rating import RatedGame
    from tourney.event.standings import PlayerRounds, Standings
    from tourney.outputs.pdf.game import GamePrint
    from tourney.outputs.printsheets import SheetsWritten
    from tourney.outputs.stats.model import GameStats


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
    """The Duel workflow (see `tourney.games.base.Workflow`); a round draws no wonders:
    the pairing is the draw ('tourney pairings')."""

    name = "duel"
    label = "Duel"
    schemes: tuple[Scheme, ...] = SCHEMES
    sheet_format: SheetFormat = MATCH_SHEET
    pairings: DuelPairings | None = DuelPairings()
    options = (GameOption("agora", N_("the Agora expansion: every match sheet has the senate row (Senat)")),)
    scan_sheet = staticmethod(scan_sheet)

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
        return [EventSetting(settings.BYE_SETTING, str(value),
                             phrase(N_("bye worth {value} match points"), value=value))]

    def seat(self, event: Event, round_no: int | None, all_rounds: bool, tables: str | None) -> list[SeatedRound]:
        return pairing.seat_rounds(event, round_no, all_rounds, tables)

    def write_sheets(self, event: Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
        from tourney.games.duel import printing  # openpyxl loads only when writing sheets

        return printing.write_sheets(event, round_no, path, lang)

    def parse(self, paths: Sequence[Source], event: Event | None = None) -> CheckReport:
        return sheets.parse_files(paths, agora="agora" in self.check_keywords(event))

    def check(self, report: CheckReport, event: Event, *, register: bool, correct: bool) -> None:
        sheets.check_against_event(report, event, register=register, correct=correct)

    def table_rows(self, event: Event) -> TableRowsFn:
        return sheets.table_rows(event)

    def compute_standings(self, event: Event, after_round: int | None) -> DuelStandings:
        return compute_standings(event, after_round)

    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        assert isinstance(standings, DuelStandings)  # the standings this game computed
        return player_rounds(event, standings, player)

    def rated_games(self, event: Event) -> tuple[RatedGame, ...]:
        return stored.rated_games(event)


WORKFLOW = Duel()
