"""7 Wonders standings out: the columns of the terminal table, CSV, JSON, HTML and the
XLSX workbook (Standings, Games, Players, Draws). Exact values are rounded here."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import BinaryIO, Iterable, Sequence

from rules_engine.sevenwonders import CATEGORIES
from tourney.export import decimal, draw_rows, fixed, html_page, number, standings_title, text_number, text_table
from tourney.games.sevenwonders.standings import SevenWondersStandings, Standing
from tourney.store import StoredDraw
from tourney import output
from tourney.tabular import neutralise

STANDING_COLUMNS = ("rank", "player", "points", "share", "vp", "coins", "lot")


def standing_record(st: Standing) -> dict[str, object]:
    return {"rank": st.rank, "player": st.player, "points": number(st.points), "share": number(st.share),
            "vp": st.vp, "coins": st.coins, "lot": st.lot}


def csv_text(standings: SevenWondersStandings) -> str:
    return output.csv_text(STANDING_COLUMNS, ([st.rank, st.player, text_number(st.points), text_number(st.share),
                                               st.vp, st.coins, st.lot] for st in standings.rows))


def json_text(standings: SevenWondersStandings) -> str:
    return json.dumps([standing_record(st) for st in standings.rows], ensure_ascii=False, indent=2) + "\n"


def table(standings: SevenWondersStandings) -> str:
    """The terminal view: points to 2 decimals, share to 4."""
    head = ("Rank", "Player", "Points", "Share", "VP", "Coins", "Lot", "Games")
    body = [(str(st.rank), st.player + (" (dropped)" if st.dropped_after is not None else ""),
             f"{decimal(st.points, 2)}", fixed(st.share, 4), str(st.vp), str(st.coins), str(st.lot),
             str(st.games)) for st in standings.rows]
    return text_table(standings_title(standings.info, standings.after_round), head, body)


def html_text(standings: SevenWondersStandings) -> str:
    head = ("Rank", "Player", "Points", "Share", "VP", "Coins", "Lot")
    body = [[str(v) for v in (st.rank, st.player, decimal(st.points, 2), fixed(st.share, 4), st.vp, st.coins,
                              st.lot)] for st in standings.rows]
    ties = f"<p>Ties: {html.escape(', then '.join(t.name for t in standings.tiebreaks))}.</p>"
    return html_page(standings.info, standings.scheme.title, standings.after_round, head, body, ties)


Cell = str | int | float | None


def xlsx(standings: SevenWondersStandings, path: Path | BinaryIO, draws: Sequence[StoredDraw] = ()) -> None:
    """The standings workbook: Standings, Games, Players and Draws sheets."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    wb = Workbook(write_only=True)
    bold = Font(bold=True)

    def sheet(title: str, header: list[str], widths: list[int], rows: Iterable[Sequence[Cell]],
              formats: dict[int, str]) -> None:
        ws = wb.create_sheet(title)
        for i, w in enumerate(widths, 1):
            ws.column_dimensions[get_column_letter(i)].width = w
        ws.freeze_panes = "A2"
        head = []
        for h in header:
            c = WriteOnlyCell(ws, value=neutralise(h))
            c.font = bold
            head.append(c)
        ws.append(head)
        n = 0
        for row in rows:
            n += 1
            if formats:
                out: list[object] = []
                for i, v in enumerate(row):
                    if i in formats:
                        c = WriteOnlyCell(ws, value=neutralise(v))
                        c.number_format = formats[i]
                        out.append(c)
                    else:
                        out.append(neutralise(v))
                ws.append(out)
            else:
                ws.append([neutralise(v) for v in row])
        ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{n + 1}"

    sheet("Standings", ["Rank", "Player", "Points", "Share", "VP", "Coins", "Lot", "Games", "Dropped after"],
          [6, 28, 9, 9, 7, 7, 6, 7, 13],
          ((st.rank, st.player, float(st.points), float(st.share), st.vp, st.coins, st.lot, st.games,
            st.dropped_after) for st in standings.rows),
          {2: "0.00", 3: "0.0000"})
    cats = list(CATEGORIES)
    sheet("Games", ["Round", "Table", "Seat", "Player", "Wonder", "Side", *[c.capitalize() for c in cats],
                    "Total", "Coins", "Game points", "Share", "Warnings"],
          [7, 6, 5, 28, 14, 5] + [10] * len(cats) + [7, 7, 11, 9, 40],
          ((g.round, g.table, g.seat, g.player, g.score.wonder, g.score.side, *[getattr(g.score, c) for c in cats],
            g.vp, g.coins, float(g.points), float(g.share), "; ".join(g.warnings) or None)
           for g in standings.games),
          {6 + len(cats) + 2: "0.00", 6 + len(cats) + 3: "0.0000"})
    sheet("Players", ["Player", "Games", "Dropped after"], [28, 7, 13],
          [(st.player, st.games, st.dropped_after) for st in sorted(standings.rows, key=lambda st: st.player.casefold())],
          {})
    info = standings.info
    rows: list[Sequence[Cell]] = [
        ("event seed", str(info.seed), "every draw below is derived from it"),
        ("scheme", info.scheme, standings.scheme.title),
        ("tiebreaks", "points, " + ", ".join(t.key for t in standings.tiebreaks[1:]), ""),
        *draw_rows(standings.lot_order, draws)]
    sheet("Draws", ["Draw", "Value", "Note"], [18, 40, 60], rows, {})
    wb.save(path)  # export.to_xlsx turns a failed write into a clear error
