"""The Dominations scan pad: victory points, the initiative at the end and the optional
end-of-game counts (left blank when the event does not count them)."""
from __future__ import annotations

from tourney.core.i18n import N_
from tourney.scanpad.fields import NumberField, Role, ScanSheet, TableValues, seat_lines

NUMBERS = (NumberField("vp", N_("VP"), 0, 299, Role.OTHER),
           NumberField("initiative", N_("Initiative"), 1, 7, Role.OTHER),
           NumberField("influence", N_("Influence"), 0, 99, Role.OTHER, optional=True),
           NumberField("dominations", N_("Dominations"), 0, 6, Role.OTHER, optional=True),
           NumberField("objectives", N_("Objectives"), 0, 5, Role.OTHER, optional=True))


def lines(table: TableValues) -> list[dict[str, object]]:
    return seat_lines(table)


def scan_sheet(options: frozenset[str] = frozenset()) -> ScanSheet:
    return ScanSheet("Dominations", NUMBERS, (), lines)
