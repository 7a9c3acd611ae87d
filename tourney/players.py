"""Registration: add, import (CSV/XLSX with a `name` column), drop, rename, remove, list."""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from tourney import store
from tourney.errors import RegistrationError, SheetError
from tourney.names import SimilarNames, clean_name, name_key, printable, sort_key

NAME_HEADERS = ("name", "player", "spieler", "spielername")


def _next_round(event: store.Event) -> int:
    """The round a player joining now plays first: the one after the last round with results."""
    played = [t.round for t in event.results()]
    return max(played, default=0) + 1


@dataclass(frozen=True)
class Registration:
    """What registering a list of names did: who was added (from `first_round`), who was
    already there, and who was held back because the name looks like a registered one."""

    first_round: int
    added: tuple[str, ...]
    reentered: tuple[str, ...] = ()
    known: tuple[tuple[str, str], ...] = ()  # (as given, as registered): given again
    repeated: tuple[str, ...] = ()  # given twice in the same list
    held: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (name, the registered names it looks like)

    def similar_message(self) -> str | None:
        """Why the held names were not added and how to add them anyway, or None."""
        if not self.held:
            return None
        lines = [f"{printable(n)!r} looks like the registered {' or '.join(repr(printable(s)) for s in like)}"
                 for n, like in self.held]
        if len(lines) == 1:
            return f"{lines[0]}: add anyway with --yes, or fix the spelling"
        return (f"{len(lines)} names look like registered ones and were not added: add them anyway with --yes, "
                "or fix the spelling\n" + "\n".join(f"  {line}" for line in lines))


def register(event: store.Event, names: list[str], *, yes: bool = False, reenter: bool = True,
             source: str | None = None) -> Registration:
    """Register the new names among `names` in one transaction (one query for the players
    already there, one bulk insert). Names already registered are listed, not refused; a
    dropped one is re-entered when `reenter` (typed on purpose, not re-imported). A name that
    looks like a registered one (see names.similar_names) is held back unless `yes`.
    An unusable name refuses the whole list (`source`, the roster file, named in the message)."""
    try:
        cleaned = [clean_name(n) for n in names]
    except RegistrationError as exc:
        if source is None:
            raise
        raise RegistrationError(f"{source}: {exc}; nothing was registered") from None
    first = _next_round(event)
    added: list[str] = []
    reentered: list[str] = []
    known: list[tuple[str, str]] = []
    repeated: list[str] = []
    held: list[tuple[str, tuple[str, ...]]] = []
    with event.transaction() as conn:
        players = store.players_by_key(conn)
        similar: SimilarNames | None = None  # built at the first new name: a re-import needs none
        given: set[str] = set()
        for name in cleaned:
            key = name_key(name)
            if key in given:
                repeated.append(name)
                continue
            given.add(key)
            player = players.get(key)
            if player is not None:
                if reenter and player.dropped_after is not None:
                    store.reenter_player(conn, player, first)
                    reentered.append(player.name)
                else:
                    known.append((name, player.name))
                continue
            if similar is None:
                similar = SimilarNames(p.name for p in players.values())
            like = similar.find(name)
            if like and not yes:
                held.append((name, tuple(like)))
                continue
            added.append(name)
            similar.add(name)
        store.add_players(conn, added, first)
    return Registration(first, tuple(added), tuple(reentered), tuple(known), tuple(repeated), tuple(held))


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


def rename_player(event: store.Event, old: str, new: str) -> tuple[str, str]:
    """Rename a player; standings, seating, history and season follow (they go by player id)."""
    with event.transaction() as conn:
        return store.rename_player(conn, old, new)


def remove_player(event: store.Event, name: str) -> tuple[str, list[int]]:
    """Remove a mis-registration (no results, not seated in a printed round); returns the
    name and the unprinted rounds that were seated with them and need re-seating."""
    with event.transaction() as conn:
        return store.remove_player(conn, name)


def listing(event: store.Event) -> list[store.Player]:
    """The players in German alphabetical order (DIN 5007-1: Ä with A)."""
    return sorted(event.players(), key=lambda p: sort_key(p.name))


def add_players(event: store.Event, names: list[str]) -> tuple[list[str], int]:
    """Register every new name, similar ones too (scripts and the demo); returns the names
    added or re-entered and the first round they play."""
    done = register(event, names, yes=True)
    return [*done.added, *done.reentered], done.first_round
