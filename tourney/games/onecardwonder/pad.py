"""The One Card Wonder score pad: the wonder card, completed stages, buildings and the winner's
tick, one column per player (English and German)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.pdf.pads import PadDescription

LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"stages": ("Stages", "completed at the end"), "buildings": ("Buildings", "board + card, at most 4"),
           "winner": ("Winner", "1 = wonder completed")},
    "de": {"stages": ("Bauabschnitte", "am Ende vollendet"), "buildings": ("Gebäude", "Tableau + Karte, max. 4"),
           "winner": ("Sieger", "1 = Wunder vollendet")},
}
COLOURS = {"stages": "#8D7B68", "buildings": "#1E5AA8", "winner": "#2E7D32"}
BOARD = {"en": "Wonder", "de": "Wunder"}


def ocw_pad(lang: str) -> PadDescription:
    """The pad in `lang` ("en" or "de")."""
    from tourney.pdf.pads import PadCategory, PadDescription

    labels = LABELS[lang]
    return PadDescription(
        game="One Card Wonder",
        categories=tuple(PadCategory(k, labels[k][0], COLOURS[k], labels[k][1]) for k in ("stages", "buildings")),
        total=None,
        extra=(PadCategory("winner", labels["winner"][0], COLOURS["winner"], labels["winner"][1]),),
        board=BOARD[lang])
