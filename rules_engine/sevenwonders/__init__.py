"""7 Wonders (1st edition) rules: score-sheet model and table-level checks, game engine,
record format, replay under the Bonn 2018 clarifications and random self-play.

The names below are loaded on first use (PEP 562): the card-data checks take a moment to
build, and finding the ruleset by name should not wait for them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.lazy import lazy_exports
from rules_engine.sevenwonders.ruleset import SevenWonders

NAME = SevenWonders.name
TITLE = SevenWonders.title

if TYPE_CHECKING:
    from rules_engine.recordtext import RecordSyntaxError
    from rules_engine.ruleset import Verdict
    from rules_engine.sevenwonders.record import (
        Record,
        read_records,
        write_records,
    )
    from rules_engine.sevenwonders.replay import replay, selfplay
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
    **dict.fromkeys(("Record", "RecordSyntaxError", "read_records", "write_records"), "record"),
    **dict.fromkeys(("Verdict", "replay", "selfplay"), "replay"),
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


lazy_exports(__name__, _LAZY, preload=("checks",))
