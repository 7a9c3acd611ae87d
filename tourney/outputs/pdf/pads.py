"""Score pads as PDF: one landscape A4 page per table (multi-player games), or match slips
four to a page (two-player games). A `PadDescription` says what the game's own pad shows —
scoring categories in order and colour — and the pages are drawn from it; no game is named."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from tourney.outputs.pdf.render import (
    BOLD,
    GREY,
    INK,
    LANDSCAPE,
    MARGIN,
    PORTRAIT,
    RULE,
    Box,
    Pen,
    Rendered,
    footer,
    readable_on,
    tint,
    two_pass,
)
from tourney.outputs.pdf.words import words

DARK = HexColor("#333333")
START = "▶"


@dataclass(frozen=True)
class PadCategory:
    """One scoring row: its key (the sheet column), printed label, colour and a short note."""

    key: str
    label: str
    colour: str
    note: str = ""


@dataclass(frozen=True)
class PadDescription:
    """What a game's score pad shows, in one language."""

    game: str                            # printed in the header, e.g. the game's name
    categories: tuple[PadCategory, ...]  # in the pad's order (summed into the total, when there is one)
    total: str | None                    # the total row's label; None: the pad sums nothing
    extra: tuple[PadCategory, ...] = ()  # rows after the total (e.g. coins held, for ties)
    board: str | None = None             # a per-player board row ("Wonder"), when the game has one
    board_sides: tuple[str, ...] = ()    # sides to circle on that row
    outcome: str | None = None           # a line of choices to tick under the grid ("Victory")
    outcome_choices: tuple[str, ...] = ()
    hint: str = ""                       # a line under the grid: who starts, how to fill in the game's rows
    board_names: Mapping[str, str] = field(default_factory=dict)  # a board's name in the pad's language


@dataclass(frozen=True)
class PadSeat:
    seat: int
    player: str
    board: str | None = None
    starts: bool = False


@dataclass(frozen=True)
class ScorePad:
    """One table of one round."""

    event: str
    round: int
    table: int
    seats: tuple[PadSeat, ...]
    notes: tuple[str, ...] = ()  # printed under the header (e.g. the guilds in play)
    qr: str | None = None        # a link to the table's page


def _header(pen: Pen, box: Box, pad: ScorePad, desc: PadDescription, w: dict[str, str], big: float) -> None:
    """Event and game on the left, round and table big on the right, the QR code beside them."""
    qr_side = box.h if pad.qr else 0.0
    if pad.qr:
        pen.qr(pad.qr, Box(box.x + box.w - qr_side, box.y, qr_side, qr_side))
    right_w = box.w * 0.42
    text_w = box.w - qr_side - right_w - 6
    pen.text(pad.event, Box(box.x, box.y + box.h * 0.45, text_w, box.h * 0.55), big * 0.8, font=BOLD)
    pen.text(desc.game, Box(box.x, box.y, text_w, box.h * 0.42), big * 0.45, colour=GREY)
    where = Box(box.x + box.w - qr_side - right_w - 6, box.y, right_w, box.h)
    pen.text(f"{w['round']} {pad.round} · {w['table']} {pad.table}", where, big, font=BOLD, align="right")


def _grid(pen: Pen, box: Box, pad: ScorePad, desc: PadDescription, w: dict[str, str], *, label_w: float,
          head_h: float, size: float) -> None:
    """The score grid filling `box`: categories as rows, players as columns in seat order, a
    board row, the total, the extra rows and a signature row."""
    n = max(1, len(pad.seats))
    col_w = (box.w - label_w) / n
    rows: list[tuple[str, PadCategory | None]] = []
    if desc.board:
        rows.append(("board", None))
    rows += [("cat", c) for c in desc.categories] + [("total", None)] * bool(desc.total)
    rows += [("extra", c) for c in desc.extra]
    rows.append(("sign", None))
    row_h = (box.h - head_h) / len(rows)
    top = box.y + box.h
    pad_x = 3.0
    # Player columns: seat, start mark and name.
    pen.rect(Box(box.x, top - head_h, label_w, head_h), fill=DARK, stroke=None)
    pen.text(w["player"], Box(box.x + pad_x, top - head_h, label_w - 2 * pad_x, head_h), size, font=BOLD,
             colour=HexColor("#FFFFFF"))
    for i, s in enumerate(pad.seats):
        cell = Box(box.x + label_w + i * col_w, top - head_h, col_w, head_h)
        pen.rect(cell, fill=HexColor("#FFF4C2") if s.starts else HexColor("#FFFFFF"), stroke=INK, width=0.8)
        seat = f"{w['seat']} {s.seat}" + (f"  {START} {w['start']}" if s.starts else "")
        pen.text(seat, Box(cell.x + pad_x, cell.y + head_h * 0.62, col_w - 2 * pad_x, head_h * 0.34),
                 size * 0.62, font=BOLD if s.starts else "DejaVuSans", colour=INK if s.starts else GREY,
                 align="centre")
        pen.name(s.player, Box(cell.x + pad_x, cell.y + head_h * 0.04, col_w - 2 * pad_x, head_h * 0.6),
                 size * 1.15)
    y = top - head_h
    for kind, cat in rows:
        y -= row_h
        label = Box(box.x, y, label_w, row_h)
        inner = label.inset(pad_x)
        if kind == "board":
            pen.rect(label, fill=HexColor("#EDE7DC"), stroke=INK, width=0.8)
            pen.text(desc.board or "", inner, size, font=BOLD)
            for i, s in enumerate(pad.seats):
                cell = Box(box.x + label_w + i * col_w, y, col_w, row_h)
                pen.rect(cell, stroke=INK, width=0.8)
                _board_cell(pen, cell, s.board, desc.board_sides, size)
            continue
        if kind == "sign":
            pen.rect(label, stroke=INK, width=0.8)
            pen.text(w["signature"], inner, size * 0.9, font=BOLD)
            for i in range(n):
                pen.rect(Box(box.x + label_w + i * col_w, y, col_w, row_h), stroke=INK, width=0.8)
            continue
        if kind == "total":
            fill, ink, cells, line = DARK, HexColor("#FFFFFF"), HexColor("#FFFFFF"), 1.6
            text, note = desc.total or "", ""
        else:
            assert cat is not None
            colour = HexColor(cat.colour)
            fill, ink, line = colour, readable_on(colour), 0.8
            cells = tint(colour, 0.16 if kind == "cat" else 0.08)
            text, note = cat.label, cat.note
        pen.rect(label, fill=fill, stroke=INK, width=line)
        if note:
            pen.text(text, Box(inner.x, y + row_h * 0.42, inner.w, row_h * 0.5), size, font=BOLD, colour=ink)
            pen.text(note, Box(inner.x, y + row_h * 0.08, inner.w, row_h * 0.34), size * 0.62, colour=ink)
        else:
            pen.text(text, inner, size, font=BOLD, colour=ink)
        for i in range(n):
            pen.rect(Box(box.x + label_w + i * col_w, y, col_w, row_h), fill=cells, stroke=INK, width=line)


def _board_cell(pen: Pen, cell: Box, board: str | None, sides: Sequence[str], size: float) -> None:
    """The board's name on top and the sides to circle under it."""
    inner = cell.inset(3)
    pen.text(board or "", Box(inner.x, cell.y + cell.h * 0.52, inner.w, cell.h * 0.44), size * 0.8,
             align="centre", min_size=5.5)
    if not sides:
        return
    r = min(cell.h * 0.2, 9.0)
    step = 3.2 * r
    x0 = cell.x + cell.w / 2 - step * (len(sides) - 1) / 2
    cy = cell.y + cell.h * 0.27
    for j, side in enumerate(sides):
        cx = x0 + j * step
        pen.canvas.setStrokeColor(RULE)
        pen.canvas.setLineWidth(0.6)
        pen.canvas.circle(cx, cy, r, stroke=1, fill=0)
        pen.text(side, Box(cx - r, cy - r, 2 * r, 2 * r), r * 1.1, font=BOLD, align="centre", colour=GREY)


def render_score_pads(pads: Sequence[ScorePad], desc: PadDescription, lang: str, *, footnote: str = "") -> Rendered:
    """One landscape A4 page per table."""
    w = words(lang)

    def draw(total: int | None) -> Rendered:
        pen = Pen(f"{pads[0].event if pads else ''} – {desc.game}", LANDSCAPE)
        for k, pad in enumerate(pads):
            if k:
                pen.new_page()
            inner = Box(MARGIN, MARGIN, pen.width - 2 * MARGIN, pen.height - 2 * MARGIN)
            head_h = 20 * mm
            _header(pen, Box(inner.x, inner.y + inner.h - head_h, inner.w, head_h), pad, desc, w, 26)
            notes_h = 11 * mm if pad.notes else 0.0
            if pad.notes:
                pen.paragraph(" · ".join(pad.notes), Box(inner.x, inner.y + inner.h - head_h - notes_h - 1 * mm,
                                                          inner.w, notes_h), 10.5, font=BOLD, max_lines=2)
            hint_h = 6 * mm
            grid = Box(inner.x, inner.y + hint_h, inner.w, inner.h - head_h - notes_h - hint_h - 3 * mm)
            _grid(pen, grid, pad, desc, w, label_w=48 * mm, head_h=13 * mm, size=12)
            if desc.hint:
                pen.text(desc.hint, Box(inner.x, inner.y, inner.w, hint_h - 1 * mm), 8.5, colour=GREY)
            if pad.qr:
                pen.text(w["qr"], Box(inner.x, inner.y, inner.w, hint_h - 1 * mm), 7, colour=GREY, align="right")
            _footer(pen, footnote, w, k + 1, total)
        return pen.finish()

    return two_pass(draw, max(1, len(pads)))


def _footer(pen: Pen, footnote: str, w: dict[str, str], page: int, total: int | None) -> None:
    footer(pen, footnote, w["page"].format(i=page, n=total or "?"))


SLIPS_PER_PAGE = 4


def render_match_slips(pads: Sequence[ScorePad], desc: PadDescription, lang: str, *,
                       footnote: str = "") -> Rendered:
    """Two-player pads four to a portrait A4 page, cut lines between them."""
    w = words(lang)
    gap = 6 * mm

    def draw(total: int | None) -> Rendered:
        pen = Pen(f"{pads[0].event if pads else ''} – {desc.game}", PORTRAIT)
        slip_w = (pen.width - 2 * MARGIN - gap) / 2
        slip_h = (pen.height - 2 * MARGIN - gap) / 2
        for k, pad in enumerate(pads):
            spot = k % SLIPS_PER_PAGE
            if k and not spot:
                pen.new_page()
            if not spot:
                mid_x, mid_y = pen.width / 2, MARGIN + slip_h + gap / 2
                pen.line(mid_x, MARGIN / 2, mid_x, pen.height - MARGIN / 2, dash=(3, 3))
                pen.line(MARGIN / 2, mid_y, pen.width - MARGIN / 2, mid_y, dash=(3, 3))
                _footer(pen, footnote, w, k // SLIPS_PER_PAGE + 1, total)
            col, row = spot % 2, spot // 2
            box = Box(MARGIN + col * (slip_w + gap), pen.height - MARGIN - (row + 1) * slip_h - row * gap,
                      slip_w, slip_h)
            _slip(pen, box, pad, desc, w)
        if not pads:
            _footer(pen, footnote, w, 1, total)
        return pen.finish()

    return two_pass(draw, max(1, -(-len(pads) // SLIPS_PER_PAGE)))


def _slip(pen: Pen, box: Box, pad: ScorePad, desc: PadDescription, w: dict[str, str]) -> None:
    head_h = 15 * mm
    _header(pen, Box(box.x, box.y + box.h - head_h, box.w, head_h), pad, desc, w, 15)
    outcome_h = 13 * mm if desc.outcome else 0.0
    hint_h = 7 * mm
    grid = Box(box.x, box.y + outcome_h + hint_h, box.w, box.h - head_h - outcome_h - hint_h - 2 * mm)
    _grid(pen, grid, pad, desc, w, label_w=31 * mm, head_h=11 * mm, size=9.5)
    if desc.outcome:
        oy = box.y + hint_h
        pen.text(f"{desc.outcome}:", Box(box.x, oy + outcome_h / 2, box.w * 0.3, outcome_h / 2), 9, font=BOLD)
        choices = desc.outcome_choices
        cw = box.w / max(1, len(choices))
        for j, choice in enumerate(choices):
            cell = Box(box.x + j * cw, oy, cw, outcome_h / 2)
            pen.rect(Box(cell.x + 1, cell.y + (cell.h - 7) / 2, 7, 7), stroke=INK, width=0.7)
            pen.text(choice, Box(cell.x + 11, cell.y, cw - 13, cell.h), 8.5)
        pen.text(f"{w['winner']}: ____________________", Box(box.x + box.w * 0.3, oy + outcome_h / 2,
                                                                box.w * 0.7, outcome_h / 2), 9, align="right")
    pen.text(w["match_slip_hint"], Box(box.x, box.y, box.w, hint_h), 6.5, colour=GREY)
