"""The Dominations scoring schemes: a table has no shared places (initiative breaks VP ties);
place points by table size from `tourney.event.placepoints.bonn_scaled` (2: 3-1, 3: 4-2-1, 4: 5-3-2-1)."""
from __future__ import annotations

from rules_engine.dominations import NAME
from rules_engine.dominations.data import MAX_PLAYERS, MIN_PLAYERS
from tourney.event.placepoints import bonn_scaled
from tourney.core.i18n import N_
from tourney.core.schemes import Scheme

BONN = Scheme(
    name="bonn", game=NAME, title=N_("Bonn 6-4-3-2-1 scaled to the table size (4: 5-3-2-1), then VP, wins, lot"),
    points={n: bonn_scaled(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)},
    tiebreaks=("vp", "wins", "lot"), table_size=4,
)
WINS = Scheme(
    name="wins", game=NAME, title=N_("1 point for a table won, then VP, sum of places, lot"),
    points={n: (1,) + (0,) * (n - 1) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)},
    tiebreaks=("vp", "places", "lot"), table_size=4,
)

#: The default first.
SCHEMES: tuple[Scheme, ...] = (BONN, WINS)
