"""Scoring schemes as data: game points per place, virtual players, tiebreak order. Each
game declares its schemes in its package (`Workflow.schemes`, the default first)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tourney.core.i18n import _
from tourney.core.errors import UsageError


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


def find_scheme(name: str, schemes: Sequence[Scheme]) -> Scheme:
    """The scheme called `name` (case-insensitive) among one game's `schemes` (two games may
    each have a scheme of the same name)."""
    scheme = next((s for s in schemes if s.name == name.strip().lower()), None)
    if scheme is None:
        game = schemes[0].game if schemes else _("this game")
        choices = ", ".join(dict.fromkeys(s.name for s in schemes))
        raise UsageError(_("unknown scoring scheme {name!r} for {game}: use one of {choices}").format(
            name=name, game=game, choices=choices))
    return scheme
