"""Scan pads as PDF, one portrait A4 page per table, drawn from the table's `PadLayout`: the
corner markers, the QR code, the seats, a lozenge per digit with the digit printed inside, a
correction box per seat and one line of instructions. The lozenges and their digits are printed
in a red that a photo's red channel barely sees, so only the pen's marks are read."""
from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from tourney.core.i18n import _, use_language
from tourney.outputs.pdf.render import BOLD, FONT, GREY, INK, PORTRAIT, Box, Pen, Rendered
from tourney.outputs.pdf.words import words
from tourney.scanpad.fields import ScanSheet
from tourney.scanpad.layout import (
    MARKER_BITS,
    MARKER_SIZE,
    MARKERS,
    INSTRUCTIONS_Y,
    PAGE_H,
    QR_BOX,
    RX,
    RY,
    FieldRow,
    Rect,
)
from tourney.scanpad.pads import TablePad

#: The dropout colour: strong in the red channel, so the reader sees through it.
DROPOUT = HexColor("#E0524A")
FRAME = HexColor("#B0B0B0")


def _box(r: Rect) -> Box:
    """Millimetres from the top (the layout's) as reportlab's points from the bottom."""
    return Box(r.x * mm, (PAGE_H - r.y - r.h) * mm, r.w * mm, r.h * mm)


def _marker(pen: Pen, marker: int, x: float, y: float) -> None:
    c = pen.canvas
    cell = MARKER_SIZE / 6
    c.setFillColor(HexColor("#000000"))
    c.rect(x * mm, (PAGE_H - y - MARKER_SIZE) * mm, MARKER_SIZE * mm, MARKER_SIZE * mm, stroke=0, fill=1)
    c.setFillColor(HexColor("#FFFFFF"))
    for row, bits in enumerate(MARKER_BITS[marker]):
        for col, bit in enumerate(bits):
            if bit == "1":
                cx, cy = x + (col + 1) * cell, y + (row + 1) * cell
                # a hair larger than the cell, so neighbouring white cells leave no seam
                c.rect(cx * mm - 0.05, (PAGE_H - cy - cell) * mm - 0.05, cell * mm + 0.1, cell * mm + 0.1,
                       stroke=0, fill=1)


def _qr(pen: Pen, text: str) -> None:
    """The QR code as squares (segno's matrix, level L: big modules), the quiet zone inside `QR_BOX`."""
    import segno

    matrix = segno.make_qr(text, error="l", boost_error=False).matrix
    x, y, side = QR_BOX
    module = side / (len(matrix) + 8)
    c = pen.canvas
    c.setFillColor(HexColor("#000000"))
    for row, bits in enumerate(matrix):
        for col, bit in enumerate(bits):
            if bit:
                mx, my = x + (col + 4) * module, y + (row + 4) * module
                c.rect(mx * mm - 0.05, (PAGE_H - my - module) * mm - 0.05, module * mm + 0.1, module * mm + 0.1,
                       stroke=0, fill=1)
    pen.qr_codes.append((pen.page, text))


def instructions() -> str:
    return _("Fill the lozenges dark with a black or blue felt pen: one per row, leading zeros too. To change a "
             "number, cross out its rows and write it in the seat's correction box.")


def _page(pen: Pen, pad: TablePad, sheet: ScanSheet, event_name: str, w: dict[str, str], footnote: str,
          lang: str) -> None:
    for marker, x, y in MARKERS:
        _marker(pen, marker, x, y)
    _qr(pen, pad.code.text)
    pen.text(event_name, _box(Rect(23.0, 6.0, 128.0, 7.0)), 12, font=BOLD)
    kind = _("scan pad")
    pen.text(f"{sheet.game} · {kind}", _box(Rect(23.0, 13.0, 128.0, 5.0)), 8.5, colour=GREY)
    pen.text(f"{w['round']} {pad.round} · {w['table']} {pad.table}", _box(Rect(23.0, 19.0, 128.0, 11.0)), 20,
             font=BOLD)
    pen.paragraph(instructions(), _box(Rect(8.0, INSTRUCTIONS_Y - 1.0, 194.0, 6.8)), 7.5, max_lines=2)
    lay = pad.layout
    boards = sheet.board_names.get(lang, {})  # the boards as the edition of the pad's language names them
    for row in lay.labels:
        _label(pen, row, sheet)
    for rect in lay.corrections_label:
        pen.paragraph(_("Correction: cross out the rows, write the number here"), _box(rect), 6.5, max_lines=3,
                      colour=GREY)
    for box in lay.seats:
        s = box.seat
        head = box.head
        seat = f"{w['seat']} {s.seat}" + (f"  ▶ {w['start']}" if s.starts else "")
        pen.text(seat, _box(Rect(head.x + 1, head.y, head.w - 2, 3.2)), 6.5, colour=GREY)
        pen.name(s.player, _box(Rect(head.x + 1, head.y + 3.0, head.w - 2, 4.2)), 9.5)
        if s.board:
            pen.text(boards.get(s.board, s.board), _box(Rect(head.x + 1, head.y + 7.0, head.w - 2, 3.0)), 6.5,
                     align="centre", colour=GREY, min_size=4.5)
        pen.rect(_box(Rect(head.x + 0.3, head.y, head.w - 0.6, box.column.y + box.column.h - head.y)),
                 stroke=FRAME, width=0.5)
        pen.rect(_box(box.correction), stroke=GREY, width=0.8)
    c = pen.canvas
    c.setLineWidth(0.7)
    c.setStrokeColor(DROPOUT)
    for z in lay.lozenges:
        cx, cy = z.x * mm, (PAGE_H - z.y) * mm
        c.ellipse(cx - RX * mm, cy - RY * mm, cx + RX * mm, cy + RY * mm, stroke=1, fill=0)
        if z.digit:
            c.setFillColor(DROPOUT)
            c.setFont(FONT, 5.5 if len(z.digit) == 1 else 4.5)
            c.drawCentredString(cx, cy - 1.9, z.digit)
    for choice in sheet.table_choices:
        for z in lay.lozenges:
            if z.seat == 0 and z.field == choice.key:
                word = dict(choice.options)[str(z.value)]
                pen.text(_(word), _box(Rect(z.x + RX + 1.0, z.y - 1.8, 34.0, 3.6)), 8)
    pen.text(footnote, _box(Rect(23.0, 285.0, 164.0, 4.0)), 6.5, colour=GREY, align="centre")


def _label(pen: Pen, row: FieldRow, sheet: ScanSheet) -> None:
    field = next((f for f in sheet.numbers if f.key == row.key), None)
    r = row.rect
    pen.text(_(row.label), _box(Rect(r.x, r.y, r.w - 6.0, min(r.h, 3.6))), 7.5, font=BOLD, min_size=5.0)
    if field is not None and field.places > 1:  # which row is which digit place
        for i in range(field.places):
            pen.text(f"×{10 ** (field.places - 1 - i)}", _box(Rect(r.x + r.w - 6.5, r.y + i * 3.6, 6.0, 3.6)), 5.5,
                     colour=GREY, align="right")
    pen.line(r.x * mm, (PAGE_H - r.y - r.h - 0.6) * mm, 201 * mm, (PAGE_H - r.y - r.h - 0.6) * mm,
             colour=HexColor("#E6E6E6"), width=0.3)


def render_scan_pads(pads: Sequence[TablePad], sheet: ScanSheet, event_name: str, lang: str,
                     footnote: str = "") -> Rendered:
    """One page per table, in `lang`."""
    w = words(lang)
    pen = Pen(f"{event_name} – {sheet.game}", PORTRAIT)
    with use_language(lang):
        for k, pad in enumerate(pads):
            if k:
                pen.new_page()
            _page(pen, pad, sheet, event_name, w, footnote, lang)
        if not pads:
            pen.text(_("no table to print"), _box(Rect(20.0, 40.0, 170.0, 8.0)), 12, colour=INK)
    return pen.finish()
