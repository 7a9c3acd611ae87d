"""The Dominations score pad: VP, initiative and the optional end-of-game columns, one column
per player, in the event's language."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.core.i18n import N_, _, use_language

if TYPE_CHECKING:
    from tourney.outputs.pdf.pads import PadDescription

ROWS = (("vp", "#C62828"), ("initiative", "#333333"), ("influence", "#6A3D9A"), ("dominations", "#E0A800"),
        ("objectives", "#2E7D32"))
#: (label, hint) of each row, in English (msgids): translated where the pad is built.
LABELS: dict[str, tuple[str, str]] = {
    "vp": (N_("VP"), N_("with the 100 tiles")), "initiative": (N_("Initiative"), N_("at the end, 1 = front")),
    "influence": (N_("Influence"), N_("at the end")), "dominations": (N_("Dominations"), N_("cards, 0-6")),
    "objectives": (N_("Objectives"), N_("fulfilled, 0-5")),
}


def dominations_pad(lang: str, options: frozenset[str] = frozenset()) -> PadDescription:
    """The pad in `lang` (one of `tourney.core.i18n.LANGS`)."""
    from tourney.outputs.pdf.pads import PadCategory, PadDescription

    with use_language(lang):
        labels = {key: (_(label), _(hint)) for key, (label, hint) in LABELS.items()}
        # The rulebook draws the first age's order at random; the seating draw already is one.
        hint = _("▶ is I on the initiative track at the start, the others follow in seat order.")
    return PadDescription(game="Dominations",
                          categories=tuple(PadCategory(k, labels[k][0], c, labels[k][1]) for k, c in ROWS),
                          total=None, hint=hint)
