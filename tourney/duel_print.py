"""Duel output: standings (terminal, CSV, JSON, HTML, XLSX) with every tiebreak column,
pairings by table and by name, and printable A4 match sheets per table (XLSX).

Exact values are rounded here and only here (the helpers of tourney.export).
"""
from __future__ import annotations

import csv
import html
import io
import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Sequence

from tourney import store
from tourney.duel_event import COLUMNS, DuelStandings, stored_rounds
from tourney.errors import SeatingError, UsageError, writing
from tourney.export import decimal, fixed, html_page, number, standings_title, text_number, text_table
from tourney.names import sort_key
from tourney.printsheets import BOX, SHADE, SheetsWritten, a4_page, signature_lines

#: Tiebreaks shown as a ratio (4 decimals on screen); the others as numbers.
RATIOS = {"omw", "civ_ratio"}
BASE_COLUMNS = ("rank", "player", "match_points", "wins", "losses", "draws")


def _show(key: str, value: Fraction | int) -> str:
    return fixed(value, 4) if key in RATIOS else str(decimal(value, 2))


def _extra(st: DuelStandings):
    """The tiebreaks after match points that are not base columns already (WBC's wins)."""
    return [t for t in st.tiebreaks[1:] if t.key not in BASE_COLUMNS]


def _has_cut(st: DuelStandings) -> bool:
    return any(r.cut is not None for r in st.rows)


def standing_columns(st: DuelStandings) -> tuple[str, ...]:
    """Base columns, the scheme's tiebreaks, and `cut` (top-cut place) once a cut is paired."""
    return BASE_COLUMNS + tuple(t.key for t in _extra(st)) + (("cut",) if _has_cut(st) else ())


def _record(st: DuelStandings, row) -> list[Fraction | int | str | None]:
    return [row.rank, row.player, row.match_points, row.wins, row.losses, row.draws,
            *[row.value(t.key) for t in _extra(st)], *((row.cut,) if _has_cut(st) else ())]


def duel_csv(st: DuelStandings) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(standing_columns(st))
    for row in st.rows:
        w.writerow([text_number(v) if isinstance(v, Fraction) else "" if v is None else v
                    for v in _record(st, row)])
    return buf.getvalue()


def duel_json(st: DuelStandings) -> str:
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


def duel_table(st: DuelStandings) -> str:
    head, body = _display_rows(st)
    return text_table(standings_title(st.info, st.after_round), head, body)


def duel_html(st: DuelStandings) -> str:
    head, body = _display_rows(st)
    legend = "".join(f"<li><b>{html.escape(t.abbr)}</b>: {html.escape(t.name)}</li>" for t in st.tiebreaks)
    footer = (f"<p>Ranking, in order:</p><ul>{legend}</ul>\n"
              f"<p>A bye is worth {html.escape(str(st.bye_points))} match points and counts as no opponent.</p>")
    return html_page(st.info, st.scheme.title, st.after_round, head, body, footer)


def duel_xlsx(st: DuelStandings, path: Path, draws: list[dict] | None = None) -> None:
    """The standings workbook: Standings (every tiebreak a column), Matches, Draws."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    wb = Workbook()
    bold = Font(bold=True)

    def sheet(ws, header: Sequence[str], rows, widths: Sequence[int], formats: dict[int, str]) -> None:
        ws.append(list(header))
        for c in ws[1]:
            c.font = bold
        for row in rows:
            ws.append(list(row))
        for i, w in enumerate(widths, 1):
            ws.column_dimensions[get_column_letter(i)].width = w
        for col, fmt in formats.items():
            for (cell,) in ws.iter_rows(min_row=2, min_col=col + 1, max_col=col + 1):
                cell.number_format = fmt
        ws.freeze_panes = "A2"
        ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{ws.max_row}"

    tbs = _extra(st)
    ws = wb.active
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
            ("lot", "sha256('tourney-lot:<seed>:<name in lower case>'), ascending", "1 = best")]
    rows += [(f"lot {i}", name, "") for i, name in enumerate(st.lot_order, 1)]
    for d in draws or ():
        where = f"round {d['round']}: " if d["round"] is not None else ""
        rows.append((f"{where}{d['kind']}", d["seed"], json.dumps(d["payload"], ensure_ascii=False)))
    sheet(wb.create_sheet("Draws"), ["Draw", "Value", "Note"], rows, [18, 40, 60], {})
    wb.save(path)  # the caller (export.to_xlsx) turns a failed write into a clear error


# --- pairings ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PairingRow:
    round: int
    table: int
    player: str
    opponent: str | None
    first: bool


def pairing_rows(event: store.Event, round_no: int | None = None) -> tuple[int, list[PairingRow]]:
    """One row per player of a round (default: the last paired round), by table."""
    info = event.info()
    if info.game != "duel":
        # A 7 Wonders table has 3-7 seats: showing two of them as a "pairing" would mislead.
        raise UsageError(f"'pairings' is for Duel events and {info.name!r} is a 7 Wonders event: "
                         f"use 'tourney seating EVENT' or 'tourney sheets EVENT --round N'")
    rounds = stored_rounds(event)
    if not rounds:
        raise SeatingError("no round is paired yet: pair one with 'tourney seat EVENT'")
    r = max(rounds) if round_no is None else round_no
    if r not in rounds:
        raise SeatingError(f"round {r} is not paired: pair it with 'tourney seat EVENT --round {r}'")
    out = []
    for t, players in sorted(rounds[r].tables.items()):
        if len(players) == 1:
            out.append(PairingRow(r, t, players[0], None, False))
        else:
            out.append(PairingRow(r, t, players[0], players[1], True))
            out.append(PairingRow(r, t, players[1], players[0], False))
    return r, out


def pairing_notes(event: store.Event, round_no: int) -> dict[int, list[str]]:
    """The flags the pairing gave each table of a round (latest pairing draw)."""
    notes: dict[int, list[str]] = {}
    for d in event.draws():
        if d["round"] == round_no and d["kind"] == "pairings":
            notes = {p["table"]: list(p["flags"]) for p in d["payload"]}
    return notes


def pairings_view(event: store.Event, round_no: int | None, by: str, fmt: str) -> str:
    """Pairings of a round by table (`by="table"`) or alphabetically by name."""
    r, rows = pairing_rows(event, round_no)
    if by == "name":
        rows = sorted(rows, key=lambda x: sort_key(x.player))
    if fmt in ("csv", "json"):
        records = [{"round": x.round, "table": x.table, "player": x.player, "opponent": x.opponent,
                    "first": int(x.first)} for x in rows]
        if fmt == "json":
            # JSON also carries the pairing's reasons (floats, rematches, who starts, byes).
            notes = pairing_notes(event, r)
            for rec in records:
                rec["notes"] = notes.get(rec["table"], [])
            return json.dumps(records, ensure_ascii=False, indent=2) + "\n"
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=["round", "table", "player", "opponent", "first"], lineterminator="\n")
        w.writeheader()
        w.writerows(records)
        return buf.getvalue()
    if by == "name":
        width = max([len(x.player) for x in rows] + [len("Player")])
        out = [f"Round {r} by name", f"{'Player'.ljust(width)}  Table  Opponent"]
        for x in rows:
            opp = "bye" if x.opponent is None else x.opponent + ("  (you start)" if x.first else "")
            out.append(f"{x.player.ljust(width)}  {x.table:>5}  {opp}")
        return "\n".join(out) + "\n"
    tables = [x for x in rows if x.first or x.opponent is None]
    width = max([len(x.player) for x in tables] + [len("Starts")])
    out = [f"Round {r} by table", f"Table  {'Starts'.ljust(width)}  Opponent"]
    for x in tables:
        out.append(f"{x.table:>5}  {x.player.ljust(width)}  {x.opponent or 'bye'}")
    return "\n".join(out) + "\n"


def write_duel_sheets(event: store.Event, round_no: int, path: Path, lang: str = "en") -> SheetsWritten:
    """`tourney sheets` for a Duel round: the pairings plus one match sheet per table (the
    workbook of 'tourney pairings -o'), in English or German (`lang`)."""
    seats = event.seats(round_no)
    if not seats:
        raise SeatingError(f"round {round_no} is not paired: pair it with 'tourney seat EVENT'")
    written = write_round_workbook(event, round_no, path, lang)
    return SheetsWritten(written, round_no, len({s.table for s in seats}), len(seats))


@dataclass(frozen=True)
class DuelLabels:
    """The printed words of a Duel round workbook; `header` must be import headers
    (``duel_event.ALIASES``), in the order of ``COLUMNS``."""

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


DUEL_LABELS: dict[str, DuelLabels] = {
    "en": DuelLabels(
        COLUMNS, "round", "table", "By table", "By name", ("pairings by table", "pairings by name"),
        ("Table", "Starts (Age I)", "Opponent"),
        ("Player", "Table", "Opponent", "Starts"), "bye", "yes",
        "7 Wonders Duel match sheet. Fill in every number (0 for none). first: 1 for the player who started "
        "Age I. treasury = coins div 3. victory: civilian, military, science or political; for a supremacy "
        "also write the winner.", "Signatures: both players confirm the sheet"),
    "de": DuelLabels(
        ("Runde", "Tisch", "Spieler", "Startspieler", "Blau", "Grün", "Gelb", "Lila", "Weltwunder", "Fortschritt",
         "Münzen-Punkte", "Militär", "Senat", "Summe", "Münzen", "Sieg", "Sieger"),
        "Runde", "Tisch", "Nach Tisch", "Nach Name", ("Paarungen nach Tisch", "Paarungen nach Name"),
        ("Tisch", "Beginnt (Zeitalter I)", "Gegner"),
        ("Spieler", "Tisch", "Gegner", "Beginnt"), "Freilos", "ja",
        "7 Wonders Duel Wertungsblatt. Jede Zahl eintragen (0 für keine). Startspieler: 1 für den Spieler, "
        "der Zeitalter I begonnen hat. Münzen-Punkte = Münzen geteilt durch 3. Sieg: zivil, militär, "
        "wissenschaft oder politik; bei einer Vorherrschaft auch den Sieger eintragen.",
        "Unterschriften: beide Spieler bestätigen das Blatt"),
}
MATCH_WIDTHS = {"round": 7, "table": 7, "player": 26, "first": 11, "wonders": 11, "progress": 11,
                "treasury": 10, "military": 10, "total": 9, "victory": 12, "winner": 24}
MATCH_HEADER_ROW = 4


def write_round_workbook(event: store.Event, round_no: int | None, path: str | Path, lang: str = "en") -> Path:
    """Pairings by table and by name, then one A4 match sheet per table, in English or German
    (`lang`); the filled-in file imports as it is (`tourney results import`)."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    p = Path(path)
    if p.suffix.lower() != ".xlsx":
        raise UsageError(f"can't write pairings to {p.name!r}: use a file ending in .xlsx")
    lab = DUEL_LABELS[lang]
    r, rows = pairing_rows(event, round_no)
    info = event.info()
    wb = Workbook()
    wb.remove(wb.active)
    centre = Alignment(horizontal="center", vertical="center", wrap_text=True)

    def listing(title: str, heading: str, header: Sequence[str], lines: list[list[object]],
                widths: tuple[int, ...], centred: tuple[int, ...]) -> None:
        ws = wb.create_sheet(title)
        ws.append([f"{info.name} · {lab.round} {r} · {heading}"])
        ws["A1"].font = Font(bold=True, size=16)
        ws.append([])
        ws.append(list(header))
        for line in lines:
            ws.append(line)
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
        sh["A1"] = f"{info.name} · {lab.round} {r} · {lab.table} {x.table}"
        sh["A1"].font = Font(bold=True, size=18)
        sh["A2"] = lab.rules
        sh["A2"].alignment = Alignment(wrap_text=True, vertical="top")
        for rr in (1, 2):
            sh.merge_cells(f"A{rr}:{last}{rr}")
        sh.row_dimensions[2].height = 32
        # The header row is the import format: the reader matches these names.
        for c, (col, name) in enumerate(zip(COLUMNS, lab.header), 1):
            cell = sh.cell(MATCH_HEADER_ROW, c, name)
            cell.font, cell.fill, cell.border, cell.alignment = Font(bold=True), SHADE, BOX, centre
            sh.column_dimensions[get_column_letter(c)].width = MATCH_WIDTHS.get(col, 8)
        sh.row_dimensions[MATCH_HEADER_ROW].height = 24
        for i, (name, first) in enumerate(((x.player, 1), (x.opponent, 0))):
            rr = MATCH_HEADER_ROW + 1 + i
            for c, v in enumerate([r, x.table, name, first] + [None] * (len(COLUMNS) - 4), 1):
                cell = sh.cell(rr, c, v)
                cell.border, cell.alignment = BOX, centre
            sh.cell(rr, 3).font = Font(bold=True, size=13)
            sh.cell(rr, 3).alignment = Alignment(horizontal="left", vertical="center")
            sh.row_dimensions[rr].height = 40
        sign = MATCH_HEADER_ROW + 4
        signature_lines(sh, sign, lab.signatures, [x.player, x.opponent or ""],
                        (1, 4), (5, 12))
        sh.print_area = f"A1:{last}{sign + 2}"
        a4_page(sh, landscape=True)
    with writing(p):
        wb.save(p)
    return p
