"""Duel standings out: every tiebreak a column, in the terminal table, CSV, JSON, HTML and
the XLSX workbook (Standings, Matches, Draws). Exact values are rounded here."""
from __future__ import annotations

import html
import json
from fractions import Fraction
from pathlib import Path
from typing import Iterable, Sequence

from openpyxl.worksheet.worksheet import Worksheet
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from tourney.outputs.export import (
    decimal,
    draws_sheet,
    dropped_mark,
    fixed,
    html_page,
    number,
    standings_title,
    text_number,
    text_table,
    wrapped_height,
    xlsx_cut_border,
)
from tourney.core.i18n import _, pgettext
from tourney.games.duel.ranking import DuelRanking, DuelStanding
from tourney.event.standings import PlainSheet, Tiebreak, is_qualified, qualified_count
from tourney.core.store import StoredDraw
from tourney.core import output
from tourney.core.tabular import neutralise
from tourney.core.outfile import save_workbook
from tourney.outputs.printsheets import print_area, report_pages

Cell = object  # an openpyxl cell value

#: Tiebreaks shown as a ratio (4 decimals on screen); the others as numbers.
RATIOS = {"omw", "civ_ratio"}
BASE_COLUMNS = ("rank", "player", "match_points", "wins", "losses", "draws")


def _show(key: str, value: Fraction | int) -> str:
    return fixed(value, 4) if key in RATIOS else str(decimal(value, 2))


def _extra(st: DuelRanking) -> list[Tiebreak]:
    """The tiebreaks after match points that are not base columns already (WBC's wins)."""
    return [t for t in st.tiebreaks[1:] if t.key not in BASE_COLUMNS]


def _has_cut(st: DuelRanking) -> bool:
    return any(r.cut is not None for r in st.rows)


def _rows(st: DuelRanking) -> list[DuelStanding]:
    return list(st.rows) if st.rounds_played() else []  # none before the first result, as `ranked`


def standing_columns(st: DuelRanking, cut: int | None = None) -> tuple[str, ...]:
    """Base columns, the scheme's tiebreaks, games played, the drop, `cut` (top-cut place)
    once a cut is paired, and `qualified` with a qualification cut."""
    return (BASE_COLUMNS + tuple(t.key for t in _extra(st)) + ("games", "dropped_after")
            + (("cut",) if _has_cut(st) else ()) + (("qualified",) if cut is not None else ()))


def _record(st: DuelRanking, row: DuelStanding, cut: int | None) -> list[Fraction | int | str | bool | None]:
    return [row.rank, row.player, row.match_points, row.wins, row.losses, row.draws,
            *[row.value(t.key) for t in _extra(st)], row.games, row.dropped_after,
            *((row.cut,) if _has_cut(st) else ()), *((is_qualified(row, cut),) if cut is not None else ())]


def csv_text(st: DuelRanking, cut: int | None = None) -> str:
    def cell(v: object) -> object:
        if isinstance(v, bool):
            return "yes" if v else "no"
        return text_number(v) if isinstance(v, Fraction) else v

    return output.csv_text(standing_columns(st, cut), ([cell(v) for v in _record(st, row, cut)] for row in _rows(st)))


def json_text(st: DuelRanking, cut: int | None = None) -> str:
    cols = standing_columns(st, cut)
    exact = ("rank", "cut", "games", "dropped_after", "qualified")
    out = [{k: (number(v) if isinstance(v, (Fraction, int)) and k not in exact else v)
            for k, v in zip(cols, _record(st, row, cut))} for row in _rows(st)]
    return json.dumps(out, ensure_ascii=False, indent=2) + "\n"


def _display_rows(st: DuelRanking) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    cut = _has_cut(st)
    head = (_("Rank"), _("Player"), _("MP"), _("W"), _("L"), _("D"), _("Bye"), _("Games"),
            *[_(t.abbr) for t in _extra(st)], *((_("Cut"),) if cut else ()))
    body = [(str(r.rank), dropped_mark(r.player, r.dropped_after),
             str(decimal(r.match_points, 2)), str(r.wins), str(r.losses), str(r.draws), str(r.byes), str(r.games),
             *[_show(t.key, r.value(t.key)) for t in _extra(st)],
             *((str(r.cut) if r.cut is not None else "",) if cut else ())) for r in _rows(st)]
    return head, body


def table(st: DuelRanking, cut: int | None = None) -> str:
    head, body = _display_rows(st)
    return text_table(standings_title(st.info, st.after_round), head, body, qualified_count(_rows(st), cut))


def html_text(st: DuelRanking, cut: int | None = None) -> str:
    head, body = _display_rows(st)
    legend = "".join(f"<li><b>{html.escape(_(t.abbr))}</b>: {html.escape(_(t.name))}</li>" for t in st.tiebreaks)
    bye = _("A bye is worth {points} match points and counts as no opponent.").format(points=st.bye_points)
    order = _("Ranking, in order:")  # outside the f-string: the extractor sees it
    footer = f"<p>{html.escape(order)}</p><ul>{legend}</ul>\n<p>{html.escape(bye)}</p>"
    rows = _rows(st)
    return html_page(st.info, st.scheme.title, st.after_round, head, body, footer, qualified_count(rows, cut),
                     [i for i, r in enumerate(rows) if r.dropped_after is not None])


def xlsx(st: DuelRanking, path: Path, draws: Sequence[StoredDraw] = (), cut: int | None = None,
         extra: Sequence[PlainSheet] = ()) -> None:
    """The standings workbook: Standings (every tiebreak a column), Matches, Draws, then `extra`."""

    wb = Workbook()
    bold = Font(bold=True)
    wrapped = Alignment(wrap_text=True, vertical="top")

    def sheet(ws: Worksheet, header: Sequence[str], rows: Iterable[Sequence[Cell]], widths: Sequence[int],
              formats: dict[int, str], *, printed: bool = True, wrap: Sequence[int] = ()) -> None:
        ws.append([neutralise(h) for h in header])
        for c in ws[1]:
            c.font = bold
        for row in rows:
            ws.append([neutralise(v) for v in row])
        for i, w in enumerate(widths, 1):
            ws.column_dimensions[get_column_letter(i)].width = w
        for col, fmt in formats.items():
            for (cell,) in ws.iter_rows(min_row=2, min_col=col + 1, max_col=col + 1):
                cell.number_format = fmt
        for r, line in enumerate(ws.iter_rows(min_row=2), 2):
            cells = [(c, widths[i]) for i, c in enumerate(line) if i in wrap and c.value not in (None, "")]
            if cells:  # the row's cells from its top; neither Excel nor LibreOffice sizes the row
                for c in line:
                    c.alignment = wrapped
                ws.row_dimensions[r].height = wrapped_height([(str(c.value), w) for c, w in cells])
        ws.freeze_panes = "A2"
        ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{ws.max_row}"
        if printed:
            report_pages(ws, widths)
            print_area(ws, len(header), ws.max_row - 1)
        else:  # hidden, and with no print area: LibreOffice prints a hidden sheet that has one
            ws.sheet_state = "hidden"

    tbs = _extra(st)
    ws = wb.active
    assert isinstance(ws, Worksheet)  # a new workbook has one sheet
    ws.title = _("Standings")
    qualified = [_("Qualified")] if cut is not None else []
    # "Draws" are tied matches here, not the seating's draws (the workbook's Draws sheet).
    sheet(ws, [_("Rank"), _("Player"), _("Match points"), _("Wins"), _("Losses"), pgettext("matches", "Draws"),
               _("Byes"), *[_(t.abbr) for t in tbs], _("Top cut"), _("Games"), _("Dropped after"), *qualified],
          ((r.rank, r.player, float(r.match_points), r.wins, r.losses, r.draws, r.byes,
            *[float(r.value(t.key)) if isinstance(r.value(t.key), Fraction) else r.value(t.key) for t in tbs],
            r.cut, r.games, r.dropped_after,
            *((_("yes") if is_qualified(r, cut) else _("no"),) if cut is not None else ()))
           for r in st.rows),
          [6, 28, 12, 6, 7, 6, 6, *[9] * len(tbs), 8, 7, 13, *[10] * len(qualified)],
          {2: "0.0#", **{7 + i: ("0.0000" if t.key in RATIOS else "0.0#") for i, t in enumerate(tbs)}})
    line = qualified_count(st.rows, cut)
    if line:
        for c in ws[line + 1]:
            c.border = xlsx_cut_border()
    sheet(wb.create_sheet(_("Matches")), [_("Round"), _("Table"), _("First"), _("Second"), _("Winner"), _("Victory"),
                                          _("VP first"), _("VP second")],
          ((m.round, m.table, m.first, m.second or _("(bye)"), m.winner or ("" if m.is_bye else _("shared")),
            m.victory.value if m.victory else "", *(m.totals if not m.is_bye else (None, None)))
           for m in st.matches),
          [7, 6, 24, 24, 24, 10, 9, 9], {})
    info = st.info
    rows = draws_sheet(info, st.scheme, st.tiebreaks, st.lot_order, draws,
                       game_rows=[(_("bye"), str(st.bye_points), _("match points for a bye"))])
    sheet(wb.create_sheet(_("Draws")), [_("Draw"), _("Value"), _("Note")], rows, [18, 40, 60], {}, wrap=(1, 2))
    for plain in extra:
        sheet(wb.create_sheet(plain.title), plain.header, plain.rows, [max(8, len(h) + 3) for h in plain.header], {},
              printed=plain.printed)
    save_workbook(wb, path, report="standings")  # the caller (export.to_xlsx) turns a failed write into a clear error
