"""A toy fifth table game for the tests (its `tourney/games/<game>/` package), added to the event
workflow as a new game is: this package, its rules (`toyrules`) and one registry entry, `TOY`,
which a test registers for itself (`conftest.with_toy`)."""
from __future__ import annotations

from tourney.core.sheetio import SheetFormat
from tourney.games.base import Workflow
from tourney.games.registry import GameEntry


def _toy() -> Workflow:
    from toygame.workflow import WORKFLOW

    return WORKFLOW


def _toy_sheet() -> SheetFormat:
    from toygame.sheetformat import SHEET

    return SHEET


#: The toy game's line in the registry (`tourney.games.registry.GAMES`).
TOY = GameEntry("toy", "Toyland", ("toygame",), _toy, _toy_sheet)
