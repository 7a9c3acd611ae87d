"""The 7 Wonders Duel ruleset: found by name, it reaches the match-sheet checks, the record
format, the replay and self-play (imported when first used: finding a game stays cheap)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from rules_engine.duel.names import ALIASES, NAME, TITLE
from rules_engine.duel.sheet import MatchSheet, check_match
from rules_engine.findings import Finding
from rules_engine.recordtext import GameNames
from rules_engine.ruleset import RecordFunctions, RecordRuleset
from rules_engine.duel.record import record_format

if TYPE_CHECKING:
    from rules_engine.duel.record import Record, Sheet


class Duel(RecordRuleset["Record", MatchSheet, "tuple[Sheet, Sheet]"]):
    name = NAME
    title = TITLE
    aliases = ALIASES
    sheet_type = MatchSheet
    selfplay_options: ClassVar[Mapping[str, str]] = {"agora": ""}

    def check_sheet(self, sheet: MatchSheet) -> list[Finding]:
        return check_match(sheet)

    def load(self, names: GameNames) -> RecordFunctions[Record, tuple[Sheet, Sheet]]:
        from rules_engine.duel.replay import replay, selfplay

        return RecordFunctions(record_format(names), replay, selfplay)
