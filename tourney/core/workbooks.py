"""The workbook readers: XLSX and ODS (LibreOffice Calc) parsed by hand in streaming mode,
old Excel 97-2003 XLS read by calamine in a child process with a memory cap
(`tourney.core.legacybook`); each with the hard limits of `tourney.core.tables` checked
before the data is read. A workbook is read by what it holds, not by its name's ending."""

import io
import math
import os
import posixpath
import re
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import IO, cast
from xml.etree.ElementTree import Element, ParseError
import pickle
import subprocess
import sys

import defusedxml.ElementTree as safe_xml
from defusedxml import DefusedXmlException

from rules_engine.findings import Text
from rules_engine.findings import phrase

from tourney.core.errors import (
    DamagedWorkbookError,
    SheetError,
    TableLayoutError,
    TableLimitError,
)

from tourney.core.tables import (
    _cant_unpack,
    _cell_too_long,
    _CONTROL,
    _mb,
    _reason,
    Cell,
    is_blank,
    MAX_CELL_CHARS,
    MAX_COLUMNS,
    MAX_ODS_BYTES,
    MAX_PART_BYTES,
    MAX_REPEATED_CELLS,
    MAX_ROWS,
    MAX_WORKBOOK_BYTES,
    MAX_XLS_MEMORY,
    MAX_XLS_SECONDS,
    ODS_SUFFIXES,
    Row,
    Table,
    unneutralise,
    XLS_SUFFIXES,
)

# --- XLSX ----------------------------------------------------------------------------------------
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CELL_REF = re.compile(r"([A-Z]{1,3})([0-9]{1,20})")
_DIGITS = re.compile(r"[0-9]{1,20}")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?")


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _damaged(kind: str, where: str, why: Text | str) -> DamagedWorkbookError:
    """A damaged workbook of `kind` (xlsx, ods, xls), with the program that saves it again."""
    if kind == "ods":
        return DamagedWorkbookError(phrase("{where}: damaged workbook ({why}): open it in LibreOffice Calc and save "
                                           "it again as .ods", where=where, why=why))
    if kind == "xls":
        return DamagedWorkbookError(phrase("{where}: damaged workbook ({why}): open it in Excel or LibreOffice Calc "
                                           "and save it as .xlsx", where=where, why=why))
    return DamagedWorkbookError(phrase("{where}: damaged workbook ({why}): open it in Excel and save it again "
                                       "as .xlsx", where=where, why=why))


class _Workbook:
    """A zip of XML parts (XLSX or ODS: `kind`), every part checked against the limits before it
    is unpacked."""

    def __init__(self, path: Path, kind: str = "xlsx") -> None:
        self.name = path.name
        self.kind = kind
        self.seen: dict[int, tuple[str, bool, re.Match[str] | None]] = {}  # for place_cells
        try:
            self.zip = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError, ValueError, EOFError):
            if kind == "ods":
                raise self.damaged(phrase("it is not a zip file, as every .ods is")) from None
            raise self.damaged(phrase("it is not a zip file, as every .xlsx is")) from None

    def damaged(self, why: Text, where: str | None = None) -> DamagedWorkbookError:
        return _damaged(self.kind, where or self.name, why)

    def has(self, part: str) -> bool:
        return part in self.zip.NameToInfo

    def open(self, part: str, what: Text | str, limit: int = MAX_PART_BYTES) -> IO[bytes]:
        try:
            info = self.zip.getinfo(part)
        except KeyError:
            raise self.damaged(phrase("the part {part!r} is missing", part=part)) from None
        if info.file_size > limit:
            raise TableLimitError(phrase("{file}: {what} unpacks to {size}, more than the {max} this tool reads: "
                                         "delete what is not a result, or split the workbook", file=self.name,
                                         what=what, size=_mb(info.file_size), max=_mb(limit)))
        try:
            return self.zip.open(info)
        except (zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError, OSError, ValueError) as exc:
            raise self.damaged(_cant_unpack(part, exc)) from None

    def read(self, part: str, what: Text | str, too_big: Text) -> bytes:
        """The whole of `part`, at most MAX_PART_BYTES (`too_big` says so when the zip directory
        understated its size)."""
        with self.open(part, what) as stream:
            try:
                data = stream.read(MAX_PART_BYTES + 1)
            except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError) as exc:
                raise self.damaged(_cant_unpack(part, exc)) from None
        if len(data) > MAX_PART_BYTES:
            raise TableLimitError(too_big)
        return data

    def parse(self, source: IO[bytes], part: str, events: tuple[str, ...] = ("end",)) -> Iterator[tuple[str, Element]]:
        """Streaming parse (end events, or `events`); DTDs and entities are refused (defusedxml)."""
        try:
            yield from safe_xml.iterparse(source, events=events, forbid_dtd=True)
        except (ParseError, DefusedXmlException, zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError) as exc:
            raise self.damaged(phrase("bad XML in {part!r}: {reason}", part=part, reason=str(exc))) from None

    def events(self, part: str, what: Text | str) -> Iterator[tuple[str, Element]]:
        with self.open(part, what) as stream:
            yield from self.parse(stream, part)

    def tree(self, part: str) -> Element:
        root: Element | None = None
        for _, elem in self.events(part, part):
            root = elem
        if root is None:
            raise self.damaged(phrase("{part!r} is empty", part=part))
        return root

    def relations(self, part: str) -> dict[str, tuple[str, str]]:
        """Relationship id → (type, part name) for `part`."""
        folder, base = posixpath.split(part)
        rels = posixpath.join(folder, "_rels", base + ".rels")
        if not self.has(rels):
            return {}
        out = {}
        for rel in self.tree(rels):
            target = rel.get("Target", "")
            full = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
            out[rel.get("Id", "")] = (rel.get("Type", ""), full)
        return out


_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an OLE2 compound file: XLS (or a password-protected XLSX)


def read_workbook(path: Path) -> tuple[Table, ...]:
    """Every worksheet of an XLSX, ODS or XLS workbook as a `Table`, told apart by what the
    file holds (its first bytes; for a zip, its parts), so a workbook misnamed still reads."""
    try:
        with path.open("rb") as fh:
            head = fh.read(len(_OLE_MAGIC))
    except OSError as exc:
        raise SheetError(phrase("{file}: can't read the file ({reason})", file=path.name,
                                reason=_reason(exc))) from None
    if head == _OLE_MAGIC:
        return read_xls(path)
    suffix = path.suffix.lower()
    if suffix in XLS_SUFFIXES and not head.startswith(b"PK"):
        raise _damaged("xls", path.name, phrase("it is not an Excel workbook: a file saved as .xls by a web page "
                                                "is often text or HTML"))
    book = _Workbook(path, "ods" if suffix in ODS_SUFFIXES else "xlsx")
    with book.zip:
        if book.has("content.xml") and not book.has("[Content_Types].xml"):
            book.kind = "ods"
            return _read_ods(book)
        book.kind = "xlsx"
        return _read_xlsx(book)


def read_xlsx(path: Path) -> tuple[Table, ...]:
    """Every worksheet of an XLSX workbook as a `Table` (chart sheets skipped)."""
    book = _Workbook(path)
    with book.zip:
        return _read_xlsx(book)


def _read_xlsx(book: _Workbook) -> tuple[Table, ...]:
    main = next((target for kind, target in book.relations("").values() if kind.endswith("/officeDocument")),
                "xl/workbook.xml")
    rels = book.relations(main)
    shared = next((target for kind, target in rels.values() if kind.endswith("/sharedStrings")), None)
    sheets = []
    for sheet in book.tree(main).iter():
        if _local(sheet.tag) != "sheet":
            continue
        title = sheet.get("name") or "?"
        rid = next((v for k, v in sheet.attrib.items() if _local(k) == "id"), "")
        kind, target = rels.get(rid, ("", ""))
        if not target:
            raise book.damaged(phrase("worksheet {title!r} has no part", title=title))
        if kind.endswith("/worksheet"):
            sheets.append((target, title))
    # Each part is capped on its own; together they are too, before any of them is unpacked.
    parts = {target for target, _title in sheets} | ({shared} if shared and book.has(shared) else set())
    sizes = [book.zip.getinfo(p).file_size for p in parts if book.has(p)]
    total = sum(sizes)
    if total > MAX_WORKBOOK_BYTES and max(sizes) <= MAX_PART_BYTES:  # else the part too big is named
        raise TableLimitError(phrase("{file}: {what} unpacks to {size}, more than the {max} this tool reads: "
                                     "delete what is not a result, or split the workbook", file=book.name,
                                     what=phrase("the workbook as a whole"), size=_mb(total),
                                     max=_mb(MAX_WORKBOOK_BYTES)))
    strings = _shared_strings(book, shared) if shared and book.has(shared) else []
    return tuple(_sheet(book, target, title, strings) for target, title in sheets)


def _text_of(elem: Element) -> str:
    """The text of a string item or inline string: its `t` runs, without phonetic hints."""
    parts: list[str] = []
    for child in elem:
        tag = _local(child.tag)
        if tag == "t":
            parts.append(child.text or "")
        elif tag == "r":
            parts.extend(t.text or "" for t in child if _local(t.tag) == "t")
    return "".join(parts)


def _shared_strings(book: _Workbook, part: str) -> list[str]:
    strings: list[str] = []
    for _, elem in book.events(part, phrase("the shared strings")):
        if _local(elem.tag) == "si":
            strings.append(_text_of(elem))
            elem.clear()
    return strings


def _column_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


# Where values are (`<v>` or an inline `<is>`), and the bounds of the rows: the rows after the
# last value are cut before parsing, so a sheet padded with millions of empty rows costs one
# scan instead of millions of XML events.
_VALUE = re.compile(rb"<(?:\w+:)?(?:v|is)[\s>/]")
_ROW_END = re.compile(rb"</(?:\w+:)?row\s*>")
_SHEETDATA = re.compile(rb"<(?:\w+:)?sheetData\b[^<>]*>")
_SHEETDATA_END = re.compile(rb"</(?:\w+:)?sheetData\s*>")


def _cut_empty_tail(data: bytes) -> bytes:
    """The sheet XML without the rows after the last value (they hold nothing to read)."""
    last = None
    for last in _VALUE.finditer(data):  # noqa: B007 (the last match is what we want)
        pass
    opening = _SHEETDATA.search(data)
    if opening is None:
        return data
    start = opening.end()
    if last is not None:
        row_end = _ROW_END.search(data, last.end())
        if row_end is None:
            return data
        start = row_end.end()
    close = _SHEETDATA_END.search(data, start)
    return data[:start] + data[close.start():] if close else data


def _sheet(book: _Workbook, part: str, title: str, strings: list[str]) -> Table:
    where = f"{book.name}[{title}]"
    data = book.read(part, phrase("worksheet {title!r}", title=title), phrase(
        "{file}: worksheet {title!r} unpacks to more than {max}, the most this tool reads: delete what is not a "
        "result, or split the workbook", file=book.name, title=title, max=_mb(MAX_PART_BYTES)))
    data = _cut_empty_tail(data)
    rows: list[Row] = []
    cells: list[tuple[str | None, Cell]] = []  # (reference, value) of the row being read
    unsaved: set[tuple[int, int]] = set()
    row_no = 0
    for _, elem in book.parse(io.BytesIO(data), part):
        tag = _local(elem.tag)
        if tag == "c":
            value = _cell_value(book, elem, strings, f"{where}:{row_no + 1}")
            ref = elem.get("r")
            if value is None and ref and any(_local(ch.tag) == "f" for ch in elem):
                m = _CELL_REF.fullmatch(ref)
                if m:
                    unsaved.add((int(m.group(2)), _column_number(m.group(1))))
            cells.append((ref, value))
            elem.clear()
        elif tag == "row":
            r = elem.get("r")
            if r is not None and not _DIGITS.fullmatch(r):
                raise book.damaged(phrase("row number {row!r}", row=r), where)
            row_no = int(r) if r is not None else row_no + 1
            if row_no > MAX_ROWS:  # values follow: the rows after the last one were cut
                raise _rows_beyond(where, row_no)
            row = _row(book, where, row_no, cells)
            if row:
                rows.append(Row(row_no, row))
            cells = []
            elem.clear()
    rows.sort(key=lambda r: r.number)
    return Table(book.name, title, tuple(rows), frozenset(unsaved))


def _rows_beyond(where: str, row_no: int) -> TableLimitError:
    return TableLimitError(phrase("{where}: values in or after row {row:,}, beyond the {max:,} rows this tool reads: "
                                  "delete the rows below the table", where=f"{where}:{row_no}", row=row_no,
                                  max=MAX_ROWS))


def _row(book: _Workbook, where: str, row_no: int, cells: list[tuple[str | None, Cell]]) -> tuple[Cell, ...]:
    """The cells of one row in column order, checked against the limits."""
    placed: list[tuple[int, Cell]] = []
    col_no = 0
    for ref, value in cells:
        if ref is None:
            col_no += 1
        else:
            m = _CELL_REF.fullmatch(ref)
            if not m:
                raise book.damaged(phrase("cell reference {ref!r}", ref=ref), f"{where}:{row_no}")
            col_no = _column_number(m.group(1))
        placed.append((col_no, value))
    return place_cells(where, row_no, placed, book.damaged, book.seen)


#: A long text is looked at once however many cells hold it (an XLSX shared string, an ODS
#: repeated cell): a hostile workbook of 300 KB puts one 32,000-character text in a million cells.
_LONG = 64


def place_cells(where: str, row_no: int, cells: Iterable[tuple[int, Cell]],
                damaged: Callable[[Text, str], DamagedWorkbookError],
                seen: dict[int, tuple[str, bool, re.Match[str] | None]] | None = None) -> tuple[Cell, ...]:
    """A workbook row's cells, given as (1-based column, value) in column order, as the row's
    tuple (blanks between, trailing blanks cut), checked against the limits: what every
    workbook reader makes of a row. `seen` keeps what was found in each long text (by identity,
    the text kept alive beside it) for the rest of the workbook."""
    out: list[Cell] = []
    for col_no, value in cells:
        bad = None
        if isinstance(value, str) and len(value) > _LONG and seen is not None:
            known = seen.get(id(value))
            if known is None or known[0] is not value:
                known = seen[id(value)] = (value, is_blank(value), _CONTROL.search(value))
            if known[1]:
                continue
            bad = known[2]
        elif is_blank(value):
            continue
        elif isinstance(value, str):
            bad = _CONTROL.search(value)
        if col_no > MAX_COLUMNS:
            raise TableLimitError(phrase("{where}: a value in column {column:,}, beyond the {max} columns this tool "
                                         "reads: delete the extra columns", where=f"{where}:{row_no}",
                                         column=col_no, max=MAX_COLUMNS))
        if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
            raise _cell_too_long(f"{where}:{row_no}")
        if bad:  # refused as in a CSV file: it would reach the terminal, or hide in a name
            at = f"{where}:{row_no}"
            raise TableLayoutError(phrase("{where}: a cell in column {column} holds the control character {char!r}: "
                                          "delete it", where=at, column=col_no, char=bad.group()))
        if col_no <= len(out):
            raise damaged(phrase("two cells in column {column}", column=col_no), f"{where}:{row_no}")
        out.extend([None] * (col_no - 1 - len(out)))
        out.append(value)
    return tuple(out)


def _cell_value(book: _Workbook, cell: Element, strings: list[str], where: str) -> Cell:
    kind = cell.get("t", "n")
    if kind == "inlineStr":
        inline = next((c for c in cell if _local(c.tag) == "is"), None)
        return unneutralise(_text_of(inline)) if inline is not None else None
    raw = next((c.text for c in cell if _local(c.tag) == "v"), None)
    if raw is None:
        return None  # empty, or a formula without a saved value
    if kind == "s":
        if not _DIGITS.fullmatch(raw.strip()) or int(raw) >= len(strings):
            raise book.damaged(phrase("shared string {raw!r} does not exist", raw=raw), where)
        return unneutralise(strings[int(raw)])
    if kind in ("str", "e"):
        return unneutralise(raw)
    if kind == "b":
        if raw.strip() not in ("0", "1"):
            raise book.damaged(phrase("bad true/false value {raw!r}", raw=raw), where)
        return raw.strip() == "1"
    if kind == "d":
        from datetime import datetime

        try:
            datetime.fromisoformat(raw.strip())
        except ValueError:
            raise book.damaged(phrase("bad date {raw!r}", raw=raw), where) from None
        return raw.strip()
    if kind != "n" or not _NUMBER.fullmatch(raw.strip()):
        raise book.damaged(phrase("bad number {raw!r}", raw=raw), where)
    try:
        number = Decimal(raw.strip())
    except InvalidOperation:
        raise book.damaged(phrase("bad number {raw!r}", raw=raw), where) from None
    if number == number.to_integral_value() and abs(number) <= 10**15:
        return int(number)
    return number


# --- ODS (LibreOffice Calc) ------------------------------------------------------------------------
# One part, content.xml, holds every sheet: rows of cells, each row and cell with a repeat count
# ("the next 1,048,570 rows are empty" is one element). Repeats of blank cells only move the
# position; repeats of values are counted against MAX_REPEATED_CELLS before they are unfolded,
# and an unfolded row shares its cells (one tuple, one string per value).
_OD_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OD_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_OD_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_OD_CALCEXT = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"
_OD_CELLS = (f"{_OD_TABLE}table-cell", f"{_OD_TABLE}covered-table-cell")
_OD_ROW = f"{_OD_TABLE}table-row"
_OD_SHEET = f"{_OD_TABLE}table"
_OD_PARAGRAPHS = (f"{_OD_TEXT}p", f"{_OD_TEXT}h")
# Inside a cell's text: notes and comments are not the cell's value.
_OD_NOT_TEXT = (f"{_OD_OFFICE}annotation", f"{_OD_TEXT}note", f"{_OD_TEXT}ruby-text")
_OD_NUMBERS = ("float", "percentage", "currency")


class _Capped:
    """A part's stream that refuses to give more than `limit` bytes: a second guard behind the
    zip directory's size (zipfile stops there, and then finds the CRC wrong)."""

    def __init__(self, stream: IO[bytes], limit: int, too_big: Text) -> None:
        self.stream, self.left, self.too_big = stream, limit, too_big

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(self.left + 1 if size < 0 or size > self.left else size)
        self.left -= len(data)
        if self.left < 0:
            raise TableLimitError(self.too_big)
        return data


def _read_ods(book: _Workbook) -> tuple[Table, ...]:
    """Every sheet of an ODS workbook as a `Table`: content.xml parsed as it is unpacked."""
    def too_big(what: Text | str, limit: int) -> Text:
        return phrase("{file}: {what} unpacks to more than {max}, the most this tool reads: delete what is not a "
                      "result, or split the workbook", file=book.name, what=what, max=_mb(limit))

    manifest = "META-INF/manifest.xml"
    if book.has(manifest) and b"encryption-data" in book.read(manifest, repr(manifest),
                                                                too_big(repr(manifest), MAX_PART_BYTES)):
        raise DamagedWorkbookError(phrase("{file} is protected with a password: save it again without one, or as "
                                          "CSV", file=book.name))
    what = phrase("the spreadsheet content")
    with book.open("content.xml", what, MAX_ODS_BYTES) as stream:
        return _ods_tables(book, _Capped(stream, MAX_ODS_BYTES, too_big(what, MAX_ODS_BYTES)))


def _ods_tables(book: _Workbook, stream: _Capped) -> tuple[Table, ...]:
    tables: list[Table] = []
    sheet: _OdsSheet | None = None
    budget = [MAX_REPEATED_CELLS]
    in_cell = 0  # cells open: a table inside a cell is not a sheet
    for event, elem in book.parse(cast(IO[bytes], stream), "content.xml", ("start", "end")):
        tag = elem.tag
        if event == "start":
            if tag in _OD_CELLS:
                in_cell += 1
            elif tag == _OD_SHEET and not in_cell:
                sheet = _OdsSheet(book, elem.get(f"{_OD_TABLE}name") or "?", budget)
            continue
        if tag in _OD_CELLS:
            in_cell -= 1
            if not in_cell and sheet is not None:
                sheet.cell(elem)
                elem.clear()
        elif in_cell or sheet is None:
            continue
        elif tag == _OD_ROW:
            sheet.row(elem)
            elem.clear()
        elif tag == _OD_SHEET:
            tables.append(sheet.table())
            sheet = None
            elem.clear()
    return tuple(tables)


class _OdsSheet:
    """The rows of one ODS sheet as they are read, cell by cell."""

    def __init__(self, book: _Workbook, title: str, budget: list[int]) -> None:
        self.book, self.title, self.where = book, title, f"{book.name}[{title}]"
        self.budget = budget  # cells repeats may still unfold into, shared by the workbook's sheets
        self.rows: list[Row] = []
        self.unsaved: set[tuple[int, int]] = set()
        self.row_no = 0
        self.col_no = 0
        self.cells: list[tuple[int, Cell]] = []
        self.formulas: list[int] = []  # columns of this row's formulas without a saved value

    def repeats(self, elem: Element, attribute: str) -> int:
        raw = elem.get(f"{_OD_TABLE}{attribute}")
        if raw is None:
            return 1
        if not _DIGITS.fullmatch(raw.strip()) or int(raw) < 1:
            raise self.book.damaged(phrase("bad repeat count {raw!r}", raw=raw), f"{self.where}:{self.row_no + 1}")
        return int(raw)

    def spend(self, cells: int) -> None:
        self.budget[0] -= cells
        if self.budget[0] < 0:
            raise TableLimitError(phrase("{where}: repeated cells unfold to more than {max:,} cells, the most this "
                                         "tool reads: delete what is not a result", where=f"{self.where}:{self.row_no}",
                                         max=MAX_REPEATED_CELLS))

    def cell(self, elem: Element) -> None:
        n = self.repeats(elem, "number-columns-repeated")
        first = self.col_no + 1
        self.col_no += n
        value, unsaved = _ods_value(self.book, elem, f"{self.where}:{self.row_no + 1}")
        if is_blank(value) and not unsaved:
            return
        if self.col_no > MAX_COLUMNS:  # a value in a column beyond the limit: place_cells names it
            first = max(first, MAX_COLUMNS + 1)
            n = 1
        self.spend(n - 1)
        if unsaved:
            self.formulas.extend(range(first, first + n))
        else:
            self.cells.extend((col, value) for col in range(first, first + n))

    def row(self, elem: Element) -> None:
        n = self.repeats(elem, "number-rows-repeated")
        first = self.row_no + 1
        self.row_no += n
        self.col_no = 0
        if not self.cells and not self.formulas:
            return
        if self.row_no > MAX_ROWS:
            raise _rows_beyond(self.where, max(first, MAX_ROWS + 1))
        cells = place_cells(self.where, first, self.cells, self.book.damaged, self.book.seen)
        if self.formulas:
            place_cells(self.where, first, ((col, "=") for col in self.formulas), self.book.damaged)
        self.spend((n - 1) * (len(cells) + len(self.formulas)))
        if cells:
            self.rows.extend(Row(number, cells) for number in range(first, first + n))
        self.unsaved.update((number, col) for number in range(first, first + n) for col in self.formulas)
        self.cells, self.formulas = [], []

    def table(self) -> Table:
        return Table(self.book.name, self.title, tuple(self.rows), frozenset(self.unsaved))


def _ods_value(book: _Workbook, cell: Element, where: str) -> tuple[Cell, bool]:
    """A cell's value, and whether it is a formula without a saved value (a file written by a
    program: LibreOffice saves every value)."""
    kind = cell.get(f"{_OD_OFFICE}value-type")
    if kind is None:
        return None, cell.get(f"{_OD_TABLE}formula") is not None
    if kind in _OD_NUMBERS:
        raw = (cell.get(f"{_OD_OFFICE}value") or "").strip()
        if not _NUMBER.fullmatch(raw):
            raise book.damaged(phrase("bad number {raw!r}", raw=raw), where)
        number = Decimal(raw)
        return (int(number) if number == number.to_integral_value() and abs(number) <= 10**15 else number), False
    if kind == "boolean":
        raw = (cell.get(f"{_OD_OFFICE}boolean-value") or "").strip().lower()
        if raw not in ("true", "false"):
            raise book.damaged(phrase("bad true/false value {raw!r}", raw=raw), where)
        return raw == "true", False
    if kind in ("date", "time"):
        raw = (cell.get(f"{_OD_OFFICE}{kind}-value") or "").strip()
        if not raw:
            raise book.damaged(phrase("bad date {raw!r}", raw=raw), where)
        return raw, False
    given = cell.get(f"{_OD_OFFICE}string-value")
    if given is not None and cell.get(f"{_OD_CALCEXT}value-type") != "error":
        return unneutralise(given), False
    return unneutralise(_ods_text(cell, where)), False  # an error shows as its text: #NAME?


def _ods_text(cell: Element, where: str) -> str:
    """The text of a cell: its paragraphs one a line, with their spans and links,
    `<text:s text:c="3"/>` as three spaces, tabs and line breaks; notes and comments left out.
    Refused as soon as it grows past MAX_CELL_CHARS (space counts unfold)."""
    parts: list[str] = []
    size = 0

    def add(text: str) -> None:
        nonlocal size
        size += len(text)
        if size > MAX_CELL_CHARS:
            raise _cell_too_long(where)
        parts.append(text)

    # No recursion (spans may nest deeper than Python's stack): a child's tail waits on the
    # stack, as text, below the child's own children.
    paragraphs = [p for p in cell if p.tag in _OD_PARAGRAPHS]
    stack: list[Iterator[Element] | str] = []
    for k, paragraph in enumerate(reversed(paragraphs)):
        stack += (["\n"] if k else []) + [iter(paragraph), paragraph.text or ""]
    while stack:
        top = stack[-1]
        if isinstance(top, str):
            stack.pop()
            add(top)
            continue
        child = next(top, None)
        if child is None:
            stack.pop()
            continue
        tag = child.tag
        if tag == f"{_OD_TEXT}s":
            count = child.get(f"{_OD_TEXT}c", "1")
            if not _DIGITS.fullmatch(count) or int(count) > MAX_CELL_CHARS:
                raise _cell_too_long(where)
            add(" " * int(count))
        elif tag == f"{_OD_TEXT}tab":
            add("\t")
        elif tag == f"{_OD_TEXT}line-break":
            add("\n")
        elif tag not in _OD_NOT_TEXT:
            add(child.text or "")
            stack.append(child.tail or "")
            stack.append(iter(child))
            continue
        add(child.tail or "")
    return "".join(parts)


# --- XLS (old Excel 97-2003) -----------------------------------------------------------------------
# Read by calamine (python-calamine) in a child process, `python -m tourney.core.legacybook`:
# calamine unfolds a whole workbook in memory first, a failed allocation aborts the process, and
# the child's memory and time are capped (see that module). Its rows are checked here.
_XLS_MEMORY_EXIT = 3  # the child's exit code for a MemoryError (tourney.core.legacybook)


def read_xls(path: Path) -> tuple[Table, ...]:
    """Every worksheet of an XLS workbook as a `Table`; refused with a clear message when the
    workbook is damaged, protected with a password, or needs more memory or time to unfold
    than the child may take."""
    root = str(Path(__file__).resolve().parents[2])  # where the child finds tourney.core.legacybook
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (root, os.environ.get("PYTHONPATH"))))}
    try:
        done = subprocess.run([sys.executable, "-m", "tourney.core.legacybook", str(path), str(MAX_XLS_MEMORY)],
                              capture_output=True, timeout=MAX_XLS_SECONDS, env=env, check=False)
    except subprocess.TimeoutExpired:
        raise TableLimitError(phrase("{file}: reading the workbook takes more than {n} s, the most this tool waits: "
                                     "delete what is not a result, or save it as .xlsx", file=path.name,
                                     n=MAX_XLS_SECONDS)) from None
    except OSError as exc:
        raise SheetError(phrase("{file}: can't read the file ({reason})", file=path.name,
                                reason=(exc.strerror or str(exc)).lower())) from None
    if done.returncode == _XLS_MEMORY_EXIT or done.returncode < 0 or b"memory allocation" in done.stderr:
        # Out of memory: a MemoryError, or calamine's failed allocation (abort, a signal).
        raise TableLimitError(phrase("{file}: the workbook unfolds to more than {max} in memory, the most this tool "
                                     "gives it: delete what is not a result, or save it as .xlsx", file=path.name,
                                     max=_mb(MAX_XLS_MEMORY)))
    try:
        result = pickle.loads(done.stdout) if done.returncode == 0 else None
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError):
        result = None
    if not isinstance(result, tuple) or not result:
        last = (done.stderr.decode("utf-8", "replace").strip().splitlines() or [f"exit code {done.returncode}"])[-1]
        raise _damaged("xls", path.name, last[-300:])
    if result[0] == "error":
        kind, detail = result[1], str(result[2])
        if kind == "password":
            raise DamagedWorkbookError(phrase("{file} is protected with a password: save it again without one, or "
                                              "as CSV", file=path.name))
        if kind == "missing":
            raise SheetError(phrase("{file}: reading .xls needs the python-calamine package ({reason}): install it, "
                                    "or save the file as .xlsx", file=path.name, reason=detail))
        raise _damaged("xls", path.name, detail)
    return tuple(_xls_table(path.name, *sheet) for sheet in result[1])


def _xls_table(file: str, title: str, first_row: int, first_col: int, rows: list[list[object]]) -> Table:
    """One sheet's rows from the child, checked as every workbook's are."""
    where = f"{file}[{title}]"
    out: list[Row] = []
    for k, values in enumerate(rows):
        cells = [_xls_cell(v) for v in values]
        if all(map(is_blank, cells)):
            continue
        number = first_row + k + 1
        if number > MAX_ROWS:  # an .xls sheet has at most 65,536 rows: here for the limit's sake
            raise _rows_beyond(where, number)
        placed = place_cells(where, number, ((first_col + i + 1, c) for i, c in enumerate(cells)),
                             lambda why, at: _damaged("xls", at, why))
        if placed:
            out.append(Row(number, placed))
    return Table(file, title, tuple(out))


def _xls_cell(value: object) -> Cell:
    """A value from the child as the other workbook readers give it: text with the formula
    neutralisation undone, whole numbers as int, others as the exact Decimal of the shortest
    text of the float (what a spreadsheet shows), blank text as None."""
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        number = Decimal(repr(value))
        return int(number) if number == number.to_integral_value() and abs(number) <= 10**15 else number
    text = str(value)
    return unneutralise(text) if text.strip() else None


