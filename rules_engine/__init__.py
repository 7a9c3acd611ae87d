"""Pure game rules for the games tourney runs: data, sheet checks, record replay.

Nothing here knows about tourney, click, pandas or a database.
"""
from rules_engine.findings import Finding, Severity, errors, warnings
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
