"""The one renderer for rows printed as an aligned table, CSV or JSON (sqlite-utils'
`output_rows`); the commands' one `--format` option is `tourney.cli.base.output_format_option`."""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from tourney.core.i18n import local_number

FORMATS = ("table", "csv", "json")


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV with a header row; `None` is an empty cell and user text is neutralised against
    formula injection (numbers untouched)."""
    from tourney.core.tabular import neutralise  # the readers' module: loaded when a CSV is written

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([neutralise(h) for h in header])
    w.writerows([["" if v is None else neutralise(v) for v in row] for row in rows])
    return buf.getvalue()


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float, Decimal, Fraction)) and not isinstance(value, bool)


def text_rows(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    """Aligned lines: header then rows, two spaces apart; number columns right-aligned, the
    last column not padded, trailing spaces cut."""
    shown = [[local_number(v) for v in row] for row in rows]  # 17,5 in a German event
    widths = [max([len(columns[i])] + [len(r[i]) for r in shown]) for i in range(len(columns))]
    right = [any(_is_number(r[i]) for r in rows) and all(_is_number(r[i]) or r[i] is None for r in rows)
             for i in range(len(columns))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.rjust(widths[i]) if right[i] else c.ljust(widths[i])
                         for i, c in enumerate(cells)).rstrip()

    return [line(columns), *[line(r) for r in shown]]


def _json_number(value: object) -> int | float:
    """A rounded `Decimal` (a Duel player's match points) as a JSON number."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    raise TypeError(f"{type(value).__name__} is not a JSON value")


def render_rows(columns: Sequence[str], rows: Iterable[Sequence[object]], fmt: str,
                labels: Sequence[str] | None = None) -> str:
    """Rows as `table` (aligned, headed by `labels` or the column names), `csv` (header of
    column names, user text neutralised) or `json` (a list of objects keyed by column)."""
    rows = [tuple(r) for r in rows]
    if fmt == "json":
        return json.dumps([dict(zip(columns, r)) for r in rows], ensure_ascii=False, indent=2,
                          default=_json_number) + "\n"
    if fmt == "csv":
        return csv_text(columns, rows)
    if fmt == "table":
        return "\n".join(text_rows(labels or columns, rows)) + "\n"
    raise ValueError(f"unknown output format {fmt!r}")
