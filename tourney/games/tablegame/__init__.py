"""Games played at tables of several players and ranked at each table: the whole event
workflow built from one `TableGame` value a game declares — `model` (the game, standings),
`steps` (sheets in, checks), `seating` and `outputs` (printed sheets, PDF hooks) — as
`TableGameWorkflow`. A game with steps of its own derives from it and overrides them.

Names no game: a game package describes its sheet and rules and gets `TableGameWorkflow`.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Generic

from tourney.games.base import Workflow
from tourney.games.tablegame.model import (
    L, P, S, TableGame, TableGameStandings, compute_standings, player_view, rated_games,
)

if TYPE_CHECKING:
    from tourney.core.store import Event
    from tourney.core.tabular import Source
    from tourney.event.checking import CheckReport, TableRowsFn
    from tourney.event.rating import RatedGame
    from tourney.event.seating import SeatedRound
    from tourney.event.standings import PlayerRounds, Standings
    from tourney.outputs.pdf.game import GamePrint
    from tourney.outputs.printsheets import SheetsWritten
    from tourney.outputs.stats.model import GameStats

__all__ = ["TableGame", "TableGameWorkflow"]


class TableGameWorkflow(Workflow, Generic[P, S, L]):
    """`tourney.games.base.Workflow` for a `TableGame`: each step is the base's for the game,
    its module imported in the step, so a command that reads standings loads no sheet reader,
    no seating and no workbook writer."""

    def __init__(self, game: TableGame[P, S, L]) -> None:
        self.game = game
        self.name = game.name
        self.label = game.label
        self.schemes = game.schemes
        self.sheet_format = game.sheet_format
        self.options = game.options
        self.catalogue = game.catalogue

    @property
    def print_kit(self) -> GamePrint:
        from tourney.games.tablegame.outputs import print_kit  # reportlab loads only when printing

        return print_kit(self.game, self.pad_notes)

    def pad_notes(self, event: Event, round_no: int, players: int, lang: str) -> tuple[str, ...]:
        """The lines printed on a round's pads for a table of `players` (none by default)."""
        return ()

    @property
    def stats(self) -> GameStats:
        from tourney.outputs.stats.tablegames import TableGameStats  # pandas loads only for statistics

        return TableGameStats(lambda event: compute_standings(self.game, event, None))

    def seat(self, event: Event, round_no: int | None, all_rounds: bool, tables: str | None) -> list[SeatedRound]:
        from tourney.games.tablegame.seating import seat_rounds  # the schedule optimiser loads only to seat

        return seat_rounds(self.game, event, round_no, all_rounds, tables)

    def write_sheets(self, event: Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
        from tourney.games.tablegame.outputs import write_sheets  # openpyxl loads only when writing sheets

        return write_sheets(self.game, event, round_no, path, lang)

    def parse(self, paths: Sequence[Source], event: Event | None = None) -> CheckReport:
        from tourney.games.tablegame.steps import parse_files  # the sheet readers load only to read sheets

        return parse_files(self.game, paths, **self.check_keywords(event))

    def check(self, report: CheckReport, event: Event, *, register: bool, correct: bool) -> None:
        from tourney.games.tablegame.steps import check_against_event

        check_against_event(self.game, report, event, register=register, correct=correct)

    def table_rows(self, event: Event) -> TableRowsFn:
        from tourney.games.tablegame.steps import table_rows

        return table_rows(self.game, event)

    def compute_standings(self, event: Event, after_round: int | None) -> TableGameStandings[P, S, L]:
        return compute_standings(self.game, event, after_round)

    def player_view(self, event: Event, standings: Standings, player: str) -> PlayerRounds:
        return player_view(event, self.own(standings), player)

    def own(self, standings: Standings) -> TableGameStandings[P, S, L]:
        """The standings handed back to a step, as this game computed them."""
        assert isinstance(standings, TableGameStandings) and standings.game is self.game
        return standings

    def rated_games(self, event: Event) -> tuple[RatedGame, ...]:
        return rated_games(self.game, event)
