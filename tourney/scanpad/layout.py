"""The geometry of one table's scan pad, in millimetres from the page's top-left corner (y
down), computed from the game's `ScanSheet` and the table's seats: the renderer draws it and
the reader measures it, so no template is authored by hand. `as_json` is what
`tourney scan EVENT --layout` prints (docs/scan-pad.md).

Every change that moves a printed mark bumps `LAYOUT_VERSION`: the QR code carries it, and a
pad printed with another version is refused by name instead of being misread."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tourney.scanpad.fields import ChoiceField, NumberField, ScanSheet, Seat

LAYOUT_VERSION = 1
PAGE_W, PAGE_H = 210.0, 297.0  # A4 portrait
#: ArUco markers of OpenCV's 4x4_50 dictionary, 6x6 cells with the black border: the id of each
#: corner fixes the page's orientation. Top-left corners in mm.
MARKER_SIZE = 14.0
MARKERS: tuple[tuple[int, float, float], ...] = ((0, 6.0, 6.0), (1, 190.0, 6.0), (2, 190.0, 277.0), (3, 6.0, 277.0))
#: The inner 4x4 bits of markers 0-3 (1 white), row by row, as OpenCV's dictionary has them
#: (tests/scanpad/test_scan_layout.py compares them with cv2.aruco).
MARKER_BITS: dict[int, tuple[str, str, str, str]] = {
    0: ("1011", "0101", "0011", "0010"), 1: ("0000", "1111", "1001", "1010"),
    2: ("0011", "0011", "0010", "1101"), 3: ("1001", "1001", "0100", "0110"),
}
QR_BOX = (154.0, 3.0, 32.0)  # x, y, side (the code's quiet zone of 4 modules inside)
HEADER_Y = 6.0
INSTRUCTIONS_Y = 37.0
GRID_TOP = 43.0
LABEL_X, LABEL_W = 8.0, 28.0
COLUMN_X, COLUMN_W = 37.0, 41.0
SEATS_PER_BAND = 4
PITCH = 3.6           # between lozenge centres, across and down
RX, RY = 1.5, 1.15    # a lozenge's half width and half height
SEAT_HEAD = 10.0      # seat number, player, wonder
FIELD_GAP = 1.3
CORRECTION_H = 9.0
BAND_GAP = 4.0
CHOICE_W = 41.0       # a table choice's lozenge and word


@dataclass(frozen=True)
class Lozenge:
    """One mark to fill. `seat` 0 is the table's own choice. `place` is the power of ten of a
    digit (`value` the digit), -1 the sign (`value` -1), or for a choice the option's index
    (`value` the sheet value). `digit` is what is printed inside."""

    seat: int
    field: str
    place: int
    value: int | str
    digit: str
    x: float
    y: float

    @property
    def rx(self) -> float:
        return RX

    @property
    def ry(self) -> float:
        return RY


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class FieldRow:
    """Where a field's label goes in a band's label column (and which rows it spans)."""

    key: str
    label: str  # msgid
    band: int
    rect: Rect


@dataclass(frozen=True)
class SeatBox:
    """A seat's column: its head (player, wonder) and its correction box."""

    seat: Seat
    head: Rect
    column: Rect
    correction: Rect


@dataclass(frozen=True)
class PadLayout:
    version: int
    seats: tuple[SeatBox, ...]
    labels: tuple[FieldRow, ...]
    lozenges: tuple[Lozenge, ...]
    corrections_label: tuple[Rect, ...]  # the label of each band's correction row
    bottom: float                        # under the last printed row

    def for_seat(self, seat: int) -> tuple[Lozenge, ...]:
        return tuple(z for z in self.lozenges if z.seat == seat)

    def as_json(self) -> dict[str, object]:
        """The geometry as `tourney scan --layout` prints it (docs/scan-pad.md)."""
        def r(v: float) -> float:
            return round(v, 2)

        return {
            "layout_version": self.version, "units": "mm", "origin": "top-left, y down",
            "page": {"width": PAGE_W, "height": PAGE_H},
            "markers": [{"id": i, "dictionary": "DICT_4X4_50", "x": x, "y": y, "size": MARKER_SIZE}
                        for i, x, y in MARKERS],
            "qr": {"x": QR_BOX[0], "y": QR_BOX[1], "size": QR_BOX[2]},
            "seats": [{"seat": s.seat.seat, "player": s.seat.player, "board": s.seat.board,
                       "correction": {"x": r(s.correction.x), "y": r(s.correction.y), "w": r(s.correction.w),
                                      "h": r(s.correction.h)}} for s in self.seats],
            "lozenges": [{"seat": z.seat, "field": z.field, "place": z.place, "value": z.value, "digit": z.digit,
                          "x": r(z.x), "y": r(z.y), "rx": RX, "ry": RY} for z in self.lozenges],
        }


def bands(n: int) -> list[int]:
    """Seats per band, top to bottom: up to four in one band, else split as evenly as can be."""
    if n <= SEATS_PER_BAND:
        return [n]
    top = -(-n // 2)
    return [top, n - top]


def _number_rows(field: NumberField) -> list[tuple[int, tuple[int, ...]]]:
    return [(p, field.digits(p)) for p in range(field.places - 1, -1, -1)]


def _slot_x(column_x: float, slot: int) -> float:
    """Slot 0 holds the sign, slot d+1 the digit d, so a digit stands in the same column on every row."""
    return column_x + 0.7 + (slot + 0.5) * PITCH


def layout(sheet: ScanSheet, seats: Sequence[Seat]) -> PadLayout:
    """The pad of a table with `seats` (in seat order)."""
    lozenges: list[Lozenge] = []
    labels: list[FieldRow] = []
    boxes: list[SeatBox] = []
    correction_labels: list[Rect] = []
    y = GRID_TOP
    start = 0
    for band, count in enumerate(bands(len(seats))):
        band_seats = seats[start:start + count]
        start += count
        top = y
        y += SEAT_HEAD
        rows_top = y
        for choice in sheet.seat_choices:
            labels.append(FieldRow(choice.key, choice.label, band, Rect(LABEL_X, y, LABEL_W, PITCH)))
            for i, s in enumerate(band_seats):
                cx = COLUMN_X + i * COLUMN_W
                lozenges += [Lozenge(s.seat, choice.key, k, value, word, _slot_x(cx, 1 + 2 * k), y + PITCH / 2)
                             for k, (value, word) in enumerate(choice.options)]
            y += PITCH + FIELD_GAP
        for field in sheet.numbers:
            rows = _number_rows(field)
            labels.append(FieldRow(field.key, field.label, band, Rect(LABEL_X, y, LABEL_W, PITCH * len(rows))))
            for row, (place, digits) in enumerate(rows):
                cy = y + (row + 0.5) * PITCH
                for i, s in enumerate(band_seats):
                    cx = COLUMN_X + i * COLUMN_W
                    if field.signed and row == 0:
                        lozenges.append(Lozenge(s.seat, field.key, -1, -1, "−", _slot_x(cx, 0), cy))
                    lozenges += [Lozenge(s.seat, field.key, place, d, str(d), _slot_x(cx, d + 1), cy) for d in digits]
            y += PITCH * len(rows) + FIELD_GAP
        correction = y + 0.5
        correction_labels.append(Rect(LABEL_X, correction, LABEL_W, CORRECTION_H))
        for i, s in enumerate(band_seats):
            cx = COLUMN_X + i * COLUMN_W
            boxes.append(SeatBox(s, Rect(cx, top, COLUMN_W, SEAT_HEAD), Rect(cx, rows_top, COLUMN_W, y - rows_top),
                                 Rect(cx + 1.0, correction, COLUMN_W - 2.0, CORRECTION_H)))
        y = correction + CORRECTION_H + BAND_GAP
    for choice in sheet.table_choices:
        labels.append(FieldRow(choice.key, choice.label, -1, Rect(LABEL_X, y, LABEL_W, PITCH)))
        lozenges += [Lozenge(0, choice.key, k, value, "", COLUMN_X + k * CHOICE_W + 0.7 + PITCH / 2, y + PITCH / 2)
                     for k, (value, _word) in enumerate(choice.options)]
        y += PITCH + FIELD_GAP
    return PadLayout(LAYOUT_VERSION, tuple(boxes), tuple(labels), tuple(lozenges), tuple(correction_labels), y)


def choice_field(sheet: ScanSheet, key: str) -> ChoiceField | None:
    return next((c for c in sheet.choices if c.key == key), None)


def number_field(sheet: ScanSheet, key: str) -> NumberField | None:
    return next((f for f in sheet.numbers if f.key == key), None)
