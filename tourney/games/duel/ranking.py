"""The values of Duel standings: one player's line (`DuelStanding`) and the event's ranking
(`DuelRanking`), what `standings` computes and `export` and the pad render."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from tourney.core.schemes import Scheme
from tourney.event.standings import Tiebreak
from tourney.games.duel.stored import MatchResult

if TYPE_CHECKING:
    from tourney.core import store


@dataclass(frozen=True)
class DuelStanding:
    rank: int
    player: str
    match_points: Fraction
    wins: int
    losses: int
    draws: int
    byes: int
    tiebreaks: tuple[tuple[str, Fraction | int], ...]
    dropped_after: int | None = None
    cut: int | None = None  # place in the top cut (1 = champion), None outside it

    @property
    def games(self) -> int:
        """Matches played plus byes."""
        return self.wins + self.losses + self.draws + self.byes

    def value(self, key: str) -> Fraction | int:
        if key == "match_points":
            return self.match_points
        return dict(self.tiebreaks)[key]


@dataclass(frozen=True)
class DuelRanking:
    """The values of a Duel event's standings, as the exports read them (`DuelStandings` adds
    the output formats)."""

    info: store.EventInfo
    scheme: Scheme
    after_round: int | None
    rows: tuple[DuelStanding, ...]
    tiebreaks: tuple[Tiebreak, ...]  # match points first, then the scheme's chain
    matches: tuple[MatchResult, ...]
    lot_order: tuple[str, ...]
    bye_points: Fraction

    def rounds_played(self) -> frozenset[int]:
        return frozenset(m.round for m in self.matches)
