"""Game points and relative shares for one table, exactly (Fractions), under a scheme."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from tourney.core.schemes import Scheme


@dataclass(frozen=True)
class Entrant:
    """One real player's result at a table: victory points and coins at game end."""

    vp: int
    coins: int = 0


@dataclass(frozen=True)
class TableScore:
    """Per real player (input order): game points and share; plus the virtual players'."""

    points: tuple[Fraction, ...]
    shares: tuple[Fraction, ...]
    virtual_vp: Fraction | None
    virtual_points: tuple[Fraction, ...]
    virtual_shares: tuple[Fraction, ...]


def score_table(entrants: Sequence[Entrant], scheme: Scheme) -> TableScore:
    """Rank a table by VP and share out the places' points among tied entrants.

    Virtual players (at the average of the real VP) take places like anyone else and can
    tie; their points are reported separately and never credited to anybody.
    """
    n = len(entrants)
    if n == 0:
        return TableScore((), (), None, (), ())
    average = Fraction(sum(e.vp for e in entrants), n)
    n_virtual = scheme.virtual_places.get(n, 0)
    # Sort keys: VP first; coins only where the scheme lets them split a tie. Virtual
    # players have no coins, so under coin tiebreaks they rank as the average with 0 coins
    # (the DM scheme has no virtual players in the placement, so this never matters there).
    keys: list[tuple[Fraction, int]] = [
        (Fraction(e.vp), e.coins if scheme.coins_break_ties else 0) for e in entrants
    ] + [(average, 0)] * n_virtual
    table = scheme.points_for(len(keys))
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    points: list[Fraction] = [Fraction(0)] * len(keys)
    place = 0
    while place < len(order):
        end = place
        while end + 1 < len(order) and keys[order[end + 1]] == keys[order[place]]:
            end += 1
        pooled = Fraction(sum(table[place:end + 1]), end - place + 1)
        for k in range(place, end + 1):
            points[order[k]] = pooled
        place = end + 1

    share_virtual = scheme.virtual_shares.get(n, 0)
    total = sum((Fraction(e.vp) for e in entrants), Fraction(0)) + share_virtual * average
    if total == 0:
        # Nobody scored: every seat (real or virtual) has the same claim on the table.
        shares = [Fraction(1, n + share_virtual)] * n
        vshare = Fraction(1, n + share_virtual)
    else:
        shares = [Fraction(e.vp) / total for e in entrants]
        vshare = average / total
    return TableScore(
        points=tuple(points[:n]),
        shares=tuple(shares),
        virtual_vp=average if (n_virtual or share_virtual) else None,
        virtual_points=tuple(points[n:]),
        virtual_shares=(vshare,) * share_virtual,
    )
