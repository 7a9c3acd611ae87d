"""Season report workbook (openpyxl): sheets Qualified, Pass-downs, Players (and Ranking,
Notes when present), each with a bold frozen header row and fitted column widths."""
from __future__ import annotations

import datetime
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from tourney.season import SeasonError, SeasonReport, section_rows

SHEETS: tuple[tuple[str, str], ...] = (
    ("Qualified", "qualified"),
    ("Pass-downs", "pass-downs"),
    ("Players", "players"),
)


def _fill(sheet, header: list[str], rows: list[list[object]]) -> None:
    sheet.append(header)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append(row)
    for row in sheet.iter_rows(min_row=2):
        for cell in row:
            if isinstance(cell.value, datetime.date):
                cell.number_format = "yyyy-mm-dd"
    sheet.freeze_panes = "A2"
    for index, title in enumerate(header, start=1):
        values = [title] + [r[index - 1] for r in rows]
        width = max(len(v.isoformat() if isinstance(v, datetime.date) else str(v)) for v in values if v is not None)
        sheet.column_dimensions[get_column_letter(index)].width = min(width + 2, 80)


def write_workbook(report: SeasonReport, path: str | Path) -> None:
    """Write the season report to an .xlsx workbook at `path`."""
    book = Workbook()
    book.remove(book.active)
    sections = list(SHEETS) if report.spots is not None else [("Players", "players")]
    if report.ranking is not None:
        sections.append(("Ranking", "ranking"))
    for title, section in sections:
        header, rows = section_rows(report, section)
        _fill(book.create_sheet(title), header, rows)
    if report.ambiguities or report.notes:
        _fill(
            book.create_sheet("Notes"),
            ["kind", "message"],
            [["ambiguous name", a.message] for a in report.ambiguities] + [["note", n] for n in report.notes],
        )
    try:
        book.save(path)
    except OSError as exc:
        raise SeasonError(f"cannot write {str(path)!r} ({exc.strerror or exc}); check the folder exists and the file is not open") from None
