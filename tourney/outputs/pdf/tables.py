"""Tabular handouts as PDF (standings, season report): a title block, then sections of
columns and rows with a repeated header row on every page, an optional cut line, a legend."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from tourney.outputs.pdf.render import (
    BOLD,
    FONT,
    GREY,
    INK,
    MARGIN,
    PORTRAIT,
    ZEBRA,
    Box,
    Pen,
    Rendered,
    Sketch,
    fit_text,
    footer,
    width_of,
    wrap_text,
)
from tourney.core.i18n import local_number
from tourney.outputs.pdf.words import words

DARK = HexColor("#333333")
WHITE = HexColor("#FFFFFF")
CUT = HexColor("#C62828")
MIN_ROW = 4.6 * mm
MAX_ROW = 7.5 * mm
CUT_BAND = 4.4 * mm  # the cut line's label, under the line


@dataclass(frozen=True)
class Column:
    heading: str
    weight: float = 1.0   # share of the width, relative to the other columns
    align: str = "right"
    bold: bool = False


@dataclass(frozen=True)
class TableSection:
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    cut_after: int | None = None             # a line under this many rows
    cut_label: str = ""
    legend: tuple[tuple[str, str], ...] = ()  # (heading, what it means)
    muted: frozenset[int] = frozenset()      # rows (0-based) printed grey, e.g. dropped players


@dataclass(frozen=True)
class TabularDoc:
    title: str
    event: str
    lines: tuple[str, ...]  # under the title: date, "after round 3 of 5", when it was made
    sections: tuple[TableSection, ...]
    footnote: str = ""


def render_tabular(doc: TabularDoc, lang: str, more: Callable[[Pen], None] | None = None) -> Rendered:
    """The document on portrait A4 pages; `more` draws pages after them on the same pen (the
    footers count the document's own pages)."""
    w = words(lang)

    def draw(total: int | None, pen: Pen) -> Pen:
        width = pen.width - 2 * MARGIN
        bottom = MARGIN + 3 * mm
        state = {"page": 1}

        def next_page() -> float:
            footer(pen, doc.footnote, w["page"].format(i=state["page"], n=total or "?"))
            pen.new_page()
            state["page"] += 1
            pen.text(f"{doc.event} · {doc.title} ({w['continued']})",
                     Box(MARGIN, pen.height - MARGIN - 7 * mm, width, 7 * mm), 11, font=BOLD, colour=GREY)
            return pen.height - MARGIN - 10 * mm

        top = pen.height - MARGIN
        pen.text(doc.title, Box(MARGIN, top - 12 * mm, width, 12 * mm), 26, font=BOLD)
        pen.text(doc.event, Box(MARGIN, top - 20 * mm, width, 8 * mm), 15, font=BOLD, colour=GREY)
        y = top - 21 * mm
        for line in doc.lines:
            pen.text(line, Box(MARGIN, y - 5.5 * mm, width, 5.5 * mm), 10.5, colour=GREY)
            y -= 5.5 * mm
        y -= 3 * mm
        for section in doc.sections:
            legend_h = _legend_height(section)
            title_h = 8 * mm if section.title else 0.0
            space = y - bottom - title_h - legend_h - (CUT_BAND if section.cut_label else 0.0)
            row_h = max(MIN_ROW, min(MAX_ROW, (space - 0.05) / (len(section.rows) + 1)))
            if y - title_h - 3 * row_h < bottom:
                y = next_page()
            if section.title:
                pen.text(section.title, Box(MARGIN, y - title_h, width, title_h), 13, font=BOLD)
                y -= title_h
            total_weight = sum(c.weight for c in section.columns) or 1.0
            size = min(11.0, row_h / mm * 2.0)
            widths = _heading_widths([width * c.weight / total_weight for c in section.columns], section, size)
            head_h = _heading_height(widths, section, size, row_h)
            y = _row(pen, y, head_h, widths, section, [c.heading for c in section.columns], size, header=True)
            for i, row in enumerate(section.rows):
                if y - row_h < bottom:
                    y = next_page()
                    y = _row(pen, y, head_h, widths, section, [c.heading for c in section.columns], size,
                             header=True)
                if i % 2:
                    pen.rect(Box(MARGIN, y - row_h, width, row_h), fill=ZEBRA, stroke=None)
                y = _row(pen, y, row_h, widths, section, [local_number(v, lang) for v in row], size, header=False,
                         muted=i in section.muted)
                if section.cut_after is not None and i + 1 == section.cut_after and i + 1 < len(section.rows):
                    pen.line(MARGIN, y, MARGIN + width, y, colour=CUT, width=1.8)
                    if section.cut_label:  # in a band of its own under the line: it covers no row
                        pen.text(section.cut_label, Box(MARGIN, y - CUT_BAND, width - 1 * mm, CUT_BAND), 8,
                                 font=BOLD, colour=CUT, align="right")
                        y -= CUT_BAND
            if section.legend:
                if y - legend_h < bottom - 0.01:
                    y = next_page()
                y = _legend(pen, y - 2 * mm, width, section, w)
            y -= 6 * mm
        footer(pen, doc.footnote, w["page"].format(i=state["page"], n=total or "?"))
        return pen

    title = f"{doc.event} – {doc.title}"
    # The layout is made of the text's boxes, not of the text: a sketch counts the pages first.
    pages = draw(None, Sketch(title, PORTRAIT)).page
    pen = draw(pages, Pen(title, PORTRAIT))
    if pen.page != pages:  # only if the layout came to depend on the text
        pen = draw(pen.page, Pen(title, PORTRAIT))
    if more is not None:
        more(pen)
    return pen.finish()


#: A heading shrinks to this share of its size on one line; smaller, it takes two lines.
HEADING_SHRINK = 0.8


def _heading_lines(heading: str, width: float, size: float) -> tuple[tuple[str, ...], float]:
    """A column heading in `width`: one line if it fits shrunk no further than `HEADING_SHRINK`,
    else two lines (broken at spaces and hyphens; "Siegquote %", "qualifiziert bei")."""
    if fit_text(heading, width, size, font=BOLD, min_size=size * HEADING_SHRINK).text == " ".join(heading.split()):
        return (heading,), size
    return wrap_text(heading, width, size, font=BOLD, max_lines=2, min_size=4.5)


def _heading_widths(widths: list[float], section: TableSection, size: float) -> list[float]:
    """The columns' widths, a narrow one widened (from the others' room to spare) until the
    longest word of its heading fits at the smallest size a heading shrinks to."""
    least = size * 0.9 * HEADING_SHRINK
    need = [max((width_of(word, BOLD, least) for word in c.heading.split()), default=0.0) + 2.4 * mm
            for c in section.columns]
    short = sum(max(0.0, n - w) for n, w in zip(need, widths))
    spare = [max(0.0, w - n) for n, w in zip(need, widths)]
    if not short or sum(spare) < short:
        return widths
    return [n if n > w else w - short * room / sum(spare) for n, w, room in zip(need, widths, spare)]


def _heading_height(widths: list[float], section: TableSection, size: float, row_h: float) -> float:
    """The heading row: one row high, or two lines high when a heading needs two."""
    sized = [_heading_lines(c.heading, cw - 2.4 * mm, size * 0.9) for c, cw in zip(section.columns, widths)]
    two = [s for lines, s in sized if len(lines) > 1]
    return max(row_h, 2 * 1.2 * max(two) + 1.5 * mm) if two else row_h


def _row(pen: Pen, y: float, h: float, widths: list[float], section: TableSection, values: list[str],
         size: float, *, header: bool, muted: bool = False) -> float:
    if header:
        pen.rect(Box(MARGIN, y - h, sum(widths), h), fill=DARK, stroke=None)
    x = MARGIN
    for col, cw, value in zip(section.columns, widths, values):
        if value and header:
            lines, s = _heading_lines(value, cw - 2.4 * mm, size * 0.9)
            step = h / len(lines) if len(lines) == 1 else s * 1.2
            top = y - (h - step * len(lines)) / 2
            for k, line in enumerate(lines):
                pen.text(line, Box(x + 1.2 * mm, top - (k + 1) * step, cw - 2.4 * mm, step), s, font=BOLD,
                         align=col.align, colour=WHITE, min_size=min(6.0, s))
        elif value:
            pen.text(value, Box(x + 1.2 * mm, y - h, cw - 2.4 * mm, h), size, font=BOLD if col.bold else FONT,
                     align=col.align, colour=GREY if muted else INK)
        x += cw
    return y - h


LEGEND_LINE = 4.5 * mm


def _legend_height(section: TableSection) -> float:
    return (len(section.legend) + 1) // 2 * LEGEND_LINE + 8 * mm if section.legend else 0.0  # gap + title


def _legend(pen: Pen, y: float, width: float, section: TableSection, w: dict[str, str]) -> float:
    pen.text(w["legend"], Box(MARGIN, y - 5 * mm, width, 5 * mm), 9, font=BOLD)
    y -= 5 * mm
    half = width / 2
    for i, (abbr, meaning) in enumerate(section.legend):
        row, col = divmod(i, 2)
        x = MARGIN + col * half
        yy = y - (row + 1) * LEGEND_LINE
        pen.text(abbr, Box(x, yy, 22 * mm, LEGEND_LINE), 8.5, font=BOLD)
        pen.text(meaning, Box(x + 23 * mm, yy, half - 25 * mm, LEGEND_LINE), 8.5, colour=GREY)
    return y - (len(section.legend) + 1) // 2 * LEGEND_LINE
