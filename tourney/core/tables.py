"""What every reader of tables shares: the hard limits, the types a table is read into (a
file's `Table` of `Row`s, or `Rows` already in memory), the refusals a limit gives, and the
cells: exact whole numbers and the formula neutralisation every CSV/XLSX writer applies to user
text. `tourney.core.tabular` reads CSV and dispatches; `tourney.core.workbooks` reads XLSX, ODS
and XLS."""

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path


from rules_engine.findings import Text
from rules_engine.findings import phrase

from tourney.core.errors import (
    TableLimitError,
)


#: Control characters no cell may hold (tab, line ends and the rest are text).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

#: Largest file read (CSV or a workbook, on disk).
MAX_FILE_BYTES = 16 * 2**20
#: Largest unpacked XML part of a workbook (one worksheet, or the shared strings): a zip bomb
#: is refused from the sizes in the zip directory, before anything is unpacked.
MAX_PART_BYTES = 32 * 2**20
#: Largest unpacked size of the parts of an XLSX workbook read together (its worksheets and
#: shared strings, from the zip directory, before anything is unpacked): as much as an ODS
#: workbook's content may be, so many sheets just under MAX_PART_BYTES each are refused too.
MAX_WORKBOOK_BYTES = 4 * MAX_PART_BYTES
#: Highest row number holding a value.
MAX_ROWS = 100_000
#: Highest column number holding a value.
MAX_COLUMNS = 200
#: Longest cell, in characters (Excel's own limit).
MAX_CELL_CHARS = 32_767
#: Largest unpacked content of an ODS workbook (all its sheets in one part, content.xml): a cell
#: takes about four times the bytes of an XLSX one, so this holds what MAX_PART_BYTES of XLSX
#: does. It is parsed as it is unpacked, never held whole.
MAX_ODS_BYTES = 4 * MAX_PART_BYTES
#: Cells that repeat counts in an ODS sheet may unfold into, over the whole workbook, beyond the
#: cells written out (about what the XML of one XLSX worksheet at MAX_PART_BYTES holds): a
#: "repeat this row 100,000 times" is a few bytes.
MAX_REPEATED_CELLS = 2_000_000
#: Memory the child process reading an XLS workbook may use (calamine unfolds a workbook whole,
#: each cell its own copy of its text), and the seconds it may take.
MAX_XLS_MEMORY = 1024 * 2**20
MAX_XLS_SECONDS = 60
#: Largest whole number a cell may hold (rounds, tables, scores are far smaller; the
#: database stores 64-bit integers).
MAX_WHOLE_NUMBER = 999_999_999

CSV_SUFFIXES = (".csv", ".txt", ".tsv", "")
XLSX_SUFFIXES = (".xlsx", ".xlsm")
ODS_SUFFIXES = (".ods",)
XLS_SUFFIXES = (".xls",)
WORKBOOK_SUFFIXES = XLSX_SUFFIXES + ODS_SUFFIXES + XLS_SUFFIXES
SEPARATORS = (",", ";", "\t")

#: A cell as read: CSV cells are text; workbook cells text, int, exact Decimal (an XLS float:
#: the Decimal of its shortest text), bool or None.
Cell = str | int | float | Decimal | bool | None


@dataclass(frozen=True)
class Row:
    """One non-blank row: its 1-based row (CSV: line) number and its cells, trailing blanks cut."""

    number: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Table:
    """One CSV file or one worksheet: the non-blank rows, in order."""

    file: str
    sheet: str | None
    rows: tuple[Row, ...]
    #: (row, column) of cells holding a formula without a saved value (a workbook written by a
    #: program and never opened in a spreadsheet): they read as empty, but are not.
    unsaved_formulas: frozenset[tuple[int, int]] = frozenset()

    def where(self, row: int | None = None) -> str:
        """'file[sheet]:row' for messages."""
        place = f"{self.file}[{self.sheet}]" if self.sheet else self.file
        return place if row is None else f"{place}:{row}"


@dataclass(frozen=True)
class Rows:
    """A table already in memory (a desk's form, the API's JSON), from its header row down,
    each cell as typed; `name` is what messages call it. `read_tables` reads it as it reads a
    CSV file holding the same cells, without a file or a text round trip."""

    name: str
    rows: tuple[tuple[object, ...], ...]


#: What `read_tables` reads: a file's path, or rows in memory.
Source = str | Path | Rows


def source_name(source: Source) -> str:
    """What messages call the source: a file's name, or the rows' name."""
    return source.name if isinstance(source, Rows) else Path(source).name


def is_blank(cell: object) -> bool:
    return cell is None or (isinstance(cell, str) and not cell.strip())


def _trim(cells: list[Cell] | list[str]) -> tuple[Cell, ...]:
    end = len(cells)
    while end and is_blank(cells[end - 1]):
        end -= 1
    return tuple(cells[:end]) if end < len(cells) else tuple(cells)


def _mb(size: int) -> Text:
    return phrase("{n} MB", n=f"{size / 2**20:.0f}") if size >= 2**20 else phrase("{n:,} bytes", n=size)


def _reason(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()



def _refuse_rest(rest: str, file: str, line: int, record: list[str]) -> None:
    """Past the row limit: fine when nothing but separators and blanks follows."""
    if any(f.strip() for f in record):
        raise _too_many_rows(file, line)
    extra = len(rest) - len(rest.lstrip(" \t\r\n,;\""))
    if extra < len(rest):
        raise _too_many_rows(file, line + 1 + rest.count("\n", 0, extra))


def _too_many_rows(file: str, line: int) -> TableLimitError:
    return TableLimitError(phrase("{where}: a value beyond row {max:,}, the most this tool reads: split the file, "
                                  "or delete what is not a result", where=f"{file}:{line}", max=MAX_ROWS))


def _cant_unpack(part: str, exc: Exception) -> Text:
    return phrase("can't unpack {part!r}: {reason}", part=part, reason=str(exc))


def _cell_too_long(where: str) -> TableLimitError:
    return TableLimitError(phrase("{where}: a cell has more than {max:,} characters, the most this tool reads: "
                                  "shorten it", where=where, max=MAX_CELL_CHARS))


def _check_csv_row(cells: tuple[Cell, ...], file: str, row: int) -> None:
    if len(cells) > MAX_COLUMNS:
        raise TableLimitError(phrase("{where}: the row has {cells} cells, more than the {max} columns this tool "
                                     "reads: delete the extra columns", where=f"{file}:{row}", cells=len(cells),
                                     max=MAX_COLUMNS))
    if any(isinstance(c, str) and len(c) > MAX_CELL_CHARS for c in cells):
        raise _cell_too_long(f"{file}:{row}")



# --- cells -------------------------------------------------------------------------------------------
_WHOLE = re.compile(r"([+-]?[0-9]+)(?:[.,]0+)?")


def whole_number(cell: object) -> int | None:
    """The exact whole number in a cell, None when it is blank.

    Accepted: ``7``, ``"07"``, ``" 7 "``, ``"7,0"``, an integral float or Decimal from a
    workbook. Refused (ValueError with a hint, a `Text`, or ""): ``"7.5"``, ``"6.9999999999999999"``,
    ``"1_8"``, ``"1e3"``, ``"TRUE"`` or a true/false cell, numbers beyond `MAX_WHOLE_NUMBER`.
    """
    if is_blank(cell):
        return None
    if isinstance(cell, bool):
        raise ValueError(phrase("a true/false cell is not a number"))  # noqa: TRY004 - a bad value, not a bad call
    if isinstance(cell, int):
        number = cell
    elif isinstance(cell, (float, Decimal)):
        if not (math.isfinite(cell) and cell == int(cell)):
            raise ValueError("")
        number = int(cell)
    else:
        whole = _WHOLE.fullmatch(str(cell).strip())
        if not whole:
            raise ValueError("")
        number = int(whole.group(1))
    if abs(number) > MAX_WHOLE_NUMBER:
        raise ValueError(phrase("at most {max:,}", max=MAX_WHOLE_NUMBER))
    return number


# Cells starting with these are formulas (or become one) in Excel and LibreOffice.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?")


def neutralise(value: object) -> object:
    """A value safe to write into a CSV or XLSX cell: text that a spreadsheet would take for
    a formula gets a leading apostrophe; numbers (and text that is just a number) are kept."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def cell_value(value: object) -> str | int | float | None:
    """`neutralise` for a workbook cell: numbers stay numbers, anything else becomes text."""
    if value is None or isinstance(value, (int, float)):
        return value
    text = neutralise(str(value))
    assert isinstance(text, str)
    return text


def unneutralise(text: str) -> str:
    """Undo `neutralise` on text read back (a printed sheet's names import as they were)."""
    if text.startswith("'") and text[1:].startswith(FORMULA_START) and not _PLAIN_NUMBER.fullmatch(text[1:]):
        return text[1:]
    return text

