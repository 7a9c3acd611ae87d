"""Printable 7 Wonders score sheets (XLSX): one A4-landscape page per table, pre-filled with
the seating and the draw, plus a list by player name for the notice board. Filled in, the
same workbook imports with `tourney results import` (the header row is the import format)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from rules_engine.sevenwonders.data import GUILD_NAMES_DE
from tourney import store
from tourney.draws import RoundDraw
from tourney.errors import SeatingError, UsageError, writing
from tourney.games import workflow
from tourney.names import sort_key

#: Column headers in import order (``tourney.sheetio`` reads them case-insensitively).
HEADER = ("Round", "Table", "Seat", "Player", "Wonder", "Side", "Military", "Treasury", "Wonders",
          "Civilian", "Commercial", "Guilds", "Science", "Total", "Coins")
WIDTHS = (7, 7, 6, 26, 15, 6, 10, 11, 13, 10, 11, 9, 14, 10, 9)  # German headers fit on two lines


@dataclass(frozen=True)
class Labels:
    """The printed words of one language; `header` must be import headers (``sheetio``)."""

    header: tuple[str, ...]
    round: str
    table: str
    guilds: str
    rules: str
    signatures: str
    where: str
    list_header: tuple[str, str, str, str]
    sheet: str  # worksheet name of a table: "Table 3"
    players: str  # worksheet name of the list
    guild_names: Mapping[str, str] = field(default_factory=dict)  # English name -> printed name


LABELS: dict[str, Labels] = {
    "en": Labels(HEADER, "Round", "Table", "Guilds in play",
                 "Seat 1 starts; seats run clockwise. Side: write A or B. Treasury = coins div 3. "
                 "Coins: coins held at the end of the game.",
                 "Signatures: every player confirms the sheet", "where to sit",
                 ("Name", "Table", "Seat", "Wonder"), "Table", "Players"),
    "de": Labels(("Runde", "Tisch", "Platz", "Spieler", "Weltwunder", "Seite", "Militär", "Münzen-Punkte",
                  "Weltwunder-Punkte", "Zivil", "Handel", "Gilden", "Wissenschaft", "Summe", "Münzen"),
                 "Runde", "Tisch", "Gilden im Spiel",
                 "Platz 1 beginnt, weiter im Uhrzeigersinn. Seite: A oder B eintragen. Münzen-Punkte = "
                 "Münzen geteilt durch 3 (abgerundet). Münzen: Münzen am Spielende.",
                 "Unterschriften: alle Spieler bestätigen das Blatt", "Sitzplan",
                 ("Name", "Tisch", "Platz", "Weltwunder"), "Tisch", "Spieler", GUILD_NAMES_DE),
}
HEADER_ROW = 5  # rows 1-3 hold the title, the guilds and the instructions

THIN = Side(style="thin")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
SHADE = PatternFill("solid", fgColor="DDDDDD")


@dataclass(frozen=True)
class SeatLine:
    seat: int
    player: str
    wonder: str | None


@dataclass(frozen=True)
class SheetsWritten:
    path: Path
    round: int
    tables: int
    players: int


def a4_page(ws: Worksheet, landscape: bool) -> None:
    """A4, fitted to the page width (and to one page in landscape), centred."""
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1 if landscape else 0
    ws.print_options.horizontalCentered = True
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = 0.5


def _table_sheet(wb: Workbook, event_name: str, round_no: int, table_no: int, seats: list[SeatLine],
                 draw: RoundDraw | None, lab: Labels) -> None:
    ws = wb.create_sheet(f"{lab.sheet} {table_no}")
    last_col = get_column_letter(len(HEADER))
    ws["A1"] = f"{event_name} · {lab.round} {round_no} · {lab.table} {table_no}"
    ws["A1"].font = Font(size=18, bold=True)
    guilds = ", ".join(lab.guild_names.get(g, g) for g in draw.guilds) if draw else "–"
    ws["A2"] = f"{lab.guilds}: {guilds}"
    ws["A3"] = lab.rules
    for r in (1, 2, 3):
        ws.merge_cells(f"A{r}:{last_col}{r}")
    ws["A2"].font = Font(size=12, bold=True)
    for c, (name, width) in enumerate(zip(lab.header, WIDTHS), 1):
        cell = ws.cell(HEADER_ROW, c, name)
        cell.font = Font(bold=True)
        cell.fill = SHADE
        cell.border = BOX
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        ws.column_dimensions[get_column_letter(c)].width = width
    ws.row_dimensions[HEADER_ROW].height = 30
    for i, s in enumerate(seats):
        row = HEADER_ROW + 1 + i
        values = (round_no, table_no, s.seat, s.player, s.wonder or "")
        for c in range(1, len(HEADER) + 1):
            cell = ws.cell(row, c, values[c - 1] if c <= len(values) else None)
            cell.border = BOX
            cell.alignment = Alignment(horizontal="left" if c in (4, 5) else "center", vertical="center")
        ws.cell(row, 4).font = Font(size=13, bold=True)
        ws.row_dimensions[row].height = 34
    sign = HEADER_ROW + len(seats) + 2
    ws.merge_cells(start_row=sign, start_column=1, end_row=sign, end_column=6)
    signature_lines(ws, sign, lab.signatures, [s.player for s in seats], (5, 5), (6, 12))
    ws.print_area = f"A1:{last_col}{sign + len(seats)}"
    a4_page(ws, landscape=True)


def signature_lines(ws: Worksheet, row: int, title: str, names: list[str], name_cols: tuple[int, int],
                    line_cols: tuple[int, int]) -> None:
    """`title` in `row`, then one line per name: the name right-aligned in `name_cols`, a rule
    to sign on across `line_cols`. Callers keep both out of the player and total columns, so
    the import skips these rows."""
    ws.cell(row, 1, title).font = Font(bold=True)
    for i, name in enumerate(names, 1):
        r = row + i
        if name_cols[0] < name_cols[1]:
            ws.merge_cells(start_row=r, start_column=name_cols[0], end_row=r, end_column=name_cols[1])
        ws.cell(r, name_cols[0], name).alignment = Alignment(horizontal="right", vertical="bottom")
        ws.merge_cells(start_row=r, start_column=line_cols[0], end_row=r, end_column=line_cols[1])
        for c in range(line_cols[0], line_cols[1] + 1):
            ws.cell(r, c).border = Border(bottom=THIN)
        ws.row_dimensions[r].height = 32


def _player_list(wb: Workbook, event_name: str, round_no: int,
                 tables: list[tuple[int, list[SeatLine]]], lab: Labels) -> None:
    ws = wb.create_sheet(lab.players, 0)
    ws["A1"] = f"{event_name} · {lab.round} {round_no} · {lab.where}"
    ws["A1"].font = Font(size=16, bold=True)
    ws.merge_cells("A1:D1")
    # No 'round' or 'total' column: the import does not take this list for a score sheet.
    for c, (name, width) in enumerate(zip(lab.list_header, (32, 8, 8, 16)), 1):
        cell = ws.cell(3, c, name)
        cell.font = Font(bold=True)
        cell.fill = SHADE
        cell.border = BOX
        ws.column_dimensions[get_column_letter(c)].width = width
    everyone = sorted(((s.player, t, s.seat, s.wonder or "") for t, seats in tables for s in seats),
                      key=lambda x: sort_key(x[0]))
    for i, values in enumerate(everyone, 4):
        for c, v in enumerate(values, 1):
            cell = ws.cell(i, c, v)
            cell.border = BOX
            cell.alignment = Alignment(horizontal="left" if c in (1, 4) else "center")
    ws.print_area = f"A1:D{3 + len(everyone)}"
    ws.print_title_rows = "3:3"
    a4_page(ws, landscape=False)


def build_workbook(event_name: str, round_no: int, tables: list[tuple[int, list[SeatLine]]],
                   draw: RoundDraw | None, lang: str = "en") -> Workbook:
    """The workbook for one round: the list by name first, then one sheet per table."""
    lab = LABELS[lang]
    wb = Workbook()
    wb.remove(wb.active)
    for table_no, seats in tables:
        _table_sheet(wb, event_name, round_no, table_no, seats, draw, lab)
    _player_list(wb, event_name, round_no, tables, lab)
    return wb


def write_sheets(event: store.Event, round_no: int, output: str | Path, lang: str = "en") -> SheetsWritten:
    """`tourney sheets`: write the round's score sheets (`lang` ``en`` or ``de``) and mark the
    round printed, so later re-planning (late entries, drops) keeps its seating."""
    if lang not in LABELS:
        raise UsageError(f"--lang {lang!r}: sheets are printed in {' or '.join(LABELS)}")
    path = Path(output)
    if path.suffix.lower() != ".xlsx":
        raise UsageError(f"-o {str(output)!r}: score sheets are written as .xlsx; name the file like sheets.xlsx")
    return workflow(event.info().game).sheets(event, round_no, path, lang)  # type: ignore[no-any-return]


def write_sevenwonders_sheets(event: store.Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
    """One A4 score sheet per table plus the list by name; marks the round printed."""
    from tourney.seating import round_draws

    info = event.info()
    rows = event.seats(round_no)
    if not rows:
        raise SeatingError(f"round {round_no} is not seated: seat it with 'tourney seat EVENT --round {round_no}'")
    by_table: dict[int, list[SeatLine]] = {}
    for s in rows:
        by_table.setdefault(s.table, []).append(SeatLine(s.seat, s.player, s.wonder))
    tables = [(t, by_table[t]) for t in sorted(by_table)]
    wb = build_workbook(info.name, round_no, tables, round_draws(event).get(round_no), lang)
    with writing(path):
        wb.save(path)
    with event.transaction() as conn:
        store.mark_printed(conn, round_no)
        store.log(conn, "sheets", f"round {round_no}: {len(tables)} score sheets written to {path.name}")
    return SheetsWritten(path, round_no, len(tables), len(rows))
