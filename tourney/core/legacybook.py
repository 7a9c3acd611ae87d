"""The child process that reads an old Excel 97-2003 workbook (.xls, a binary format) for
`workbooks.read_xls`: calamine (the python-calamine package, a binding of the Rust reader pandas
uses) in a process of its own, so that no workbook can take the command down.

calamine unfolds a whole workbook into memory before a single row can be looked at: every cell
of a sheet's bounding box, every cell its own copy of its text. A 5 MB .xls of one long text in
320,000 cells asks for 10 GB, and the allocation that fails aborts the process (no Python
exception); benchmarks/bench_workbook_readers.py has the figures. So the child gets at most
`tabular.MAX_XLS_MEMORY` of address space (`resource.RLIMIT_AS`, which Linux enforces; elsewhere
the child is still a process of its own: a failed allocation ends it, not the command) and
`tabular.MAX_XLS_SECONDS`, and a child that dies or runs out is a clear refusal there. The rows
it sends back go through the same limits as every other workbook's (`workbooks.place_cells`).

The child is this module run as `python -m tourney.core.legacybook FILE`: it imports nothing of
the project (so it starts fast), and python-calamine is loaded only here: the everyday commands
never load it."""
from __future__ import annotations

import datetime
import os
import pickle
import sys

#: What the child sends back: ("ok", [(sheet title, first row, first column, rows)]) with rows
#: of plain values (text, int, float, bool, None; dates as ISO text), or ("error", kind, detail)
#: with kind "password", "damaged" or "missing" (python-calamine is not installed).
Sheets = list[tuple[str, int, int, list[list[object]]]]
_MEMORY_EXIT = 3  # workbooks._XLS_MEMORY_EXIT


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
        # An .xls by its path: calamine reads it as XLS and says what is wrong with it. Else (an
        # XLS misnamed) from the open file: calamine tells the format from the bytes.
        with open(path, "rb") as fh, (python_calamine.CalamineWorkbook.from_path(path) if path.lower().endswith(".xls")
                                      else python_calamine.CalamineWorkbook.from_filelike(fh)) as book:
            for meta in book.sheets_metadata:
                if meta.typ != python_calamine.SheetTypeEnum.WorkSheet:
                    continue
                # From A1, so rows and columns are where the sheet has them (iter_rows starts its
                # rows at A1 but its columns at the first one used).
                rows = [[_plain(v) for v in row]
                        for row in book.get_sheet_by_name(meta.name).to_python(skip_empty_area=False)]
                sheets.append((meta.name, 0, 0, rows))
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
