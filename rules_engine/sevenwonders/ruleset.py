"""The 7 Wonders ruleset: found by name, it reaches the score-sheet checks, the record format,
the replay and self-play (imported when first used: finding a game stays cheap)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from rules_engine.findings import Finding
from rules_engine.recordtext import GameNames
from rules_engine.ruleset import RecordFunctions, RecordRuleset
from rules_engine.sevenwonders.names import ALIASES, NAME, TITLE
from rules_engine.sevenwonders.sheet import TableSheet, check_sheet

if TYPE_CHECKING:
    from rules_engine.sevenwonders.record import Record


class SevenWonders(RecordRuleset["Record", TableSheet, TableSheet]):
    name = NAME
    title = TITLE
    aliases = ALIASES
    sheet_type = TableSheet
    selfplay_options: ClassVar[Mapping[str, str]] = {"players": "K (3-7)"}

    def check_sheet(self, sheet: TableSheet) -> list[Finding]:
        import rules_engine.sevenwonders.checks  # noqa: F401  (importing it adds the card-data checks)

        return check_sheet(sheet)

    def load(self, names: GameNames) -> RecordFunctions[Record, TableSheet]:
        from rules_engine.sevenwonders.record import record_format
        from rules_engine.sevenwonders.replay import replay, selfplay

        return RecordFunctions(record_format(names), replay, selfplay)
