"""The Dominations score pad: VP, initiative and the optional end-of-game columns, one column
per player (English and German)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.pdf.pads import PadDescription

ROWS = (("vp", "#C62828"), ("initiative", "#333333"), ("influence", "#6A3D9A"), ("dominations", "#E0A800"),
        ("objectives", "#2E7D32"))
LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"vp": ("VP", "with the 100 tiles"), "initiative": ("Initiative", "at the end, 1 = front"),
           "influence": ("Influence", "at the end"), "dominations": ("Dominations", "cards, 0-6"),
           "objectives": ("Objectives", "fulfilled, 0-5")},
    "de": {"vp": ("Siegpunkte", "mit 100er-Plättchen"), "initiative": ("Initiative", "am Ende, 1 = vorne"),
           "influence": ("Einfluss", "am Ende"), "dominations": ("Dominationen", "Karten, 0-6"),
           "objectives": ("Ziele", "erfüllt, 0-5")},
}


def dominations_pad(lang: str) -> PadDescription:
    """The pad in `lang` ("en" or "de")."""
    from tourney.pdf.pads import PadCategory, PadDescription

    labels = LABELS[lang]
    return PadDescription(game="Dominations",
                          categories=tuple(PadCategory(k, labels[k][0], c, labels[k][1]) for k, c in ROWS),
                          total=None)
