"""The wonder cards of One Card Wonder as an organiser copies them from the box into a CSV or
XLSX file (`tourney event EVENT --catalogue wonders.csv`). No public source lists the cards
(rules_engine/onecardwonder/data.py), so the stage checks need this list: once it is loaded,
every sheet's wonder must be one of its cards, and a player's stages are checked against it.

The file: a header row, then one card a row. `wonder` (Wunder) and `stages` (Bauabschnitte)
are required; `difficulty` (Schwierigkeit: 1-3 or I-III), `buildings` (Gebäude, on the card)
and `english` (Englisch, the English name) are optional.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rules_engine.onecardwonder import data
from tourney.core.errors import SheetError
from tourney.core.i18n import N_, _
from tourney.core.tabular import Table, is_blank, read_tables, whole_number
from tourney.core.vocabulary import Vocabulary, Word, header_columns

if TYPE_CHECKING:
    from tourney.core.store import Json

WORDS = Vocabulary((
    Word("wonder", "Wunder", ("weltwunder", "wunderkarte", "name"), fr="Merveille"),
    Word("stages", "Bauabschnitte", ("bauabschnitt", "stufen"), fr="Étapes"),
    Word("difficulty", "Schwierigkeit", ("schwierigkeitsgrad",), fr="Difficulté"),
    Word("buildings", "Gebäude", ("gebaeude",), fr="Bâtiments"),
    Word("english", "Englisch", ("english name", "englischer name", "name en"), fr="Anglais"),
))
_ALIASES = WORDS.aliases(("wonder", "stages", "difficulty", "buildings", "english"))
_ROMAN = {"I": 1, "II": 2, "III": 3}
#: More rows than any box holds cards is a file of something else.
MAX_CARDS = 200
#: Far above the rulebook's "ungefähr 10 Bauabschnitte" and the "ein oder zwei" buildings a
#: review counts on a card: a larger number is a typo, not a card.
MOST_STAGES, MOST_CARD_BUILDINGS = 50, 10


class WonderCatalogue:
    """`tourney.event.game.Catalogue` for One Card Wonder."""

    what = N_("wonder cards")

    def read(self, path: Path) -> list[Json]:
        tables = read_tables(path)
        table = tables[0] if tables else None
        if table is None or not table.rows:
            raise SheetError(_("{file}: the file is empty: it needs a header row with the columns wonder and "
                               "stages (Wunder, Bauabschnitte)").format(file=path.name))
        columns = _columns(table)
        label = {col: " ".join(str(table.rows[0].cells[i]).split()) for col, i in columns.items()}
        cards: list[Json] = []
        seen: dict[str, int] = {}
        for row in table.rows[1:]:
            cells = {col: row.cells[i] if i < len(row.cells) else None for col, i in columns.items()}
            if all(is_blank(v) for v in cells.values()):
                continue
            where = table.where(row.number)
            name = "" if is_blank(cells["wonder"]) else " ".join(str(cells["wonder"]).split())
            if not name:
                raise SheetError(_("{where}: the wonder's name is empty: write the name printed on the card")
                                 .format(where=where))
            key = data.name_key(name)
            if key in seen:
                raise SheetError(_("{where}: {wonder!r} is listed twice (first in row {row}): the box has each "
                                   "wonder card once; delete one row").format(where=where, wonder=name,
                                                                              row=seen[key]))
            seen[key] = row.number
            if len(seen) > MAX_CARDS:
                raise SheetError(_("{where}: more than {most} wonder cards: is this the list of the box's wonder "
                                   "cards?").format(where=where, most=MAX_CARDS))
            card: dict[str, Json] = {"name": name,
                                     "stages": _whole(cells["stages"], where, label["stages"], 1, MOST_STAGES)}
            difficulty = cells.get("difficulty")
            if not is_blank(difficulty):
                roman = _ROMAN.get(str(difficulty).strip().upper())
                card["difficulty"] = roman if roman is not None else _whole(
                    difficulty, where, label["difficulty"], min(data.DIFFICULTIES), max(data.DIFFICULTIES))
            if not is_blank(cells.get("buildings")):
                card["buildings"] = _whole(cells["buildings"], where, label["buildings"], data.MIN_CARD_BUILDINGS,
                                           MOST_CARD_BUILDINGS)
            if not is_blank(cells.get("english")):
                card["english"] = " ".join(str(cells["english"]).split())
            cards.append(card)
        if not cards:
            raise SheetError(_("{where}: no wonder cards below the header").format(where=table.where()))
        return cards

    def keywords(self, cards: list[Json]) -> dict[str, object]:
        """The rules engine's `check_sheet(catalogue=..., complete=True)`: the organiser's list
        is the box's cards, so a name that is not on it is unknown."""
        return {"catalogue": tuple(_wonder(c) for c in cards), "complete": True}


def _wonder(card: Json) -> data.Wonder:
    if not isinstance(card, dict):
        raise TypeError(card)
    name, english, stages = card["name"], card.get("english"), card["stages"]
    difficulty, buildings = card.get("difficulty"), card.get("buildings")
    if not (isinstance(name, str) and isinstance(stages, int) and (english is None or isinstance(english, str))
            and (difficulty is None or isinstance(difficulty, int))
            and (buildings is None or isinstance(buildings, int))):
        raise TypeError(card)
    return data.Wonder(name, english, difficulty, stages, buildings)


def _columns(table: Table) -> dict[str, int]:
    """Column name -> index in the header row (the first row); wonder and stages required."""
    header = table.rows[0]
    found = header_columns(table, _ALIASES)
    missing = [c for c in ("wonder", "stages") if c not in found]
    if missing:
        raise SheetError(_("{where}: the header {header!r} has no {columns} column: the first row names the "
                           "columns wonder and stages (Wunder, Bauabschnitte), optionally difficulty, buildings "
                           "and english").format(where=table.where(header.number), header=list(header.cells),
                                                 columns=" or ".join(missing)))
    return found


def _whole(cell: object, where: str, column: str, low: int, high: int) -> int:
    """A whole number from low to high, or a SheetError that says so (`column` as the file's
    header names it)."""
    if is_blank(cell):
        raise SheetError(_("{where}: {column} is empty: write the number printed on the card ({low} to {high})")
                         .format(where=where, column=column, low=low, high=high))
    try:
        value = whole_number(cell)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise SheetError(_("{where}: {column} {value!r}: write a whole number from {low} to {high}").format(
            where=where, column=column, value=str(cell).strip(), low=low, high=high))
    return value


CATALOGUE = WonderCatalogue()
