"""Tabular handouts as PDF (standings, season report): a title block, then sections of
columns and rows with a repeated header row on every page, an optional cut line, a legend."""
from __future__ import annotations

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
    footer,
    two_pass,
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


def render_tabular(doc: TabularDoc, lang: str) -> Rendered:
    """The document on portrait A4 pages."""
    w = words(lang)

    def draw(total: int | None) -> Rendered:
        pen = Pen(f"{doc.event} – {doc.title}", PORTRAIT)
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
            widths = [width * c.weight / total_weight for c in section.columns]
            size = min(11.0, row_h / mm * 2.0)
            y = _row(pen, y, row_h, widths, section, [c.heading for c in section.columns], size, header=True)
            for i, row in enumerate(section.rows):
                if y - row_h < bottom:
                    y = next_page()
                    y = _row(pen, y, row_h, widths, section, [c.heading for c in section.columns], size,
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
        return pen.finish()

    return two_pass(draw)


def _row(pen: Pen, y: float, h: float, widths: list[float], section: TableSection, values: list[str],
         size: float, *, header: bool, muted: bool = False) -> float:
    if header:
        pen.rect(Box(MARGIN, y - h, sum(widths), h), fill=DARK, stroke=None)
    x = MARGIN
    for col, cw, value in zip(section.columns, widths, values):
        if value:
            font = BOLD if header or col.bold else FONT
            colour = WHITE if header else (GREY if muted else INK)
            pen.text(value, Box(x + 1.2 * mm, y - h, cw - 2.4 * mm, h), size * (0.9 if header else 1.0), font=font,
                     align=col.align if not header or col.align != "right" else "right", colour=colour)
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
