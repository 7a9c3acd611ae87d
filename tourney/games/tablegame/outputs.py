"""What a table game prints: the score-sheet workbook of a round (the header row is the import
format), the list by name, and the PDF hooks (pad, standings handout)."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.core.errors import SeatingError
from tourney.core.i18n import _, pgettext, use_language
from tourney.core.outfile import atomic, save_workbook
from tourney.games.tablegame.model import L, P, S, TableGame, TableGameStandings
from tourney.core.tabular import neutralise
from tourney.core.collation import collation_key

if TYPE_CHECKING:
    # The store (and SQLAlchemy) is imported by the functions that read or write an event:
    # `tourney check` of a file loads the game packages but needs no database.
    from openpyxl import Workbook

    from tourney.core import store
    from tourney.core.store import Event
    from tourney.outputs.pdf.game import GamePrint, StandingsTable
    from tourney.outputs.printsheets import SheetsWritten, Styles

# --- printing --------------------------------------------------------------------------------
#: A round's tables as seated: (table, its seats in seat order), by table.
SeatedTables = list[tuple[int, list["store.SeatRow"]]]


def write_round(event: Event, round_no: int, path: Path, build: Callable[[str, SeatedTables], Workbook]
                ) -> SheetsWritten:
    """Write the score-sheet workbook `build(event name, tables)` makes of a seated round and mark
    the round printed: the frame every table game's sheets share (its layout is the game's)."""
    from tourney.core import store
    from tourney.outputs.printsheets import SheetsWritten

    seats = event.seats(round_no)
    if not seats:
        raise SeatingError(_("round {round} is not seated: seat it with 'tourney seat EVENT --round {round}'").format(
            round=round_no))
    by_table: dict[int, list[store.SeatRow]] = defaultdict(list)
    for s in seats:
        by_table[s.table].append(s)
    wb = build(event.info().name, [(t, by_table[t]) for t in sorted(by_table)])
    with atomic(path) as tmp:
        save_workbook(wb, tmp)
    with event.transaction() as conn:
        store.mark_printed(conn, round_no)
        store.log(conn, "sheets", {"round": round_no, "n": len(by_table), "file": path.name})
    return SheetsWritten(path, round_no, len(by_table), len(seats))


def write_sheets(game: TableGame[P, S, L], event: Event, round_no: int, path: Path, lang: str) -> SheetsWritten:
    """One A4 score sheet per table (the header row is the import format) plus the list by
    name; marks the round printed."""
    return write_round(event, round_no, path, lambda name, tables: _workbook(game, name, round_no, tables, lang))


def _workbook(game: TableGame[P, S, L], event_name: str, round_no: int, tables: SeatedTables, lang: str) -> Workbook:
    from openpyxl import Workbook

    from tourney.outputs.printsheets import Styles

    wb = Workbook()
    wb.remove(wb.worksheets[0])
    styles = Styles()
    for t, seats in tables:
        _table_sheet(game, wb, styles, event_name, round_no, t, seats, lang)
    _name_list(wb, styles, event_name, round_no, [s for _t, seats in tables for s in seats], lang)
    return wb


def _printed(lang: str) -> tuple[str, str, str, str, tuple[str, str, str], str]:
    """The printed words around the sheets in `lang` (the header row is the game's import
    vocabulary, `game.words`): round, table, signatures, the list's title, header and heading."""
    with use_language(lang):
        return (_("Round"), _("Table"), _("Signatures: every player confirms the sheet"), _("Players"),
                (_("Name"), _("Table"), pgettext("printed", "Seat")), _("where to sit"))


_HEADER_ROW = 4


def _table_sheet(game: TableGame[P, S, L], wb: Workbook, styles: Styles, event_name: str, round_no: int, table_no: int,
                 seats: list[store.SeatRow], lang: str) -> None:
    from openpyxl.utils import get_column_letter

    from tourney.outputs.printsheets import (
        HEADING, NOTES, SCORE_CENTRE, SCORE_LEFT, SCORE_PLAYER, SHEET_TITLE, a4_page, signature_lines,
    )

    round_w, table_w, sign_w, *_rest = _printed(lang)
    ws = wb.create_sheet(f"{table_w} {table_no}")
    last = get_column_letter(len(game.columns))
    ws["A1"] = neutralise(f"{event_name} · {game.label} · {round_w} {round_no} · {table_w} {table_no}")
    styles(ws["A1"], SHEET_TITLE)
    with use_language(lang):
        ws["A2"] = _(game.notes)
    styles(ws["A2"], NOTES)
    ws.row_dimensions[2].height = 44
    for r in (1, 2):
        ws.merge_cells(f"A{r}:{last}{r}")
    for c, column in enumerate(game.columns, 1):
        styles(ws.cell(_HEADER_ROW, c, game.words.label(column, lang)), HEADING)
        ws.column_dimensions[get_column_letter(c)].width = 26 if column in ("player", game.board) else 13
    prefilled: dict[str, Callable[[store.SeatRow], object]] = {
        "round": lambda s: round_no, "table": lambda s: table_no, "seat": lambda s: s.seat,
                 "player": lambda s: s.player, game.board or "": lambda s: s.wonder or ""}
    for i, s in enumerate(seats):
        row = _HEADER_ROW + 1 + i
        for c, column in enumerate(game.columns, 1):
            fill = prefilled.get(column)
            styles(ws.cell(row, c, neutralise(fill(s)) if fill else None),
                   SCORE_PLAYER if column == "player" else SCORE_LEFT if column == game.board else SCORE_CENTRE)
        ws.row_dimensions[row].height = 30
    sign = _HEADER_ROW + len(seats) + 2
    # Names and lines sit under the round, table and seat columns: the import skips the rows.
    signature_lines(ws, styles, sign, sign_w, [s.player for s in seats], (1, 3), (5, len(game.columns)))
    ws.print_area = f"A1:{last}{sign + len(seats)}"
    a4_page(ws, landscape=True)


def _name_list(wb: Workbook, styles: Styles, event_name: str, round_no: int, seats: list[store.SeatRow],
               lang: str) -> None:
    from openpyxl.utils import get_column_letter

    from tourney.outputs.printsheets import LIST_CENTRE, LIST_HEADING, LIST_LEFT, SHEET_TITLE, a4_page

    round_w, _table, _seat, title, head, where = _printed(lang)
    ws = wb.create_sheet(title, 0)
    ws["A1"] = neutralise(f"{event_name} · {round_w} {round_no} · {where}")
    styles(ws["A1"], SHEET_TITLE)
    ws.merge_cells("A1:C1")
    # No 'round' column: the import does not take this list for a score sheet.
    for c, (name, width) in enumerate(zip(head, (32, 8, 8)), 1):
        styles(ws.cell(3, c, name), LIST_HEADING)
        ws.column_dimensions[get_column_letter(c)].width = width
    for i, s in enumerate(sorted(seats, key=lambda s: collation_key(s.player)), 4):
        for c, v in enumerate((s.player, s.table, s.seat), 1):
            styles(ws.cell(i, c, neutralise(v)), LIST_LEFT if c == 1 else LIST_CENTRE)
    ws.print_area = f"A1:C{3 + len(seats)}"
    ws.print_title_rows = "3:3"
    a4_page(ws, landscape=False)


def print_kit(game: TableGame[P, S, L], notes: Callable[[Event, int, int, str], tuple[str, ...]]) -> GamePrint:
    """The PDF hooks: the game's pad and its `notes` for a round (the workflow's `pad_notes`), the
    board on the list by name."""
    from tourney.outputs.pdf.game import GamePrint

    return GamePrint(pad=game.pad, match_slips=False, notes=notes, detail="board",
                     standings=lambda st, lang: standings_table(game, st, lang))


def standings_table(game: TableGame[P, S, L], st: TableGameStandings[P, S, L], lang: str) -> StandingsTable:
    """Rank, player, every column of the chain and games played, for the PDF handout."""
    from tourney.outputs.pdf.game import standings_table as handout

    return handout(st, lang, st.shown)
