"""Scoring schemes as data: game points per place, virtual players, tiebreak order."""
from __future__ import annotations

from dataclasses import dataclass, field

from tourney.errors import UsageError


@dataclass(frozen=True)
class Scheme:
    """How one event turns victory points into game points and an overall ranking.

    `points[k]` are the game points for places 1..k when k entrants are ranked (real plus
    virtual players); places beyond the longest list score 0. `virtual_places[n]` virtual
    players at the table average join the placement at a table of n real players;
    `virtual_shares[n]` join the table total used for relative shares. `coins_break_ties`:
    inside one game, equal VP are split by coins before points are shared.
    `tiebreaks` lists the standings keys after game points, in precedence order.
    """

    name: str
    game: str
    title: str
    points: dict[int, tuple[int, ...]]
    virtual_places: dict[int, int] = field(default_factory=dict)
    virtual_shares: dict[int, int] = field(default_factory=dict)
    coins_break_ties: bool = False
    tiebreaks: tuple[str, ...] = ("share", "vp", "coins", "lot")
    table_size: int = 5

    def points_for(self, entrants: int) -> tuple[int, ...]:
        if entrants in self.points:
            return self.points[entrants]
        longest = max(self.points.values(), key=len)
        return longest[:entrants] + (0,) * max(0, entrants - len(longest))


BONN = Scheme(
    name="bonn",
    game="7wonders",
    title="Bonn Spielt 2018 (6-4-3-2-1, virtual players at tables of 4 and 3)",
    points={5: (6, 4, 3, 2, 1)},
    # The German text defines the virtual fifth player at tables of 4; tables of 3 get two
    # (spec default), so every table is ranked as five and hands out exactly 16 points.
    virtual_places={4: 1, 3: 2},
    virtual_shares={4: 1, 3: 2},
    tiebreaks=("share", "vp", "coins", "lot"),
    table_size=5,
)

DM = Scheme(
    name="dm",
    game="7wonders",
    title="German championship 2017 (tables of 4, 5-3-2-1, coins break ties in a game)",
    points={3: (5, 3, 1), 4: (5, 3, 2, 1), 5: (5, 3, 2, 1, 0)},
    virtual_places={},
    virtual_shares={3: 1},
    coins_break_ties=True,
    # The DM text ranks by points, share, VP; a lot settles what is still equal so that
    # places (and qualification spots) are always decided.
    tiebreaks=("share", "vp", "lot"),
    table_size=4,
)

# 7 Wonders Duel: a match is a "table" of 2 ranked 1-0 (a shared victory shares: 1/2 each);
# the tiebreak keys are those of tourney.duel_standings, pairing per tourney.duel_event.PAIRING.
DUEL_SWISS = Scheme(
    name="swiss", game="duel", title="Duel Swiss: match points, Buchholz, opponents' match-win %, lot",
    points={2: (1, 0)}, tiebreaks=("buchholz", "omw", "lot"), table_size=2,
)
DUEL_WBC = Scheme(
    name="wbc", game="duel", title="Duel Swiss, WBC style: match points, wins, supremacy wins, civilian "
                                   "score ratio, lot",
    points={2: (1, 0)}, tiebreaks=("wins", "supremacy", "civ_ratio", "lot"), table_size=2,
)
DUEL_ROUND_ROBIN = Scheme(
    name="roundrobin", game="duel", title="Duel round robin: match points, Sonneborn-Berger, wins, lot",
    points={2: (1, 0)}, tiebreaks=("sb", "wins", "lot"), table_size=2,
)

SCHEMES: dict[str, Scheme] = {s.name: s for s in (BONN, DM, DUEL_SWISS, DUEL_WBC, DUEL_ROUND_ROBIN)}
DEFAULT_SCHEME = {"7wonders": "bonn", "duel": "swiss"}


def find_scheme(name: str, game: str | None = None) -> Scheme:
    """The scheme called `name` (case-insensitive), checked against the event's game."""
    scheme = SCHEMES.get(name.strip().lower())
    if scheme is None or (game is not None and scheme.game != game):
        choices = ", ".join(s.name for s in SCHEMES.values() if game is None or s.game == game)
        raise UsageError(f"unknown scoring scheme {name!r}" + (f" for {game}" if game else "")
                         + f": use one of {choices}")
    return scheme
