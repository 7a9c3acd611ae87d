"""Find a game's rules by name or alias, like python-chess's ``find_variant``."""
from __future__ import annotations

import importlib
from dataclasses import dataclass


class UnknownGameError(ValueError):
    """The game name matches no ruleset."""


@dataclass(frozen=True)
class RulesetInfo:
    name: str
    title: str
    aliases: tuple[str, ...]
    module: str


_RULESETS = (
    RulesetInfo("7wonders", "7 Wonders", ("7w", "sevenwonders", "7-wonders", "7 wonders"),
                "rules_engine.sevenwonders"),
    RulesetInfo("duel", "7 Wonders Duel", ("7wd", "7wonders-duel", "7 wonders duel", "sevenwondersduel"),
                "rules_engine.duel"),
)


def ruleset_names() -> tuple[str, ...]:
    return tuple(r.name for r in _RULESETS)


def find_ruleset_info(name: str) -> RulesetInfo:
    key = name.strip().lower()
    for info in _RULESETS:
        if key == info.name or key in info.aliases:
            return info
    known = ", ".join(ruleset_names())
    raise UnknownGameError(f"unknown game {name!r}: use one of {known}")


def find_ruleset(name: str):
    """Return the rules module for a game name or alias (``"7wd"`` → duel)."""
    return importlib.import_module(find_ruleset_info(name).module)
