"""The Duel scoring schemes: a match is a "table" of 2 ranked 1-0 (a shared victory shares:
1/2 each); the tiebreak keys are those of `standings.TIEBREAKS`, the pairing per
`settings.PAIRING`."""
from __future__ import annotations

from tourney.core.i18n import N_
from tourney.core.schemes import Scheme

DUEL_SWISS = Scheme(
    name="swiss", game="duel", title=N_("Duel Swiss: match points, Buchholz, opponents' match-win %, lot"),
    points={2: (1, 0)}, tiebreaks=("buchholz", "omw", "lot"), table_size=2,
)
DUEL_WBC = Scheme(
    name="wbc", game="duel", title=N_("Duel Swiss, WBC style: match points, wins, supremacy wins, civilian "
                                   "score ratio, lot"),
    points={2: (1, 0)}, tiebreaks=("wins", "supremacy", "civ_ratio", "lot"), table_size=2,
)
DUEL_ROUND_ROBIN = Scheme(
    name="roundrobin", game="duel", title=N_("Duel round robin: match points, Sonneborn-Berger, wins, lot"),
    points={2: (1, 0)}, tiebreaks=("sb", "wins", "lot"), table_size=2,
)

#: The default first.
SCHEMES: tuple[Scheme, ...] = (DUEL_SWISS, DUEL_WBC, DUEL_ROUND_ROBIN)
