"""The One Card Wonder scan pad: completed stages, buildings, and the winner's mark."""
from __future__ import annotations

from tourney.core.i18n import N_
from tourney.scanpad.fields import ChoiceField, NumberField, Role, ScanSheet, TableValues

NUMBERS = (NumberField("stages", N_("Stages"), 0, 19, Role.OTHER),
           NumberField("buildings", N_("Buildings"), 0, 9, Role.OTHER))
WINNER = ChoiceField("winner", N_("Winner"), (("1", "✓"),), blank="0")


def lines(table: TableValues) -> list[dict[str, object]]:
    return [{"round": table.round, "table": table.table, "seat": s.seat, "player": s.player, "wonder": s.board or "",
             **{k: ("" if v is None else v) for k, v in values.items()}}
            for s, values in zip(table.seats, table.values)]


def scan_sheet(options: frozenset[str] = frozenset()) -> ScanSheet:
    return ScanSheet("One Card Wonder", NUMBERS, (WINNER,), lines)
