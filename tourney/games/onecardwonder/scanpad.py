"""The One Card Wonder scan pad: completed stages, buildings, and the winner's mark."""
from __future__ import annotations

from tourney.core.i18n import N_
from tourney.scanpad.fields import ChoiceField, NumberField, Role, ScanSheet, TableValues, seat_lines

NUMBERS = (NumberField("stages", N_("Stages"), 0, 19, Role.OTHER),
           NumberField("buildings", N_("Buildings"), 0, 9, Role.OTHER))
WINNER = ChoiceField("winner", N_("Winner"), (("1", "✓"),), blank="0")


def lines(table: TableValues) -> list[dict[str, object]]:
    return seat_lines(table, board="wonder")


def scan_sheet(options: frozenset[str] = frozenset()) -> ScanSheet:
    return ScanSheet("One Card Wonder", NUMBERS, (WINNER,), lines)
