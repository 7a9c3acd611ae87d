"""Every game by name, for the edges: the command line, the server and the demo turn the
event's game (or a sheet's header) into its `Workflow` here once and hand it down.

A game's package is imported when its game is first asked for: a command loads only its
event's game (python-chess's `find_variant` hands out the class the same way).

Adding a game: a package under `tourney/games/` whose `WORKFLOW` satisfies `Workflow`,
and one loader in `LOADERS` (keyed by the rules_engine ruleset name stored with the event).
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Sequence

from tourney.core.sheetio import SheetFormat, has_header
from tourney.games.base import Workflow


def _sevenwonders() -> Workflow:
    from tourney.games.sevenwonders.workflow import WORKFLOW

    return WORKFLOW


def _duel() -> Workflow:
    from tourney.games.duel.workflow import WORKFLOW

    return WORKFLOW


def _onecardwonder() -> Workflow:
    from tourney.games.onecardwonder.workflow import WORKFLOW

    return WORKFLOW


def _dominations() -> Workflow:
    from tourney.games.dominations.workflow import WORKFLOW

    return WORKFLOW


#: How to load each game's workflow, by ruleset name; the first is the default for sheets of
#: no known kind.
LOADERS: dict[str, Callable[[], Workflow]] = {
    "7wonders": _sevenwonders,
    "duel": _duel,
    "onecardwonder": _onecardwonder,
    "dominations": _dominations,
}


def sheet_formats() -> dict[str, SheetFormat]:
    """Each game's score sheet by ruleset name, loaded without the rest of its game (the
    workflow's `sheet_format`): `sheet_game` reads a file's header against every one of them,
    then loads only the game whose sheet it is."""
    from tourney.games.dominations.sheetformat import SHEET as dominations
    from tourney.games.duel.sheetformat import MATCH_SHEET as duel
    from tourney.games.onecardwonder.sheetformat import SHEET as onecardwonder
    from tourney.games.sevenwonders.lines import SCORE_SHEET as sevenwonders

    return {"7wonders": sevenwonders, "duel": duel, "onecardwonder": onecardwonder, "dominations": dominations}


def all_games() -> dict[str, Workflow]:
    """Every game's workflow by ruleset name (each game loaded): for help texts, the games
    played in matches, and a sheet whose header tells its game."""
    return {name: workflow(name) for name in LOADERS}


def find_game(name: str) -> Workflow:
    """The game called `name` (any alias of its rules, `tourney new --game`); a UsageError
    names the games when there is none."""
    from rules_engine import UnknownGameError, find_ruleset
    from tourney.core.errors import UsageError
    from tourney.core.i18n import _

    try:
        game_name = find_ruleset(name).name
    except UnknownGameError as exc:
        raise UsageError(str(exc)) from None
    flow = workflow(game_name) if game_name in LOADERS else None
    if flow is None or not flow.schemes:
        raise UsageError(_("no scoring scheme for {game} yet: give one with --scheme").format(game=game_name))
    return flow


def scheme_help() -> str:
    """Every game's scoring presets for `tourney new --help`: the default first."""
    return "; ".join(f"{flow.name} " + ", ".join(f"'{s.name}'" + (" (default)" if i == 0 else "")
                                                  for i, s in enumerate(flow.schemes))
                     for flow in all_games().values())


@functools.cache
def workflow(game: str) -> Workflow:
    """The workflow of a stored event's game (`EventInfo.game`), its package imported the
    first time."""
    return LOADERS[game]()


def sheet_game(paths: Sequence[str | Path]) -> Workflow:
    """The game whose sheet header the first file has (the most specific header when several
    match), for `tourney check` without an event; else the first game, whose reader then
    says what header it expected."""
    if paths:
        formats = sheet_formats()
        matching = [name for name, fmt in formats.items() if has_header(paths[0], fmt)]
        if matching:
            return workflow(max(matching, key=lambda name: len(formats[name].header_keys)))
    return workflow(next(iter(LOADERS)))
