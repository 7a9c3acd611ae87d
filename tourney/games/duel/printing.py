"""Printed Duel rounds: the pairings by table and by name (terminal, CSV, JSON) and the
round workbook with one A4 match sheet per table, in any language tourney speaks."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from tourney.core import store
from tourney.core.errors import SeatingError, UsageError
from tourney.core.outfile import atomic, save_workbook
from tourney.games.duel.sheetformat import COLUMNS, WORDS
from tourney.core.i18n import _, pgettext, use_language
from tourney.games.duel.stored import pairing_notes, stored_rounds
from tourney.core.tabular import neutralise
from tourney.core.names import sort_key
from tourney.outputs.printsheets import BOX, SHADE, CellStyle, SheetsWritten, Styles, a4_page, signature_lines
from tourney.core.output import csv_text


@dataclass(frozen=True)
class PairingRow:
    round: int
    table: int
    player: str
    opponent: str | None
    first: bool


def pairing_rows(event: store.Event, round_no: int | None = None) -> tuple[int, list[PairingRow]]:
    """One row per player of a round (default: the last paired round), by table."""
    rounds = stored_rounds(event)
    if not rounds:
        raise SeatingError(_("no round is paired yet: pair one with 'tourney seat EVENT'"))
    r = max(rounds) if round_no is None else round_no
    if r not in rounds:
        raise SeatingError(_("round {round} is not paired: pair it with 'tourney seat EVENT --round {round}'").format(
            round=r))
    out = []
    for t, players in sorted(rounds[r].tables.items()):
        if len(players) == 1:
            out.append(PairingRow(r, t, players[0], None, False))
        else:
            out.append(PairingRow(r, t, players[0], players[1], True))
            out.append(PairingRow(r, t, players[1], players[0], False))
    return r, out


def pairings_view(event: store.Event, round_no: int | None, by: str, fmt: str) -> str:
    """Pairings of a round by table (`by="table"`) or alphabetically by name."""
    r, rows = pairing_rows(event, round_no)
    if by == "name":
        rows = sorted(rows, key=lambda x: sort_key(x.player))
    if fmt in ("csv", "json"):
        records: list[dict[str, object]] = [
            {"round": x.round, "table": x.table, "player": x.player, "opponent": x.opponent, "first": int(x.first)}
            for x in rows]
        if fmt == "json":
            # JSON also carries the pairing's reasons (floats, rematches, who starts, byes).
            notes = pairing_notes(event, r)
            for x, rec in zip(rows, records):
                rec["notes"] = notes.get(x.table, [])
            return json.dumps(records, ensure_ascii=False, indent=2) + "\n"
        return csv_text(("round", "table", "player", "opponent", "first"), (list(rec.values()) for rec in records))
    player, table, opponent, starts, bye = _("Player"), _("Table"), _("Opponent"), _("Starts"), _("bye")
    if by == "name":
        width = max([len(x.player) for x in rows] + [len(player)])
        out = [_("Round {round} by name").format(round=r),
               f"{player.ljust(width)}  {table.rjust(5)}  {opponent}"]
        for x in rows:
            opp = bye if x.opponent is None else x.opponent + ("  " + _("(you start)") if x.first else "")
            out.append(f"{x.player.ljust(width)}  {x.table:>{max(5, len(table))}}  {opp}")
        return "\n".join(out) + "\n"
    tables = [x for x in rows if x.first or x.opponent is None]
    width = max([len(x.player) for x in tables] + [len(starts)])
    out = [_("Round {round} by table").format(round=r), f"{table.rjust(5)}  {starts.ljust(width)}  {opponent}"]
    for x in tables:
        out.append(f"{x.table:>{max(5, len(table))}}  {x.player.ljust(width)}  {x.opponent or bye}")
    return "\n".join(out) + "\n"


def write_sheets(event: store.Event, round_no: int, path: Path, lang: str = "en") -> SheetsWritten:
    """`tourney sheets` for a Duel round: the pairings plus one match sheet per table (the
    workbook of 'tourney pairings -o'), in `lang`."""
    seats = event.seats(round_no)
    if not seats:
        raise SeatingError(_("round {round} is not paired: pair it with 'tourney seat EVENT'").format(round=round_no))
    written = write_round_workbook(event, round_no, path, lang)
    # As for every game's printed sheets: the round's pairing is fixed now (re-paired only
    # with 'seat --reprint', which names the tables that changed).
    with event.transaction() as conn:
        store.mark_printed(conn, round_no)
        store.log(conn, "sheets", {"round": round_no, "file": written.name, "match_sheets": True})
    return SheetsWritten(written, round_no, len({s.table for s in seats}), len(seats))


@dataclass(frozen=True)
class DuelLabels:
    """The printed words of a Duel round workbook; `header` must be import headers
    (``sheetformat.ALIASES``), in the order of ``COLUMNS``."""

    header: tuple[str, ...]
    round: str
    table: str
    by_table: str          # worksheet names
    by_name: str
    headings: tuple[str, str]  # their titles
    table_head: tuple[str, str, str]
    name_head: tuple[str, str, str, str]
    bye: str
    yes: str
    rules: str
    signatures: str


def duel_labels(lang: str) -> DuelLabels:
    """The printed words in `lang`: the match sheet's header row from the import vocabulary
    (`sheetformat.WORDS`: a printed sheet always imports), the other words from the catalogue."""
    with use_language(lang):
        return DuelLabels(
            COLUMNS if lang == "en" else tuple(WORDS.label(c, lang) for c in COLUMNS),
            pgettext("printed", "round"), pgettext("printed", "table"), _("By table"), _("By name"),
            (_("pairings by table"), _("pairings by name")), (_("Table"), _("Starts (Age I)"), _("Opponent")),
            (_("Player"), _("Table"), _("Opponent"), _("Starts")), _("bye"), _("yes"),
            _("7 Wonders Duel match sheet. Fill in every number (0 for none). first: 1 for the player who started "
              "Age I. treasury = coins div 3. victory: civilian, military, science or political; for a supremacy "
              "also write the winner."), _("Signatures: both players confirm the sheet"))


MATCH_WIDTHS = {"round": 7, "table": 7, "player": 26, "first": 11, "wonders": 11, "progress": 11,
                "treasury": 10, "military": 10, "total": 9, "victory": 12, "winner": 24}
MATCH_HEADER_ROW = 4


def write_round_workbook(event: store.Event, round_no: int | None, path: str | Path, lang: str = "en") -> Path:
    """Pairings by table and by name, then one A4 match sheet per table, in `lang`; the
    filled-in file imports as it is (`tourney results import`)."""
    p = Path(path)
    if p.suffix.lower() != ".xlsx":
        raise UsageError(_("can't write pairings to {file!r}: use a file ending in .xlsx").format(file=p.name))
    lab = duel_labels(lang)
    r, rows = pairing_rows(event, round_no)
    info = event.info()
    wb = Workbook()
    wb.remove(wb.worksheets[0])
    styles = Styles()
    centre = Alignment(horizontal="center", vertical="center", wrap_text=True)
    # The match sheets' header row, their cells, a player's name.
    head_style, boxed = CellStyle(Font(bold=True), BOX, SHADE, centre), CellStyle(border=BOX, alignment=centre)
    name_style = CellStyle(Font(bold=True, size=13), BOX, alignment=Alignment(horizontal="left", vertical="center"))

    def listing(title: str, heading: str, header: Sequence[str], lines: list[list[object]],
                widths: tuple[int, ...], centred: tuple[int, ...]) -> None:
        ws = wb.create_sheet(title)
        ws.append([neutralise(f"{info.name} · {lab.round} {r} · {heading}")])
        ws["A1"].font = Font(bold=True, size=16)
        ws.append([])
        ws.append([neutralise(h) for h in header])
        for line in lines:
            ws.append([neutralise(v) for v in line])
        for i, w in enumerate(widths, 1):
            ws.column_dimensions[get_column_letter(i)].width = w
        for row in ws.iter_rows(min_row=3, max_row=3 + len(lines)):
            for c in row:
                c.border = BOX
                c.alignment = Alignment(horizontal="center" if c.column in centred else "left", vertical="center")
                if c.row == 3:
                    c.font, c.fill = Font(bold=True), SHADE
        ws.print_title_rows = "3:3"
        a4_page(ws, landscape=False)

    listing(lab.by_table, lab.headings[0], lab.table_head,
            [[x.table, x.player, x.opponent or lab.bye] for x in rows if x.first or x.opponent is None],
            (8, 32, 32), (1,))
    listing(lab.by_name, lab.headings[1], lab.name_head,
            [[x.player, x.table, x.opponent or lab.bye, lab.yes if x.first else ""]
             for x in sorted(rows, key=lambda x: sort_key(x.player))], (32, 8, 32, 8), (2, 4))
    last = get_column_letter(len(COLUMNS))
    for x in rows:
        if not x.first:
            continue
        sh = wb.create_sheet(f"{lab.table.capitalize()} {x.table}")
        sh["A1"] = neutralise(f"{info.name} · {lab.round} {r} · {lab.table} {x.table}")
        sh["A1"].font = Font(bold=True, size=18)
        sh["A2"] = lab.rules
        sh["A2"].alignment = Alignment(wrap_text=True, vertical="top")
        for rr in (1, 2):
            sh.merge_cells(f"A{rr}:{last}{rr}")
        sh.row_dimensions[2].height = 32
        # The header row is the import format: the reader matches these names.
        for c, (col, head) in enumerate(zip(COLUMNS, lab.header), 1):
            styles(sh.cell(MATCH_HEADER_ROW, c, head), head_style)
            sh.column_dimensions[get_column_letter(c)].width = MATCH_WIDTHS.get(col, 8)
        sh.row_dimensions[MATCH_HEADER_ROW].height = 24
        for i, (who, first) in enumerate(((x.player, 1), (x.opponent, 0))):
            rr = MATCH_HEADER_ROW + 1 + i
            for c, v in enumerate([r, x.table, who, first] + [None] * (len(COLUMNS) - 4), 1):
                styles(sh.cell(rr, c, neutralise(v)), name_style if c == 3 else boxed)
            sh.row_dimensions[rr].height = 40
        sign = MATCH_HEADER_ROW + 4
        signature_lines(sh, styles, sign, lab.signatures, [x.player, x.opponent or ""],
                        (1, 4), (5, 12))
        sh.print_area = f"A1:{last}{sign + 2}"
        a4_page(sh, landscape=True)
    with atomic(p) as tmp:
        save_workbook(wb, tmp)
    return p
