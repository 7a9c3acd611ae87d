"""7 Wonders standings: game points per table under the event's scheme, then the declared
tiebreak chain (relative share, VP, coins, lot)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from rules_engine.sevenwonders import PlayerScore
from tourney.outputs.export import decimal, fixed
from tourney.games.sevenwonders.sheets import load_table
from tourney.core.i18n import N_
from tourney.games.sevenwonders.schemes import SCHEMES
from tourney.core.schemes import Scheme, find_scheme
from tourney.event.scoring import Entrant, score_table
from tourney.event.standings import ExportedStandings, PlayerRounds, Tiebreak, lot_key, round_rows

if TYPE_CHECKING:
    from tourney.core.store import Event, EventInfo, Player, SeatRow, TableResult

TIEBREAKS: dict[str, Tiebreak] = {t.key: t for t in (
    Tiebreak("points", N_("game points"), N_("Points")),
    Tiebreak("share", N_("sum of relative shares"), N_("Share")),
    Tiebreak("vp", N_("sum of victory points"), N_("VP")),
    Tiebreak("coins", N_("sum of coins"), N_("Coins")),
    Tiebreak("lot", N_("drawn lot (1 = best)"), N_("Lot"), ascending=True),
)}


@dataclass(frozen=True)
class GameLine:
    """One player's game as it counts for the standings: the sheet's line, game points, share."""

    round: int
    table: int
    score: PlayerScore
    points: Fraction
    share: Fraction
    warnings: tuple[object, ...] = ()  # as stored: `results.stored_warning_text` says them

    @property
    def seat(self) -> int:
        return self.score.seat

    @property
    def player(self) -> str:
        return self.score.player

    @property
    def vp(self) -> int:
        return self.score.total

    @property
    def coins(self) -> int:
        return self.score.coins


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
class SevenWondersStandings(ExportedStandings):
    """Standings of a 7 Wonders event, ready for every export format."""

    export_module = "tourney.games.sevenwonders.export"

    info: EventInfo
    scheme: Scheme
    after_round: int | None
    rows: tuple[Standing, ...]
    games: tuple[GameLine, ...]
    tiebreaks: tuple[Tiebreak, ...]
    lot_order: tuple[str, ...]  # every player, best lot first

    def rounds_played(self) -> frozenset[int]:
        return frozenset(g.round for g in self.games)


def score_games(results: Sequence[TableResult], scheme: Scheme) -> list[GameLine]:
    games: list[GameLine] = []
    for res in results:
        sheet = load_table(res)
        scored = score_table([Entrant(p.total, p.coins) for p in sheet.players], scheme)
        for p, pts, share in zip(sheet.players, scored.points, scored.shares):
            games.append(GameLine(res.round, res.table, p, pts, share, res.warnings))
    return games


@dataclass
class _Sum:
    points: Fraction = Fraction(0)
    share: Fraction = Fraction(0)
    vp: int = 0
    coins: int = 0
    games: int = 0


def rank_players(players: Sequence[Player], games: Sequence[GameLine], scheme: Scheme,
                 seed: int) -> tuple[list[Standing], list[str]]:
    """Sum every player's games and sort by points then the scheme's tiebreaks."""
    lots = sorted(players, key=lambda p: lot_key(seed, p.name))
    lot_of = {p.name: i for i, p in enumerate(lots, 1)}
    sums: dict[str, _Sum] = {p.name: _Sum() for p in players}
    for g in games:
        s = sums.setdefault(g.player, _Sum())
        s.points += g.points
        s.share += g.share
        s.vp += g.vp
        s.coins += g.coins
        s.games += 1
    dropped = {p.name: p.dropped_after for p in players}
    unranked = [Standing(0, name, s.points, s.share, s.vp, s.coins, lot_of.get(name, len(lot_of) + 1), s.games,
                         dropped.get(name)) for name, s in sums.items()]
    chain = [TIEBREAKS["points"]] + [TIEBREAKS[k] for k in scheme.tiebreaks]

    def sort_key(st: Standing) -> tuple[Fraction | int, ...]:
        return tuple(getattr(st, t.key) if t.ascending else -getattr(st, t.key) for t in chain)

    ordered = sorted(unranked, key=sort_key)
    rows = [Standing(i, st.player, st.points, st.share, st.vp, st.coins, st.lot, st.games, st.dropped_after)
            for i, st in enumerate(ordered, 1)]
    return rows, [p.name for p in lots]


def compute_standings(event: Event, after_round: int | None = None) -> SevenWondersStandings:
    """A 7 Wonders event's standings: game points, then the scheme's tiebreaks."""
    info = event.info()
    scheme = find_scheme(info.scheme, SCHEMES)
    games = score_games(event.results(upto_round=after_round), scheme)
    rows, lots = rank_players(event.players(), games, scheme, info.seed)
    chain = (TIEBREAKS["points"],) + tuple(TIEBREAKS[k] for k in scheme.tiebreaks)
    return SevenWondersStandings(info, scheme, after_round, tuple(rows), tuple(games), chain, tuple(lots))


def player_rounds(event: Event, standings: SevenWondersStandings, player: str) -> PlayerRounds:
    """A player's rounds: table, seat, wonder and side, VP, place at the table (players on
    equal game points share it), game points and share; seated rounds not played yet too."""

    def played(g: GameLine, seat: SeatRow | None) -> tuple[object, ...]:
        place = 1 + sum(1 for o in standings.games if (o.round, o.table) == (g.round, g.table) and o.points > g.points)
        wonder = g.score.wonder or (seat.wonder if seat is not None else None)
        side = f" {g.score.side}" if wonder and g.score.side else ""
        return (g.round, g.table, g.seat, (wonder + side) if wonder else None, g.vp, place, decimal(g.points, 2),
                fixed(g.share, 4))

    rows = round_rows(event, player, {g.round: g for g in standings.games if g.player == player}, played,
                      lambda s: (s.round, s.table, s.seat, s.wonder, None, None, None, None))
    return PlayerRounds(("round", "table", "seat", "wonder", "vp", "place", "points", "share"),
                        (N_("Round"), N_("Table"), N_("Seat"), N_("Wonder"), N_("VP"), N_("Place"), N_("Points"),
                         N_("Share")), rows)
