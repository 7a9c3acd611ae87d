"""Pure game rules for the games tourney runs: data, sheet checks, record replay.

Nothing here knows about tourney, click, pandas or a database. The registry's names load on
first use (PEP 562): a program that only formats findings does not load every game's rules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.findings import Finding, Severity, errors, warnings
from rules_engine.lazy import lazy_exports

if TYPE_CHECKING:
    from rules_engine.registry import UnknownGameError, find_ruleset, ruleset_names

__all__ = [
    "Finding",
    "Severity",
    "UnknownGameError",
    "errors",
    "find_ruleset",
    "ruleset_names",
    "warnings",
]

lazy_exports(__name__, {"UnknownGameError": "registry", "find_ruleset": "registry", "ruleset_names": "registry"})
