"""Printed sheets every game shares: A4 page set-up, boxed and shaded cells, signature lines,
and `write_sheets`, which checks the request and hands the round to the event's game
(`tourney.games.<game>` lays out its own score sheets)."""
from __future__ import annotations

from copy import copy
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Protocol, Sequence, cast

from openpyxl.styles import Alignment, Border, PatternFill, Side
from openpyxl.styles import Font as _Font
from openpyxl.styles.cell_style import StyleArray
from openpyxl.styles.styleable import StyleableObject
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.utils import get_column_letter

from tourney.core import store
from tourney.core.errors import UsageError
from tourney.core.i18n import LANGS, _
from tourney.core.tabular import neutralise

#: The languages every game prints its sheets in: every language tourney speaks.
LANGUAGES = LANGS

def Font(*, size: float | None = None, bold: bool = False) -> _Font:
    """One named font everywhere: an unnamed bold font falls back to a serif in LibreOffice."""
    return _Font(name="Calibri", size=size, bold=bold)


THIN = Side(style="thin")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
SHADE = PatternFill("solid", fgColor="DDDDDD")


@dataclass(frozen=True, eq=False)
class CellStyle:
    """How a printed cell looks: its font, border, fill and alignment (None: openpyxl's
    default). Made once, as a constant or for a whole workbook: `Styles` knows each by identity."""

    font: _Font | None = None
    border: Border | None = None
    fill: PatternFill | None = None
    alignment: Alignment | None = None


class _Styled(Protocol):
    _style: StyleArray  # a cell's style indices: openpyxl's own, which its stubs don't declare


class Styles:
    """Gives the cells of one workbook their `CellStyle`, each cell once.

    openpyxl hashes a font, border, fill or alignment anew at every assignment (a round of
    100 tables made 48,000 of them: 60 % of `tourney sheets`' time). Here a style goes
    through openpyxl once per workbook, at its first cell; later cells take a copy of the
    style indices that gave it (as openpyxl copies a cell's style between worksheets)."""

    def __init__(self) -> None:
        self._indices: dict[CellStyle, StyleArray] = {}

    def __call__(self, cell: StyleableObject, style: CellStyle) -> None:
        indices = self._indices.get(style)
        if indices is not None:
            cast(_Styled, cell)._style = copy(indices)
            return
        for part in fields(style):
            value = getattr(style, part.name)
            if value is not None:
                setattr(cell, part.name, value)
        self._indices[style] = copy(cast(_Styled, cell)._style)


@dataclass(frozen=True)
class SheetsWritten:
    path: Path
    round: int
    tables: int
    players: int


def a4_page(ws: Worksheet, landscape: bool, *, one_page: bool | None = None) -> None:
    """A4, fitted to the page width (and, by default in landscape, to one page), centred."""
    ws.page_setup.paperSize = Worksheet.PAPERSIZE_A4
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    if ws.sheet_properties.pageSetUpPr is None:
        ws.sheet_properties.pageSetUpPr = PageSetupProperties()
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1 if (landscape if one_page is None else one_page) else 0
    ws.print_options.horizontalCentered = True
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = 0.5


#: The widest table (in characters, as column widths count them) a portrait A4 page prints
#: at a readable size; a wider one prints in landscape.
PORTRAIT_CHARACTERS = 100


def report_pages(ws: Worksheet, widths: Sequence[float]) -> None:
    """How a report sheet (a heading row over rows in columns `widths` wide) prints from Excel
    or LibreOffice: on A4 as wide as the page (landscape when portrait is too narrow), as many
    pages down as it takes, the heading row on each. Set before the first row of a write-only
    sheet (its page properties are written with that row); `print_area` once the rows are in."""
    a4_page(ws, sum(widths) > PORTRAIT_CHARACTERS, one_page=False)
    ws.print_title_rows = "1:1"


def print_area(ws: Worksheet, columns: int, rows: int) -> None:
    """Print the table alone: its `columns` and its heading row over `rows` rows."""
    ws.print_area = f"A1:{get_column_letter(max(1, columns))}{rows + 1}"


#: The header row of a score sheet and of a list; a score line's cells (the player's name
#: large), a list's cells; a block of notes under the title.
HEADING = CellStyle(Font(bold=True), BOX, SHADE, Alignment(horizontal="center", vertical="center", wrap_text=True))
LIST_HEADING = CellStyle(Font(bold=True), BOX, SHADE)
SCORE_LEFT = CellStyle(Font(), BOX, alignment=Alignment(horizontal="left", vertical="center"))
SCORE_CENTRE = CellStyle(Font(), BOX, alignment=Alignment(horizontal="center", vertical="center"))
SCORE_PLAYER = CellStyle(Font(size=13, bold=True), BOX, alignment=Alignment(horizontal="left", vertical="center"))
LIST_LEFT = CellStyle(Font(), BOX, alignment=Alignment(horizontal="left"))
LIST_CENTRE = CellStyle(Font(), BOX, alignment=Alignment(horizontal="center"))
NOTES = CellStyle(alignment=Alignment(wrap_text=True, vertical="top"))


def title_style(size: float, *, wrap: bool = False) -> CellStyle:
    """A sheet's bold title (`wrap`: on as many lines as it needs, from the top)."""
    return CellStyle(Font(size=size, bold=True), alignment=Alignment(wrap_text=True, vertical="top") if wrap else None)


#: A table game's sheet and list titles.
SHEET_TITLE = title_style(16)


#: The signature lines' title, the names beside the lines, the lines to sign on.
SIGN_TITLE = CellStyle(font=Font(bold=True))
SIGN_NAME = CellStyle(alignment=Alignment(horizontal="right", vertical="bottom"))
SIGN_LINE = CellStyle(border=Border(bottom=THIN))


def signature_lines(ws: Worksheet, styles: Styles, row: int, title: str, names: list[str],
                    name_cols: tuple[int, int], line_cols: tuple[int, int]) -> None:
    """`title` in `row`, then one line per name: the name right-aligned in `name_cols`, a rule
    to sign on across `line_cols`. Callers keep both out of the player and total columns, so
    the import skips these rows."""
    styles(ws.cell(row, 1, title), SIGN_TITLE)
    for i, name in enumerate(names, 1):
        r = row + i
        if name_cols[0] < name_cols[1]:
            ws.merge_cells(start_row=r, start_column=name_cols[0], end_row=r, end_column=name_cols[1])
        styles(ws.cell(r, name_cols[0], str(neutralise(name))), SIGN_NAME)
        ws.merge_cells(start_row=r, start_column=line_cols[0], end_row=r, end_column=line_cols[1])
        for c in range(line_cols[0], line_cols[1] + 1):
            styles(ws.cell(r, c), SIGN_LINE)
        ws.row_dimensions[r].height = 32


class SheetWriter(Protocol):
    """A game that writes printable score sheets."""

    def write_sheets(self, event: store.Event, round_no: int, path: Path, lang: str) -> SheetsWritten: ...


def write_sheets(event: store.Event, game: SheetWriter, round_no: int, output: str | Path,
                 lang: str = "en") -> SheetsWritten:
    """`tourney sheets`: write the round's score sheets (`lang`: one of `LANGUAGES`) and mark the
    round printed, so later re-planning (late entries, drops) keeps its seating."""
    from tourney.event.seating import require_current

    if lang not in LANGUAGES:
        raise UsageError(_("--lang {lang!r}: sheets are printed in {languages}").format(
            lang=lang, languages=_(" or ").join(LANGUAGES)))
    path = Path(output)
    if path.suffix.lower() != ".xlsx":
        raise UsageError(_("-o {file!r}: score sheets are written as .xlsx (or score pads as .pdf); "
                           "name the file like sheets.xlsx").format(file=str(output)))
    require_current(event, round_no)
    return game.write_sheets(event, round_no, path, lang)
