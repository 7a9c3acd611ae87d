"""A Duel event as stored: rounds as pairings (one table per match, seat 1 = the player who
starts Age I, a table with one seat is a bye), each match sheet serialised and rebuilt as
the rules engine's `MatchSheet` with its `Outcome`, and the typed draws (round robin, top
cut, pairing flags)."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from rules_engine.duel.sheet import CATEGORIES, MatchLine, MatchSheet, Outcome, Victory
from tourney.core.errors import EventError
from tourney.core.i18n import _
from tourney.event.swiss import Pairing

if TYPE_CHECKING:
    from tourney.core import store
    from tourney.event.rating import RatedGame

ROUND_ROBIN_KIND, TOP_CUT_KIND, PAIRINGS_KIND = "roundrobin", "topcut", "pairings"


@dataclass(frozen=True)
class StoredRound:
    number: int
    tables: dict[int, tuple[str, ...]]  # table -> players by seat (seat 1 starts)


def stored_rounds(event: store.Event, rounds: Iterable[int] | None = None) -> dict[int, StoredRound]:
    """The stored pairing of every round (of the `rounds`, when given: a desk's POST reads its own)."""
    tables: dict[int, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for s in event.seats() if rounds is None else (s for r in sorted(set(rounds)) for s in event.seats(r)):
        tables[s.round][s.table].append(s.player)
    return {r: StoredRound(r, {t: tuple(ps) for t, ps in ts.items()}) for r, ts in tables.items()}


# --- match sheets ------------------------------------------------------------------------------
def new_match_line(player: str, first: bool, num: Callable[[str], int], senate: int | None, *, victory: str,
                   winner: str | None) -> MatchLine:
    """A `MatchLine` from the values of its whole-number fields by name."""
    return MatchLine(player=player, first=first, blue=num("blue"), green=num("green"), yellow=num("yellow"),
                     purple=num("purple"), wonders=num("wonders"), progress=num("progress"),
                     treasury=num("treasury"), military=num("military"), senate=senate, total=num("total"),
                     coins=num("coins"), victory=victory, winner=winner)


@dataclass(frozen=True)
class StoredMatch:
    """A stored match sheet (lines in seat order) and how the match ended."""

    sheet: MatchSheet
    outcome: Outcome


def dump_line(line: MatchLine, result: Outcome) -> store.Json:
    """One player's line as stored: category points (senate only with Agora), total, coins,
    who started, who won and the kind of victory."""
    data: dict[str, store.Json] = {c: line.points(c) for c in CATEGORIES if c != "senate" or line.senate is not None}
    data.update(total=line.total, coins=line.coins, first=int(line.first),
                won=int(result.winner == line.player), victory=result.victory.value)
    return data


def _load_line(line: store.ResultLine, where: str) -> tuple[MatchLine, bool, Victory]:
    data = line.data
    needed = [c for c in CATEGORIES if c != "senate"] + ["total", "coins"]
    victory = data.get("victory", Victory.CIVILIAN.value) if isinstance(data, dict) else None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), int) for k in needed) \
            or victory not in {v.value for v in Victory}:
        raise EventError(_("{where}: the stored line of {player!r} is damaged ({data!r}): "
                           "import the sheet again with --correct").format(where=where, player=line.player, data=data))

    def num(key: str) -> int:
        value = data.get(key)
        return value if isinstance(value, int) else 0

    senate = data.get("senate")
    match_line = new_match_line(line.player, bool(num("first")), num, senate if isinstance(senate, int) else None,
                                victory=str(victory), winner=None)
    return match_line, bool(num("won")), Victory(victory)


def load_match(result: store.TableResult) -> StoredMatch:
    """A stored table's current version back as the match sheet and its outcome."""
    where = f"round {result.round}, table {result.table}"
    loaded = [_load_line(line, where) for line in result.lines]
    winner = next((ln.player for ln, won, _ in loaded if won), None)
    victory = loaded[0][2] if loaded else Victory.CIVILIAN
    return StoredMatch(MatchSheet(result.round, result.table, tuple(ln for ln, _, _ in loaded)),
                       Outcome(victory, winner))


@dataclass(frozen=True)
class MatchResult:
    """One match (or bye) as the standings see it. `winner` None with a second player is a
    draw (shared civilian victory); `totals` are the VP of first and second."""

    round: int
    table: int
    first: str
    second: str | None
    winner: str | None = None
    victory: Victory | None = None
    totals: tuple[int, int] = (0, 0)

    @property
    def is_bye(self) -> bool:
        return self.second is None

    def points_for(self, player: str) -> Fraction:
        if self.winner is None:
            return Fraction(1, 2)
        return Fraction(1) if self.winner == player else Fraction(0)


def match_results(event: store.Event, upto_round: int | None = None) -> list[MatchResult]:
    """Every stored match, and every bye of a round up to the last one with results (a
    bye counts once its round is under way), in round and table order."""
    out: list[MatchResult] = []
    results = {(t.round, t.table): t for t in event.results(upto_round=upto_round)}
    played = max((r for r, _ in results), default=0)
    for r, rnd in sorted(stored_rounds(event).items()):
        if (upto_round is not None and r > upto_round) or r > played:
            continue
        for t, players in sorted(rnd.tables.items()):
            if len(players) == 1:
                out.append(MatchResult(r, t, players[0], None))
                continue
            res = results.get((r, t))
            if res is None:
                continue
            match = load_match(res)
            a, b = match.sheet.lines
            out.append(MatchResult(r, t, a.player, b.player, match.outcome.winner, match.outcome.victory,
                                   (a.total, b.total)))
    return out


def rated_games(event: store.Event) -> tuple[RatedGame, ...]:
    """Every stored match as the season rating reads it: the winner 1st, the loser 2nd, a
    shared victory both 1st; byes left out (nobody was played)."""
    from tourney.event.rating import RatedGame

    return tuple(RatedGame(m.round, m.table, (m.first, m.second),
                           (1, 1) if m.winner is None else ((1, 2) if m.winner == m.first else (2, 1)))
                 for m in match_results(event) if m.second is not None)


# --- draws -----------------------------------------------------------------------------------------
def _damaged(kind: str, payload: store.Json) -> EventError:
    # the kind is the stored key (duel.pairings, ...): an identifier an organiser can find in the file
    return EventError(_("the stored draw {kind} {payload!r} is damaged: the event file was changed outside "
                        "tourney").format(kind=kind, payload=payload))


def _names(kind: str, value: store.Json) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _damaged(kind, value)
    return tuple(str(v) for v in value)


@dataclass(frozen=True)
class TopCut:
    """The top cut: its seeds (best first) and the round it starts in."""

    round: int
    seeds: tuple[str, ...]

    def payload(self) -> store.Json:
        return {"seeds": list(self.seeds), "round": self.round}


def top_cut(event: store.Event) -> TopCut | None:
    """The event's top cut, once its first round is paired."""
    for d in event.draws(TOP_CUT_KIND):
        payload = d.payload
        if not isinstance(payload, dict) or not isinstance(payload.get("round"), int):
            raise _damaged(TOP_CUT_KIND, payload)
        start = payload["round"]
        assert isinstance(start, int)
        return TopCut(start, _names(TOP_CUT_KIND, payload.get("seeds")))
    return None


def round_robin_order(event: store.Event) -> tuple[str, ...] | None:
    """The players of the round robin in the order drawn for round 1 (None before it is drawn)."""
    for d in event.draws(ROUND_ROBIN_KIND):
        return _names(ROUND_ROBIN_KIND, d.payload)
    return None


def pairings_payload(pairings: Sequence[Pairing]) -> store.Json:
    return [{"table": p.table, "first": p.first, "second": p.second, "flags": list(p.flags)} for p in pairings]


def pairing_notes(event: store.Event, round_no: int) -> dict[int, list[str]]:
    """The flags the pairing gave each table of a round (latest pairing draw)."""
    notes: dict[int, list[str]] = {}
    for d in event.draws(PAIRINGS_KIND):
        if d.round == round_no:
            if not isinstance(d.payload, list):
                raise _damaged(PAIRINGS_KIND, d.payload)
            notes = {}
            for p in d.payload:
                if not isinstance(p, dict) or not isinstance(p.get("table"), int):
                    raise _damaged(PAIRINGS_KIND, d.payload)
                table = p["table"]
                assert isinstance(table, int)
                notes[table] = list(_names(PAIRINGS_KIND, p.get("flags")))
    return notes
