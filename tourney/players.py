"""Registration: add, import (CSV/XLSX with a `name` column), drop, list."""
from __future__ import annotations

from pathlib import Path

from tourney import store
from tourney.errors import RegistrationError, SheetError
from tourney.tabular import Table, is_blank, read_tables
from tourney.vocabulary import ROSTER, header_key

#: Longest name read from a roster file.
MAX_NAME_CHARS = 100
_ROSTER_COLUMNS = ROSTER.aliases(("player", "first", "last"))


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
    """Player names from a CSV or XLSX roster (the first worksheet): a `name` column (or
    `player`, `Spieler`), or first and last name columns (`Vorname` and `Nachname`) joined as
    "First Last". A row with more cells than the header is refused with its row number."""
    tables = read_tables(path)
    table = tables[0] if tables else None
    if table is None or not table.rows:
        raise SheetError(f"{Path(path).name}: the file is empty: it needs a header row with a 'name' column")
    header = table.rows[0]
    columns = _roster_columns(table)
    names = []
    for row in table.rows[1:]:
        if len(row.cells) > len(header.cells):
            hint = (": if a name holds a comma, put it in quotes (\"Müller, Jan\") or use the columns "
                    "Vorname and Nachname" if len(header.cells) == 1 else ": delete the extra cells")
            raise SheetError(f"{table.where(row.number)}: the row has {len(row.cells)} cells but the header "
                             f"only {len(header.cells)}{hint}")
        parts = [_text(row.cells[i]) if i < len(row.cells) else "" for i in columns]
        name = " ".join(" ".join(parts).split())
        if len(name) > MAX_NAME_CHARS:
            raise SheetError(f"{table.where(row.number)}: the name has {len(name)} characters, more than the "
                             f"{MAX_NAME_CHARS} a name may have: shorten it")
        if name:
            names.append(name)
    if not names:
        raise SheetError(f"{table.where()}: no names below the header")
    return names


def _text(cell: object) -> str:
    return "" if is_blank(cell) else str(cell).strip()


def _roster_columns(table: Table) -> list[int]:
    """The column(s) the name is read from: the name column, or first then last name."""
    header = table.rows[0]
    found: dict[str, int] = {}
    for i, cell in enumerate(header.cells):
        col = None if is_blank(cell) else _ROSTER_COLUMNS.get(header_key(cell))
        if col is None:
            continue
        if col in found:
            raise SheetError(f"{table.where(header.number)}: two {col} columns: "
                             f"{header.cells[found[col]]!r} and {cell!r}: delete one of them")
        found[col] = i
    if "player" in found:
        return [found["player"]]
    if "first" in found and "last" in found:
        return [found["first"], found["last"]]
    raise SheetError(f"{table.where(header.number)}: no 'name' column in the header {list(header.cells)!r}: "
                     "name the column of player names 'name', or use the columns 'Vorname' and 'Nachname'")


def drop_player(event: store.Event, name: str) -> tuple[str, int]:
    """Drop a player after the last round with results; returns (name, that round)."""
    after = _next_round(event) - 1
    with event.transaction() as conn:
        real = store.drop_player(conn, name, after)
    return real, after
