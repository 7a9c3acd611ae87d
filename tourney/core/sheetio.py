"""Read filled-in score sheets (CSV or XLSX, headers in any language tourney speaks, or rows typed
into a desk's form) into rows that remember where they came from (file, sheet, row); which
columns a sheet has is a `SheetFormat`, which each game declares with its vocabulary
(`tourney.games.<game>`). `read_sheet` reads tables already read; a path is a thin wrapper."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from rules_engine.findings import Joined, Text
from rules_engine.findings import phrase
from tourney.core.i18n import N_
from tourney.core.errors import SheetError
from tourney.core.tabular import (
    MAX_WHOLE_NUMBER,
    Source,
    Table,
    is_blank,
    read_tables,
    source_name,
    whole_number,
)
from tourney.core.vocabulary import Vocabulary, header_key

#: How many rows at the top of a worksheet may come before the header row (titles, notes).
HEADER_ROWS = 30

#: A game's check of one converted row: (column, problem) pairs, each problem an English
#: template (`phrase(...)`) said in the organiser's language where the `cell` finding is shown.
RowCheck = Callable[[Mapping[str, object]], Iterable[tuple[str, Text]]]


@dataclass(frozen=True, eq=False)  # eq=False: hashable by identity although `aliases` is a dict
class SheetFormat:
    """The columns of one kind of sheet and how to tell its header row.

    `required` columns must be in the header and filled in; `optional_text` columns are
    kept as text, every other column is read as a whole number. `aliases` maps accepted
    header spellings (lower case, words joined by "-") to column names. A row is a header
    row when it has all of `header_keys`. `row_checks` add (column, message) problems for
    a converted row. `no_header` (and `csv_first_row`, when the header of a CSV file must
    be its first row) are the error messages (`phrase(...)`), `{file}` filled with the file name."""

    required: tuple[str, ...]
    optional_text: tuple[str, ...]
    optional_int: tuple[str, ...]
    aliases: Mapping[str, str]
    header_keys: frozenset[str]
    no_header: Text
    csv_first_row: Text | None = None
    row_checks: tuple[RowCheck, ...] = ()
    #: Lines above the header row that give a column for every row below, as "label: value"
    #: (lower-case label -> column), e.g. the printed sheet's "Guilds in play: ...".
    header_lines: Mapping[str, str] = field(default_factory=dict)
    #: The column a player's round result is read from where one number stands for it (the
    #: live server's player page).
    score_column: str = "total"
    #: The columns' printed labels in each language (the desk form's rows, its findings).
    words: Vocabulary | None = None

    def label(self, column: str, lang: str) -> str:
        """`column` as the printed sheet heads it in `lang` (the column name without a label)."""
        return self.words.label(column, lang) if self.words is not None else column

    def canonical(self, header: object) -> str | None:
        if header is None:
            return None
        key = header_key(header)
        return self.aliases.get(key) or self.aliases.get(key.replace("-", ""))

    def header_map(self, cells: list[object]) -> dict[int, str] | None:
        """Column index → column name when `cells` is a header row, else None."""
        mapping = {i: c for i, c in ((i, self.canonical(x)) for i, x in enumerate(cells)) if c}
        return mapping if self.header_keys <= set(mapping.values()) else None


#: A required cell left blank (`SheetRow.problems`): the desk form counts these in one line.
EMPTY_CELL = N_("{column} is empty: fill it in (write 0 for none)")


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
    problems: tuple[tuple[str, Text], ...]
    #: Column name → its header as the file wrote it ('Münzen' on a German sheet), for messages.
    headers: Mapping[str, str] = field(default_factory=dict)
    #: Columns whose cell is a formula without a saved value.
    unsaved_formulas: tuple[str, ...] = ()

    def label(self, column: str) -> str:
        """The column as the sheet names it."""
        return self.headers.get(column, column)

    def whole(self, key: str) -> int:
        """A required column's whole number (the row has no problem, so it is one)."""
        value = self.values[key]
        assert isinstance(value, int)  # the reader made every required column a whole number or a problem
        return value

    def get_int(self, key: str) -> int | None:
        v = self.values.get(key)
        return v if isinstance(v, int) else None

    @property
    def player(self) -> str:
        name = self.values.get("player")
        return name if type(name) is str else str(name or "")


def canonical(header: object, fmt: SheetFormat) -> str | None:
    """The column name a header cell stands for, or None."""
    return fmt.canonical(header)


def _convert(raw: dict[str, object], where: Location, fmt: SheetFormat, headers: Mapping[str, str],
             unsaved: tuple[str, ...], numbers: tuple[str, ...], texts: tuple[str, ...]) -> SheetRow:
    """The row with its cells converted: the columns of `raw` are `numbers`, read as whole
    numbers, and `texts` (the player's name and text), each in `raw`'s order."""
    values: dict[str, object] = dict(raw)  # the columns in the sheet's order
    problems: list[tuple[str, Text]] = []
    for col in unsaved:
        problems.append((col, phrase("{column} is a formula without a saved value: open the file in Excel or "
                                     "LibreOffice and save it, then import it again", column=headers.get(col, col))))
        values[col] = None
    if unsaved:
        numbers = tuple(col for col in numbers if col not in unsaved)
        texts = tuple(col for col in texts if col not in unsaved)
    for col in texts:
        cell = raw[col]
        if col == "player":
            values[col] = " ".join(("" if cell is None else str(cell)).split())
        else:
            values[col] = ("" if cell is None else str(cell).strip()) or None
    cells = list(map(raw.__getitem__, numbers))
    plain = _plain_numbers(cells)
    if plain is not None:
        values.update(zip(numbers, plain))
    else:
        for col, cell in zip(numbers, cells):
            try:
                values[col] = whole_number(cell)
            except ValueError as why:
                text = "" if cell is None else str(cell).strip()
                hint = why.args[0] if why.args else ""
                problems.append((col, phrase("{column} must be a whole number, got {value!r}: {hint}",
                                             column=headers.get(col, col), value=text, hint=hint) if hint else
                                 phrase("{column} must be a whole number, got {value!r}",
                                        column=headers.get(col, col), value=text)))
                values[col] = None
    # A blank name is left to the "player is empty" finding, which says what to write there.
    for col in fmt.required:
        if values.get(col) is None and not any(p[0] == col for p in problems):
            problems.append((col, phrase(EMPTY_CELL, column=headers.get(col, col))))
    for check in fmt.row_checks:
        problems.extend(check(values))
    return SheetRow(where, values, tuple(problems), headers, unsaved)


def _plain_numbers(cells: list[object]) -> list[int] | None:
    """The cells as numbers when each is text of a plain whole number, signed or not (a CSV
    file's usual row): what `whole_number` gives them, in one go; None when some cell needs a
    closer look."""
    texts = cast("list[str]", cells)
    try:
        joined = "".join(texts)
    except TypeError:  # a cell that is not text (a workbook's number, a blank)
        return None
    # On ASCII text without "_", int() takes exactly what `whole_number` takes without a
    # decimal part (digits, a sign, blanks around); "7,0", a blank cell, "1e3" fail both ways.
    if not joined.isascii() or "_" in joined:
        return None
    try:
        numbers = list(map(int, texts))
    except ValueError:
        return None
    return numbers if not numbers or -MAX_WHOLE_NUMBER <= min(numbers) and max(numbers) <= MAX_WHOLE_NUMBER else None


def _duplicates(cells: tuple[object, ...], fmt: SheetFormat) -> tuple[str, str, str] | None:
    """('civilian', 'civilian', 'Zivil') when two header cells name one column."""
    seen: dict[str, object] = {}
    for cell in cells:
        col = fmt.canonical(cell)
        if col is None:
            continue
        if col in seen:
            return col, str(seen[col]), str(cell)
        seen[col] = cell
    return None


def _rows_from_table(table: Table, fmt: SheetFormat) -> list[SheetRow]:
    out: list[SheetRow] = []
    mapping: dict[int, str] | None = None
    headers: dict[str, str] = {}
    # Columns a printed sheet fills in before play: a row with only these and no player is an empty seat.
    preprinted = {"round", "table", "seat", *fmt.optional_text}
    above: dict[str, object] = {}  # columns given by lines above the header row ("Guilds in play: …")
    columns: tuple[int, ...] = ()  # the header's column indexes, their names, one past the last
    names: tuple[str, ...] = ()
    numbers: tuple[str, ...] = ()  # the columns read as whole numbers, and the others
    texts: tuple[str, ...] = ()
    width = 0
    in_order = False
    for row in table.rows:
        if mapping is None:
            cells: list[object] = list(row.cells)
            if fmt.header_lines:
                above.update(_header_line(cells, fmt))
            if row.number > HEADER_ROWS:
                break
            mapping = fmt.header_map(cells)
            if mapping is not None:
                absent = [c for c in fmt.required if c not in mapping.values()]
                if absent:
                    raise SheetError(phrase("{where}: missing column(s) {columns}: add them to the header row",
                                            where=table.where(row.number), columns=Joined(tuple(absent))))
                twice = _duplicates(row.cells, fmt)
                if twice:
                    raise SheetError(phrase("{where}: two {column} columns: {first!r} and {second!r}: delete one "
                                            "of them", where=table.where(row.number), column=twice[0],
                                            first=twice[1], second=twice[2]))
                headers = {col: " ".join(str(cells[i]).split()) for i, col in mapping.items()}
                columns, names, width = tuple(mapping), tuple(mapping.values()), max(mapping) + 1
                in_order = columns == tuple(range(width))
                given = (*names, *(c for c in above if c not in names))  # the columns of each row
                texts = tuple(col for col in given if col == "player" or col in fmt.optional_text)
                numbers = tuple(col for col in given if col not in texts)
            continue
        line = row.cells
        if len(line) < width:
            line = (*line, *[None] * (width - len(line)))
        # Usually the header names every column from the first on: the cells in order, as they are.
        raw: dict[str, object] = dict(zip(names, line if in_order else map(line.__getitem__, columns)))
        # Printed sheets have rows for empty seats and signature lines (text only): not result
        # lines. A number outside the pre-printed columns without a player is reported.
        unsaved = tuple(col for i, col in mapping.items()
                        if (row.number, i + 1) in table.unsaved_formulas) if table.unsaved_formulas else ()
        if is_blank(raw.get("player")) and not unsaved and _unused_line(raw, preprinted):
            continue
        for col, value in above.items():
            if is_blank(raw.get(col)):
                raw[col] = value
        out.append(_convert(raw, Location(table.file, row.number, table.sheet), fmt, headers, unsaved, numbers, texts))
    return out


def _unused_line(raw: Mapping[str, object], preprinted: set[str]) -> bool:
    """A line without a player that holds no result: blank, text only (a signature line), or
    zeros only (a spare line someone filled with 0)."""
    numbers = [v for col, v in raw.items() if col not in preprinted and _is_number(v)]
    return all(whole_number(v) == 0 for v in numbers)


def result_lines(rows: Iterable[SheetRow], fmt: SheetFormat) -> int:
    """How many rows hold a number typed in beyond what a printed sheet fills in before play
    (round, table, seat, text columns): the filled-in lines of a score sheet."""
    preprinted = {"round", "table", "seat", "player", *fmt.optional_text}
    return sum(any(isinstance(v, int) for col, v in row.values.items() if col not in preprinted) for row in rows)


def _is_number(cell: object) -> bool:
    try:
        return whole_number(cell) is not None
    except ValueError:
        return False


def _header_line(row: list[object], fmt: SheetFormat) -> dict[str, object]:
    """{column: value} when the row's first cell reads "label: value" with a known label."""
    first = next((str(c) for c in row if c is not None and str(c).strip()), "")
    label, colon, value = first.partition(":")
    col = fmt.header_lines.get(" ".join(label.split()).lower()) if colon else None
    return {col: value.strip()} if col else {}


def worksheets(path: Path) -> list[tuple[str | None, list[list[object]]]]:
    """(worksheet title, cells) for each worksheet of an XLSX file; (None, cells) for a CSV file.
    Blank rows are left out (`tourney.core.tabular.read_tables` keeps the row numbers)."""
    return [(t.sheet, [list(r.cells) for r in t.rows]) for t in read_tables(path)]


def _has_header(table: Table, fmt: SheetFormat) -> bool:
    return any(fmt.header_map(list(r.cells)) for r in table.rows if r.number <= HEADER_ROWS)


def read_sheet(tables: Iterable[Table], fmt: SheetFormat, name: str) -> list[SheetRow]:
    """All result rows in the tables of one source called `name` (every table with a header
    row of `fmt`): a file's worksheets, or a desk's rows."""
    rows: list[SheetRow] = []
    found = False
    for table in tables:
        if table.sheet is None and fmt.csv_first_row is not None and (
                not table.rows or fmt.header_map(list(table.rows[0].cells)) is None):
            raise SheetError(_with_file(fmt.csv_first_row, name))
        if _has_header(table, fmt):
            found = True
            rows.extend(_rows_from_table(table, fmt))
    if not found:
        raise SheetError(_with_file(fmt.no_header, name))
    return rows


def read_sheet_file(source: Source, fmt: SheetFormat) -> list[SheetRow]:
    """All result rows in a CSV or XLSX file, or in rows in memory (`tabular.Rows`)."""
    return read_sheet(read_tables(source), fmt, source_name(source))


def _with_file(message: Text, file: str) -> Text:
    return Text(message.template, (*message.params, ("file", file)))


def has_header(path: str | Path, fmt: SheetFormat) -> bool:
    """True when a worksheet of the file has a header row of `fmt` near its top; False for a
    missing, unreadable or unknown kind of file."""
    p = Path(path)
    if not p.is_file():
        return False
    try:
        return any(_has_header(table, fmt) for table in read_tables(p))
    except SheetError:
        return False
