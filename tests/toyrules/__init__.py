"""The rules of a toy fifth game, for the tests (its `rules_engine/<game>/` package): two to five
players at a table, each scores gold and silver; most gold wins, equal gold goes to more silver,
equal gold and silver share the place. Pure, like every rules package: nothing of tourney."""
from __future__ import annotations

from dataclasses import dataclass

from rules_engine import tablecheck
from rules_engine.findings import Finding, Term

NAME = "toy"
TITLE = "Toyland"  # a name, as "7 Wonders" is: no word a catalogue translates
ALIASES = ("toygame",)
MIN_PLAYERS, MAX_PLAYERS = 2, 5


@dataclass(frozen=True)
class PlayerLine:
    """One player's row: the two score columns."""

    seat: int
    player: str
    gold: int
    silver: int


@dataclass(frozen=True)
class TableSheet:
    """All rows of one table, in sheet order."""

    players: tuple[PlayerLine, ...]


def places(sheet: TableSheet) -> tuple[int, ...]:
    """Each row's place: most gold, then most silver; equal gold and silver share the place."""
    keys = [(p.gold, p.silver) for p in sheet.players]
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


def check_sheet(sheet: TableSheet) -> list[Finding]:
    """Every problem of one table's sheet."""
    rows = sheet.players
    out = tablecheck.table_size(len(rows), MIN_PLAYERS, MAX_PLAYERS, TITLE)
    out += tablecheck.duplicate_players([p.player for p in rows])
    out += tablecheck.positions([(p.player, p.seat) for p in rows], "seat", "seats", Term("number the seats"))
    for p in rows:
        out += tablecheck.count(p.gold, "gold", p.player, Term("gold"))
        out += tablecheck.count(p.silver, "silver", p.player, Term("silver"))
    return out
