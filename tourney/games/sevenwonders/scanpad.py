"""The 7 Wonders scan pad: the side to mark, the seven categories (military may be negative),
the total written separately and the coins held, as the sheet's columns."""
from __future__ import annotations

from rules_engine.sevenwonders.data import WONDER_NAMES_BY_LANG
from tourney.core.i18n import N_
from tourney.scanpad.fields import ChoiceField, NumberField, Role, ScanSheet, TableValues, seat_lines

NUMBERS = (
    NumberField("military", N_("Military"), -6, 18), NumberField("treasury", N_("Coins"), 0, 99),
    NumberField("wonders", N_("Wonders"), 0, 99), NumberField("civilian", N_("Civilian"), 0, 99),
    NumberField("commercial", N_("Commercial"), 0, 99), NumberField("guilds", N_("Guilds"), 0, 99),
    NumberField("science", N_("Science"), 0, 99), NumberField("total", N_("Total"), 0, 199, Role.TOTAL),
    NumberField("coins", N_("Coins held"), 0, 99, Role.OTHER),
)
SIDE = ChoiceField("side", N_("Side"), (("A", "A"), ("B", "B")))


def lines(table: TableValues) -> list[dict[str, object]]:
    return seat_lines(table, board="wonder")


def scan_sheet(options: frozenset[str] = frozenset()) -> ScanSheet:
    return ScanSheet("7 Wonders", NUMBERS, (SIDE,), lines, WONDER_NAMES_BY_LANG)
