"""Posters for the wall: where everyone sits by name (large print, German collation, as many
columns as one page needs), the seating by table, and foldable table cards."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm

from tourney.outputs.pdf.pads import START, PadSeat
from tourney.outputs.pdf.render import (
    BOLD,
    GREY,
    INK,
    LANDSCAPE,
    MARGIN,
    PORTRAIT,
    ZEBRA,
    Box,
    Pen,
    Rendered,
    collation_key,
    footer,
    two_pass,
)
from tourney.outputs.pdf.words import words

DARK = HexColor("#333333")
WHITE = HexColor("#FFFFFF")
MIN_ROW = 7.2 * mm   # the smallest row still read from two steps away
MAX_ROW = 13 * mm
MAX_COLUMNS = 3


@dataclass(frozen=True)
class NameLine:
    """One player on the list by name: their table, seat and a detail (board, opponent)."""

    name: str
    table: int
    seat: int | None = None
    detail: str = ""


@dataclass(frozen=True)
class SeatingList:
    event: str
    round: int
    title: str                  # "Where to sit", "Pairings by name"
    lines: tuple[NameLine, ...]
    detail: str = ""            # heading of the detail column; "" leaves it out
    show_seat: bool = True


@dataclass(frozen=True)
class TablePlan:
    event: str
    round: int
    title: str
    tables: tuple[tuple[int, tuple[PadSeat, ...]], ...]


def _title(pen: Pen, event: str, title: str, top: float) -> float:
    """Event name and the document's title (with the round) at the top; returns its bottom."""
    width = pen.width - 2 * MARGIN
    pen.text(event, Box(MARGIN, top - 9 * mm, width, 9 * mm), 16, font=BOLD, colour=GREY)
    pen.text(title, Box(MARGIN, top - 22 * mm, width, 13 * mm), 28, font=BOLD)
    return top - 25 * mm


def column_plan(n: int, height: float) -> tuple[int, int]:
    """(columns, rows per column) for `n` names in `height` points: the fewest columns whose
    rows stay at least `MIN_ROW` high (one more row for the heading); at most `MAX_COLUMNS`,
    beyond that more pages."""
    max_rows = int(height // MIN_ROW) - 1
    columns = min(MAX_COLUMNS, max(1, math.ceil(n / max_rows)))
    return columns, min(max_rows, max(1, math.ceil(n / columns)))


def render_seating_by_name(doc: SeatingList, lang: str, *, footnote: str = "") -> Rendered:
    """The list by name, sorted in German phone-book order, on as few pages as it fits."""
    w = words(lang)
    lines = sorted(doc.lines, key=lambda x: collation_key(x.name))

    def draw(total: int | None) -> Rendered:
        pen = Pen(f"{doc.event} – {doc.title}", PORTRAIT)
        body_top = _title(pen, doc.event, doc.title, pen.height - MARGIN)
        height = body_top - MARGIN - 4 * mm
        columns, rows = column_plan(len(lines), height)
        per_page = columns * rows
        pages = [lines[i:i + per_page] for i in range(0, len(lines), per_page)] or [[]]
        row_h = min(MAX_ROW, height / (rows + 1))
        size = row_h * 0.5
        gap = 5 * mm
        col_w = (pen.width - 2 * MARGIN - gap * (columns - 1)) / columns
        # Column shares: name, table, seat, detail.
        shares = [0.56, 0.16, 0.12 if doc.show_seat else 0.0, 0.0]
        if doc.detail:
            shares = [0.44, 0.14, 0.11 if doc.show_seat else 0.0, 0.0]
        shares[3] = 1 - sum(shares)
        heads = [w["player"], w["table"], w["seat"] if doc.show_seat else "", doc.detail]
        for p, chunk in enumerate(pages):
            if p:
                pen.new_page()
                _title(pen, doc.event, f"{doc.title} ({w['continued']})", pen.height - MARGIN)
            for c in range(columns):
                part = chunk[c * rows:(c + 1) * rows]
                if not part:
                    continue
                x0 = MARGIN + c * (col_w + gap)
                y = body_top - row_h
                pen.rect(Box(x0, y, col_w, row_h), fill=DARK, stroke=None)
                _cells(pen, x0, y, col_w, row_h, shares, heads, size * 0.8, WHITE, bold_first=True)
                for i, line in enumerate(part):
                    y -= row_h
                    if i % 2:
                        pen.rect(Box(x0, y, col_w, row_h), fill=ZEBRA, stroke=None)
                    values = [line.name, str(line.table), str(line.seat or "") if doc.show_seat else "",
                              line.detail]
                    _cells(pen, x0, y, col_w, row_h, shares, values, size, INK, bold_first=False)
            footer(pen, footnote, w["page"].format(i=p + 1, n=total or "?"))
        return pen.finish()

    return two_pass(draw)


def _cells(pen: Pen, x0: float, y: float, width: float, h: float, shares: Sequence[float], values: Sequence[str],
           size: float, colour: Color, *, bold_first: bool) -> None:
    x = x0
    for j, (share, value) in enumerate(zip(shares, values)):
        cw = width * share
        if share and value:
            font = BOLD if (j in (0, 1) and not bold_first) or bold_first else "DejaVuSans"
            big = size * (1.25 if j == 1 and not bold_first else 1.0)
            pen.text(value, Box(x + 2 * mm, y, cw - 3 * mm, h), big, font=font,
                     align="centre" if j in (1, 2) else "left", colour=colour)
        x += cw


#: A table's box at scale 1: its heading, a seat's line, the room under the last seat, and
#: the width its words are sized for; the boxes grow up to `MAX_SCALE` to fill the page.
BOX_HEAD, SEAT_LINE, BOX_FOOT, BOX_WIDTH = 9 * mm, 6.5 * mm, 2 * mm, 58 * mm
BOX_GAP = 4 * mm
MAX_SCALE = 2.2


def table_grid(tables: int, seats: int, width: float, height: float) -> tuple[int, float]:
    """(columns, scale) of the boxes of `tables` tables of up to `seats` players in `width` x
    `height` points: the columns (1-4) that let the boxes grow largest while all fit on the
    page; at scale 1 (more tables than one page holds) three columns, four for pairs."""
    best = (3 if seats > 2 else 4, 1.0)
    for columns in range(1, 5):
        rows = math.ceil(tables / columns)
        box_w = (width - BOX_GAP * (columns - 1)) / columns
        by_height = (height - BOX_GAP * (rows - 1)) / (rows * (BOX_HEAD + seats * SEAT_LINE + BOX_FOOT))
        scale = min(MAX_SCALE, by_height, box_w / BOX_WIDTH)
        if scale > best[1]:
            best = (columns, scale)
    return best


def render_seating_by_table(doc: TablePlan, lang: str, *, footnote: str = "") -> Rendered:
    """Every table as a box with its players in seat order, as large as the page allows (three
    boxes to a row, more pages, when the tables don't fit one page at the smallest size)."""
    w = words(lang)
    seats_max = max((len(s) for _, s in doc.tables), default=1)

    def draw(total: int | None) -> Rendered:
        pen = Pen(f"{doc.event} – {doc.title}", PORTRAIT)
        top = _title(pen, doc.event, doc.title, pen.height - MARGIN)
        gap = BOX_GAP
        columns, scale = table_grid(len(doc.tables), seats_max, pen.width - 2 * MARGIN, top - MARGIN - 4 * mm)
        box_w = (pen.width - 2 * MARGIN - gap * (columns - 1)) / columns
        line_h, head_h = SEAT_LINE * scale, BOX_HEAD * scale
        box_h = head_h + seats_max * line_h + BOX_FOOT * scale
        per_col = max(1, int((top - MARGIN - 4 * mm + gap) // (box_h + gap)))
        page = 1
        for k, (table, seats) in enumerate(doc.tables):
            spot = k % (per_col * columns)
            if k and not spot:
                footer(pen, footnote, w["page"].format(i=page, n=total or "?"))
                pen.new_page()
                page += 1
                top = _title(pen, doc.event, f"{doc.title} ({w['continued']})", pen.height - MARGIN)
            row, col = divmod(spot, columns)
            box = Box(MARGIN + col * (box_w + gap), top - (row + 1) * box_h - row * gap, box_w, box_h)
            pen.rect(box, stroke=INK, width=0.8)
            head = Box(box.x, box.y + box.h - head_h, box.w, head_h)
            pen.rect(head, fill=DARK, stroke=None)
            pen.text(f"{w['table']} {table}", head.inset(2 * mm * scale), 15 * scale, font=BOLD, colour=WHITE)
            for i, s in enumerate(seats):
                y = head.y - (i + 1) * line_h
                mark = f"{START} " if s.starts else ""
                detail_w = box.w * 0.36 if s.board else 0.0
                pen.text(f"{s.seat}  {mark}{s.player}", Box(box.x + 2 * mm, y, box.w - detail_w - 3 * mm, line_h),
                         11 * scale, font=BOLD if s.starts else "DejaVuSans")
                if s.board:
                    pen.text(s.board, Box(box.x + box.w - detail_w, y, detail_w - 2 * mm, line_h), 9 * scale,
                             colour=GREY, align="right")
        footer(pen, footnote, w["page"].format(i=page, n=total or "?"))
        return pen.finish()

    return two_pass(draw)


def render_table_cards(event: str, tables: Sequence[int], lang: str) -> Rendered:
    """One landscape page per table, to fold along the middle into a tent: the top half is
    printed upside down, so both sides read the right way up."""
    w = words(lang)
    pen = Pen(f"{event} – {w['table']}", LANDSCAPE)
    for k, table in enumerate(tables):
        if k:
            pen.new_page()
        half = pen.height / 2
        pen.line(MARGIN, half, pen.width - MARGIN, half, dash=(4, 4))
        pen.text(w["fold"], Box(pen.width - MARGIN - 30 * mm, half + 1, 30 * mm, 8), 6.5, colour=GREY, align="right")
        _card_half(pen, Box(0, 0, pen.width, half), event, table, w)
        with pen.upside_down():
            _card_half(pen, Box(0, 0, pen.width, half), event, table, w)
    return pen.finish()


def _card_half(pen: Pen, half: Box, event: str, table: int, w: dict[str, str]) -> None:
    inner = half.inset(MARGIN, 8 * mm)
    pen.text(w["table"], Box(inner.x, inner.y + inner.h - 14 * mm, inner.w, 14 * mm), 30, font=BOLD,
             align="centre", colour=GREY)
    pen.text(str(table), Box(inner.x, inner.y + 12 * mm, inner.w, inner.h - 26 * mm), 200, font=BOLD,
             align="centre", baseline=0)
    pen.text(event, Box(inner.x, inner.y, inner.w, 10 * mm), 14, align="centre", colour=GREY)
