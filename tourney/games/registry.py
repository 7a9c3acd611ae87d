"""Every game by name, for the edges: the command line, the server and the demo turn the
event's game (or a sheet's header) into its `Workflow` here once and hand it down.

`GAMES` is the one list of games: each entry names the game (the rules_engine ruleset name
stored with the event, its title and aliases) and says how to load its workflow and, alone,
its sheet format. A game's package is imported when its game is first asked for: a command
loads only its event's game (python-chess's `find_variant` hands out the class the same way).
Adding a game: its two packages and one entry here (`docs/adding-a-game.md`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tourney.core.sheetio import SheetFormat, has_header
from tourney.games.base import Workflow
from tourney.core.errors import UsageError
from tourney.core.i18n import _


@dataclass(frozen=True)
class GameEntry:
    """One game: `name` is its rules_engine ruleset name (stored as the event's game), `title`
    and `aliases` the other spellings a user may write for it (any case); `workflow` imports
    the game's package and gives its workflow, `sheet_format` its score sheet's columns loaded
    without the rest of the game (to tell a file's game by its header)."""

    name: str
    title: str
    aliases: tuple[str, ...]
    workflow: Callable[[], Workflow]
    sheet_format: Callable[[], SheetFormat]

    def matches(self, name: str) -> bool:
        """Whether `name` is this game's name, title or an alias (as rules_engine matches them)."""
        key = name.strip().casefold()
        return key in (self.name, self.title.casefold(), *self.aliases)


def _sevenwonders() -> Workflow:
    from tourney.games.sevenwonders.workflow import WORKFLOW

    return WORKFLOW


def _sevenwonders_sheet() -> SheetFormat:
    from tourney.games.sevenwonders.lines import SCORE_SHEET

    return SCORE_SHEET


def _duel() -> Workflow:
    from tourney.games.duel.workflow import WORKFLOW

    return WORKFLOW


def _duel_sheet() -> SheetFormat:
    from tourney.games.duel.sheetformat import MATCH_SHEET

    return MATCH_SHEET


def _onecardwonder() -> Workflow:
    from tourney.games.onecardwonder.workflow import WORKFLOW

    return WORKFLOW


def _onecardwonder_sheet() -> SheetFormat:
    from tourney.games.onecardwonder.sheetformat import SHEET

    return SHEET


def _dominations() -> Workflow:
    from tourney.games.dominations.workflow import WORKFLOW

    return WORKFLOW


def _dominations_sheet() -> SheetFormat:
    from tourney.games.dominations.sheetformat import SHEET

    return SHEET


#: Every game, the default for sheets of no known kind first. The names are the rules_engine
#: rulesets' (`tests/games/test_games.py` holds them to `rules_engine.registry`).
GAMES: tuple[GameEntry, ...] = (
    GameEntry("7wonders", "7 Wonders", ("7w", "sevenwonders", "7-wonders"), _sevenwonders, _sevenwonders_sheet),
    GameEntry("duel", "7 Wonders Duel", ("7wd", "7wonders-duel", "7-wonders-duel", "sevenwondersduel"), _duel,
              _duel_sheet),
    GameEntry("onecardwonder", "One Card Wonder", ("ocw", "one card wonder", "einkartenwunder"), _onecardwonder,
              _onecardwonder_sheet),
    GameEntry("dominations", "Dominations", ("dom",), _dominations, _dominations_sheet),
)


def game_names() -> tuple[str, ...]:
    """Every game's name, in the registry's order."""
    return tuple(entry.name for entry in GAMES)


def entry(game: str) -> GameEntry | None:
    """The entry of the game stored as `game` (None for a name no game has)."""
    return next((e for e in GAMES if e.name == game), None)


def sheet_formats() -> dict[str, SheetFormat]:
    """Each game's score sheet by name, loaded without the rest of its game (the workflow's
    `sheet_format`): `sheet_game` reads a file's header against every one of them, then loads
    only the game whose sheet it is."""
    return {e.name: e.sheet_format() for e in GAMES}


def all_games() -> dict[str, Workflow]:
    """Every game's workflow by name (each game loaded): for help texts, the games played in
    matches, and a sheet whose header tells its game."""
    return {e.name: e.workflow() for e in GAMES}


def find_game(name: str) -> Workflow:
    """The game called `name` (its name, title or any alias, `tourney new --game`); a UsageError
    names the games when there is none."""
    found = next((e for e in GAMES if e.matches(name)), None)
    if found is None:
        raise UsageError(_("unknown game {game!r}: use one of {games}").format(
            game=name, games=", ".join(game_names())))
    flow = found.workflow()
    if not flow.schemes:
        raise UsageError(_("no scoring scheme for {game} yet: give one with --scheme").format(game=found.name))
    return flow


def scheme_help() -> str:
    """Every game's scoring presets for `tourney new --help`: the default first."""
    return "; ".join(f"{flow.name} " + ", ".join(f"'{s.name}'" + (_(" (default)") if i == 0 else "")
                                                  for i, s in enumerate(flow.schemes))
                     for flow in all_games().values())


def workflow(game: str) -> Workflow:
    """The workflow of a stored event's game (`EventInfo.game`), its package imported the
    first time; a KeyError for a name no game has."""
    found = entry(game)
    if found is None:
        raise KeyError(game)
    return found.workflow()


def sheet_game(paths: Sequence[str | Path]) -> Workflow:
    """The game whose sheet header the first file has (the most specific header when several
    match), for `tourney check` without an event; else the first game, whose reader then
    says what header it expected."""
    if paths:
        formats = sheet_formats()
        matching = [name for name, fmt in formats.items() if has_header(paths[0], fmt)]
        if matching:
            return workflow(max(matching, key=lambda name: len(formats[name].header_keys)))
    return GAMES[0].workflow()
