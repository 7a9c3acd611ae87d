"""Pairing Duel rounds on the event: Swiss (after the previous round's results), round
robin (drawn once, for round 1) and the top cut; each pairing is stored with its seed and
the reasons for each table."""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from rules_engine.findings import Term, Text, phrase
from tourney.core.errors import NothingToSeat, SeatingError, UsageError
from tourney.core.i18n import N_, _, ngettext
from tourney.games.duel.settings import PAIRING
from tourney.games.duel.standings import compute_standings, cut_winner, lots
from tourney.games.duel.stored import (
    PAIRINGS_KIND, ROUND_ROBIN_KIND, TOP_CUT_KIND, TopCut, load_match, match_results, pairings_payload,
    round_robin_order, stored_rounds, top_cut,
)
from tourney.event.seating import SeatedRound
from tourney.event.swiss import Pairing, SwissPlayer, next_cut_round, pair_round, robin_pairings, round_robin
from tourney.event.swiss import top_cut as top_cut_pairings
from tourney.event.drawcheck import store_record

if TYPE_CHECKING:
    from tourney.core import store  # imported where pairings are stored: checking sheets needs no database


def _missing_results(event: store.Event, before: int) -> list[tuple[int, int]]:
    have = {(t.round, t.table) for t in event.results()}
    return [(r, t) for r, rnd in sorted(stored_rounds(event).items()) if r < before
            for t, ps in sorted(rnd.tables.items()) if len(ps) == 2 and (r, t) not in have]


def swiss_players(event: store.Event, round_no: int) -> list[SwissPlayer]:
    """The active players of `round_no` with their history from the earlier rounds."""
    st = compute_standings(event, round_no - 1)
    order = {row.player: i for i, row in enumerate(st.rows)}
    points = {row.player: row.match_points for row in st.rows}
    opponents: dict[str, set[str]] = defaultdict(set)
    byes: dict[str, int] = defaultdict(int)
    firsts: dict[str, int] = defaultdict(int)
    last: dict[str, bool] = {}
    results = {(t.round, t.table): t for t in event.results(upto_round=round_no - 1)}
    for r, rnd in sorted(stored_rounds(event).items()):
        if r >= round_no:
            continue
        for t, players in sorted(rnd.tables.items()):
            if len(players) == 1:
                byes[players[0]] += 1
                continue
            a, b = players
            res = results.get((r, t))
            if res is not None and load_match(res).sheet.lines[1].first:
                a, b = b, a  # the sheet says who really started
            opponents[a].add(b)
            opponents[b].add(a)
            firsts[a] += 1
            last[a], last[b] = True, False
    return [SwissPlayer(p.name, points.get(p.name, Fraction(0)), frozenset(opponents[p.name]), byes[p.name],
                        firsts[p.name], last.get(p.name), order.get(p.name, len(order)))
            for p in event.players() if p.active_in(round_no)]


def _store_pairings(event: store.Event, round_no: int, pairings: Sequence[Pairing], seed: str, how: Term | Text,
                    method: str, record: dict[str, store.Json]) -> None:
    """Store a round's pairings, its draw and its record (what `verify-draws` redraws it from)."""
    from tourney.core import store

    ids = {p.name: p.id for p in event.players()}
    tables: list[list[tuple[int, str | None]]] = [[(ids[name], None) for name in p.players] for p in pairings]
    with event.transaction() as conn:
        store.store_seating(conn, round_no, "seat", tables)
        store.store_draw(conn, round_no, PAIRINGS_KIND, seed, pairings_payload(pairings))
        store_record(conn, round_no, method, record)
        matches = sum(not p.is_bye for p in pairings)
        byes = [p.first for p in pairings if p.is_bye]
        store.log(conn, "seat", {"round": round_no, "pairing": how, "matches": matches,
                                 **({"bye": byes} if byes else {})})


def _check_open(event: store.Event, round_no: int) -> None:
    if round_no < 1:
        raise SeatingError(_("round {round}: rounds are numbered from 1").format(round=round_no))
    if any(t.round == round_no for t in event.results()):
        raise SeatingError(_("round {round} already has results: its pairings can't change").format(round=round_no))
    later = [r for r in event.seated_rounds() if r > round_no]
    if later:
        raise SeatingError(_("round {round} is already paired: re-pair rounds from the last one back").format(
            round=max(later)))


def pair_swiss_round(event: store.Event, round_no: int) -> tuple[Pairing, ...]:
    _check_open(event, round_no)
    missing = _missing_results(event, round_no)
    if missing:
        shown = ", ".join(_("round {round} table {table}").format(round=r, table=t) for r, t in missing[:6]) + (
            " …" if len(missing) > 6 else "")
        raise SeatingError(_("round {round} can't be paired yet: results missing for {tables}: import them "
                             "first").format(round=round_no, tables=shown))
    seed = f"{event.info().seed}:pair:{round_no}"
    players = swiss_players(event, round_no)
    result = pair_round(players, seed)
    record: dict[str, store.Json] = {"players": [
        {"name": p.name, "score": str(p.score), "opponents": [o for o in sorted(p.opponents)], "byes": p.byes,
         "firsts": p.firsts, "started_last": p.started_last, "order": p.order} for p in players]}
    _store_pairings(event, round_no, result.pairings, seed, Term(N_("Swiss pairing")), "swiss", record)
    return result.pairings


def _round_robin_schedule(event: store.Event) -> tuple[list[str], list[tuple[Pairing, ...]]]:
    """The round robin drawn for round 1 (stored with its order), or a new draw."""
    drawn = round_robin_order(event)
    if drawn is not None:
        return list(drawn), round_robin(list(drawn))
    names = [n for n in lots(event) if any(p.name == n and p.active_in(1) for p in event.players())]
    return names, round_robin(names)


def pair_round_robin_round(event: store.Event, round_no: int) -> tuple[Pairing, ...]:
    from tourney.core import store

    _check_open(event, round_no)
    names, schedule = _round_robin_schedule(event)
    if round_no > len(schedule):
        raise SeatingError(_("round {round}: a round robin of {players} players has {rounds} rounds").format(
            round=round_no, players=len(names), rounds=len(schedule)))
    active = {p.name for p in event.players() if p.active_in(round_no)}
    late = sorted(active - set(names))
    if late:
        raise SeatingError(_("{names} joined after the round robin was drawn: a round robin can't take late entries "
                             "(drop them, or start a Swiss event)").format(names=", ".join(map(repr, late))))
    out = robin_pairings(names, round_no, frozenset(active))
    seed = f"{event.info().seed}:roundrobin"
    if round_robin_order(event) is None:
        with event.transaction() as conn:
            store.store_draw(conn, None, ROUND_ROBIN_KIND, seed, list(names))
    _store_pairings(event, round_no, out, seed, Term(N_("round robin")), "roundrobin",
                    {"order": [n for n in names], "active": [n for n in sorted(active)]})
    return out


def _as_seated(round_no: int, pairings: Sequence[Pairing]) -> SeatedRound:
    return SeatedRound(round_no, tuple(p.players for p in pairings))


def seat_rounds(event: store.Event, round_no: int | None = None, all_rounds: bool = False,
                     tables: str | None = None) -> list[SeatedRound]:
    """`tourney seat` for a Duel event: pair the next round (Swiss: after the previous
    round's results), or round N; `--all` for a round robin."""
    if tables is not None:
        raise UsageError(_("--tables {tables!r}: Duel tables seat two players; leave --tables out").format(
            tables=tables))
    info = event.info()
    method = PAIRING.get(info.scheme, "swiss")
    seated = event.seated_rounds()
    if round_no is None:
        open_rounds = [r for r in range(1, info.rounds + 1) if r not in seated]
        if not open_rounds:
            raise SeatingError(_("all {rounds} rounds are paired already: use --round N to re-pair a round that has "
                                 "no results yet, or --cut K for a top cut").format(rounds=info.rounds))
        rounds = open_rounds if all_rounds else open_rounds[:1]
    else:
        rounds = [round_no]
    if all_rounds and method == "swiss" and len(rounds) > 1:
        raise SeatingError(_("Swiss rounds are paired one at a time, each after the results of the one before: "
                             "use 'tourney seat EVENT' without --all"))
    pair = pair_round_robin_round if method == "roundrobin" else pair_swiss_round
    return [_as_seated(r, pair(event, r)) for r in rounds]


def seat_top_cut(event: store.Event, size: int) -> SeatedRound:
    """Pair the next top-cut round: the first from the standings after the Swiss rounds
    (seeds 1..size), later ones from the winners of the previous cut round. A shared
    victory in the cut sends the higher seed through."""
    from tourney.core import store

    info = event.info()
    cut = top_cut(event)
    seated = event.seated_rounds()
    if cut is None:
        swiss_done = max(seated, default=0)
        if swiss_done < info.rounds:
            raise SeatingError(_("the top cut follows the {rounds} Swiss rounds: round {round} is not paired "
                                 "yet").format(rounds=info.rounds, round=swiss_done + 1))
        missing = _missing_results(event, swiss_done + 1)
        if missing:
            raise SeatingError(ngettext("the top cut needs every Swiss result first: {n} match missing",
                                        "the top cut needs every Swiss result first: {n} matches missing",
                                        len(missing)).format(n=len(missing)))
        st = compute_standings(event)
        seeds = [r.player for r in st.rows if r.dropped_after is None][:size]
        if len(seeds) < size:
            raise SeatingError(_("a top cut of {size} needs {size} active players, the standings have "
                                 "{players}").format(size=size, players=len(seeds)))
        pairings = top_cut_pairings(seeds, size)
        round_no = swiss_done + 1
        cut = TopCut(round_no, tuple(seeds))
        record: dict[str, store.Json] = {"seeds": list(seeds), "size": size}
    else:
        seeds = list(cut.seeds)
        last = max(seated)
        missing = _missing_results(event, last + 1)
        if missing:
            raise SeatingError(ngettext("round {round} of the top cut has {n} match without a result: import it first",
                                        "round {round} of the top cut has {n} matches without a result: import them "
                                        "first", len(missing)).format(round=last, n=len(missing)))
        rank = {s: i for i, s in enumerate(seeds)}
        results = {(m.round, m.table): m for m in match_results(event)}
        winners = [cut_winner(results[(last, t)], rank) for t in sorted(stored_rounds(event)[last].tables)]
        if len(winners) == 1:
            raise NothingToSeat(_("the top cut is decided: {winner!r} won the final").format(winner=winners[0]))
        pairings = next_cut_round(winners, seeds)
        round_no = last + 1
        record = {"seeds": list(seeds), "winners": list(winners)}
        cut = TopCut(round_no, cut.seeds)  # each cut round's draw names its own round
    seed = f"{info.seed}:topcut:{round_no}"
    with event.transaction() as conn:
        store.store_draw(conn, round_no, TOP_CUT_KIND, seed, cut.payload())
    _store_pairings(event, round_no, pairings, seed, phrase(N_("top cut of {size}"), size=size), "topcut", record)
    return _as_seated(round_no, pairings)
