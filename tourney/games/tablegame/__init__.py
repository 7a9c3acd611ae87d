"""Games played at tables of several players and ranked by places at each table: the whole
event workflow built from one `TableGame` value a game declares — `model` (sheets, checks,
seating, standings) and `outputs` (printed sheets, PDF hooks) — as `TableGameWorkflow`.

Names no game: a game package describes its sheet and rules and gets `TableGameWorkflow`.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from tourney.games.base import Steps, Workflow
from tourney.games.tablegame.model import (
    TableGame,
    check_against_event,
    compute_standings,
    parse_files,
    player_view,
    seat_rounds,
    seating_findings,
    table_rows,
)
from tourney.games.tablegame.outputs import print_kit, write_sheets

if TYPE_CHECKING:
    from tourney.outputs.pdf.game import GamePrint
    from tourney.outputs.stats.model import GameStats

__all__ = ["TableGame", "TableGameWorkflow", "seating_findings"]


class TableGameWorkflow(Workflow):
    """`tourney.games.base.GameWorkflow` for a `TableGame`: every step is the model's or the
    outputs', with the game; the seating is the round's only draw."""

    def __init__(self, game: TableGame) -> None:
        self.game = game
        self.name = game.name
        self.label = game.label
        self.schemes = game.schemes
        self.sheet_format = game.sheet_format
        self.options = game.options
        self.catalogue = game.catalogue
        self.steps = Steps(seat=partial(seat_rounds, game), write_sheets=partial(write_sheets, game),
                           parse=partial(parse_files, game), check=partial(check_against_event, game),
                           table_rows=partial(table_rows, game), standings=partial(compute_standings, game),
                           player_view=player_view)

    @property
    def print_kit(self) -> GamePrint:
        return print_kit(self.game)  # reportlab loads only when printing

    @property
    def stats(self) -> GameStats:
        from tourney.outputs.stats.tablegames import TableGameStats  # pandas loads only for statistics

        return TableGameStats(lambda event: compute_standings(self.game, event, None))
