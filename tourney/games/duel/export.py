"""Duel standings out: every tiebreak a column, in the terminal table, CSV, JSON, HTML and
the XLSX workbook (Standings, Matches, Draws). Exact values are rounded here."""
from __future__ import annotations

import html
import json
from fractions import Fraction
from pathlib import Path
from typing import BinaryIO, Iterable, Sequence

from openpyxl.worksheet.worksheet import Worksheet

from tourney.export import decimal, draw_rows, fixed, html_page, number, standings_title, text_number, text_table
from tourney.games.duel.standings import DuelStanding, DuelStandings
from tourney.standings import Tiebreak
from tourney.store import StoredDraw
from tourney import output
from tourney.tabular import neutralise

Cell = object  # an openpyxl cell value

#: Tiebreaks shown as a ratio (4 decimals on screen); the others as numbers.
RATIOS = {"omw", "civ_ratio"}
BASE_COLUMNS = ("rank", "player", "match_points", "wins", "losses", "draws")


def _show(key: str, value: Fraction | int) -> str:
    return fixed(value, 4) if key in RATIOS else str(decimal(value, 2))


def _extra(st: DuelStandings) -> list[Tiebreak]:
    """The tiebreaks after match points that are not base columns already (WBC's wins)."""
    return [t for t in st.tiebreaks[1:] if t.key not in BASE_COLUMNS]


def _has_cut(st: DuelStandings) -> bool:
    return any(r.cut is not None for r in st.rows)


def standing_columns(st: DuelStandings) -> tuple[str, ...]:
    """Base columns, the scheme's tiebreaks, and `cut` (top-cut place) once a cut is paired."""
    return BASE_COLUMNS + tuple(t.key for t in _extra(st)) + (("cut",) if _has_cut(st) else ())


def _record(st: DuelStandings, row: DuelStanding) -> list[Fraction | int | str | None]:
    return [row.rank, row.player, row.match_points, row.wins, row.losses, row.draws,
            *[row.value(t.key) for t in _extra(st)], *((row.cut,) if _has_cut(st) else ())]


def csv_text(st: DuelStandings) -> str:
    return output.csv_text(standing_columns(st), ([text_number(v) if isinstance(v, Fraction) else v
                                                   for v in _record(st, row)] for row in st.rows))


def json_text(st: DuelStandings) -> str:
    cols = standing_columns(st)
    out = [{k: (number(v) if isinstance(v, (Fraction, int)) and k not in ("rank", "cut") else v)
            for k, v in zip(cols, _record(st, row))} for row in st.rows]
    return json.dumps(out, ensure_ascii=False, indent=2) + "\n"


def _display_rows(st: DuelStandings) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    cut = _has_cut(st)
    head = ("Rank", "Player", "MP", "W", "L", "D", "Bye", *[t.abbr for t in _extra(st)], *(("Cut",) if cut else ()))
    body = [(str(r.rank), r.player + (" (dropped)" if r.dropped_after is not None else ""),
             str(decimal(r.match_points, 2)), str(r.wins), str(r.losses), str(r.draws), str(r.byes),
             *[_show(t.key, r.value(t.key)) for t in _extra(st)],
             *((str(r.cut) if r.cut is not None else "",) if cut else ())) for r in st.rows]
    return head, body


def table(st: DuelStandings) -> str:
    head, body = _display_rows(st)
    return text_table(standings_title(st.info, st.after_round), head, body)


def html_text(st: DuelStandings) -> str:
    head, body = _display_rows(st)
    legend = "".join(f"<li><b>{html.escape(t.abbr)}</b>: {html.escape(t.name)}</li>" for t in st.tiebreaks)
    footer = (f"<p>Ranking, in order:</p><ul>{legend}</ul>\n"
              f"<p>A bye is worth {html.escape(str(st.bye_points))} match points and counts as no opponent.</p>")
    return html_page(st.info, st.scheme.title, st.after_round, head, body, footer)


def xlsx(st: DuelStandings, path: Path | BinaryIO, draws: Sequence[StoredDraw] = ()) -> None:
    """The standings workbook: Standings (every tiebreak a column), Matches, Draws."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    wb = Workbook()
    bold = Font(bold=True)

    def sheet(ws: Worksheet, header: Sequence[str], rows: Iterable[Sequence[Cell]], widths: Sequence[int],
              formats: dict[int, str]) -> None:
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
        ws.freeze_panes = "A2"
        ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{ws.max_row}"

    tbs = _extra(st)
    ws = wb.active
    assert isinstance(ws, Worksheet)  # a new workbook has one sheet
    ws.title = "Standings"
    sheet(ws, ["Rank", "Player", "Match points", "Wins", "Losses", "Draws", "Byes", *[t.abbr for t in tbs],
               "Top cut", "Dropped after"],
          ((r.rank, r.player, float(r.match_points), r.wins, r.losses, r.draws, r.byes,
            *[float(r.value(t.key)) if isinstance(r.value(t.key), Fraction) else r.value(t.key) for t in tbs],
            r.cut, r.dropped_after) for r in st.rows),
          [6, 28, 12, 6, 7, 6, 6, *[9] * len(tbs), 8, 13],
          {2: "0.0#", **{7 + i: ("0.0000" if t.key in RATIOS else "0.0#") for i, t in enumerate(tbs)}})
    sheet(wb.create_sheet("Matches"), ["Round", "Table", "First", "Second", "Winner", "Victory", "VP first",
                                       "VP second"],
          ((m.round, m.table, m.first, m.second or "(bye)", m.winner or ("" if m.is_bye else "shared"),
            m.victory.value if m.victory else "", *(m.totals if not m.is_bye else (None, None)))
           for m in st.matches),
          [7, 6, 24, 24, 24, 10, 9, 9], {})
    info = st.info
    rows = [("event seed", str(info.seed), "every draw below is derived from it"),
            ("scheme", info.scheme, st.scheme.title),
            ("bye", str(st.bye_points), "match points for a bye"),
            ("tiebreaks", ", ".join(t.key for t in st.tiebreaks), "; ".join(t.name for t in st.tiebreaks)),
            *draw_rows(st.lot_order, draws)]
    sheet(wb.create_sheet("Draws"), ["Draw", "Value", "Note"], rows, [18, 40, 60], {})
    wb.save(path)  # the caller (export.to_xlsx) turns a failed write into a clear error
