"""Find a game's `Ruleset` by name, title or alias, like python-chess's ``find_variant``:
the one list of game names every reader and command uses. It sits on top of the games: each
game's record reader is handed from here the names its ``Game`` tag may carry."""
from __future__ import annotations

from typing import Any

from rules_engine.dominations.ruleset import Dominations
from rules_engine.duel.ruleset import Duel
from rules_engine.onecardwonder.ruleset import OneCardWonder
from rules_engine.recordtext import GameNames
from rules_engine.ruleset import RecordRuleset, Ruleset
from rules_engine.sevenwonders.ruleset import SevenWonders


class UnknownGameError(ValueError):
    """The game name matches no ruleset."""


#: Every game a record's ``Game`` tag may name, in the order they are looked up.
_GAMES = tuple(game.game_name() for game in (SevenWonders, Duel, OneCardWonder, Dominations))

#: Every game, one instance each (a ruleset holds no state but the names it reads records by).
RULESETS: tuple[Ruleset[Any], ...] = (SevenWonders(GameNames(SevenWonders.name, _GAMES)),
                                      Duel(GameNames(Duel.name, _GAMES)), OneCardWonder(), Dominations())

#: Former name of the ruleset type (its name, title and aliases are what callers read).
RulesetInfo = Ruleset


def ruleset_names() -> tuple[str, ...]:
    return tuple(r.name for r in RULESETS)


def find_ruleset(name: str) -> Ruleset[Any]:
    """The ruleset of a game name, title or alias (``"7wd"`` -> the Duel); UnknownGameError
    names the known games."""
    for ruleset in RULESETS:
        if ruleset.matches(name):
            return ruleset
    raise UnknownGameError(f"unknown game {name!r}: use one of {', '.join(ruleset_names())}")


class NoRecordsError(UnknownGameError):
    """The game is known but has no record format (nothing to replay or self-play)."""


def find_records(name: str) -> RecordRuleset[Any, Any, Any]:
    """The ruleset of a game with a record format; NoRecordsError for a game without one
    (UnknownGameError, naming the games with records, for an unknown name)."""
    try:
        ruleset = find_ruleset(name)
    except UnknownGameError:
        raise UnknownGameError(f"unknown game {name!r}: use one of {_with_records()}") from None
    if ruleset.records is None:
        raise NoRecordsError(f"no game records for {ruleset.title}: replay and self-play are for "
                             f"{_with_records()}")
    return ruleset.records


def _with_records() -> str:
    return ", ".join(r.name for r in RULESETS if r.records is not None)


#: Former name: the ruleset carries the name, title and aliases itself.
find_ruleset_info = find_ruleset
