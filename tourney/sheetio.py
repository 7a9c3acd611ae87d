"""Read filled-in score sheets (CSV or XLSX, English or German headers) into rows that
remember where they came from (file, sheet, row); which columns a sheet has is a
`SheetFormat` (7 Wonders score sheets by default, Duel match sheets in `duel_event`)."""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping

from rules_engine.sevenwonders import CATEGORIES
from tourney.errors import SheetError

#: How many rows at the top of a worksheet may come before the header row (titles, notes).
HEADER_ROWS = 30

RowCheck = Callable[[Mapping[str, object]], Iterable[tuple[str, str]]]


@dataclass(frozen=True, eq=False)  # eq=False: hashable by identity although `aliases` is a dict
class SheetFormat:
    """The columns of one kind of sheet and how to tell its header row.

    `required` columns must be in the header and filled in; `optional_text` columns are
    kept as text, every other column is read as a whole number. `aliases` maps accepted
    header spellings (lower case, words joined by "-") to column names. A row is a header
    row when it has all of `header_keys`. `row_checks` add (column, message) problems for
    a converted row. `no_header` (and `csv_first_row`, when the header of a CSV file must
    be its first row) are the error messages, with `{file}` for the file name."""

    required: tuple[str, ...]
    optional_text: tuple[str, ...]
    optional_int: tuple[str, ...]
    aliases: Mapping[str, str]
    header_keys: frozenset[str]
    no_header: str
    csv_first_row: str | None = None
    row_checks: tuple[RowCheck, ...] = ()
    #: Lines above the header row that give a column for every row below, as "label: value"
    #: (lower-case label -> column), e.g. the printed sheet's "Guilds in play: ...".
    header_lines: Mapping[str, str] = field(default_factory=dict)

    def canonical(self, header: object) -> str | None:
        if header is None:
            return None
        key = " ".join(str(header).split()).lower().replace(" ", "-").replace("_", "-")
        return self.aliases.get(key) or self.aliases.get(key.replace("-", ""))

    def header_map(self, cells: list[object]) -> dict[int, str] | None:
        """Column index → column name when `cells` is a header row, else None."""
        mapping = {i: c for i, c in ((i, self.canonical(x)) for i, x in enumerate(cells)) if c}
        return mapping if self.header_keys <= set(mapping.values()) else None


REQUIRED = ("round", "table", "seat", "player", *CATEGORIES, "total", "coins")
OPTIONAL_TEXT = ("wonder", "side", "guilds_in_play")
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
    "guilds-in-play": "guilds_in_play", "gilden-im-spiel": "guilds_in_play",
})
#: The line above the header that names the guilds in play (printed sheets have it).
GUILD_LINES = {"guilds in play": "guilds_in_play", "gilden im spiel": "guilds_in_play"}

#: The 7 Wonders score sheet (one line per player, several players per table).
SCORE_SHEET = SheetFormat(
    REQUIRED, OPTIONAL_TEXT, OPTIONAL_INT, ALIASES, frozenset({"round", "table", "player", "total"}),
    no_header="{file}: no worksheet has a score-sheet header row (expected columns like: "
              + ", ".join(REQUIRED) + ")",
    csv_first_row="{file}:1: the first row is not a score-sheet header: it needs the columns "
                  + ", ".join(REQUIRED) + " (English or German names)",
    header_lines=GUILD_LINES,
)


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


def canonical(header: object, fmt: SheetFormat = SCORE_SHEET) -> str | None:
    """The column name a header cell stands for, or None."""
    return fmt.canonical(header)


def _convert(raw: dict[str, object], where: Location, fmt: SheetFormat) -> SheetRow:
    values: dict[str, object] = {}
    problems: list[tuple[str, str]] = []
    for col, cell in raw.items():
        text = "" if cell is None else str(cell).strip()
        if col == "player":
            values[col] = " ".join(text.split())
        elif col in fmt.optional_text:
            values[col] = text or None
        elif text == "":
            values[col] = None
        else:
            try:
                number = cell if isinstance(cell, (int, float)) else float(text.replace(",", "."))
                if number != int(number):
                    raise ValueError
                values[col] = int(number)
            except (ValueError, OverflowError):
                problems.append((col, f"{col} must be a whole number, got {text!r}"))
                values[col] = None
    # A blank name is left to the "player is empty" finding, which says what to write there.
    for col in fmt.required:
        if values.get(col) is None and not any(p[0] == col for p in problems):
            problems.append((col, f"{col} is empty: fill it in (write 0 for none)"))
    for check in fmt.row_checks:
        problems.extend(check(values))
    return SheetRow(where, values, tuple(problems))


def _rows_from_table(cells: Iterable[list[object]], file: str, sheet: str | None,
                     fmt: SheetFormat) -> list[SheetRow]:
    out: list[SheetRow] = []
    mapping: dict[int, str] | None = None
    above: dict[str, object] = {}  # columns given by lines above the header row
    for rowno, row in enumerate(cells, 1):
        if mapping is None:
            if fmt.header_lines:
                above.update(_header_line(row, fmt))
            mapping = fmt.header_map(row)
            if mapping is None and rowno >= HEADER_ROWS:
                break
            if mapping is not None:
                absent = [c for c in fmt.required if c not in mapping.values()]
                if absent:
                    where = f"{file}[{sheet}]" if sheet else file
                    raise SheetError(f"{where}:{rowno}: missing column(s) {', '.join(absent)}: "
                                     "add them to the header row")
            continue
        if all(c is None or str(c).strip() == "" for c in row):
            continue
        raw = {col: (row[i] if i < len(row) else None) for i, col in mapping.items()}
        for col, value in above.items():
            if raw.get(col) in (None, ""):
                raw[col] = value
        # Printed sheets have rows for empty seats and signature lines: a row without a
        # player name and without a total is not a result line.
        if not str(raw.get("player") or "").strip() and raw.get("total") in (None, ""):
            continue
        out.append(_convert(raw, Location(file, rowno, sheet), fmt))
    return out


def _header_line(row: list[object], fmt: SheetFormat) -> dict[str, object]:
    """{column: value} when the row's first cell reads "label: value" with a known label."""
    first = next((str(c) for c in row if c is not None and str(c).strip()), "")
    label, colon, value = first.partition(":")
    col = fmt.header_lines.get(" ".join(label.split()).lower()) if colon else None
    return {col: value.strip()} if col else {}


def worksheets(path: Path) -> list[tuple[str | None, list[list[object]]]]:
    """(worksheet title, cells) for each worksheet of an XLSX file; (None, cells) for a CSV file."""
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        import openpyxl  # the XLSX edge; keeps startup fast for CSV users

        try:
            wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises many kinds for a damaged file
            raise SheetError(f"{path.name}: can't read this XLSX file ({exc}): save it again as .xlsx") from None
        out = [(ws.title, [list(r) for r in ws.iter_rows(values_only=True)]) for ws in wb.worksheets]
        wb.close()
        return out
    if suffix in (".csv", ".txt", ""):
        try:
            text = path.read_text(encoding="utf-8-sig")
        except UnicodeDecodeError:
            text = path.read_text(encoding="cp1252")  # Excel on German Windows saves CSV this way
        first = text.splitlines()[0] if text.strip() else ""
        delimiter = ";" if first.count(";") > first.count(",") else ","
        return [(None, [list(r) for r in csv.reader(io.StringIO(text), delimiter=delimiter)])]
    raise SheetError(f"{path.name}: unknown file type {suffix!r}: use .csv or .xlsx")


def _has_header(cells: list[list[object]], fmt: SheetFormat) -> bool:
    return any(fmt.header_map(r) for r in cells[:HEADER_ROWS])


def read_sheet_file(path: str | Path, fmt: SheetFormat = SCORE_SHEET) -> list[SheetRow]:
    """All result rows in a CSV or XLSX file (every worksheet with a header row of `fmt`)."""
    p = Path(path)
    if not p.is_file():
        raise SheetError(f"no file {str(path)!r}: check the path")
    rows: list[SheetRow] = []
    found = False
    for sheet, cells in worksheets(p):
        if sheet is None and fmt.csv_first_row is not None and (not cells or fmt.header_map(cells[0]) is None):
            raise SheetError(fmt.csv_first_row.format(file=p.name))
        if _has_header(cells, fmt):
            found = True
            rows.extend(_rows_from_table(cells, p.name, sheet, fmt))
    if not found:
        raise SheetError(fmt.no_header.format(file=p.name))
    return rows


def has_header(path: str | Path, fmt: SheetFormat) -> bool:
    """True when a worksheet of the file has a header row of `fmt` near its top; False for a
    missing, unreadable or unknown kind of file."""
    p = Path(path)
    if not p.is_file():
        return False
    try:
        return any(_has_header(cells, fmt) for _, cells in worksheets(p))
    except SheetError:
        return False
