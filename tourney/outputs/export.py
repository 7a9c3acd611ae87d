"""Standings out: one dispatcher by file extension over the `Standings` protocol (each game's
standings render their own columns), and the display helpers every game's columns use.

Exact values (Fractions) are rounded only for output, with the helpers here.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

import html
import json
import math
from dataclasses import replace
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence, cast

from tourney.core.errors import UsageError
from tourney.core.i18n import N_, _, language, local_number
from tourney.core.outfile import atomic, save_workbook, write_text
from tourney.event.drawcheck import HEADER, RECORD_KIND, SHEET, sheet_rows
from tourney.core.tabular import cell_value, neutralise

if TYPE_CHECKING:
    from tourney.event.game import StandingsGame
    from openpyxl.styles import Border
    from openpyxl.worksheet.worksheet import Worksheet

    from tourney.core.schemes import Scheme
    from tourney.event.standings import PlainSheet, Standings, Tiebreak
    from tourney.core.store import Event, EventInfo, StoredDraw

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


#: What every standings output says before the first result.
NO_RESULTS = N_("no results yet")


def to_csv(standings: Standings, cut: int | None = None) -> str:
    return standings.to_csv(cut)


def to_json(standings: Standings, cut: int | None = None) -> str:
    return standings.to_json(cut)


def to_table(standings: Standings, cut: int | None = None) -> str:
    """The terminal view of the standings, aligned columns."""
    return standings.to_table(cut)


def to_html(standings: Standings, cut: int | None = None) -> str:
    return standings.to_html(cut)


def standings_title(info: EventInfo, after_round: int | None) -> str:
    if after_round:
        return _("{event}: standings after round {round}").format(event=info.name, round=after_round)
    return _("{event}: standings").format(event=info.name)


def dropped_mark(player: str, dropped_after: int | None) -> str:
    """The player's name as the standings show it, marked when they dropped."""
    return player if dropped_after is None else _("{player} (dropped)").format(player=player)


def text_table(title: str, head: Sequence[str], body: Sequence[Sequence[str]], cut_after: int | None = None) -> str:
    """A title line, then aligned columns under a rule: the player (second) column
    left-aligned, every other right-aligned; a line of dashes under the first `cut_after`
    rows (the qualification cut). No rows: the title and "no results yet"."""
    if not body:
        return f"{title}\n{_(NO_RESULTS)}\n"
    body = [[local_number(c) for c in r] for r in body]  # 17,5 in a German event
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]

    def fmt(row: Sequence[str]) -> str:
        return "  ".join(c.ljust(widths[i]) if i == 1 else c.rjust(widths[i]) for i, c in enumerate(row)).rstrip()

    rule = fmt(["-" * w for w in widths])
    rows = [fmt(r) for r in body]
    if cut_after:
        rows.insert(cut_after, rule)
    lines = [title, fmt(head), rule, *rows]
    return "\n".join(lines) + "\n"


def html_page(info: EventInfo, scheme_title: str, after_round: int | None, head: Sequence[str],
              body: Sequence[Sequence[str]], footer: str, cut_after: int | None = None,
              dropped: Sequence[int] = ()) -> str:
    """A printable standings page: the event, a table of `head` over `body` (text, escaped
    here) and `footer` (HTML, as given) under it; a red rule under the first `cut_after`
    rows, the rows in `dropped` (0-based) greyed. No rows: a page saying "no results yet"."""
    ths = "".join(f"<th>{html.escape(h)}</th>" for h in head)

    def tr(i: int, r: Sequence[str]) -> str:
        classes = " ".join(c for c, on in (("dropped", i in dropped), ("cut", cut_after == i + 1)) if on)
        return (f'<tr class="{classes}">' if classes else "<tr>") + "".join(
            f"<td>{html.escape(local_number(c))}</td>" for c in r) + "</tr>"

    rows = "\n".join(tr(i, r) for i, r in enumerate(body))
    if cut_after:
        note = _("Qualification line: the first {n} above the red line.").format(n=cut_after)
        footer = f'<p class="cutnote">{html.escape(note)}</p>\n' + footer
    table = f"""<table>
<thead><tr>{ths}</tr></thead>
<tbody>
{rows}
</tbody></table>""" if body else f'<p class="empty">{html.escape(_(NO_RESULTS))}</p>'
    after = _("after round {round}").format(round=after_round) if after_round else ""
    sub = " · ".join(x for x in (info.date or "", _(scheme_title), after) if x)  # a scheme's title is a msgid
    title = _("{event} – standings").format(event=info.name)  # outside the f-string: the extractor sees it
    return f"""<!DOCTYPE html>
<html lang="{language()}"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border-bottom: 1px solid #ccc; padding: .3em .6em; text-align: right; }}
th:nth-child(2), td:nth-child(2) {{ text-align: left; }}
thead th {{ border-bottom: 2px solid #333; }}
tbody tr:nth-child(even) {{ background: #f4f4f4; }}
tr.dropped td {{ color: #777; }}
tr.cut td {{ border-bottom: 3px solid #c00; }}
@media print {{ body {{ margin: 0; }} tbody tr {{ break-inside: avoid; }} }}
</style></head>
<body>
<h1>{html.escape(info.name)}</h1>
<p>{html.escape(sub)}</p>
{table}
{footer}
</body></html>
"""


#: The most characters of a draw's data the Draws sheet shows (a cell holds 32,767).
NOTE_CHARACTERS = 16_000


def draws_sheet(info: EventInfo, scheme: Scheme, tiebreaks: Sequence[Tiebreak], lot_order: Sequence[str],
                draws: Sequence[StoredDraw], *, game_rows: Sequence[tuple[str, str, str]] = (),
                after: Sequence[tuple[str, str, str]] = ()) -> list[tuple[str, str, str]]:
    """The Draws sheet of every game's workbook, in the reader's language: the event seed, the
    scheme, the game's own rows, the tiebreaks, how the lot is drawn, each player's lot, every
    stored draw with its seed (its payload as stored), then `after`. Until the seed is revealed
    the sheet shows its fingerprint instead (the draws' seeds come in with it hidden)."""
    from tourney.event.drawproof import fingerprint as sha, hide_seed

    seed = info.seed if info.seed_revealed else None
    fingerprint = sha(info.seed)
    if seed is None:
        draws = [replace(d, seed=hide_seed(d.seed, info.seed)) for d in draws]
    rows = [(_("event seed"), str(info.seed), _("every draw below is derived from it")) if seed is not None else
            (_("draw fingerprint"), fingerprint, _("SHA-256 of 'tourney-seed-v1:' and the seed, which is revealed "
                                                   "after the event")),
            (_("scheme"), info.scheme, _(scheme.title)),  # a scheme's title is a msgid
            *game_rows,
            (_("tiebreaks"), ", ".join(_(t.abbr) for t in tiebreaks), "; ".join(_(t.name) for t in tiebreaks)),
            (_("lot"), _("sha256('tourney-lot:<seed>:<name in lower case>'), ascending"), _("1 = best"))]
    rows += [(_("lot {n}").format(n=i), name, "") for i, name in enumerate(lot_order, 1)]
    for d in draws:
        if d.kind == RECORD_KIND:  # what a draw was made from: the tourney-draws sheet carries it
            continue
        label = _("round {round}: {kind}").format(round=d.round, kind=d.kind) if d.round is not None else d.kind
        note = json.dumps(d.payload, ensure_ascii=False)
        # Excel keeps 32,767 characters in a cell; the draws in full are on the tourney-draws sheet.
        rows.append((label, d.seed, note if len(note) <= NOTE_CHARACTERS else note[:NOTE_CHARACTERS] + "…"))
    return [*rows, *after]


def to_xlsx(standings: Standings, path: Path, draws: Sequence[StoredDraw] = (), cut: int | None = None,
            draw_rows: Sequence[Sequence[object]] | None = None) -> None:
    """The standings workbook (each game's sheets), with the event's draws; before the first
    result one sheet saying so. `draw_rows`: the `tourney-draws` sheet `verify-draws` reads,
    written with the others (a workbook saved and read back to add it took twice as long)."""
    from tourney.event.standings import PlainSheet

    extra = (PlainSheet(SHEET, HEADER, draw_rows, printed=False),) if draw_rows is not None else ()
    # Entered before the workbook is built: a write-only workbook that is never saved
    # leaves its temporary rows behind.
    with atomic(path) as tmp:
        if standings.rounds_played():
            standings.write_xlsx(tmp, draws, cut, extra)
        else:
            _no_results_xlsx(standings.info, tmp, extra)


def _no_results_xlsx(info: EventInfo, path: Path, extra: Sequence[PlainSheet]) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font


    wb = Workbook()
    ws = wb.active
    assert ws is not None  # a new workbook has one sheet
    ws.title = _("Standings")
    ws["A1"] = cell_value(standings_title(info, None))
    ws["A1"].font = Font(bold=True)
    ws["A2"] = _(NO_RESULTS)
    ws.column_dimensions["A"].width = 40
    for plain in extra:
        sheet = wb.create_sheet(plain.title)
        for row in (plain.header, *plain.rows):
            sheet.append([cell_value(v) for v in row])
        if not plain.printed:
            sheet.sheet_state = "hidden"
    save_workbook(wb, path, report="standings")


#: A workbook row's height per line of text, and the most a row can be (Excel's limit), in points.
LINE_HEIGHT, MAX_ROW_HEIGHT = 15, 409


def wrapped_height(cells: Sequence[tuple[str, float]]) -> float:
    """The height of a row whose (text, column width) cells wrap: its tallest cell's lines."""
    lines = max(math.ceil(max(1, len(text)) / max(1.0, width - 1)) for text, width in cells)
    return min(MAX_ROW_HEIGHT, LINE_HEIGHT * lines)


def xlsx_cut_border() -> Border:
    """The visible qualification rule in a workbook: a thick red line under the cell."""
    from openpyxl.styles import Border, Side

    return Border(bottom=Side(style="thick", color="CC0000"))


TEXT_FORMATS: dict[str, Callable[[Standings, int | None], str]] = {
    ".csv": to_csv, ".json": to_json, ".html": to_html}


def export(standings: Standings, path: str | Path, cut: int | None = None) -> Path:
    """Write the standings in the format the file extension names."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in EXPORT_FORMATS:
        raise UsageError(_("can't export to {file!r}: use a file ending in {endings} or .pdf").format(
            file=p.name, endings=", ".join(EXPORT_FORMATS)))
    if suffix == ".xlsx":
        to_xlsx(standings, p, cut=cut)
    else:
        text = TEXT_FORMATS[suffix](standings, cut)
        write_text(p, text)
    return p


def export_event(event: Event, game: StandingsGame, path: str | Path, after_round: int | None = None,
                 cut: int | None = None) -> Path:
    """`tourney export`: compute the standings and write them (the workbook adds draws);
    `cut` defaults to the event's."""
    from tourney.event.standings import event_cut

    standings = game.standings(event, after_round)
    cut = cut if cut is not None else event_cut(event)
    p = Path(path)
    if p.suffix.lower() == ".xlsx":
        to_xlsx(standings, p, draws=event.draws(), cut=cut, draw_rows=sheet_rows(event))
        return p
    return export(standings, p, cut)


STANDINGS_FORMATS: dict[str, Callable[[Standings, int | None], str]] = {
    "table": to_table, "csv": to_csv, "json": to_json}


def standings_text(event: Event, game: StandingsGame, after_round: int | None, fmt: str,
                   cut: int | None = None) -> str:
    """`tourney standings`: the standings as a table, CSV or JSON; `cut` defaults to the event's.
    The table ends naming who took no part (not checked in, dropped before round 1)."""
    from tourney.event.standings import event_cut, ranked

    standings = game.standings(event, after_round)
    text = STANDINGS_FORMATS[fmt](standings, cut if cut is not None else event_cut(event))
    if fmt != "table" or not ranked(standings):
        return text
    from tourney.event.checkin import no_part_lines

    return text + no_part_lines(event)


class ReportWorkbook:
    """A write-only report workbook of plain sheets: a bold header row, frozen, with a filter;
    saved marked as the tool's own report (`save(path, report=...)`)."""

    def __init__(self) -> None:
        from openpyxl import Workbook

        self.wb = Workbook(write_only=True)

    def sheet(self, title: str, header: Sequence[str], rows: Iterable[Sequence[object]],
              widths: Sequence[int] | None = None, formats: Mapping[int, str] | None = None,
              rule_after: int | None = None, *, printed: bool = True, wrap: Sequence[int] = ()) -> None:
        """One sheet: columns `widths` wide (default: by the heading), the cells of the columns
        in `formats` (by index) in that number format, the cut's rule under row `rule_after`,
        the text of the columns in `wrap` (by index) on as many lines as it takes (the row as
        high). It prints as a report (`report_pages`); one not `printed` (the machine's) is
        hidden: printing the workbook leaves it out."""
        from openpyxl.cell import WriteOnlyCell
        from openpyxl.cell.cell import Cell
        from openpyxl.styles import Alignment, Font
        from openpyxl.utils import get_column_letter

        from tourney.outputs.printsheets import print_area, report_pages

        ws = self.wb.create_sheet(title)
        widths = list(widths) if widths is not None else [28 if h == "Player" else max(8, len(h) + 3)
                                                          for h in header]
        for i, w in enumerate(widths, 1):
            ws.column_dimensions[get_column_letter(i)].width = w
        if printed:
            report_pages(cast("Worksheet", ws), widths)  # a write-only sheet has the page set-up too
        else:  # hidden, and with no print area: LibreOffice prints a hidden sheet that has one
            ws.sheet_state = "hidden"
        wrapped = Alignment(wrap_text=True, vertical="top")
        ws.freeze_panes = "A2"
        bold = Font(bold=True)
        head = []
        for h in header:
            c = WriteOnlyCell(ws, value=cell_value(h))
            c.font = bold
            head.append(c)
        ws.append(head)
        formats = formats or {}
        rule = xlsx_cut_border()
        n = 0
        for row in rows:
            n += 1
            if n == rule_after:
                ruled: list[object] = []
                for i, v in enumerate(row):
                    c = WriteOnlyCell(ws, value=cell_value(v))
                    if i in formats:
                        c.number_format = formats[i]
                    c.border = rule
                    ruled.append(c)
                ws.append(ruled)
                continue
            # Only the formatted cells need a cell of their own; openpyxl writes the rest
            # through one reused cell.
            values: list[object] = [cell_value(v) for v in row] if formats else [neutralise(v) for v in row]
            for i, fmt in formats.items():
                if i < len(row):
                    c = WriteOnlyCell(ws, value=cell_value(row[i]))
                    c.number_format = fmt
                    values[i] = c
            wrapped_cells = [i for i in wrap if i < len(row) and row[i] not in (None, "")]
            if wrapped_cells:  # the row's cells from its top; neither Excel nor LibreOffice sizes the row
                for i, v in enumerate(values):
                    c = v if isinstance(v, Cell) else WriteOnlyCell(ws, value=cell_value(v))
                    c.alignment = wrapped
                    values[i] = c
                ws.row_dimensions[n + 1].height = wrapped_height([(str(row[i]), widths[i]) for i in wrapped_cells])
            ws.append(values)
        ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{n + 1}"
        if printed:
            print_area(cast("Worksheet", ws), len(header), n)

    def save(self, path: Path, report: str | None = None) -> None:
        save_workbook(self.wb, path, report=report)
