"""Standings out: terminal table, CSV, JSON, printable HTML and the XLSX workbook.

Exact values (Fractions) are rounded here and only here.
"""
from __future__ import annotations

import csv
import html
import io
import json
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Sequence

from rules_engine.sevenwonders import CATEGORIES
from tourney.errors import UsageError, writing
from tourney.games import workflow_of
from tourney.names import sort_key
from tourney.store import EventInfo
from tourney.standings import Standing, Standings

STANDING_COLUMNS = ("rank", "player", "points", "share", "vp", "coins", "lot")
EXPORT_FORMATS = (".xlsx", ".csv", ".json", ".html")


def decimal(value: Fraction | int, places: int = 9) -> Decimal:
    """Round an exact value for output (half-even, `places` decimals), trailing zeros cut."""
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return Decimal(int(value))
    q = Decimal(value.numerator) / Decimal(value.denominator)
    d = q.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN).normalize()
    return d if d != d.to_integral() else d.quantize(Decimal(1))


def fixed(value: Fraction | int, places: int) -> str:
    """Display form with exactly `places` decimals (half-even)."""
    q = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, Fraction) else Decimal(value)
    return format(q.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN), "f")


def number(value: Fraction | int, places: int = 9) -> int | float:
    d = decimal(value, places)
    return int(d) if d == d.to_integral() else float(d)


def text_number(value: Fraction | int, places: int = 9) -> str:
    return format(decimal(value, places), "f")


def standing_record(st: Standing) -> dict[str, object]:
    return {"rank": st.rank, "player": st.player, "points": number(st.points), "share": number(st.share),
            "vp": st.vp, "coins": st.coins, "lot": st.lot}


def to_csv(standings: Standings) -> str:
    return workflow_of(standings).csv(standings)


def sevenwonders_csv(standings: Standings) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(STANDING_COLUMNS)
    for st in standings.rows:
        w.writerow([st.rank, st.player, text_number(st.points), text_number(st.share), st.vp, st.coins, st.lot])
    return buf.getvalue()


def to_json(standings: Standings) -> str:
    return workflow_of(standings).json(standings)


def sevenwonders_json(standings: Standings) -> str:
    return json.dumps([standing_record(st) for st in standings.rows], ensure_ascii=False, indent=2) + "\n"


def to_table(standings: Standings) -> str:
    """The terminal view of the standings, aligned columns."""
    return workflow_of(standings).table(standings)


def sevenwonders_table(standings: Standings) -> str:
    """Points to 2 decimals, share to 4."""
    head = ("Rank", "Player", "Points", "Share", "VP", "Coins", "Lot", "Games")
    body = [(str(st.rank), st.player + (" (dropped)" if st.dropped_after is not None else ""),
             f"{decimal(st.points, 2)}", fixed(st.share, 4), str(st.vp), str(st.coins), str(st.lot),
             str(st.games)) for st in standings.rows]
    return text_table(standings_title(standings.info, standings.after_round), head, body)


def standings_title(info: EventInfo, after_round: int | None) -> str:
    return f"{info.name}: standings" + (f" after round {after_round}" if after_round else "")


def text_table(title: str, head: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    """A title line, then aligned columns under a rule: the player (second) column
    left-aligned, every other right-aligned."""
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]

    def fmt(row: Sequence[str]) -> str:
        return "  ".join(c.ljust(widths[i]) if i == 1 else c.rjust(widths[i]) for i, c in enumerate(row)).rstrip()

    lines = [title, fmt(head), fmt(["-" * w for w in widths]), *[fmt(r) for r in body]]
    return "\n".join(lines) + "\n"


def to_html(standings: Standings) -> str:
    return workflow_of(standings).html(standings)


def sevenwonders_html(standings: Standings) -> str:
    head = ("Rank", "Player", "Points", "Share", "VP", "Coins", "Lot")
    body = [[str(v) for v in (st.rank, st.player, decimal(st.points, 2), fixed(st.share, 4), st.vp, st.coins,
                              st.lot)] for st in standings.rows]
    ties = f"<p>Ties: {html.escape(', then '.join(t.name for t in standings.tiebreaks))}.</p>"
    return html_page(standings.info, standings.scheme.title, standings.after_round, head, body, ties)


def html_page(info: EventInfo, scheme_title: str, after_round: int | None, head: Sequence[str],
              body: Sequence[Sequence[str]], footer: str) -> str:
    """A printable standings page: the event, a table of `head` over `body` (text, escaped
    here) and `footer` (HTML, as given) under it."""
    ths = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    rows = "\n".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in body)
    sub = " · ".join(x for x in (info.date or "", scheme_title, f"after round {after_round}" if after_round else "")
                     if x)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(info.name)} – standings</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border-bottom: 1px solid #ccc; padding: .3em .6em; text-align: right; }}
th:nth-child(2), td:nth-child(2) {{ text-align: left; }}
thead th {{ border-bottom: 2px solid #333; }}
tbody tr:nth-child(even) {{ background: #f4f4f4; }}
@media print {{ body {{ margin: 0; }} tbody tr {{ break-inside: avoid; }} }}
</style></head>
<body>
<h1>{html.escape(info.name)}</h1>
<p>{html.escape(sub)}</p>
<table>
<thead><tr>{ths}</tr></thead>
<tbody>
{rows}
</tbody></table>
{footer}
</body></html>
"""


def to_xlsx(standings: Standings, path: Path, draws: list[dict] | None = None) -> None:
    """The standings workbook: Standings, Games, Players and Draws sheets."""
    # Entered before the workbook is built: a write-only workbook that is never saved
    # leaves its temporary rows behind.
    with writing(path):
        workflow_of(standings).xlsx(standings, path, draws)


def sevenwonders_xlsx(standings: Standings, path: Path, draws: list[dict] | None = None) -> None:
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    wb = Workbook(write_only=True)
    bold = Font(bold=True)

    def sheet(title: str, header: list[str], widths: list[int], rows, formats: dict[int, str]) -> None:
        ws = wb.create_sheet(title)
        for i, w in enumerate(widths, 1):
            ws.column_dimensions[get_column_letter(i)].width = w
        ws.freeze_panes = "A2"
        head = []
        for h in header:
            c = WriteOnlyCell(ws, value=h)
            c.font = bold
            head.append(c)
        ws.append(head)
        n = 0
        for row in rows:
            n += 1
            if formats:
                out = []
                for i, v in enumerate(row):
                    if i in formats:
                        c = WriteOnlyCell(ws, value=v)
                        c.number_format = formats[i]
                        out.append(c)
                    else:
                        out.append(v)
                ws.append(out)
            else:
                ws.append(row)
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
          ((g.round, g.table, g.seat, g.player, g.wonder, g.side, *[g.scores.get(c) for c in cats],
            g.vp, g.coins, float(g.points), float(g.share), "; ".join(g.warnings) or None)
           for g in standings.games),
          {6 + len(cats) + 2: "0.00", 6 + len(cats) + 3: "0.0000"})
    sheet("Players", ["Player", "Games", "Dropped after"], [28, 7, 13],
          sorted(((st.player, st.games, st.dropped_after) for st in standings.rows), key=lambda r: sort_key(r[0])),
          {})
    info = standings.info
    rows = [("event seed", str(info.seed), "every draw below is derived from it"),
             ("scheme", info.scheme, standings.scheme.title),
             ("tiebreaks", "points, " + ", ".join(t.key for t in standings.tiebreaks[1:]), ""),
             ("lot", "sha256('tourney-lot:<seed>:<name in lower case>'), ascending", "1 = best")]
    rows += [(f"lot {i}", name, "") for i, name in enumerate(standings.lot_order, 1)]
    for d in draws or ():
        where = f"round {d['round']}: " if d["round"] is not None else ""
        rows.append((f"{where}{d['kind']}", d["seed"], json.dumps(d["payload"], ensure_ascii=False)))
    sheet("Draws", ["Draw", "Value", "Note"], [18, 40, 60], rows, {})
    wb.save(path)  # to_xlsx turns a failed write into a clear error


def export(standings: Standings, path: str | Path) -> Path:
    """Write the standings in the format the file extension names."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in EXPORT_FORMATS:
        raise UsageError(f"can't export to {p.name!r}: use a file ending in {', '.join(EXPORT_FORMATS)}")
    if suffix == ".xlsx":
        to_xlsx(standings, p)
    else:
        text = {".csv": to_csv, ".json": to_json, ".html": to_html}[suffix](standings)
        with writing(p):
            p.write_text(text, encoding="utf-8")
    return p


def export_event(event, path: str | Path, after_round: int | None = None) -> Path:
    """`tourney export`: compute the standings and write them (the workbook adds draws)."""
    from tourney.standings import compute_standings

    standings = compute_standings(event, after_round)
    p = Path(path)
    if p.suffix.lower() == ".xlsx":
        to_xlsx(standings, p, draws=event.draws())
        return p
    return export(standings, p)
