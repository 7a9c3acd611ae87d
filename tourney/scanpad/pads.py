"""The scan pads of a round as the event has them now: each table's seats, layout and QR code,
the same for the renderer and the reader (a photo is read against the current seating)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.scanpad.code import PadCode, make_code
from tourney.scanpad.fields import ScanSheet, Seat
from tourney.scanpad.layout import LAYOUT_VERSION, PadLayout, layout

if TYPE_CHECKING:
    from tourney.core.store import Event


@dataclass(frozen=True)
class TablePad:
    round: int
    table: int
    seats: tuple[Seat, ...]
    layout: PadLayout
    code: PadCode


def round_seats(event: Event, round_no: int) -> dict[int, tuple[Seat, ...]]:
    """Each table's seats of the round (in seat order), seat 1 starting."""
    by_table: dict[int, list[Seat]] = {}
    for s in event.seats(round_no):
        by_table.setdefault(s.table, []).append(Seat(s.seat, s.player, s.wonder, starts=s.seat == 1))
    return {t: tuple(sorted(seats, key=lambda x: x.seat)) for t, seats in sorted(by_table.items())}


def table_pads(event: Event, sheet: ScanSheet, round_no: int, tables: set[int] | None = None) -> list[TablePad]:
    """The pads of the round's tables (those in `tables`, when given); a bye gets none."""
    from tourney.event.drawproof import fingerprint, short

    info = event.info()
    fp = short(fingerprint(info.seed))
    return [TablePad(round_no, t, seats, layout(sheet, seats),
                     make_code(int(info.seed), fp, round_no, t, seats, LAYOUT_VERSION))
            for t, seats in round_seats(event, round_no).items()
            if len(seats) > 1 and (tables is None or t in tables)]
