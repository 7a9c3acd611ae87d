"""7 Wonders (1st edition) rules: score-sheet model and table-level checks, game engine,
record format, replay under the Bonn 2018 clarifications and random self-play.

The names below are loaded on first use (PEP 562): the card-data checks take a moment to
build, and finding the ruleset by name should not wait for them. This package is the game's
front: it sits above the registry, which hands the record reader the game names.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import IO, TYPE_CHECKING

from rules_engine.lazy import lazy_exports
from rules_engine.sevenwonders.names import NAME, TITLE

if TYPE_CHECKING:
    from rules_engine.recordtext import RecordSyntaxError
    from rules_engine.ruleset import Verdict
    from rules_engine.sevenwonders.record import Record, write_records
    from rules_engine.sevenwonders.replay import replay, selfplay
    from rules_engine.sevenwonders.ruleset import SevenWonders
    from rules_engine.sevenwonders.sheet import (
        CATEGORIES,
        MAX_TABLE,
        MIN_TABLE,
        PlayerScore,
        TableSheet,
        check_sheet,
    )

_LAZY = {
    **dict.fromkeys(("CATEGORIES", "MAX_TABLE", "MIN_TABLE", "PlayerScore", "TableSheet", "check_sheet"), "sheet"),
    **dict.fromkeys(("Record", "RecordSyntaxError", "write_records"), "record"),
    **dict.fromkeys(("Verdict", "replay", "selfplay"), "replay"),
    "SevenWonders": "ruleset",  # the registry imports it from `ruleset`: reading lines back needs no ruleset
}

__all__ = [
    "CATEGORIES",
    "MAX_TABLE",
    "MIN_TABLE",
    "NAME",
    "TITLE",
    "PlayerScore",
    "Record",
    "RecordSyntaxError",
    "SevenWonders",
    "TableSheet",
    "Verdict",
    "check_sheet",
    "read_records",
    "replay",
    "selfplay",
    "write_records",
]


def read_records(handle: IO[str]) -> Iterator[Record]:
    """The 7 Wonders records in `handle`, one at a time; syntax errors are in ``record.errors``
    (a ``Game`` tag naming another game, or none, is one)."""
    from rules_engine.registry import find_records   # the registry knows every game's name

    return find_records(NAME).read_records(handle)


lazy_exports(__name__, _LAZY, preload=("checks",))
