"""Read filled-in score sheets (CSV, XLSX, ODS or XLS, headers in any language tourney speaks, or rows typed
into a desk's form) into rows that remember where they came from (file, sheet, row); which
columns a sheet has is a `SheetFormat`, which each game declares with its vocabulary
(`tourney.games.<game>`). `read_sheet` reads tables already read; a path is a thin wrapper."""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import cast

from rules_engine.findings import Joined, Text
from rules_engine.findings import phrase
from rules_engine.values import quick_init
from tourney.core.i18n import N_
from tourney.core.errors import SheetError
from tourney.core.tabular import (
    MAX_WHOLE_NUMBER,
    Row,
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


@quick_init  # one per line read, as a `SheetRow`
@dataclass(frozen=True)
class Location:
    """Where a row came from: file, worksheet (XLSX) and 1-based row number."""

    file: str
    row: int
    sheet: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}[{self.sheet}]" if self.sheet else self.file
        return f"{where}:{self.row}"


@quick_init  # one per line read
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
    file's usual row, or all rows of one), or a workbook's whole number: what `whole_number`
    gives them, in one go; None when some cell needs a closer look."""
    if not set(map(type, cells)) <= {str, int}:  # a blank, a fraction, a true/false cell
        return None
    # A file repeats a few hundred numbers: each distinct one is read once.
    distinct = set(cells)
    texts = [cell for cell in distinct if type(cell) is str]
    joined = "".join(texts)
    # On ASCII text without "_", int() takes exactly what `whole_number` takes without a
    # decimal part (digits, a sign, blanks around); "7,0", a blank cell, "1e3" fail both ways.
    if not joined.isascii() or "_" in joined:
        return None
    try:
        number = {cell: cell if type(cell) is int else int(cast("str", cell)) for cell in distinct}
    except ValueError:
        return None
    if number and not -MAX_WHOLE_NUMBER <= min(number.values()) <= max(number.values()) <= MAX_WHOLE_NUMBER:
        return None
    return list(map(number.__getitem__, cells))


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
    mapping: dict[int, str] | None = None
    above: dict[str, object] = {}  # columns given by lines above the header row ("Guilds in play: …")
    for at, row in enumerate(table.rows):
        cells: list[object] = list(row.cells)
        if fmt.header_lines:
            above.update(_header_line(cells, fmt))
        if row.number > HEADER_ROWS:
            return []
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
            return _Body(table, fmt, mapping, headers, above).rows(table.rows[at + 1:])
    return []


class _Body:
    """How the rows below one table's header row are read, worked out once from the header:
    which cell is which column, which columns are numbers; then all rows read column by
    column where they allow it (the usual sheet: every number cell a plain whole number)."""

    def __init__(self, table: Table, fmt: SheetFormat, mapping: dict[int, str], headers: dict[str, str],
                 above: dict[str, object]) -> None:
        self.table, self.fmt, self.mapping, self.headers = table, fmt, mapping, headers
        columns, self.names = tuple(mapping), tuple(mapping.values())
        self.width = max(mapping) + 1
        # Usually the header names every column from the first on: the cells in order, as they are.
        self.pick: Callable[[tuple[object, ...]], tuple[object, ...]] | None = (
            None if columns == tuple(range(self.width)) else _getter(columns))
        # Columns given by lines above the header: filled into blank cells, added where the header lacks them.
        self.fill = tuple((self.names.index(c), v) for c, v in above.items() if c in self.names)
        extra = tuple(c for c in above if c not in self.names)
        self.extra_values = tuple(above[c] for c in extra)
        self.given = given = (*self.names, *extra)  # the columns of each row
        self.texts = tuple(col for col in given if col == "player" or col in fmt.optional_text)
        self.numbers = tuple(col for col in given if col not in self.texts)
        self.player_at = self.names.index("player") if "player" in self.names else None
        self.number_cells = _getter(tuple(given.index(c) for c in self.numbers))
        # Columns a printed sheet fills in before play: a row with only these and no player is an empty seat.
        self.preprinted = {"round", "table", "seat", *fmt.optional_text}
        # Without reading problems, a required column can be empty only as a text column.
        self.required_texts = tuple(c for c in fmt.required if c in self.texts and c != "player")

    def lines(self, body: Iterable[Row]) -> list[tuple[Row, tuple[object, ...], tuple[str, ...]]]:
        """Each result line of `body`: its row, its cells in the order of `given` and its
        formulas without a saved value. One loop for all rows (a big file has 30,000)."""
        width, n, pick, at, names, preprinted = \
            self.width, len(self.names), self.pick, self.player_at, self.names, self.preprinted
        mapping, formulas, fill, extra = self.mapping, self.table.unsaved_formulas, self.fill, self.extra_values
        out: list[tuple[Row, tuple[object, ...], tuple[str, ...]]] = []
        for row in body:
            line: tuple[object, ...] = row.cells
            if len(line) < width:
                line = (*line, *[None] * (width - len(line)))
            cells = line[:n] if pick is None else pick(line)
            unsaved = tuple(col for i, col in mapping.items() if (row.number, i + 1) in formulas) if formulas else ()
            # Printed sheets have rows for empty seats and signature lines (text only): not result
            # lines. A number outside the pre-printed columns without a player is reported.
            if (at is None or is_blank(cells[at])) and not unsaved \
                    and _unused_line(dict(zip(names, cells)), preprinted):
                continue
            if fill or extra:
                filled = list(cells)
                for i, value in fill:
                    if is_blank(filled[i]):
                        filled[i] = value
                cells = (*filled, *extra)
            out.append((row, cells, unsaved))
        return out

    def rows(self, body: Iterable[Row]) -> list[SheetRow]:
        lines = self.lines(body)
        # The lines without formulas lacking a value whose number cells are all plain whole
        # numbers (every line, usually) are read column by column; the others by `_convert`.
        plain = [k for k, (_row, _cells, unsaved) in enumerate(lines) if not unsaved]
        m = len(plain)
        numbers_at = [self.given.index(col) for col in self.numbers]
        # The cells column by column (each line has one per column of `given`).
        by_column = list(zip(*(lines[k][1] for k in plain)))
        ints = _plain_numbers(list(itertools.chain.from_iterable(by_column[at] for at in numbers_at))) if m else []
        if ints is not None:
            numbers = [ints[j * m:(j + 1) * m] for j in range(len(numbers_at))]
        else:  # some cell needs a closer look: line by line
            found = [(k, _plain_numbers(list(self.number_cells(lines[k][1])))) for k in plain]
            plain = [k for k, read in found if read is not None]
            numbers = [list(column) for column in zip(*(read for _k, read in found if read is not None))]
            by_column = list(zip(*(lines[k][1] for k in plain)))
        out: list[SheetRow | None] = [None] * len(lines)
        if plain:
            for k, converted in zip(plain, self._plain_rows([lines[k][0] for k in plain], by_column, numbers)):
                out[k] = converted
        table = self.table
        for k, (row, line, unsaved) in enumerate(lines):
            if out[k] is None:
                out[k] = _convert(dict(zip(self.given, line)), Location(table.file, row.number, table.sheet),
                                  self.fmt, self.headers, unsaved, self.numbers, self.texts)
        return cast("list[SheetRow]", out)

    def _plain_rows(self, rows: list[Row], by_column: list[tuple[object, ...]],
                    numbers: list[list[int]]) -> list[SheetRow]:
        """`rows` converted a column at a time, from their cells column by column (`by_column`,
        a column per column of `given`) and their number columns read as whole numbers
        (`numbers`, in the order of `self.numbers`); what `_convert` makes of them."""
        given = self.given
        columns: list[Sequence[object]] = list(by_column)
        for col, ints in zip(self.numbers, numbers):
            columns[given.index(col)] = ints
        for col in self.texts:
            at = given.index(col)
            cells = by_column[at]
            columns[at] = ([" ".join(("" if c is None else str(c)).split()) for c in cells] if col == "player" else
                           [("" if c is None else str(c).strip()) or None for c in cells])
        table, fmt, headers = self.table, self.fmt, self.headers
        file, sheet, required, checks = table.file, table.sheet, self.required_texts, fmt.row_checks
        if not required and not checks:  # nothing can be wrong with such a line (7 Wonders)
            return [SheetRow(Location(file, row.number, sheet), dict(zip(given, converted)), (), headers, ())
                    for row, converted in zip(rows, zip(*columns))]
        out = []
        for row, converted in zip(rows, zip(*columns)):
            values = dict(zip(given, converted))
            found = [(col, phrase(EMPTY_CELL, column=headers.get(col, col)))
                     for col in required if values[col] is None]
            for check in checks:
                found.extend(check(values))
            out.append(SheetRow(Location(file, row.number, sheet), values, tuple(found), headers, ()))
        return out


def _getter(positions: tuple[int, ...]) -> Callable[[tuple[object, ...]], tuple[object, ...]]:
    """The cells at `positions`, as a tuple (`itemgetter` gives one position's cell alone)."""
    if len(positions) == 1:
        only = positions[0]
        return lambda cells: (cells[only],)
    if not positions:
        return lambda cells: ()
    return cast("Callable[[tuple[object, ...]], tuple[object, ...]]", itemgetter(*positions))


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
    cells = [str(c).strip() for c in row if c is not None and str(c).strip()]
    label, colon, value = (cells[0] if cells else "").partition(":")
    col = fmt.header_lines.get(" ".join(label.split()).lower()) if colon else None
    # A CSV line "Guilds in play: A, B" without quotes is split at its commas: the cells after
    # the label's are the rest of its value.
    return {col: ", ".join(v for v in (value.strip(), *cells[1:]) if v)} if col else {}


def worksheets(path: Path) -> list[tuple[str | None, list[list[object]]]]:
    """(worksheet title, cells) for each worksheet of a workbook; (None, cells) for a CSV file.
    Blank rows are left out (`tourney.core.tabular.read_tables` keeps the row numbers)."""
    return [(t.sheet, [list(r.cells) for r in t.rows]) for t in read_tables(path)]


def _has_header(table: Table, fmt: SheetFormat) -> bool:
    top = itertools.takewhile(lambda r: r.number <= HEADER_ROWS, table.rows)  # the rows are in order
    return any(fmt.header_map(list(r.cells)) for r in top)


def read_sheet(tables: Iterable[Table], fmt: SheetFormat, name: str) -> list[SheetRow]:
    """All result rows in the tables of one source called `name` (every table with a header
    row of `fmt`): a file's worksheets, or a desk's rows."""
    rows: list[SheetRow] = []
    found = False
    for table in tables:
        if table.sheet is None and fmt.csv_first_row is not None:
            # A CSV file's first row is its header, below lines such as "Guilds in play: …".
            first = next((r for r in table.rows if not _header_line(list(r.cells), fmt)), None)
            if first is None or fmt.header_map(list(first.cells)) is None:
                raise SheetError(_with_file(fmt.csv_first_row, name))
        if _has_header(table, fmt):
            found = True
            rows.extend(_rows_from_table(table, fmt))
    if not found:
        raise SheetError(_with_file(fmt.no_header, name))
    return rows


def read_sheet_file(source: Source, fmt: SheetFormat) -> list[SheetRow]:
    """All result rows in a CSV file or a workbook, or in rows in memory (`tabular.Rows`)."""
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
