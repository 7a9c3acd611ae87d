"""The 7 Wonders scoring schemes: Bonn Spielt 2018 (the default) and the German championship."""
from __future__ import annotations

from tourney.core.i18n import N_
from tourney.core.schemes import Scheme

BONN = Scheme(
    name="bonn",
    game="7wonders",
    title=N_("Bonn Spielt 2018 (6-4-3-2-1, virtual players at tables of 4 and 3)"),
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
    title=N_("German championship 2017 (tables of 4, 5-3-2-1, coins break ties in a game)"),
    points={3: (5, 3, 1), 4: (5, 3, 2, 1), 5: (5, 3, 2, 1, 0)},
    virtual_places={},
    virtual_shares={3: 1},
    coins_break_ties=True,
    # The DM text ranks by points, share, VP; a lot settles what is still equal so that
    # places (and qualification spots) are always decided.
    tiebreaks=("share", "vp", "lot"),
    table_size=4,
)

#: The default first.
SCHEMES: tuple[Scheme, ...] = (BONN, DM)
