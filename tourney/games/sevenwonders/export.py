"""7 Wonders standings out: the columns of the terminal table, CSV, JSON, HTML and the
XLSX workbook (Standings, Games, Players, Draws). Exact values are rounded here."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Iterable, Sequence

from rules_engine.sevenwonders import CATEGORIES
from tourney.outputs.export import (
    decimal,
    draw_rows,
    dropped_mark,
    fixed,
    html_page,
    number,
    standings_title,
    text_number,
    text_table,
    xlsx_cut_border,
)
from tourney.games.sevenwonders.drawstore import guild_rows
from tourney.core.i18n import N_, _
from tourney.games.sevenwonders.standings import SevenWondersStandings, Standing
from tourney.event.checking import stored_warning_text
from tourney.event.standings import is_qualified, qualified_count, ranked
from tourney.core.store import StoredDraw
from tourney.core import output
from tourney.core.tabular import cell_value, neutralise
from tourney.core.names import sort_key
from tourney.core.outfile import save_workbook

STANDING_COLUMNS = ("rank", "player", "points", "share", "vp", "coins", "lot", "games", "dropped_after")
#: The headings people read (CSV/JSON keep the column names above: a machine contract).
CATEGORY_HEADINGS = {"military": N_("Military"), "treasury": N_("Treasury"), "wonders": N_("Wonders"),
                     "civilian": N_("Civilian"), "commercial": N_("Commercial"), "guilds": N_("Guilds"),
                     "science": N_("Science")}
HEADINGS = (N_("Rank"), N_("Player"), N_("Points"), N_("Share"), N_("VP"), N_("Coins"), N_("Lot"), N_("Games"))


def _rows(standings: SevenWondersStandings) -> Sequence[Standing]:
    return [r for r in ranked(standings) if isinstance(r, Standing)]


def _columns(cut: int | None) -> tuple[str, ...]:
    return STANDING_COLUMNS + (("qualified",) if cut is not None else ())


def standing_record(st: Standing, cut: int | None = None) -> dict[str, object]:
    record: dict[str, object] = {
        "rank": st.rank, "player": st.player, "points": number(st.points), "share": number(st.share),
        "vp": st.vp, "coins": st.coins, "lot": st.lot, "games": st.games, "dropped_after": st.dropped_after}
    if cut is not None:
        record["qualified"] = is_qualified(st, cut)
    return record


def csv_text(standings: SevenWondersStandings, cut: int | None = None) -> str:
    return output.csv_text(_columns(cut), ([st.rank, st.player, text_number(st.points), text_number(st.share),
                                            st.vp, st.coins, st.lot, st.games, st.dropped_after,
                                            *(("yes" if is_qualified(st, cut) else "no",) if cut is not None else ())]
                                           for st in _rows(standings)))


def json_text(standings: SevenWondersStandings, cut: int | None = None) -> str:
    return json.dumps([standing_record(st, cut) for st in _rows(standings)], ensure_ascii=False, indent=2) + "\n"


def _display(standings: SevenWondersStandings) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    head = tuple(_(h) for h in HEADINGS)
    body: list[tuple[str, ...]] = [(str(st.rank), dropped_mark(st.player, st.dropped_after),
             f"{decimal(st.points, 2)}", fixed(st.share, 4), str(st.vp), str(st.coins), str(st.lot),
             str(st.games)) for st in _rows(standings)]
    return head, body


def table(standings: SevenWondersStandings, cut: int | None = None) -> str:
    """The terminal view: points to 2 decimals, share to 4; dashes under the cut."""
    head, body = _display(standings)
    return text_table(standings_title(standings.info, standings.after_round), head, body,
                      qualified_count(_rows(standings), cut))


def html_text(standings: SevenWondersStandings, cut: int | None = None) -> str:
    head, body = _display(standings)
    rows = _rows(standings)
    ties = "<p>{}</p>".format(html.escape(_("Ties: {tiebreaks}.").format(
        tiebreaks=_(", then ").join(_(t.name) for t in standings.tiebreaks))))
    return html_page(standings.info, standings.scheme.title, standings.after_round, head, body, ties,
                     qualified_count(rows, cut), [i for i, st in enumerate(rows) if st.dropped_after is not None])


Cell = str | int | float | None


def xlsx(standings: SevenWondersStandings, path: Path, draws: Sequence[StoredDraw] = (),
         cut: int | None = None) -> None:
    """The standings workbook: Standings, Games, Players and Draws sheets."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    wb = Workbook(write_only=True)
    bold = Font(bold=True)
    rule = xlsx_cut_border()

    def sheet(title: str, header: list[str], widths: list[int], rows: Iterable[Sequence[Cell]],
              formats: dict[int, str], rule_after: int | None = None) -> None:
        ws = wb.create_sheet(title)
        for i, w in enumerate(widths, 1):
            ws.column_dimensions[get_column_letter(i)].width = w
        ws.freeze_panes = "A2"
        head = []
        for h in header:
            c = WriteOnlyCell(ws, value=cell_value(h))
            c.font = bold
            head.append(c)
        ws.append(head)
        n = 0
        for row in rows:
            n += 1
            if n == rule_after:
                out: list[object] = []
                for i, v in enumerate(row):
                    c = WriteOnlyCell(ws, value=cell_value(v))
                    if i in formats:
                        c.number_format = formats[i]
                    c.border = rule
                    out.append(c)
                ws.append(out)
            else:
                # Only the formatted cells need a cell of their own; openpyxl writes the rest
                # through one reused cell.
                values: list[object] = [cell_value(v) for v in row] if formats else [neutralise(v) for v in row]
                for i, fmt in formats.items():
                    if i < len(row):
                        c = WriteOnlyCell(ws, value=cell_value(row[i]))
                        c.number_format = fmt
                        values[i] = c
                ws.append(values)
        ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{n + 1}"

    qualified = [_("Qualified")] if cut is not None else []
    sheet(_("Standings"), [*(_(h) for h in HEADINGS), _("Dropped after"), *qualified],
          [6, 28, 9, 9, 7, 7, 6, 7, 13, *[10] * len(qualified)],
          ((st.rank, st.player, float(st.points), float(st.share), st.vp, st.coins, st.lot, st.games,
            st.dropped_after, *(("yes" if is_qualified(st, cut) else "no",) if cut is not None else ()))
           for st in standings.rows),
          {2: "0.00", 3: "0.0000"}, qualified_count(standings.rows, cut))
    cats = list(CATEGORIES)
    sheet(_("Games"), [_("Round"), _("Table"), _("Seat"), _("Player"), _("Wonder"), _("Side"),
                       *[_(CATEGORY_HEADINGS[c]) for c in cats], _("Total"), _("Coins"), _("Game points"), _("Share"),
                       _("Warnings")],
          [7, 6, 5, 28, 14, 5] + [10] * len(cats) + [7, 7, 11, 9, 40],
          ((g.round, g.table, g.seat, g.player, g.score.wonder, g.score.side, *[getattr(g.score, c) for c in cats],
            g.vp, g.coins, float(g.points), float(g.share), "; ".join(map(stored_warning_text, g.warnings)) or None)
           for g in standings.games),
          {6 + len(cats) + 2: "0.00", 6 + len(cats) + 3: "0.0000"})
    sheet(_("Players"), [_("Player"), _("Games"), _("Dropped after")], [28, 7, 13],
          [(st.player, st.games, st.dropped_after)
           for st in sorted(standings.rows, key=lambda st: sort_key(st.player))],
          {})
    info = standings.info
    rows: list[Sequence[Cell]] = [
        ("event seed", str(info.seed), _("every draw below is derived from it")),
        ("scheme", info.scheme, standings.scheme.title),
        ("tiebreaks", "points, " + ", ".join(t.key for t in standings.tiebreaks[1:]), ""),
        *draw_rows(standings.lot_order, draws), *guild_rows(draws)]
    sheet(_("Draws"), [_("Draw"), _("Value"), _("Note")], [18, 40, 60], rows, {})
    save_workbook(wb, path, report="standings")  # export.to_xlsx turns a failed write into a clear error
