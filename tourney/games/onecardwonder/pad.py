"""The One Card Wonder score pad: the wonder card, completed stages, buildings and the winner's
tick, one column per player, in the event's language."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.core.i18n import N_, _, pgettext, use_language

if TYPE_CHECKING:
    from tourney.outputs.pdf.pads import PadDescription

#: (label, hint) of each row, in English (msgids): translated where the pad is built.
LABELS: dict[str, tuple[str, str]] = {
    "stages": (N_("Stages"), N_("completed at the end")), "buildings": (N_("Buildings"), N_("board + card, at most 4")),
    "winner": (N_("Winner"), N_("1 = wonder completed")),
}
COLOURS = {"stages": "#8D7B68", "buildings": "#1E5AA8", "winner": "#2E7D32"}


def ocw_pad(lang: str, options: frozenset[str] = frozenset()) -> PadDescription:
    """The pad in `lang` (one of `tourney.core.i18n.LANGS`)."""
    from tourney.outputs.pdf.pads import PadCategory, PadDescription

    with use_language(lang):
        labels = {key: (_(label), _(hint)) for key, (label, hint) in LABELS.items()}
        board = pgettext("one card wonder", "Wonder")
        hint = _("▶ starts, then clockwise.")
    return PadDescription(
        game="One Card Wonder",
        categories=tuple(PadCategory(k, labels[k][0], COLOURS[k], labels[k][1]) for k in ("stages", "buildings")),
        total=None,
        extra=(PadCategory("winner", labels["winner"][0], COLOURS["winner"], labels["winner"][1]),),
        board=board, hint=hint)
