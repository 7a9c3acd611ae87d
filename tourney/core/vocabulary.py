"""Column words shared by readers and printers: which header spellings (English or German,
any case, spaces or dashes) stand for which column, and the German label printed for it.

Generic words live here; a game's own words sit next to its sheet format, built the same way.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.core.tabular import Table

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def header_key(header: object) -> str:
    """The lookup key of a header cell: lower case, runs of spaces and `_` as one `-`."""
    return " ".join(str(header).split()).lower().replace(" ", "-").replace("_", "-")


def header_columns(table: Table, aliases: Mapping[str, str], shown: Callable[[str], str] = str) -> dict[str, int]:
    """Column -> index of the cell naming it in the table's first row (`aliases`: header key ->
    column); a column named twice is a SheetError naming both cells (`shown(column)` in it)."""
    from tourney.core.errors import SheetError
    from tourney.core.i18n import _
    from tourney.core.tabular import is_blank

    header = table.rows[0]
    found: dict[str, int] = {}
    for i, cell in enumerate(header.cells):
        col = None if is_blank(cell) else aliases.get(header_key(cell))
        if col is None:
            continue
        if col in found:
            raise SheetError(_("{where}: two {column} columns: {first!r} and {second!r}: delete one of them").format(
                where=table.where(header.number), column=shown(col), first=header.cells[found[col]], second=cell))
        found[col] = i
    return found


@dataclass(frozen=True)
class Word:
    """One column: its (English) name, its German label, and other accepted spellings."""

    column: str
    de: str
    spellings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Vocabulary:
    words: tuple[Word, ...]

    def __add__(self, other: Vocabulary) -> Vocabulary:
        return Vocabulary(self.words + other.words)

    def aliases(self, columns: Iterable[str]) -> dict[str, str]:
        """Header key → column for `columns`: the name, the German label (also with ae/oe/ue/ss
        for umlauts) and every other spelling."""
        wanted = set(columns)
        out = {c: c for c in columns}
        for w in self.words:
            if w.column in wanted:
                for spelling in (w.column, w.de, *w.spellings):
                    key = header_key(spelling)
                    out.setdefault(key, w.column)
                    out.setdefault(key.translate(_FOLD), w.column)
        return out

    def label(self, column: str, lang: str) -> str:
        """The printed header of `column` in `lang` ("en": the column name itself)."""
        if lang == "de":
            return next((w.de for w in self.words if w.column == column), column)
        return column


#: Words every event table uses.
GENERIC = Vocabulary((
    Word("round", "Runde"),
    Word("table", "Tisch", ("gruppe",)),
    Word("seat", "Platz", ("sitz",)),
    Word("player", "Spieler", ("name", "spielername", "spielerin")),
    Word("total", "Summe", ("gesamt",)),
))

#: Roster columns: one name column, or first and last name.
ROSTER = GENERIC + Vocabulary((
    Word("first", "Vorname", ("first-name", "firstname", "given-name", "forename")),
    Word("last", "Nachname", ("last-name", "lastname", "surname", "family-name", "familienname")),
))
