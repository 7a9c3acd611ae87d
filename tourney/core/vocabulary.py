"""Column words shared by readers and printers: which header spellings (in any language
tourney speaks, any case, spaces or dashes, with or without accents) stand for which column,
and the label printed for it in each language.

Generic words live here; a game's own words sit next to its sheet format, built the same way.
The labels are data, not catalogue entries: they are the import format, read back from a
printed sheet whatever the event's language.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.core.errors import SheetError
from tourney.core.i18n import _

if TYPE_CHECKING:
    from tourney.core.tabular import Table

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def _bare(key: str) -> str:
    """`key` without accents ("tresor" for "trésor"): a French header typed without them."""
    return "".join(c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c))


def header_key(header: object) -> str:
    """The lookup key of a header cell: lower case, runs of spaces and `_` as one `-`."""
    return " ".join(str(header).split()).lower().replace(" ", "-").replace("_", "-")


def header_columns(table: Table, aliases: Mapping[str, str], shown: Callable[[str], str] = str) -> dict[str, int]:
    """Column -> index of the cell naming it in the table's first row (`aliases`: header key ->
    column); a column named twice is a SheetError naming both cells (`shown(column)` in it)."""
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
    """One column: its (English) name, its label in each other language tourney speaks (German
    `de`, French `fr`: one field per language of `tourney.core.i18n.LANGS`), and other accepted
    spellings."""

    column: str
    de: str
    spellings: tuple[str, ...] = ()
    fr: str = ""

    def labels(self) -> dict[str, str]:
        """Language -> printed label, for every language but English (the column name)."""
        return {lang: label for lang, label in (("de", self.de), ("fr", self.fr)) if label}


@dataclass(frozen=True)
class Vocabulary:
    words: tuple[Word, ...]

    def __add__(self, other: Vocabulary) -> Vocabulary:
        return Vocabulary(self.words + other.words)

    def aliases(self, columns: Iterable[str]) -> dict[str, str]:
        """Header key → column for `columns`: the name, the label in every language (also with
        ae/oe/ue/ss for umlauts and without accents) and every other spelling."""
        wanted = set(columns)
        out = {c: c for c in columns}
        for w in self.words:
            if w.column in wanted:
                for spelling in (w.column, *w.labels().values(), *w.spellings):
                    key = header_key(spelling)
                    out.setdefault(key, w.column)
                    out.setdefault(key.translate(_FOLD), w.column)
                    out.setdefault(_bare(key), w.column)
        return out

    def label(self, column: str, lang: str) -> str:
        """The printed header of `column` in `lang` (English, or no label: the column name)."""
        return next((w.labels().get(lang, column) for w in self.words if w.column == column), column)

    def labels(self, column: str) -> tuple[str, ...]:
        """Every printed label of `column`, the English name first."""
        return (column, *next((tuple(w.labels().values()) for w in self.words if w.column == column), ()))


#: Words every event table uses.
GENERIC = Vocabulary((
    Word("round", "Runde", ("manche",), fr="Ronde"),
    Word("table", "Tisch", ("gruppe",), fr="Table"),
    Word("seat", "Sitz", ("platz", "sitzplatz"), fr="Siège"),  # "Platz": sheets printed before issue 46
    Word("player", "Spieler", ("name", "spielername", "spielerin", "joueuse", "nom du joueur"), fr="Joueur"),
    Word("total", "Summe", ("gesamt",), fr="Total"),
))

#: Roster columns: one name column, or first and last name.
ROSTER = GENERIC + Vocabulary((
    Word("first", "Vorname", ("first-name", "firstname", "given-name", "forename"), fr="Prénom"),
    Word("last", "Nachname", ("last-name", "lastname", "surname", "family-name", "familienname",
                              "nom de famille"), fr="Nom"),
))
