"""Duel standings: match points (win 1, draw 1/2, loss 0, bye as the event says), then the
scheme's declared tiebreak chain, all in exact arithmetic on plain match results; a top cut
decides the top places."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from rules_engine.duel.sheet import Victory
from rules_engine.findings import Term, Text
from rules_engine.findings import phrase
from tourney.games.duel.settings import bye_points
from tourney.games.duel.ranking import DuelRanking, DuelStanding
from tourney.games.duel.stored import MatchResult, match_results, top_cut
from tourney.core.i18n import N_
from tourney.core.names import sort_key as name_order
from tourney.games.duel.schemes import SCHEMES
from tourney.core.schemes import find_scheme
from tourney.event.standings import PlainSheet, PlayerRounds, Tiebreak, ranked_by_lot, round_rows

if TYPE_CHECKING:
    from pathlib import Path

    from tourney.core import store

#: Opponents' match-win % floors each opponent at 1/3, so a weak opponent costs little.
MWP_FLOOR = Fraction(1, 3)


@dataclass
class _Tally:
    player: str
    match_points: Fraction = Fraction(0)
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    supremacy: int = 0
    vp: int = 0
    civ_own: int = 0
    civ_both: int = 0
    # (opponent, points scored against them) per played match.
    games: list[tuple[str, Fraction]] = field(default_factory=list)

    @property
    def rounds(self) -> int:
        return self.wins + self.losses + self.draws + self.byes

    def mwp(self) -> Fraction:
        return max(MWP_FLOOR, self.match_points / self.rounds) if self.rounds else MWP_FLOOR


Compute = Callable[[_Tally, Mapping[str, _Tally], Mapping[str, int]], Fraction | int]


def _buchholz(t: _Tally, all_: Mapping[str, _Tally], _lots: Mapping[str, int]) -> Fraction:
    return sum((all_[o].match_points for o, _ in t.games), Fraction(0))


def _omw(t: _Tally, all_: Mapping[str, _Tally], _lots: Mapping[str, int]) -> Fraction:
    if not t.games:
        return Fraction(0)
    return sum((all_[o].mwp() for o, _ in t.games), Fraction(0)) / len(t.games)


def _sb(t: _Tally, all_: Mapping[str, _Tally], _lots: Mapping[str, int]) -> Fraction:
    return sum((pts * all_[o].match_points for o, pts in t.games), Fraction(0))


def _civ_ratio(t: _Tally, _all: Mapping[str, _Tally], _lots: Mapping[str, int]) -> Fraction:
    return Fraction(t.civ_own, t.civ_both) if t.civ_both else Fraction(0)


#: Every Duel tiebreak: the declaration (key, name, abbr, ascending) and how to compute it.
TIEBREAKS: dict[str, tuple[Tiebreak, Compute]] = {
    "buchholz": (Tiebreak("buchholz", N_("Buchholz: sum of the opponents' match points"), N_("Buch")), _buchholz),
    "omw": (Tiebreak("omw", N_("opponents' match-win %: their average match points per round, "
                               "each at least 1/3"), N_("OMW%")), _omw),
    "sb": (Tiebreak("sb", N_("Sonneborn-Berger: opponents' match points weighted by the result against them"),
                    N_("SB")), _sb),
    "wins": (Tiebreak("wins", N_("matches won (byes not counted)"), N_("W")), lambda t, a, lo: t.wins),
    "supremacy": (Tiebreak("supremacy", N_("matches won by military, science or political supremacy"), N_("Sup")),
                  lambda t, a, lo: t.supremacy),
    "civ_ratio": (Tiebreak("civ_ratio", N_("civilian score ratio: own VP / both players' VP in matches ended by "
                                           "civilian victory"), N_("Civ%")), _civ_ratio),
    "vp": (Tiebreak("vp", N_("sum of victory points"), N_("VP")), lambda t, a, lo: t.vp),
    "lot": (Tiebreak("lot", N_("drawn lot (1 = best)"), N_("Lot"), ascending=True),
            lambda t, a, lots: lots.get(t.player, len(lots) + 1)),
}
MATCH_POINTS = Tiebreak("match_points", N_("match points (win 1, draw 1/2, loss 0)"), N_("MP"))


def chain(keys: Sequence[str]) -> tuple[Tiebreak, ...]:
    """The declared tiebreaks for `keys`, in precedence order (unknown keys are a bug)."""
    return tuple(TIEBREAKS[k][0] for k in keys)


def duel_standings(players: Sequence[str], results: Sequence[MatchResult], tiebreaks: Sequence[str],
                   *, bye_points: Fraction = Fraction(1), lots: Mapping[str, int] | None = None,
                   dropped: Mapping[str, int | None] | None = None) -> list[DuelStanding]:
    """Rank `players` by match points, then `tiebreaks` in order. Players equal on every
    criterion share a rank. Byes score `bye_points` and count as no opponent."""
    lots = lots or {}
    tallies: dict[str, _Tally] = {p: _Tally(p) for p in players}
    for m in results:
        for name in (m.first, m.second):
            if name is not None and name not in tallies:
                tallies[name] = _Tally(name)
        a = tallies[m.first]
        if m.second is None:
            a.byes += 1
            a.match_points += bye_points
            continue
        b = tallies[m.second]
        civilian = m.victory in (None, Victory.CIVILIAN)
        for me, other, own, theirs in ((a, b, m.totals[0], m.totals[1]), (b, a, m.totals[1], m.totals[0])):
            pts = m.points_for(me.player)
            me.match_points += pts
            me.games.append((other.player, pts))
            me.vp += own
            if m.winner is None:
                me.draws += 1
            elif m.winner == me.player:
                me.wins += 1
                me.supremacy += 0 if civilian else 1
            else:
                me.losses += 1
            if civilian:
                me.civ_own += own
                me.civ_both += own + theirs
    keys = list(tiebreaks)
    values = {name: tuple((k, TIEBREAKS[k][1](t, tallies, lots)) for k in keys) for name, t in tallies.items()}

    def sort_key(name: str) -> tuple[Fraction | int, ...]:
        out: list[Fraction | int] = [-tallies[name].match_points]
        for k, v in values[name]:
            out.append(v if TIEBREAKS[k][0].ascending else -v)
        return tuple(out)

    ordered = sorted(tallies, key=lambda n: (sort_key(n), name_order(n)))
    rows: list[DuelStanding] = []
    for i, name in enumerate(ordered):
        rank = rows[-1].rank if rows and sort_key(name) == sort_key(ordered[i - 1]) else i + 1
        t = tallies[name]
        rows.append(DuelStanding(rank, name, t.match_points, t.wins, t.losses, t.draws, t.byes, values[name],
                                 (dropped or {}).get(name)))
    return rows


def cut_winner(match: MatchResult, seed_rank: Mapping[str, int]) -> str:
    """Who goes through in a top-cut match: the winner, or on a shared victory the higher
    seed (lower `seed_rank`)."""
    if match.second is None:
        return match.first
    if match.winner is not None:
        return match.winner
    return min((match.first, match.second), key=lambda p: seed_rank.get(p, 10**9))


def cut_places(seeds: Sequence[str], rounds: Sequence[Sequence[MatchResult]]) -> dict[str, int]:
    """Places from a single-elimination cut, round by round: a player out in a round
    shares the place after everyone still in (the final's loser 2, semi-final losers 3,
    quarter-final losers 5, …); players still in share place 1."""
    rank = {s: i for i, s in enumerate(seeds)}
    alive = set(seeds)
    places: dict[str, int] = {}
    for rnd in rounds:
        out = []
        for m in rnd:
            if m.second is None:
                continue
            w = cut_winner(m, rank)
            out.append(m.second if w == m.first else m.first)
        alive -= set(out)
        for p in out:
            places[p] = len(alive) + 1
    for p in alive:
        places[p] = 1
    return places


# --- the event's standings -------------------------------------------------------------------------
class DuelStandings(DuelRanking):
    """Standings of a Duel event, ready for every export format (`tourney.event.standings.Standings`):
    each format is written by `tourney.games.duel.export`, imported when an output is asked for
    (openpyxl and the renderers load then)."""

    def to_table(self, cut: int | None = None) -> str:
        from tourney.games.duel import export

        return export.table(self, cut)

    def to_csv(self, cut: int | None = None) -> str:
        from tourney.games.duel import export

        return export.csv_text(self, cut)

    def to_json(self, cut: int | None = None) -> str:
        from tourney.games.duel import export

        return export.json_text(self, cut)

    def to_html(self, cut: int | None = None) -> str:
        from tourney.games.duel import export

        return export.html_text(self, cut)

    def write_xlsx(self, path: Path, draws: Sequence[store.StoredDraw] = (), cut: int | None = None,
                   extra: Sequence[PlainSheet] = ()) -> None:
        from tourney.games.duel import export

        export.xlsx(self, path, draws, cut, extra)


def lots(event: store.Event) -> tuple[str, ...]:
    return tuple(p.name for p in ranked_by_lot(event.info(), event.players(), lambda p: p.name))


def compute_standings(event: store.Event, after_round: int | None = None) -> DuelStandings:
    info = event.info()
    scheme = find_scheme(info.scheme, SCHEMES)
    matches = match_results(event, after_round)
    lot_order = lots(event)
    players = event.players()
    bye = bye_points(event)
    cut = top_cut(event)
    start = cut.round if cut else None
    swiss = [m for m in matches if start is None or m.round < start]
    # Who left before round 1 (not checked in, or dropped before it) took no part: not ranked.
    rows = duel_standings([p.name for p in players if p.dropped_after != 0], swiss, scheme.tiebreaks, bye_points=bye,
                          lots={n: i for i, n in enumerate(lot_order, 1)},
                          dropped={p.name: p.dropped_after for p in players})
    if cut is not None and (after_round is None or after_round >= cut.round):
        # The cut decides the top places; the Swiss rounds order everyone else (and
        # players who share a cut place).
        by_round: dict[int, list[MatchResult]] = defaultdict(list)
        for m in matches:
            if m.round >= cut.round:
                by_round[m.round].append(m)
        places = cut_places(cut.seeds, [by_round[r] for r in sorted(by_round)])
        order = sorted(range(len(rows)), key=lambda i: (places.get(rows[i].player, 10**9), i))
        rows = [replace(rows[i], rank=k, cut=places.get(rows[i].player)) for k, i in enumerate(order, 1)]
    return DuelStandings(info, scheme, after_round, tuple(rows), (MATCH_POINTS,) + chain(scheme.tiebreaks),
                         tuple(matches), lot_order, bye)


def player_rounds(event: store.Event, st: DuelStandings, player: str) -> PlayerRounds:
    """A player's rounds: table, seat (1 starts), opponent, both VP, the result and match
    points; paired rounds not played yet too."""
    from tourney.outputs.export import decimal

    def paired(s: store.SeatRow) -> tuple[object, ...]:
        opponents = [o.player for o in event.seats(s.round) if o.table == s.table and o.player != player]
        return (s.round, s.table, s.seat, opponents[0] if opponents else phrase("(bye)"), None, None, None, None)

    def played(m: MatchResult, _seat: store.SeatRow | None) -> tuple[object, ...]:
        if m.second is None:
            return (m.round, m.table, 1, phrase("(bye)"), None, None, phrase("bye"), decimal(st.bye_points, 2))
        first = m.first == player
        own, theirs = m.totals if first else m.totals[::-1]
        # Words (`phrase`): said in the event's language on screen, English in CSV and JSON.
        result: Text
        if m.winner is None:
            result = phrase("draw")
        elif m.victory is None:
            result = phrase("won") if m.winner == player else phrase("lost")
        elif m.winner == player:
            result = phrase("won ({victory})", victory=Term(m.victory.value))
        else:
            result = phrase("lost ({victory})", victory=Term(m.victory.value))
        return (m.round, m.table, 1 if first else 2, m.second if first else m.first, own, theirs, result,
                decimal(m.points_for(player), 2))

    rows = round_rows(event, player, {m.round: m for m in st.matches if player in (m.first, m.second)}, played,
                      paired)
    return PlayerRounds(("round", "table", "seat", "opponent", "vp", "opponent_vp", "result", "match_points"),
                        (N_("Round"), N_("Table"), N_("Seat"), N_("Opponent"), N_("VP"), N_("Opp. VP"),
                         N_("Result"), N_("MP")), rows)
