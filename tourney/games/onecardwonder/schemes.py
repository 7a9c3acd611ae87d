"""The One Card Wonder scoring schemes. The rulebook ranks only the winner, so a scheme also
says how the others are placed (`reading`); place points by table size come from
`tourney.event.placepoints.bonn_scaled` (2: 3-1, 3: 4-2-1, 4: 5-3-2-1, 5: 6-4-3-2-1, 6: 7-5-4-3-2-1)."""
from __future__ import annotations

from dataclasses import dataclass

from rules_engine.onecardwonder import NAME, PlaceReading
from rules_engine.onecardwonder.data import MAX_PLAYERS, MIN_PLAYERS
from tourney.event.placepoints import bonn_scaled
from tourney.core.i18n import N_
from tourney.core.schemes import Scheme

POINTS = {n: bonn_scaled(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


@dataclass(frozen=True)
class OcwScheme(Scheme):
    """A scheme plus the tournament reading of a table's places."""

    reading: PlaceReading = PlaceReading.STAGES


BONN = OcwScheme(
    name="bonn", game=NAME,
    title=N_("Bonn 6-4-3-2-1 scaled to the table size; the winner first, the others by completed stages"),
    points=POINTS, tiebreaks=("wins", "stages", "lot"), table_size=4, reading=PlaceReading.STAGES,
)
WINNER = OcwScheme(
    name="winner", game=NAME,
    title=N_("Bonn 6-4-3-2-1 scaled to the table size; the winner first, everyone else shares second place"),
    points=POINTS, tiebreaks=("wins", "stages", "lot"), table_size=4, reading=PlaceReading.WINNER_ONLY,
)

#: The default first.
SCHEMES: tuple[Scheme, ...] = (BONN, WINNER)
