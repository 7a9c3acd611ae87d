"""Duel event settings: how each scheme pairs its rounds, and what a bye is worth (stored
with the event through the store's settings API)."""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from tourney.core.i18n import _
from tourney.core.errors import EventError, UsageError

if TYPE_CHECKING:
    from tourney.core import store

#: How each Duel scheme pairs its rounds (the tiebreaks live in the scheme).
PAIRING = {"swiss": "swiss", "wbc": "swiss", "roundrobin": "roundrobin"}
DEFAULT_BYE = Fraction(1)
BYE_SETTING = "bye_points"


def parse_bye_score(text: str) -> Fraction:
    """A bye score from the command line: 1, 0.5, 1/2 or 0."""
    try:
        value = Fraction(text.strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise UsageError(_("--bye-score {value!r} is not a number: write 1, 1/2 or 0").format(value=text)) from None
    if not 0 <= value <= 1:
        raise UsageError(_("--bye-score {value!r}: a bye is worth between 0 and 1 match points").format(value=text))
    return value


def bye_points(event: store.Event) -> Fraction:
    value = event.setting(BYE_SETTING)
    if not value:
        return DEFAULT_BYE
    try:
        return Fraction(value)
    except ValueError:
        raise EventError(f"the event's bye setting {value!r} is damaged: the event file was changed "
                         "outside tourney") from None
