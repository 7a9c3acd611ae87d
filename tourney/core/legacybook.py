"""Old Excel 97-2003 workbooks (.xls, a binary format): read by calamine (the python-calamine
package, a binding of the Rust reader pandas uses) in a child process, so that no workbook can
take this process down.

calamine unfolds a whole workbook into memory before a single row can be looked at: every cell
of a sheet's bounding box, every cell its own copy of its text. A 5 MB .xls of one long text in
320,000 cells asks for 10 GB, and the allocation that fails aborts the process (no Python
exception); benchmarks/bench_workbook_readers.py has the figures. So the child gets at most
`MAX_XLS_MEMORY` of address space (Linux, macOS: `resource.RLIMIT_AS`) and `MAX_XLS_SECONDS`,
and a child that dies or runs out is a clear refusal here. The rows it sends back go through the
same limits as every other workbook's (`tabular.place_cells`).

The child is this module run as `python -m tourney.core.legacybook FILE`: it imports nothing of
the project, and python-calamine only there (the everyday commands never load it)."""
from __future__ import annotations

import datetime
import math
import os
import pickle
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.core.tabular import Table

#: What the child sends back: ("ok", [(sheet title, first row, first column, rows)]) with rows
#: of plain values (text, int, float, bool, None; dates as ISO text), or ("error", kind, detail)
#: with kind "password", "damaged" or "missing" (python-calamine is not installed).
Sheets = list[tuple[str, int, int, list[list[object]]]]
_MEMORY_EXIT = 3


def read_xls(path: Path) -> tuple[Table, ...]:
    """Every worksheet of an XLS workbook as a `Table`; refused with a clear message when the
    workbook is damaged, protected with a password, or needs more memory or time to unfold
    than the child may take."""
    from rules_engine.findings import phrase
    from tourney.core.errors import DamagedWorkbookError, SheetError, TableLimitError
    from tourney.core.tabular import MAX_XLS_MEMORY, MAX_XLS_SECONDS, _damaged, _mb

    root = str(Path(__file__).resolve().parents[2])  # the child imports this very module
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
    if done.returncode == _MEMORY_EXIT or done.returncode < 0 or b"memory allocation" in done.stderr:
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
    return tuple(_table(path.name, *sheet) for sheet in result[1])


def _table(file: str, title: str, first_row: int, first_col: int, rows: list[list[object]]) -> Table:
    """One sheet's rows from the child, checked as every workbook's are."""
    from tourney.core.tabular import MAX_ROWS, Row, Table, _damaged, _rows_beyond, is_blank, place_cells

    where = f"{file}[{title}]"
    out: list[Row] = []
    for k, values in enumerate(rows):
        cells = [_cell(v) for v in values]
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


def _cell(value: object) -> str | int | Decimal | bool | None:
    """A value from the child as the other workbook readers give it: text with the formula
    neutralisation undone, whole numbers as int, others as the exact Decimal of the shortest
    text of the float (what a spreadsheet shows), blank text as None."""
    from tourney.core.tabular import unneutralise

    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        number = Decimal(repr(value))
        return int(number) if number == number.to_integral_value() and abs(number) <= 10**15 else number
    text = str(value)
    return unneutralise(text) if text.strip() else None


# --- the child ----------------------------------------------------------------------------------
def _plain(value: object) -> object:
    if isinstance(value, (datetime.date, datetime.time)):  # datetime is a date
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    return value if value != "" else None


def _limit_memory(budget: int) -> None:
    """At most `budget` more bytes of address space for this process (where the system has
    the limit: not on Windows, where the child is still a separate process)."""
    try:
        import resource
    except ImportError:
        return
    try:
        with open("/proc/self/statm") as fh:
            used = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        used = 256 * 2**20
    try:
        resource.setrlimit(resource.RLIMIT_AS, (used + budget, used + budget))
    except (ValueError, OSError):
        pass


def _child(path: str, budget: int) -> tuple[object, ...]:
    try:
        import python_calamine
    except ImportError as exc:
        return ("error", "missing", str(exc))
    _limit_memory(budget)
    try:
        sheets: Sheets = []
        # From the open file, not the path: calamine then tells the format from the bytes, not the name.
        with open(path, "rb") as fh, python_calamine.CalamineWorkbook.from_filelike(fh) as book:
            for meta in book.sheets_metadata:
                if meta.typ != python_calamine.SheetTypeEnum.WorkSheet:
                    continue
                sheet = book.get_sheet_by_name(meta.name)
                first_row, first_col = sheet.start or (0, 0)
                rows = [[_plain(v) for v in row] for row in sheet.iter_rows()]
                sheets.append((meta.name, first_row, first_col, rows))
        return ("ok", sheets)
    except python_calamine.PasswordError as exc:
        return ("error", "password", str(exc))
    except MemoryError:
        raise
    except BaseException as exc:  # noqa: BLE001 - calamine's errors, and a Rust panic (a BaseException)
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        return ("error", "damaged", f"{exc}"[:300] or type(exc).__name__)


def main() -> None:
    try:
        result = _child(sys.argv[1], int(sys.argv[2]))
        data = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
    except MemoryError:
        os._exit(_MEMORY_EXIT)
    sys.stdout.buffer.write(data)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
