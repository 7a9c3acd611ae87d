"""Games played at tables of several players and ranked at each table: the whole event
workflow built from one `TableGame` value a game declares — `model` (the game, standings),
`steps` (sheets in, checks), `seating` and `outputs` (printed sheets, PDF hooks) — as
`TableGameWorkflow`. A game's own steps, where it declares them, replace the base's.

Names no game: a game package describes its sheet and rules and gets `TableGameWorkflow`.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from tourney.games.base import Steps, Workflow, later
from tourney.games.tablegame.model import TableGame, compute_standings, player_view, rated_games

if TYPE_CHECKING:
    from tourney.outputs.pdf.game import GamePrint
    from tourney.outputs.stats.model import GameStats

__all__ = ["TableGame", "TableGameWorkflow"]

_STEPS = "tourney.games.tablegame.steps"


class TableGameWorkflow(Workflow):
    """`tourney.games.base.GameWorkflow` for a `TableGame`: every step is the game's own or the
    base's, with the game; the base's steps load when first run (`later`), so a command that
    reads standings loads no sheet reader, no seating and no workbook writer."""

    def __init__(self, game: TableGame[Any]) -> None:
        self.game = game
        self.name = game.name
        self.label = game.label
        self.schemes = game.schemes
        self.sheet_format = game.sheet_format
        self.options = game.options
        self.catalogue = game.catalogue
        self.plans_tables = game.plans_tables
        base = Steps(seat=partial(later("tourney.games.tablegame.seating:seat_rounds"), game),
                     write_sheets=partial(later("tourney.games.tablegame.outputs:write_sheets"), game),
                     parse=partial(later(f"{_STEPS}:parse_files"), game),
                     check=partial(later(f"{_STEPS}:check_against_event"), game),
                     table_rows=partial(later(f"{_STEPS}:table_rows"), game),
                     standings=partial(compute_standings, game), player_view=player_view,
                     rated_games=partial(rated_games, game))
        self.steps = Steps(seat=game.seat or base.seat, write_sheets=game.write_sheets or base.write_sheets,
                           parse=game.parse or base.parse, check=game.check_event or base.check,
                           table_rows=game.table_rows or base.table_rows, standings=base.standings,
                           player_view=game.player_view or base.player_view, rated_games=base.rated_games,
                           draws_view=game.draws_view or base.draws_view)

    @property
    def print_kit(self) -> GamePrint:
        from tourney.games.tablegame.outputs import print_kit  # reportlab loads only when printing

        return print_kit(self.game)

    @property
    def stats(self) -> GameStats:
        from tourney.outputs.stats.tablegames import TableGameStats  # pandas loads only for statistics

        return TableGameStats(lambda event: compute_standings(self.game, event, None))
