"""The statistics report printed (table, CSV, JSON through `tourney.core.output`) or written as a
self-contained HTML page (inline SVG charts), an XLSX workbook (a sheet per table, the charts
as images) or an A4 PDF (tables, then the charts). Exact values are rounded only here."""
from __future__ import annotations

import html
import io
import json
import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from tourney.core.errors import UsageError, writing
from tourney.core.i18n import N_, _, local_number, ngettext
from tourney.core.output import render_rows
from tourney.outputs.stats.model import SMALL_NOTE, SMALL_SAMPLE, SMALL_TEMPLATE, Section, StatsReport, shown_side
from tourney.core.tabular import neutralise
from tourney.event.rating import COLUMN_WORDS as RATING_WORDS

if TYPE_CHECKING:
    from openpyxl import Workbook

WRITERS = (".html", ".xlsx", ".pdf")


def is_rate(column: str) -> bool:
    """Rates and shares are shown as percentages."""
    return column.endswith(("_rate", "share"))


#: The headings of the report's columns where a person reads them (terminal, HTML, XLSX, PDF);
#: CSV and JSON keep the column keys, which scripts read.
COLUMN_WORDS: dict[str, str] = {
    "category": N_("category"), "field_mean": N_("field mean"), "games": N_("games"), "lead": N_("lead"),
    "lead_share": N_("lead share"), "margin": N_("margin"), "max": N_("max"), "mean": N_("mean"),
    "mean_place": N_("mean place"), "mean_points": N_("mean points"), "mean_vp": N_("mean VP"),
    "median": N_("median"), "min": N_("min"), "n": N_("n"), "note": N_("note"), "place": N_("place"),
    "player": N_("player"), "points": N_("points"), "q1": N_("q1"), "q3": N_("q3"), "round": N_("round"),
    "runner_up": N_("runner-up"), "runner_up_vp": N_("runner-up VP"), "seat": N_("seat"), "side": N_("side"),
    "size": N_("size"), "spread": N_("spread"), "table": N_("table"), "vp": N_("VP"), "win_rate": N_("win rate"),
    "winner": N_("winner"), "winners_mean": N_("winners' mean"), "wins": N_("wins"), "wonder": N_("wonder"),
    "victory": N_("victory"), "share": N_("share"), "draws": N_("draws"), "first_wins": N_("first player wins"),
    "second_wins": N_("second player wins"), "first_win_rate": N_("first player's win rate"),
    "senate": N_("senate"), "mean_winner_senate": N_("winner's senate, mean"),
    "mean_loser_senate": N_("loser's senate, mean"),
    **RATING_WORDS,
}
#: The columns whose values are words (a category, a victory type; msgids of the game's
#: catalogue): said in the reader's language where a person reads them.
WORD_COLUMNS = frozenset({"category", "victory", "senate"})


def cell(value: object, column: str) -> object:
    """A value for the terminal and the printed pages: rates as percentages with 1 decimal
    (the column is labelled with "%"), other fractions with 2 decimals."""
    value = plain(value)
    if isinstance(value, bool):
        return _("yes") if value else ""
    if value == SMALL_NOTE:
        return _(SMALL_TEMPLATE).format(n=SMALL_SAMPLE)
    if column in WORD_COLUMNS and isinstance(value, str):
        return _(value)  # a game's category (military, blue), a victory type: in the reader's language
    if column == "side" and isinstance(value, str):
        return shown_side(value)
    if isinstance(value, float):
        return Decimal(f"{value * 100:.1f}") if is_rate(column) else Decimal(f"{value:.2f}")
    return value


def label(column: str) -> str:
    """A column's heading where a person reads it, in the current language (rates in %)."""
    word = _(COLUMN_WORDS[column]) if column in COLUMN_WORDS else column.replace("_", " ")
    return f"{word} %" if is_rate(column) else word


def plain(value: object) -> object:
    """A value for CSV and JSON: fractions and floats with 9 decimals, numpy scalars unwrapped."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if hasattr(value, "item") and not isinstance(value, (str, Fraction)):
        value = value.item()
    if isinstance(value, (Fraction, float)):
        return round(float(value), 9)
    return value


def _rows(frame: pd.DataFrame, display: bool = False) -> list[list[object]]:
    """The frame's rows as plain values (CSV, JSON, XLSX) or rounded for display."""
    cols = list(frame.columns)
    return [[cell(v, c) if display else plain(v) for v, c in zip(row, cols)]
            for row in frame.itertuples(index=False, name=None)]


def _section(report: StatsReport, key: str | None) -> Section:
    if key is None:
        return report.sections[0]
    keys = [s.key for s in report.sections]
    if key not in keys:
        raise UsageError(_("--section {key!r}: this report has the sections {sections}").format(
            key=key, sections=", ".join(keys)))
    return report.section(key)


def render(report: StatsReport, fmt: str, section: str | None = None) -> str:
    """The report as aligned tables (every section), or one section as CSV, or JSON (every
    section, or the one named)."""
    if fmt == "csv":
        s = _section(report, section)
        return render_rows(list(s.frame.columns), _rows(s.frame), "csv")
    if fmt == "json":
        chosen = [_section(report, section)] if section else list(report.sections)
        data = {"title": report.title, "game": report.game, "events": list(report.events),
                "sections": {s.key: [dict(zip(s.frame.columns, r)) for r in _rows(s.frame)] for s in chosen},
                "notes": list(report.notes)}
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    chosen = [_section(report, section)] if section else list(report.sections)
    out = [_("{title} · {game} statistics · {events}").format(title=report.title, game=report.game,
                                                               events=_events(report))]
    for s in chosen:
        out += ["", s.title, "-" * len(s.title)]
        cols = list(s.frame.columns)
        out.append(render_rows(cols, _rows(s.frame, display=True), "table", [label(c) for c in cols]).rstrip("\n"))
        if s.note:
            out.append(f"({s.note})")
    out += [""] + [_note(n) for n in report.notes] if report.notes else []
    return "\n".join(out) + "\n"


def _events(report: StatsReport) -> str:
    n = len(report.events)
    return ngettext("{n} event", "{n} events", n).format(n=n)


def _note(note: str) -> str:
    return _("note: {note}").format(note=note)


# --- HTML -------------------------------------------------------------------------------------------
CSS = """body{font-family:'DejaVu Sans',Arial,sans-serif;margin:2em;color:#1a1a1a;max-width:70em}
table{border-collapse:collapse;margin:.5em 0 .3em}th,td{padding:.2em .6em;border-bottom:1px solid #ddd}
th{background:#333;color:#fff;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.small td{color:#777;font-style:italic}p.note{color:#555;font-size:.9em;margin:0 0 1.5em}
figure{margin:1em 0}svg{max-width:100%;height:auto}"""


def html_text(report: StatsReport) -> str:
    """A self-contained page: every section as a table, every chart as inline SVG."""
    from tourney.outputs.stats import plots  # matplotlib: only where charts are drawn

    esc = html.escape
    title = report.title if report.kind else _("{title} – statistics").format(title=report.title)
    game = f"{report.game} · {report.kind}" if report.kind else _("{game} statistics").format(game=report.game)
    parts = ["<!DOCTYPE html>", f'<html lang="{esc(report.lang)}"><head><meta charset="utf-8">',
             f"<title>{esc(title)}</title><style>{CSS}</style></head><body>",
             f"<h1>{esc(report.title)}</h1>",
             f"<p>{esc(game)} · {esc(', '.join(report.events))}</p>"]
    parts += [f'<p class="note">{esc(_note(n))}</p>' for n in report.notes]
    for s in report.sections:
        cols = list(s.frame.columns)
        parts.append(f'<h2 id="{esc(s.key)}">{esc(s.title)}</h2><table><tr>'
                     + "".join(f"<th>{esc(label(c))}</th>" for c in cols) + "</tr>")
        for raw, shown in zip(s.frame.itertuples(index=False, name=None), _rows(s.frame, display=True)):
            small = ' class="small"' if SMALL_NOTE in raw else ""
            tds = "".join(f'<td class="num">{esc(local_number(v, report.lang))}</td>' if isinstance(v, (int, Decimal))
                          else f"<td>{esc('' if v is None else str(v))}</td>" for v in shown)
            parts.append(f"<tr{small}>{tds}</tr>")
        parts.append("</table>")
        if s.note:
            parts.append(f'<p class="note">{esc(s.note)}</p>')
    for c in report.charts:
        svg = plots.svg(c)
        parts.append(f'<figure id="chart-{esc(c.key)}">{svg[svg.index("<svg"):]}</figure>')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


# --- XLSX ---------------------------------------------------------------------------------------------
def xlsx_bytes(report: StatsReport) -> bytes:
    """A sheet per section (bold frozen header, rates as percentages) and a Charts sheet."""
    from openpyxl import Workbook
    from openpyxl.drawing.image import Image
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    from tourney.outputs.stats import plots  # matplotlib: only where charts are drawn

    book = Workbook()
    for blank in list(book.worksheets):  # the new book's empty default sheet
        book.remove(blank)
    for s in report.sections:
        sheet = book.create_sheet(s.title[:31].replace(":", "").replace("/", " "))
        cols = list(s.frame.columns)
        sheet.append([label(str(c)) for c in cols])
        for c in sheet[1]:
            c.font = Font(bold=True)
        for row in _rows(s.frame):
            sheet.append([neutralise(cell(v, "note") if v == SMALL_NOTE else cell(v, c) if c in WORD_COLUMNS else v)
                          for v, c in zip(row, cols)])
        for j, col in enumerate(cols, 1):
            fmt = "0.0%" if is_rate(col) else "0.00"
            for (c,) in sheet.iter_rows(min_row=2, min_col=j, max_col=j):
                if isinstance(c.value, float):
                    c.number_format = fmt
            width = max([len(col)] + [len(str(r[j - 1])) for r in _rows(s.frame)])
            sheet.column_dimensions[get_column_letter(j)].width = min(width + 2, 60)
        sheet.freeze_panes = "A2"
        if s.note:
            sheet.cell(row=sheet.max_row + 2, column=1, value=s.note)
    if report.kind and not report.charts:
        return _book_bytes(book)  # another report's tables only: no Charts sheet
    charts = book.create_sheet(_("Charts"))
    charts.append([report.title])
    charts["A1"].font = Font(bold=True, size=14)
    at = 3
    for n in report.notes:
        charts.cell(row=at, column=1, value=_note(n))
        at += 1
    for c in report.charts:
        image = Image(io.BytesIO(plots.png(c, dpi=90)))
        charts.add_image(image, f"A{at + 1}")
        at += int(image.height / 20) + 3  # rows of 20 px: the next chart below this one
    return _book_bytes(book)


def _book_bytes(book: Workbook) -> bytes:
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


# --- PDF ----------------------------------------------------------------------------------------------
def pdf_bytes(report: StatsReport) -> tuple[bytes, int]:
    """The tables (through the tabular handout renderer), then the charts two to a page."""
    from reportlab.lib.units import mm

    from tourney.outputs.pdf.render import BOLD, GREY, MARGIN, PORTRAIT, Box, Pen
    from tourney.outputs.pdf.tables import Column, TableSection, TabularDoc, render_tabular

    sections = []
    for s in report.sections:
        rows = _rows(s.frame, display=True)
        numeric = [bool(rows) and all(isinstance(r[i], (int, Decimal)) or r[i] is None for r in rows)
                   for i in range(len(s.frame.columns))]
        columns = tuple(Column(label(str(h)).replace("_", " "), 2.4 if not num else 1.0, "right" if num else "left")
                        for h, num in zip(s.frame.columns, numeric))
        sections.append(TableSection(s.title, columns, tuple(tuple(local_number(v, report.lang) for v in r)
                                                             for r in rows)))
    lines = tuple([f"{report.game} · {_events(report)}"] + [_note(n) for n in report.notes])

    def charts(pen: Pen) -> None:
        """The charts two to a page after the tables, drawn on the page (vector graphics: no
        matplotlib, no pixels)."""
        from tourney.outputs.stats import pdfcharts

        width = pen.width - 2 * MARGIN
        slot = (pen.height - 2 * MARGIN - 10 * mm) / 2
        for i, c in enumerate(report.charts):
            if i % 2 == 0:
                pen.new_page(PORTRAIT)
            if i == 0:
                pen.text(_("{title} · charts").format(title=report.title),
                         Box(MARGIN, pen.height - MARGIN - 8 * mm, width, 8 * mm), 13, font=BOLD, colour=GREY)
            top = pen.height - MARGIN - 10 * mm - (i % 2) * slot
            pdfcharts.draw(pen, c, Box(MARGIN, top - slot + 4 * mm, width, slot - 4 * mm))

    done = render_tabular(TabularDoc(report.kind or _("Statistics"), report.title, lines, tuple(sections),
                                     "tourney" if report.kind else "tourney stats"),
                          report.lang, charts if report.charts else None)
    return done.data, done.pages


def write_report(report: StatsReport, output: str, inputs: Sequence[str] = ()) -> Path:
    """Write the report by the file's extension, .html, .xlsx or .pdf, to a temporary file
    renamed over `output` (never over one of the `inputs`)."""
    from tourney.outputs.pdf.render import Rendered, save

    path = check_output(output, inputs)
    suffix = path.suffix.lower()
    with writing(path):  # a missing folder is reported before the report is drawn
        pass
    pages = 1
    if suffix == ".xlsx":
        data = xlsx_bytes(report)
    elif suffix == ".pdf":
        data, pages = pdf_bytes(report)
    else:
        data = html_text(report).encode("utf-8")
    return save(Rendered(data, pages, ()), path)


def check_output(output: str, inputs: Sequence[str] = ()) -> Path:
    """Refuse `-o output` that is no report format or one of the event files `inputs`."""
    path = Path(output)
    if path.suffix.lower() not in WRITERS:
        raise UsageError(_("-o {file!r}: write the statistics as .html, .xlsx or .pdf (or print them with "
                           "--format table|csv|json)").format(file=output))
    if any("://" not in i and Path(i).resolve() == path.resolve() for i in inputs):
        raise UsageError(_("-o {file!r} is one of the event files: choose another file name").format(file=output))
    return path
