"""Seating a table game's rounds (`TableGame`) with the schedule optimiser at tables of the
game's sizes; loaded by `tourney seat` only."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tourney.core.errors import SeatingError
from tourney.core.i18n import _
from tourney.event.schedule import plan_schedule
from tourney.event.schedule import table_plan as sizes_for_plan
from tourney.event.seating import SeatedRound, rounds_to_plan, seated_tables
from tourney.games.tablegame.model import L, P, S, TableGame
from tourney.event.drawcheck import store_record
from tourney.event.standings import in_lot_order

if TYPE_CHECKING:
    from tourney.core.store import Event

#: The draw kind of a seated round (the seating and its seed).
SEATS_KIND = "seats"


def seat_rounds(game: TableGame[P, S, L], event: Event, round_no: int | None, all_rounds: bool,
                tables: str | None) -> list[SeatedRound]:
    """`tourney seat`: plan the open rounds with the schedule optimiser (seeded by the event
    seed) at tables of the game's sizes, as close to the scheme's table size as they allow
    (`tables`: 'even' or sizes like '4,4,3'), and store the rounds asked for."""
    from tourney.core import store

    todo = rounds_to_plan(event, round_no, all_rounds)
    info = event.info()
    assert game.limits is not None  # a game without sizes seats its own rounds (`TableGame.seat`)
    limits = replace(game.limits, usual=min(max(game.scheme(info).table_size, game.limits.low), game.limits.high))
    # In their lot order (draw version 2): not in the order they registered.
    players = in_lot_order(info.seed, [p for p in event.players() if p.active_in(todo.first)], lambda p: p.name)
    try:
        sizes = sizes_for_plan(len(players), tables or "even", limits)
    except SeatingError as exc:
        raise SeatingError(_("--tables: {problem}").format(problem=exc) if tables else str(exc)) from None
    current = seated_tables(event)
    fixed = [current[r] for r in sorted(current) if r < todo.first]
    seed = f"{info.seed}:schedule:{todo.first}"
    plan = plan_schedule([p.id for p in players], len(fixed) + info.rounds - todo.first + 1, list(sizes),
                         fixed=fixed, seed=seed, limits=limits)
    planned = dict(zip(range(todo.first, info.rounds + 1), plan[len(fixed):]))
    names = {p.id: p.name for p in event.players()}
    # What every round of this plan is drawn from: `verify-draws` redraws it from the seed and this.
    record: dict[str, store.Json] = {
        "first": todo.first, "plan_rounds": len(fixed) + info.rounds - todo.first + 1,
        "players": [p.id for p in players],
        "names": {str(i): names[i] for i in sorted({p.id for p in players} | {i for rnd in fixed for t in rnd
                                                                                 for i in t})},
        "sizes": list(sizes), "limits": [limits.low, limits.high, limits.usual, limits.game],
        "fixed": [[list(t) for t in rnd] for rnd in fixed]}
    out: list[SeatedRound] = []
    with event.transaction() as conn:
        for r in todo.wanted:
            rnd = planned[r]
            store_record(conn, r, "schedule", record)
            seated = SeatedRound(r, tuple(tuple(names[p] for p in t) for t in rnd))
            if current.get(r) == rnd:
                if r in todo.asked:  # asked for by name: say it stands as planned
                    out.append(seated)
                continue
            store.store_seating(conn, r, "seat", [[(p, None) for p in t] for t in rnd])
            store.store_draw(conn, r, SEATS_KIND, seed, [[names[p] for p in t] for t in rnd])
            store.log(conn, "seat", {"round": r, "players": sum(map(len, rnd)),
                                     "sizes": "+".join(str(len(t)) for t in rnd)})
            out.append(seated)
    return out


