"""One package per game (`tourney.games.<game>`), registered here as real objects: the
generic commands look up the event's game in `GAMES` instead of branching on its name.

Adding a game: a package under `tourney/games/` whose `WORKFLOW` satisfies `GameWorkflow`,
and one line in `GAMES` (keyed by the rules_engine ruleset name stored with the event).
Generic modules import this package inside functions: the game packages import them.
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from tourney.games import dominations, duel, onecardwonder, sevenwonders
from tourney.games.base import GameWorkflow, Pairings
from tourney.sheetio import has_header
from tourney.standings import Standings

#: Every game's workflow by ruleset name; the first is the default for sheets of no known kind.
GAMES: dict[str, GameWorkflow] = {
    sevenwonders.WORKFLOW.name: sevenwonders.WORKFLOW,
    duel.WORKFLOW.name: duel.WORKFLOW,
    onecardwonder.WORKFLOW.name: onecardwonder.WORKFLOW,
    dominations.WORKFLOW.name: dominations.WORKFLOW,
}

__all__ = ["GAMES", "GameWorkflow", "Pairings", "Standings", "sheet_game", "workflow", "workflow_of"]


def workflow(game: str) -> GameWorkflow:
    """The workflow of a stored event's game (`EventInfo.game`)."""
    return GAMES[game]


def workflow_of(standings: Standings) -> GameWorkflow:
    """The workflow that computed these standings."""
    return GAMES[standings.info.game]


def sheet_game(paths: Sequence[str | Path]) -> GameWorkflow:
    """The game whose sheet header the first file has (the most specific header when several
    match), for `tourney check` without an event; else the first game, whose reader then
    says what header it expected."""
    if paths:
        matching = [g for g in GAMES.values() if has_header(paths[0], g.sheet_format)]
        if matching:
            return max(matching, key=lambda g: len(g.sheet_format.header_keys))
    return next(iter(GAMES.values()))
