"""Overall standings: game points per table under the event's scheme, then the declared
tiebreak chain (relative share, VP, coins, lot)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from tourney.games import workflow
from tourney.schemes import Scheme, find_scheme
from tourney.scoring import Entrant, score_table
from tourney.store import Event, EventInfo, Player, TableResult


@dataclass(frozen=True)
class Tiebreak:
    """One ranking criterion: `key` names the Standing attribute; higher is better unless
    `ascending`."""

    key: str
    name: str
    abbr: str
    ascending: bool = False


TIEBREAKS: dict[str, Tiebreak] = {t.key: t for t in (
    Tiebreak("points", "game points", "Points"),
    Tiebreak("share", "sum of relative shares", "Share"),
    Tiebreak("vp", "sum of victory points", "VP"),
    Tiebreak("coins", "sum of coins", "Coins"),
    Tiebreak("lot", "drawn lot (1 = best)", "Lot", ascending=True),
)}


@dataclass(frozen=True)
class GameLine:
    """One player's game as it counts for the standings."""

    round: int
    table: int
    seat: int
    player: str
    wonder: str | None
    side: str | None
    scores: dict[str, int]
    points: Fraction
    share: Fraction
    warnings: tuple[str, ...] = ()

    @property
    def vp(self) -> int:
        return self.scores.get("total", 0)

    @property
    def coins(self) -> int:
        return self.scores.get("coins", 0)


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    points: Fraction
    share: Fraction
    vp: int
    coins: int
    lot: int
    games: int
    dropped_after: int | None


@dataclass(frozen=True)
class Standings:
    info: EventInfo
    scheme: Scheme
    after_round: int | None
    rows: tuple[Standing, ...]
    games: tuple[GameLine, ...]
    tiebreaks: tuple[Tiebreak, ...]
    lot_order: tuple[str, ...]  # every player, best lot first


def lot_key(seed: int, name: str) -> str:
    """A player's lot: a hash of the event seed and the name, so anyone can redraw it."""
    return hashlib.sha256(f"tourney-lot:{seed}:{name.casefold()}".encode()).hexdigest()


def score_games(results: Sequence[TableResult], scheme: Scheme) -> list[GameLine]:
    games: list[GameLine] = []
    for res in results:
        entrants = [Entrant(line.scores.get("total", 0), line.scores.get("coins", 0)) for line in res.lines]
        scored = score_table(entrants, scheme)
        for line, pts, share in zip(res.lines, scored.points, scored.shares):
            games.append(GameLine(res.round, res.table, line.seat, line.player, line.wonder, line.side,
                                  line.scores, pts, share, res.warnings))
    return games


def rank_players(players: Sequence[Player], games: Sequence[GameLine], scheme: Scheme,
                 seed: int) -> tuple[list[Standing], list[str]]:
    """Sum every player's games and sort by points then the scheme's tiebreaks."""
    lots = sorted(players, key=lambda p: lot_key(seed, p.name))
    lot_of = {p.name: i for i, p in enumerate(lots, 1)}
    sums: dict[str, list] = {p.name: [Fraction(0), Fraction(0), 0, 0, 0] for p in players}
    for g in games:
        s = sums.setdefault(g.player, [Fraction(0), Fraction(0), 0, 0, 0])
        s[0] += g.points
        s[1] += g.share
        s[2] += g.vp
        s[3] += g.coins
        s[4] += 1
    dropped = {p.name: p.dropped_after for p in players}
    unranked = [Standing(0, name, s[0], s[1], s[2], s[3], lot_of.get(name, len(lot_of) + 1), s[4],
                         dropped.get(name)) for name, s in sums.items()]
    chain = [TIEBREAKS["points"]] + [TIEBREAKS[k] for k in scheme.tiebreaks]

    def sort_key(st: Standing) -> tuple:
        return tuple(getattr(st, t.key) if t.ascending else -getattr(st, t.key) for t in chain)

    ordered = sorted(unranked, key=sort_key)
    rows = [Standing(i, st.player, st.points, st.share, st.vp, st.coins, st.lot, st.games, st.dropped_after)
            for i, st in enumerate(ordered, 1)]
    return rows, [p.name for p in lots]


def compute_standings(event: Event, after_round: int | None = None) -> Standings:
    """The event's standings after `after_round` (default: every stored round), of its game."""
    return workflow(event.info().game).standings(event, after_round)  # type: ignore[no-any-return]


def sevenwonders_standings(event: Event, after_round: int | None = None) -> Standings:
    """A 7 Wonders event's standings: game points, then the scheme's tiebreaks."""
    info = event.info()
    scheme = find_scheme(info.scheme, info.game)
    games = score_games(event.results(upto_round=after_round), scheme)
    rows, lots = rank_players(event.players(), games, scheme, info.seed)
    chain = (TIEBREAKS["points"],) + tuple(TIEBREAKS[k] for k in scheme.tiebreaks)
    return Standings(info, scheme, after_round, tuple(rows), tuple(games), chain, tuple(lots))
