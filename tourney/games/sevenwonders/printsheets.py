"""Printable 7 Wonders score sheets (XLSX): one A4-landscape page per table, pre-filled with
the seating and the draw, plus a list by player name for the notice board. Filled in, the
same workbook imports with `tourney results import` (the header row is the import format)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from rules_engine.sevenwonders.data import GUILD_NAMES_BY_LANG, WONDER_NAMES_BY_LANG
from tourney.games.sevenwonders.draws import RoundDraw
from tourney.games.sevenwonders.drawstore import round_draws
from tourney.games.sevenwonders.lines import PRINTED, WORDS
from tourney.games.sevenwonders.standings import GAME
from tourney.core.i18n import _, pgettext, use_language
from tourney.core.collation import collation_key
from tourney.games.tablegame.outputs import SeatedTables, write_round
from tourney.outputs.printsheets import (
    HEADING, LIST_CENTRE, LIST_HEADING, LIST_LEFT, NOTES, SCORE_CENTRE, SCORE_LEFT, SCORE_PLAYER, SheetsWritten,
    Styles, a4_page, signature_lines, title_style,
)
from tourney.core.tabular import neutralise

if TYPE_CHECKING:
    from tourney.core import store

#: The English column headers.
HEADER = tuple(c.capitalize() for c in PRINTED)
WIDTHS = (8, 8, 7, 26, 15, 7, 10, 12, 13, 10, 11, 9, 15, 10, 9)  # German headers break only at spaces and hyphens


@dataclass(frozen=True)
class Labels:
    """The printed words of one language; `header` must be import headers (``lines.ALIASES``)."""

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
    wonder_names: Mapping[str, str] = field(default_factory=dict)  # the board's name -> the edition's


def labels(lang: str) -> Labels:
    """The printed words in `lang`. What the import reads back comes from the import vocabulary
    (`lines.WORDS`): the header row and the "Guilds in play" line, so a printed sheet always
    imports; the other words from the catalogue; the guilds' names are the card names of
    the language's edition (`GUILD_NAMES_BY_LANG`, data), and so are the wonders'."""
    with use_language(lang):
        return Labels(
            HEADER if lang == "en" else tuple(WORDS.label(c, lang) for c in PRINTED),
            _("Round"), _("Table"),
            "Guilds in play" if lang == "en" else WORDS.label("guilds_in_play", lang),
            _(GAME.notes),
            _("Signatures: every player confirms the sheet"), _("where to sit"),
            (_("Name"), _("Table"), pgettext("printed", "Seat"), _("Wonder")), _("Table"), _("Players"),
            GUILD_NAMES_BY_LANG.get(lang, {}), WONDER_NAMES_BY_LANG.get(lang, {}))


HEADER_ROW = 5  # rows 1-3 hold the title, the guilds and the instructions
TITLE, GUILDS, LIST_TITLE = title_style(18), title_style(12, wrap=True), title_style(16, wrap=True)

@dataclass(frozen=True)
class SeatLine:
    seat: int
    player: str
    wonder: str | None


def _table_sheet(wb: Workbook, styles: Styles, event_name: str, round_no: int, table_no: int, seats: list[SeatLine],
                 draw: RoundDraw | None, lab: Labels) -> None:
    ws = wb.create_sheet(f"{lab.sheet} {table_no}")
    last_col = get_column_letter(len(HEADER))
    ws["A1"] = neutralise(f"{event_name} · {lab.round} {round_no} · {lab.table} {table_no}")
    styles(ws["A1"], TITLE)
    guilds = ", ".join(lab.guild_names.get(g, g) for g in draw.guilds_for(len(seats))) if draw else "–"
    ws["A2"] = f"{lab.guilds}: {guilds}"
    ws["A3"] = lab.rules
    for r in (1, 2, 3):
        ws.merge_cells(f"A{r}:{last_col}{r}")
    styles(ws["A2"], GUILDS)  # every guild in play, on two lines
    ws.row_dimensions[2].height = 32
    styles(ws["A3"], NOTES)
    ws.row_dimensions[3].height = 30
    for c, (name, width) in enumerate(zip(lab.header, WIDTHS), 1):
        styles(ws.cell(HEADER_ROW, c, name), HEADING)
        ws.column_dimensions[get_column_letter(c)].width = width
    ws.row_dimensions[HEADER_ROW].height = 30
    for i, s in enumerate(seats):
        row = HEADER_ROW + 1 + i
        values = (round_no, table_no, s.seat, s.player, lab.wonder_names.get(s.wonder or "", s.wonder or ""))
        for c in range(1, len(HEADER) + 1):
            styles(ws.cell(row, c, neutralise(values[c - 1]) if c <= len(values) else None),
                   SCORE_PLAYER if c == 4 else SCORE_LEFT if c == 5 else SCORE_CENTRE)
        ws.row_dimensions[row].height = 34
    sign = HEADER_ROW + len(seats) + 2
    ws.merge_cells(start_row=sign, start_column=1, end_row=sign, end_column=6)
    signature_lines(ws, styles, sign, lab.signatures, [s.player for s in seats], (5, 5), (6, 12))
    ws.print_area = f"A1:{last_col}{sign + len(seats)}"
    a4_page(ws, landscape=True)


def _player_list(wb: Workbook, styles: Styles, event_name: str, round_no: int,
                 tables: list[tuple[int, list[SeatLine]]], lab: Labels) -> None:
    ws = wb.create_sheet(lab.players, 0)
    ws["A1"] = neutralise(f"{event_name} · {lab.round} {round_no} · {lab.where}")
    styles(ws["A1"], LIST_TITLE)  # the round stays visible
    ws.row_dimensions[1].height = 42
    ws.merge_cells("A1:D1")
    # No 'round' or 'total' column: the import does not take this list for a score sheet.
    for c, (name, width) in enumerate(zip(lab.list_header, (32, 8, 8, 16)), 1):
        styles(ws.cell(3, c, name), LIST_HEADING)
        ws.column_dimensions[get_column_letter(c)].width = width
    everyone = sorted(((s.player, t, s.seat, lab.wonder_names.get(s.wonder or "", s.wonder or ""))
                       for t, seats in tables for s in seats),
                      key=lambda x: collation_key(x[0]))  # Ä with A, not after Z
    for i, values in enumerate(everyone, 4):
        for c, v in enumerate(values, 1):
            styles(ws.cell(i, c, neutralise(v)), LIST_LEFT if c in (1, 4) else LIST_CENTRE)
    ws.print_area = f"A1:D{3 + len(everyone)}"
    ws.print_title_rows = "3:3"
    a4_page(ws, landscape=False)


def build_workbook(event_name: str, round_no: int, tables: list[tuple[int, list[SeatLine]]],
                   draw: RoundDraw | None, lang: str = "en") -> Workbook:
    """The workbook for one round: the list by name first, then one sheet per table."""
    lab = labels(lang)
    wb = Workbook()
    wb.remove(wb.worksheets[0])
    styles = Styles()
    for table_no, seats in tables:
        _table_sheet(wb, styles, event_name, round_no, table_no, seats, draw, lab)
    _player_list(wb, styles, event_name, round_no, tables, lab)
    return wb


def write_sheets(event: store.Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
    """One A4 score sheet per table plus the list by name; marks the round printed."""
    draw = round_draws(event).get(round_no)

    def build(event_name: str, tables: SeatedTables) -> Workbook:
        lines = [(t, [SeatLine(s.seat, s.player, s.wonder) for s in seats]) for t, seats in tables]
        return build_workbook(event_name, round_no, lines, draw, lang)

    return write_round(event, round_no, path, build)
