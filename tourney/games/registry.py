"""Every game by name, for the edges: the command line, the server and the demo turn the
event's game (or a sheet's header) into its `GameWorkflow` here once and hand it down.

Adding a game: a package under `tourney/games/` whose `WORKFLOW` satisfies `GameWorkflow`,
and one line in `GAMES` (keyed by the rules_engine ruleset name stored with the event).
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from tourney.games import dominations, duel, onecardwonder, sevenwonders
from tourney.games.base import GameWorkflow
from tourney.core.sheetio import has_header
from tourney.event.standings import Standings

#: Every game's workflow by ruleset name; the first is the default for sheets of no known kind.
GAMES: dict[str, GameWorkflow] = {
    sevenwonders.WORKFLOW.name: sevenwonders.WORKFLOW,
    duel.WORKFLOW.name: duel.WORKFLOW,
    onecardwonder.WORKFLOW.name: onecardwonder.WORKFLOW,
    dominations.WORKFLOW.name: dominations.WORKFLOW,
}


def find_game(name: str) -> GameWorkflow:
    """The game called `name` (any alias of its rules, `tourney new --game`); a UsageError
    names the games when there is none."""
    from rules_engine import UnknownGameError, find_ruleset
    from tourney.core.errors import UsageError
    from tourney.core.i18n import _

    try:
        game_name = find_ruleset(name).name
    except UnknownGameError as exc:
        raise UsageError(str(exc)) from None
    flow = GAMES.get(game_name)
    if flow is None or not flow.schemes:
        raise UsageError(_("no scoring scheme for {game} yet: give one with --scheme").format(game=game_name))
    return flow


def scheme_help() -> str:
    """Every game's scoring presets for `tourney new --help`: the default first."""
    return "; ".join(f"{flow.name} " + ", ".join(f"'{s.name}'" + (" (default)" if i == 0 else "")
                                                  for i, s in enumerate(flow.schemes))
                     for flow in GAMES.values())


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
