"""The One Card Wonder ruleset: found by name or alias, it checks a table's sheet. The game has
no record format, so `records` is None (no replay, no self-play)."""
from __future__ import annotations

from rules_engine.findings import Finding
from rules_engine.onecardwonder import ALIASES, NAME, TITLE
from rules_engine.onecardwonder.sheet import TableSheet, check_sheet
from rules_engine.ruleset import Ruleset


class OneCardWonder(Ruleset[TableSheet]):
    name = NAME
    title = TITLE
    aliases = ALIASES
    sheet_type = TableSheet

    def check_sheet(self, sheet: TableSheet) -> list[Finding]:
        return check_sheet(sheet)
