"""Registration: add, import (CSV/XLSX with a `name` column), drop, list."""
from __future__ import annotations

import csv
from pathlib import Path

from tourney import store
from tourney.errors import RegistrationError, SheetError

NAME_HEADERS = ("name", "player", "spieler", "spielername")


def _next_round(event: store.Event) -> int:
    """The round a player joining now plays first: the one after the last round with results."""
    played = [t.round for t in event.results()]
    return max(played, default=0) + 1


def add_players(event: store.Event, names: list[str]) -> tuple[list[str], int]:
    """Register names (all or none); returns the names and the first round they play."""
    first = _next_round(event)
    seen: set[str] = set()
    for name in names:
        key = " ".join(name.split()).casefold()
        if key in seen:
            raise RegistrationError(f"{name!r} is given twice")
        seen.add(key)
    with event.transaction() as conn:
        for name in names:
            store.add_player(conn, name, first)
    return [" ".join(n.split()) for n in names], first


def read_roster(path: str | Path) -> list[str]:
    """Player names from a CSV or XLSX file with a `name` column (or `player`, `Spieler`)."""
    p = Path(path)
    if not p.is_file():
        raise SheetError(f"no file {str(path)!r}: check the path")
    if p.suffix.lower() in (".xlsx", ".xlsm"):
        import openpyxl

        wb = openpyxl.load_workbook(p, read_only=True, data_only=True)
        rows = [["" if c is None else str(c) for c in r] for r in wb.worksheets[0].iter_rows(values_only=True)]
        wb.close()
    else:
        text = p.read_text(encoding="utf-8-sig")
        first = text.splitlines()[0] if text.strip() else ""
        rows = list(csv.reader(text.splitlines(), delimiter=";" if first.count(";") > first.count(",") else ","))
    if not rows:
        raise SheetError(f"{p.name}: the file is empty: it needs a header row with a 'name' column")
    header = [c.strip().lower() for c in rows[0]]
    col = next((header.index(h) for h in NAME_HEADERS if h in header), None)
    if col is None:
        raise SheetError(f"{p.name}:1: no 'name' column in the header {rows[0]!r}: name the column of "
                         "player names 'name'")
    names = []
    for i, row in enumerate(rows[1:], 2):
        name = row[col].strip() if col < len(row) else ""
        if name:
            names.append(name)
    if not names:
        raise SheetError(f"{p.name}: no names below the header")
    return names


def drop_player(event: store.Event, name: str) -> tuple[str, int]:
    """Drop a player after the last round with results; returns (name, that round)."""
    after = _next_round(event) - 1
    with event.transaction() as conn:
        real = store.drop_player(conn, name, after)
    return real, after
