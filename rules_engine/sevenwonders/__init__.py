"""7 Wonders (1st edition) rules: score-sheet model and table-level checks, game engine,
record format, replay under the Bonn 2018 clarifications and random self-play."""
from rules_engine.sevenwonders.sheet import (
    CATEGORIES,
    MAX_TABLE,
    MIN_TABLE,
    PlayerScore,
    TableSheet,
    check_sheet,
)

NAME = "7wonders"
TITLE = "7 Wonders"

__all__ = [
    "CATEGORIES",
    "MAX_TABLE",
    "MIN_TABLE",
    "NAME",
    "PlayerScore",
    "TableSheet",
    "TITLE",
    "check_sheet",
]

# Importing the checks registers them in sheet.TABLE_CHECKS (data-driven table checks).
from rules_engine.sevenwonders import checks as _checks  # noqa: E402,F401

# Game records: the four functions every ruleset exposes to the record dispatcher.
from rules_engine.sevenwonders.records import (  # noqa: E402
    Record,
    RecordSyntaxError,
    Verdict,
    read_records,
    replay,
    selfplay,
    write_records,
)

__all__ += ["Record", "RecordSyntaxError", "Verdict", "read_records", "replay", "selfplay", "write_records"]
