"""Read filled-in 7 Wonders score sheets (CSV or XLSX, English or German headers) into
rows that remember where they came from (file, sheet, row)."""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from rules_engine.sevenwonders import CATEGORIES
from tourney.errors import SheetError

REQUIRED = ("round", "table", "seat", "player", *CATEGORIES, "total", "coins")
OPTIONAL_TEXT = ("wonder", "side")
OPTIONAL_INT = ("compasses", "gears", "tablets", "wild", "stages")
COLUMNS = REQUIRED[:4] + OPTIONAL_TEXT + REQUIRED[4:] + OPTIONAL_INT

#: Accepted header spellings (case-insensitive) → canonical column name.
ALIASES: dict[str, str] = {c: c for c in COLUMNS}
ALIASES.update({
    "runde": "round", "tisch": "table", "gruppe": "table", "platz": "seat", "sitz": "seat",
    "spieler": "player", "name": "player", "weltwunder": "wonder", "wunder": "wonder", "seite": "side",
    "militär": "military", "militaer": "military", "münzen-punkte": "treasury",
    "muenzen-punkte": "treasury", "schatz": "treasury", "weltwunder-punkte": "wonders",
    "wunder-punkte": "wonders", "zivil": "civilian", "handel": "commercial", "gilden": "guilds",
    "wissenschaft": "science", "summe": "total", "gesamt": "total", "münzen": "coins",
    "muenzen": "coins", "zirkel": "compasses", "zahnräder": "gears", "zahnraeder": "gears",
    "tafeln": "tablets", "joker": "wild", "stufen": "stages", "bauabschnitte": "stages",
})


@dataclass(frozen=True)
class Location:
    """Where a row came from: file, worksheet (XLSX) and 1-based row number."""

    file: str
    row: int
    sheet: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}[{self.sheet}]" if self.sheet else self.file
        return f"{where}:{self.row}"


@dataclass(frozen=True)
class SheetRow:
    """One player's line as read, values converted; problems found while reading
    are kept in `problems` (column, message) instead of raising."""

    where: Location
    values: dict[str, object]
    problems: tuple[tuple[str, str], ...]

    def get_int(self, key: str) -> int | None:
        v = self.values.get(key)
        return v if isinstance(v, int) else None

    @property
    def player(self) -> str:
        return str(self.values.get("player") or "")


def canonical(header: object) -> str | None:
    if header is None:
        return None
    key = " ".join(str(header).split()).lower().replace(" ", "-").replace("_", "-")
    return ALIASES.get(key) or ALIASES.get(key.replace("-", ""))


def _header_map(cells: list[object]) -> dict[int, str] | None:
    mapping = {i: canonical(c) for i, c in enumerate(cells)}
    mapping = {i: c for i, c in mapping.items() if c}
    return mapping if {"round", "table", "player", "total"} <= set(mapping.values()) else None


def _convert(raw: dict[str, object], where: Location) -> SheetRow:
    values: dict[str, object] = {}
    problems: list[tuple[str, str]] = []
    for col, cell in raw.items():
        text = "" if cell is None else str(cell).strip()
        if col in ("player",):
            values[col] = " ".join(text.split())
        elif col in OPTIONAL_TEXT:
            values[col] = text or None
        else:
            if text == "":
                values[col] = None
                continue
            try:
                number = float(text.replace(",", ".")) if not isinstance(cell, (int, float)) else cell
                if number != int(number):
                    raise ValueError
                values[col] = int(number)
            except (ValueError, OverflowError):
                problems.append((col, f"{col} must be a whole number, got {text!r}"))
                values[col] = None
    for col in REQUIRED:
        if col not in values or (values[col] in (None, "") and not any(p[0] == col for p in problems)):
            problems.append((col, f"{col} is empty: fill it in (write 0 for none)"))
    return SheetRow(where, values, tuple(problems))


def _rows_from_table(cells: Iterable[list[object]], file: str, sheet: str | None) -> list[SheetRow]:
    out: list[SheetRow] = []
    mapping: dict[int, str] | None = None
    for rowno, row in enumerate(cells, 1):
        if mapping is None:
            mapping = _header_map(row)
            if mapping is None and rowno >= 30:
                break
            if mapping is not None:
                absent = [c for c in REQUIRED if c not in mapping.values()]
                if absent:
                    where = f"{file}[{sheet}]" if sheet else file
                    raise SheetError(f"{where}:{rowno}: missing column(s) {', '.join(absent)}: "
                                     "add them to the header row")
            continue
        if all(c is None or str(c).strip() == "" for c in row):
            continue
        raw = {col: (row[i] if i < len(row) else None) for i, col in mapping.items()}
        # Printed sheets have rows for empty seats and signature lines: a row without a
        # player name and without a total is not a result line.
        if not str(raw.get("player") or "").strip() and raw.get("total") in (None, ""):
            continue
        out.append(_convert(raw, Location(file, rowno, sheet)))
    return out


def read_sheet_file(path: str | Path) -> list[SheetRow]:
    """All result rows in a CSV or XLSX file (every worksheet with a score-sheet header)."""
    p = Path(path)
    name = p.name
    if not p.is_file():
        raise SheetError(f"no file {str(path)!r}: check the path")
    suffix = p.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        import openpyxl  # the XLSX edge; keeps startup fast for CSV users

        try:
            wb = openpyxl.load_workbook(p, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises many kinds for a damaged file
            raise SheetError(f"{name}: can't read this XLSX file ({exc}): save it again as .xlsx") from None
        rows: list[SheetRow] = []
        found = False
        for ws in wb.worksheets:
            cells = [list(r) for r in ws.iter_rows(values_only=True)]
            if any(_header_map(r) for r in cells[:30]):
                found = True
                rows.extend(_rows_from_table(cells, name, ws.title))
        wb.close()
        if not found:
            raise SheetError(f"{name}: no worksheet has a score-sheet header row "
                             f"(expected columns like: {', '.join(REQUIRED)})")
        return rows
    if suffix in (".csv", ".txt", ""):
        try:
            text = p.read_text(encoding="utf-8-sig")
        except UnicodeDecodeError:
            text = p.read_text(encoding="cp1252")  # Excel on German Windows saves CSV this way
        first = text.splitlines()[0] if text.strip() else ""
        delimiter = ";" if first.count(";") > first.count(",") else ","
        cells = [list(r) for r in csv.reader(io.StringIO(text), delimiter=delimiter)]
        if not cells or _header_map(cells[0]) is None:
            missing = ", ".join(REQUIRED)
            raise SheetError(f"{name}:1: the first row is not a score-sheet header: it needs the "
                             f"columns {missing} (English or German names)")
        return _rows_from_table(cells, name, None)
    raise SheetError(f"{name}: unknown file type {suffix!r}: use .csv or .xlsx")
