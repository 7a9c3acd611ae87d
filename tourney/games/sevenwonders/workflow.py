"""7 Wonders in the event workflow: a `TableGame` (tourney.games.tablegame) with its own steps —
seating with wonder and guild draws, score sheets and their German vocabulary, checks against
the draws — and standings by game points and relative shares (`standings`). Each step imports
its module when it runs: `tourney standings` loads no seating, no sheet reader, no workbook."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rules_engine.sevenwonders.data import WONDER_NAMES_BY_LANG
from rules_engine.sevenwonders.sheet import PlayerScore, TableSheet
from tourney.core.errors import UsageError
from tourney.core.i18n import _
from tourney.games.sevenwonders.scanpad import scan_sheet
from tourney.games.sevenwonders.standings import GAME, SevenWondersLine, player_rounds
from tourney.games.tablegame import TableGameWorkflow

if TYPE_CHECKING:
    from tourney.core.store import Event, EventSetting
    from tourney.core.tabular import Source
    from tourney.event.checking import CheckReport, TableRowsFn
    from tourney.event.drawcheck import DrawMethod
    from tourney.event.seating import SeatedRound
    from tourney.event.standings import PlayerRounds, Standings
    from tourney.outputs.printsheets import SheetsWritten
    from tourney.outputs.stats.model import GameStats


class SevenWonders(TableGameWorkflow[PlayerScore, TableSheet, SevenWondersLine]):
    """The 7 Wonders workflow (see `tourney.games.base.Workflow`)."""

    plans_tables = True  # the seating report compares the 'bonn' and other table plans

    scan_sheet = staticmethod(scan_sheet)

    @property
    def stats(self) -> GameStats:
        from tourney.games.sevenwonders.stats import STATS  # pandas loads only for statistics

        return STATS

    def board_names(self, lang: str) -> Mapping[str, str]:
        return WONDER_NAMES_BY_LANG.get(lang, {})  # the French boards, German Gizeh

    @property
    def draw_methods(self) -> Mapping[str, DrawMethod]:
        from tourney.games.sevenwonders.drawcheck import METHODS  # the optimiser loads only to verify

        return METHODS

    def bye_settings(self, bye_score: str) -> list[EventSetting]:
        raise UsageError(_("--bye-score is for Duel events (a 7 Wonders round has no byes)"))

    def seat(self, event: Event, round_no: int | None, all_rounds: bool, tables: str | None) -> list[SeatedRound]:
        from tourney.games.sevenwonders.seating import seat_rounds  # with the wonder and guild draws

        return seat_rounds(event, round_no, all_rounds, tables)

    def draws_view(self, event: Event, round_no: int | None) -> str:
        from tourney.games.sevenwonders.seating import draws_view

        return draws_view(event, round_no)

    def write_sheets(self, event: Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
        from tourney.games.sevenwonders.printsheets import write_sheets  # openpyxl loads only when writing

        return write_sheets(event, round_no, path, lang)

    def pad_notes(self, event: Event, round_no: int, players: int, lang: str) -> tuple[str, ...]:
        from tourney.games.sevenwonders.pad import guild_notes

        return guild_notes(event, round_no, players, lang)

    def parse(self, paths: Sequence[Source], event: Event | None = None) -> CheckReport:
        from tourney.games.sevenwonders.sheets import parse_files  # no optional rules: no keywords

        return parse_files(paths)

    def check(self, report: CheckReport, event: Event, *, register: bool, correct: bool) -> None:
        from tourney.games.sevenwonders.sheets import check_against_event  # the drawn guilds and wonders

        check_against_event(report, event, register=register, correct=correct)

    def table_rows(self, event: Event) -> TableRowsFn:
        from tourney.games.sevenwonders.sheets import table_rows

        return table_rows(event)

    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        return player_rounds(event, self.own(standings), player)


WORKFLOW = SevenWonders(GAME)
