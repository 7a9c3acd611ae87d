"""The one reader for every table the tool reads (score sheets, rosters, alias files): CSV in
UTF-8, UTF-16 or Windows-1252 with `,` `;` or tab, the workbooks of `tourney.core.workbooks`
(XLSX and ODS read in streaming mode, old Excel XLS by calamine in a capped child process), and
rows already in memory (a desk's form), each with the hard limits of `tourney.core.tables`
checked before the data is read. Its names are the ones the rest of the project imports.

A workbook is read by what it holds, not by its name's ending: an XLS workbook saved as .xlsx,
or an ODS one named .xls, reads as what it is (benchmarks/bench_workbook_readers.py measures
the readers against calamine's, which reads XLSX and ODS too but unfolds a few kilobytes of a
hostile workbook into gigabytes)."""
from __future__ import annotations

import codecs
import csv
import gc
import io
import itertools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path


from rules_engine.findings import Text
from rules_engine.findings import phrase

from tourney.core.errors import (
    NotATextTableError,
    SheetError,
    TableLayoutError,
    TableLimitError,
)

from tourney.core.tables import (
    _cell_too_long,
    _check_csv_row,
    _CONTROL,
    _mb,
    _reason,
    _refuse_rest,
    _too_many_rows,
    _trim,
    Cell as Cell,
    cell_value as cell_value,
    CSV_SUFFIXES as CSV_SUFFIXES,
    is_blank as is_blank,
    MAX_CELL_CHARS as MAX_CELL_CHARS,
    MAX_COLUMNS as MAX_COLUMNS,
    MAX_FILE_BYTES as MAX_FILE_BYTES,
    MAX_ODS_BYTES as MAX_ODS_BYTES,
    MAX_PART_BYTES as MAX_PART_BYTES,
    MAX_WORKBOOK_BYTES as MAX_WORKBOOK_BYTES,
    MAX_REPEATED_CELLS as MAX_REPEATED_CELLS,
    MAX_ROWS as MAX_ROWS,
    MAX_WHOLE_NUMBER as MAX_WHOLE_NUMBER,
    MAX_XLS_MEMORY as MAX_XLS_MEMORY,
    MAX_XLS_SECONDS as MAX_XLS_SECONDS,
    neutralise as neutralise,
    ODS_SUFFIXES as ODS_SUFFIXES,
    Row as Row,
    Rows as Rows,
    SEPARATORS as SEPARATORS,
    Source as Source,
    source_name as source_name,
    Table as Table,
    unneutralise as unneutralise,
    whole_number as whole_number,
    WORKBOOK_SUFFIXES as WORKBOOK_SUFFIXES,
    XLS_SUFFIXES as XLS_SUFFIXES,
    XLSX_SUFFIXES as XLSX_SUFFIXES,
)

# --- reading -----------------------------------------------------------------------------------
#: The files read in the current `reading_once` block: path -> tables, or the error raised.
_READ: ContextVar[dict[str, tuple[Table, ...] | SheetError] | None] = ContextVar("tables_read", default=None)


@contextmanager
def reading_once() -> Iterator[None]:
    """Within the block, `read_tables` reads each path once: telling a sheet's game from its
    header and then reading its rows share one read (a file changed meanwhile is not read again).
    Nested, the blocks share the outer block's reads."""
    outer = _READ.get()
    token = _READ.set({} if outer is None else outer)
    try:
        yield
    finally:
        _READ.reset(token)


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection inside the block. Reading and checking a file allocates
    some ten objects per line, none of them in a reference cycle; the collector would walk
    the growing heap of them again and again (a fifth of the time for 8,000 tables)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            # The objects made meanwhile go to the oldest generation (freeze, then unfreeze):
            # the next young collection would otherwise walk all of them at once. They are
            # still collected, as every old object is, by the next full collection.
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def read_tables(path: Source) -> tuple[Table, ...]:
    """Every table in a CSV file (one) or an XLSX, ODS or XLS workbook (one per worksheet), or
    the one table of rows in memory.

    Raises a `TableError` (a `SheetError`) saying what and where for a missing, damaged,
    too large or ambiguous file; never another exception for bad content."""
    if isinstance(path, Rows):
        return (rows_table(path),)
    read = _READ.get()
    if read is None:
        with collector_paused():
            return _read_tables(path)
    key = str(path)
    if key not in read:
        try:
            with collector_paused():
                read[key] = _read_tables(path)
        except SheetError as exc:
            read[key] = exc
    found = read[key]
    if isinstance(found, SheetError):
        raise found
    return found


def _read_tables(path: str | Path) -> tuple[Table, ...]:
    p = Path(path)
    if not p.is_file():
        raise SheetError(phrase("no file {path!r}: check the path", path=str(path)))
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise SheetError(phrase("{file}: can't read the file ({reason})", file=p.name, reason=_reason(exc))) from None
    if size > MAX_FILE_BYTES:
        raise TableLimitError(phrase("{file}: the file has {size}, more than the {max} this tool reads: split it, "
                                     "or delete what is not a result", file=p.name, size=_mb(size),
                                     max=_mb(MAX_FILE_BYTES)))
    suffix = p.suffix.lower()
    if suffix in WORKBOOK_SUFFIXES:
        from tourney.core.workbooks import read_workbook  # zip and XML readers: only for a workbook

        return read_workbook(p)
    if suffix in CSV_SUFFIXES:
        try:
            data = p.read_bytes()
        except OSError as exc:
            raise SheetError(phrase("{file}: can't read the file ({reason})", file=p.name,
                                    reason=_reason(exc))) from None
        return (parse_csv_text(decode_text(data, p.name), p.name),)
    raise SheetError(phrase("{file}: unknown file type {suffix!r}: use .csv, .xlsx, .ods (LibreOffice) or .xls",
                            file=p.name, suffix=suffix))


# --- CSV -----------------------------------------------------------------------------------------
#: Every byte but those control characters: in UTF-8 or Windows-1252 data a control character
#: is its own byte, and the bytes are searched for one many times faster than the text.
_NOT_CONTROL = bytes(b for b in range(256) if not _CONTROL.match(chr(b)))
# DOS (cp850) umlauts read as Windows-1252 become quote marks inside words: J”rg, M„dchen.
_DOS_UMLAUT = re.compile(r"[^\W\d_][„”‚™][^\W\d_]")


def decode_text(data: bytes, file: str) -> str:
    """The text of a CSV file: UTF-8 (with or without BOM), UTF-16 (with BOM) or Windows-1252."""
    def refuse(why: Text) -> NotATextTableError:
        return NotATextTableError(phrase("{file} is not a text table ({why}): save it as CSV UTF-8 or XLSX",
                                         file=file, why=why))

    if data.startswith(b"PK\x03\x04"):
        raise NotATextTableError(phrase("{file} is an XLSX workbook, not a CSV file: rename it to .xlsx, "
                                        "or save it as CSV UTF-8", file=file))
    utf16 = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    try:
        if utf16:
            text = data.decode("utf-16")
        else:
            text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF8)):
            raise refuse(phrase("its text is damaged after the byte order mark")) from None
        try:
            text = data.decode("cp1252")  # what Excel on German Windows saves
        except UnicodeDecodeError as exc:
            raise refuse(phrase("byte {byte} is in no encoding this tool reads", byte=exc.start + 1)) from None
        if _DOS_UMLAUT.search(text):
            raise refuse(phrase("it looks like DOS (cp850) text: umlauts come out as quote marks")) from None
    bad = _CONTROL.search(text) if utf16 or data.translate(None, _NOT_CONTROL) else None
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise refuse(phrase("line {line} holds the control character {char!r}: it is binary data", line=line,
                            char=bad.group()))
    return text


def _count_outside_quotes(line: str, sep: str) -> int:
    count, quoted = 0, False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif ch == sep and not quoted:
            count += 1
    return count


#: Lines a CSV file's separator may be taken from: the header row and "label: value" lines above it.
SEPARATOR_LINES = 5
#: Characters at the start of a CSV file's text that usually hold those lines.
SEPARATOR_TEXT = 4096


def detect_separator(line: str) -> str:
    """The separator a header line uses: the most frequent of `,` `;` tab outside quotes
    (`,` when it has none)."""
    counts = {sep: _count_outside_quotes(line, sep) for sep in SEPARATORS}
    best = max(SEPARATORS, key=lambda s: counts[s])
    return best if counts[best] else ","


def csv_separator(text: str) -> str:
    """The separator of CSV text: its first line's, passing over lines that read "label: value"
    before any separator (the pad's "Guilds in play: A; B" above the header may use another)."""
    top = _top_lines(text[:SEPARATOR_TEXT])  # not a copy of a big file's whole text for its first lines
    if len(text) > SEPARATOR_TEXT and (len(top) < SEPARATOR_LINES or not top[-1].endswith(("\n", "\r"))):
        top = _top_lines(text)  # they don't all end within it
    for line in top:
        cut = min((at for at in map(line.find, SEPARATORS) if at >= 0), default=len(line))
        if ":" not in line[:cut]:
            return detect_separator(line)
    return detect_separator(top[0]) if top else ","


def _top_lines(text: str) -> list[str]:
    """The first `SEPARATOR_LINES` non-blank lines of `text`, as a CSV reader splits them."""
    return list(itertools.islice((line for line in io.StringIO(text, newline="") if line.strip()), SEPARATOR_LINES))


def _separator_name(sep: str) -> Text | str:
    return phrase("tab") if sep == "\t" else repr(sep)


def _runs_on(where: str, line: int) -> TableLayoutError:
    return TableLayoutError(phrase("{where}: a '\"' opens a cell that runs on to line {line}, taking the rows "
                                   "between with it: remove the stray '\"' or close it", where=where, line=line))


def parse_csv_text(text: str, file: str) -> Table:
    """Parse CSV text into a `Table`; the separator is taken from the first non-blank line.

    Refused with the row: a field running over lines (a stray `"`), a row that uses another
    separator than the header, and anything beyond the limits."""
    text = text.lstrip("\ufeff")
    sep = csv_separator(text)
    if '"' not in text:
        rows = _unquoted_rows(text, sep)
        if rows is not None:
            return Table(file, None, rows)
    return _parse_csv(text, file, sep)


def _unquoted_rows(text: str, sep: str) -> tuple[Row, ...] | None:
    """The rows of CSV text without a '"' (a file's usual case: no cell runs over lines, so
    row k is line k), the limits and the separator checked for all rows at once; None when
    some row may break one of them: `_parse_csv` then reads the rows one by one and names it."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
    try:
        records = list(itertools.islice(reader, MAX_ROWS + 1))
    except csv.Error:  # a cell beyond the csv module's own limit
        return None
    # Without a '"', no cell is longer than its line: the cells are measured only where a line is.
    if len(records) > MAX_ROWS or max(map(len, records), default=0) > MAX_COLUMNS \
            or (len(text) > MAX_CELL_CHARS and max(map(len, text.split("\n"))) > MAX_CELL_CHARS
                and max(map(len, itertools.chain.from_iterable(records)), default=0) > MAX_CELL_CHARS):
        return None
    if "'" in text:
        records = [list(map(unneutralise, record)) for record in records]
    # A usual line's last cell is filled in: its cells as they are; the others trimmed.
    rows = [Row(number, tuple(record)) if record and record[-1].strip() else Row(number, _trim(record))
            for number, record in enumerate(records, 1)]
    if any(not row.cells for row in rows):
        rows = [row for row in rows if row.cells]
    # A one-cell row below a header of several may be a row separated by another character.
    if len(rows) > 1 and len(records[rows[0].number - 1]) > 1 and 1 in map(len, records[rows[0].number:]):
        return None
    return tuple(rows)


def _parse_csv(text: str, file: str, sep: str) -> Table:
    stream = io.StringIO(text, newline="")
    reader = csv.reader(stream, delimiter=sep, strict=True)
    rows: list[Row] = []
    header_width = 0
    line_no = 0
    # Per-cell work is skipped where the whole text shows it can't matter: without a '"' no
    # cell holds a line break, and without a "'" no cell is neutralised.
    quoted, apostrophe = '"' in text, "'" in text
    try:
        for record in reader:
            start, line_no = line_no + 1, reader.line_num
            if start > MAX_ROWS:
                _refuse_rest(stream.read(), file, start, record)
                break
            if line_no != start or (quoted and any("\n" in f or "\r" in f for f in record)):
                raise _runs_on(f"{file}:{start}", line_no)
            cells = _trim(list(map(unneutralise, record)) if apostrophe else record)
            if not cells:
                continue
            if len(cells) > MAX_COLUMNS or max(map(len, record)) > MAX_CELL_CHARS:
                _check_csv_row(cells, file, start)
            if not rows:
                header_width = len(record)
            elif header_width > 1 and len(record) == 1:
                other = next((s for s in SEPARATORS if s != sep and s in record[0]), None)
                if other is not None:
                    raise TableLayoutError(phrase(
                        "{where}: this row separates its cells with {other} but the first row with {sep}: save "
                        "the file again with one separator (Excel: 'CSV UTF-8')", where=f"{file}:{start}",
                        other=_separator_name(other), sep=_separator_name(sep)))
            rows.append(Row(start, cells))
    except csv.Error as exc:
        at = reader.line_num or 1
        if "field larger than field limit" in str(exc):
            raise _cell_too_long(f"{file}:{at}") from None
        if "unexpected end of data" in str(exc):
            raise TableLayoutError(phrase("{where}: a '\"' opens a cell that runs to the end of the file: remove "
                                          "the stray '\"' or close it", where=f"{file}:{line_no + 1}")) from None
        if at > line_no + 1:
            raise _runs_on(f"{file}:{line_no + 1}", at) from None
        raise TableLayoutError(phrase("{where}: a cell goes on after its closing '\"': put the whole cell in "
                                      "quotes, or remove the quotes", where=f"{file}:{at}")) from None
    return Table(file, None, tuple(rows))


# Line ends too: a CSV line is one row, and a typed cell is one line.
_ROW_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def rows_table(source: Rows) -> Table:
    """The rows in memory as a `Table`, read as a CSV file of the same cells would be: each
    cell as text (None is blank), trailing blank cells cut, blank rows left out, formula
    neutralisation undone; refused, with the row, beyond the limits or for a control
    character (a line break included) in a cell."""
    name = source.name
    if len(source.rows) > MAX_ROWS:
        raise _too_many_rows(name, MAX_ROWS + 1)
    rows: list[Row] = []
    for number, row in enumerate(source.rows, 1):
        record = ["" if cell is None else str(cell) for cell in row]
        bad = next((m for m in map(_ROW_CONTROL.search, record) if m), None)
        if bad:
            raise TableLayoutError(phrase("{where}: a cell holds the control character {char!r}: type it again, "
                                          "as plain text on one line", where=f"{name}:{number}", char=bad.group()))
        cells = _trim(list(map(unneutralise, record)))
        if not cells:
            continue
        if len(cells) > MAX_COLUMNS or max(map(len, record)) > MAX_CELL_CHARS:
            _check_csv_row(cells, name, number)
        rows.append(Row(number, cells))
    return Table(name, None, tuple(rows))


