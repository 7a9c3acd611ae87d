"""7 Wonders in the event workflow: a `TableGame` (tourney.games.tablegame) with its own steps —
seating with wonder and guild draws, score sheets and their German vocabulary, checks against
the draws — and standings by game points and relative shares (`standings`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tourney.core.errors import UsageError
from tourney.core.i18n import _
from tourney.games.sevenwonders.standings import GAME
from tourney.games.tablegame import TableGameWorkflow

if TYPE_CHECKING:
    from tourney.core.store import EventSetting
    from tourney.event.drawcheck import DrawMethod
    from tourney.outputs.stats.model import GameStats


class SevenWonders(TableGameWorkflow):
    """The 7 Wonders workflow (see `tourney.games.base.GameWorkflow`)."""

    @property
    def stats(self) -> GameStats:
        from tourney.games.sevenwonders.stats import STATS  # pandas loads only for statistics

        return STATS

    @property
    def draw_methods(self) -> Mapping[str, DrawMethod]:
        from tourney.games.sevenwonders.drawcheck import METHODS  # the optimiser loads only to verify

        return METHODS

    def bye_settings(self, bye_score: str) -> list[EventSetting]:
        raise UsageError(_("--bye-score is for Duel events (a 7 Wonders round has no byes)"))


WORKFLOW = SevenWonders(GAME)
