"""Standings out: one dispatcher by file extension over the `Standings` protocol (each game's
standings render their own columns), and the display helpers every game's columns use.

Exact values (Fractions) are rounded only for output, with the helpers here.
"""
from __future__ import annotations

import html
import io
import json
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from tourney.errors import UsageError, writing
from tourney.store import EventInfo, StoredDraw

if TYPE_CHECKING:
    from tourney.standings import Standings
    from tourney.store import Event

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


def to_csv(standings: Standings) -> str:
    return standings.to_csv()


def to_json(standings: Standings) -> str:
    return standings.to_json()


def to_table(standings: Standings) -> str:
    """The terminal view of the standings, aligned columns."""
    return standings.to_table()


def to_html(standings: Standings) -> str:
    return standings.to_html()


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


def draw_rows(lot_order: Sequence[str], draws: Sequence[StoredDraw]) -> list[tuple[str, str, str]]:
    """The Draws sheet's rows after a game's own: how the lot is drawn, each player's lot and
    every stored draw with its seed."""
    rows = [("lot", "sha256('tourney-lot:<seed>:<name in lower case>'), ascending", "1 = best")]
    rows += [(f"lot {i}", name, "") for i, name in enumerate(lot_order, 1)]
    for d in draws:
        where = f"round {d.round}: " if d.round is not None else ""
        rows.append((f"{where}{d.kind}", d.seed, json.dumps(d.payload, ensure_ascii=False)))
    return rows


def to_xlsx(standings: Standings, path: Path, draws: Sequence[StoredDraw] = ()) -> None:
    """The standings workbook (each game's sheets), with the event's draws."""
    # Built in memory, then written in one go: a full disk fails that one write with a clear
    # message, instead of failing inside the zip writer and leaving it half-closed.
    buffer = io.BytesIO()
    with writing(path):
        standings.write_xlsx(buffer, draws)
        write_file(path, buffer.getvalue())


def write_file(path: Path, data: bytes) -> None:
    """Write a built file's bytes (the one place an export reaches the disk)."""
    path.write_bytes(data)


TEXT_FORMATS: dict[str, Callable[[Standings], str]] = {".csv": to_csv, ".json": to_json, ".html": to_html}


def export(standings: Standings, path: str | Path) -> Path:
    """Write the standings in the format the file extension names."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in EXPORT_FORMATS:
        raise UsageError(f"can't export to {p.name!r}: use a file ending in {', '.join(EXPORT_FORMATS)} or .pdf")
    if suffix == ".xlsx":
        to_xlsx(standings, p)
    else:
        text = TEXT_FORMATS[suffix](standings)
        with writing(p):
            p.write_text(text, encoding="utf-8")
    return p


def export_event(event: Event, path: str | Path, after_round: int | None = None) -> Path:
    """`tourney export`: compute the standings and write them (the workbook adds draws)."""
    from tourney.standings import compute_standings

    standings = compute_standings(event, after_round)
    p = Path(path)
    if p.suffix.lower() == ".xlsx":
        to_xlsx(standings, p, draws=event.draws())
        return p
    return export(standings, p)
