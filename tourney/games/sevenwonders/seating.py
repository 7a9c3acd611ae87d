"""Seating a 7 Wonders round: the schedule optimiser of `tourney.event.schedule` plans every round
not yet printed (start player = seat 1); each seated round gets its wonder and guild draw."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.core.errors import PlanError, SeatingError
from tourney.games.sevenwonders.draws import draw_round
from tourney.games.sevenwonders.drawstore import (
    SEATS_KIND, TABLE_PLAN_KIND, WONDERS_KIND, draw_payload, round_draws, table_plan_setting,
)
from rules_engine.sevenwonders.data import GUILD_NAMES_BY_LANG, WONDER_NAMES_BY_LANG
from tourney.core.i18n import _, language
from tourney.event.schedule import plan_schedule
from tourney.event.schedule import table_plan as sizes_for_plan
from tourney.games.sevenwonders.schemes import SCHEMES
from tourney.core.schemes import find_scheme
from tourney.event.seating import SeatedRound, rounds_to_plan, seated_tables, table_plan
from tourney.core.names import name_key

if TYPE_CHECKING:
    from tourney.core import store  # imported where a round is stored: checking sheets needs no database


def _sizes(event: store.Event, n: int, tables: str | None) -> tuple[int, ...]:
    info = event.info()
    tables = tables or table_plan_setting(event)
    if tables:
        try:
            return sizes_for_plan(n, tables)
        except PlanError as exc:
            raise SeatingError(f"--tables: {exc}") from None
    return table_plan(n, find_scheme(info.scheme, SCHEMES).table_size)


def seat_rounds(event: store.Event, round_no: int | None = None, all_rounds: bool = False,
                             tables: str | None = None) -> list[SeatedRound]:
    """`tourney seat` for 7 Wonders: plan every round not yet printed or played with the schedule optimiser
    (seeded by the event seed), and store the next round (default), round `round_no`, or all
    open rounds, each with its wonder and guild draw. Seated rounds that are not printed yet
    are re-planned with them, so late entries and drops are seated; rounds that come out
    unchanged are not reported. Re-seating round N (``round_no``) with nothing changed keeps
    it as planned; after late entries or drops it re-plans every round not printed.

    `tables`: a table plan ('bonn', 'dm' or sizes like '5,5,4'), kept for later seating;
    default the last one given, else the scheme's plan.
    """
    todo = rounds_to_plan(event, round_no, all_rounds)
    return _plan_and_store(event, todo.first, list(todo.wanted), list(todo.asked), tables)


def _plan_and_store(event: store.Event, first: int, wanted: list[int], report: list[int],
                    tables: str | None) -> list[SeatedRound]:
    from tourney.core import store
    from tourney.event.drawcheck import store_record
    from tourney.event.standings import in_lot_order

    info = event.info()
    # In their lot order (draw version 2): not in the order they registered.
    players = in_lot_order(info.seed, [p for p in event.players() if p.active_in(first)], lambda p: p.name)
    sizes = _sizes(event, len(players), tables)
    current = seated_tables(event)
    fixed = [current[r] for r in sorted(current) if r < first]
    seed = f"{info.seed}:schedule:{first}"
    todo = info.rounds - first + 1
    plan = plan_schedule([p.id for p in players], len(fixed) + todo, list(sizes), fixed=fixed, seed=seed)
    planned = dict(zip(range(first, info.rounds + 1), plan[len(fixed):]))
    names = {p.id: p.name for p in event.players()}

    # Wonders each player already had, from the rounds kept as they are.
    had: dict[int, set[str]] = {}
    by_name = event.player_ids()
    for s in event.seats():
        if s.round < first and s.wonder:
            had.setdefault(by_name[name_key(s.player)], set()).add(s.wonder)
    stored_wonders = {(s.round, s.table, s.seat): s.wonder for s in event.seats()}
    earlier = [d.wonders for r, d in sorted(round_draws(event).items()) if r < first]
    # What every round of this plan is drawn from: `verify-draws` redraws it from the seed and this.
    record: dict[str, store.Json] = {
        "first": first, "plan_rounds": len(fixed) + todo, "players": [p.id for p in players],
        "names": {str(i): names[i] for i in sorted({p.id for p in players} | {i for rnd in fixed for t in rnd
                                                                                 for i in t})},
        "sizes": list(sizes), "limits": None, "fixed": [[list(t) for t in rnd] for rnd in fixed],
        "had": {str(i): [w for w in sorted(ws)] for i, ws in sorted(had.items())},
        "earlier": [list(w) for w in earlier]}
    out: list[SeatedRound] = []
    with event.transaction() as conn:
        if tables and tables != table_plan_setting(event):
            store.store_draw(conn, None, TABLE_PLAN_KIND, "table plan", tables)
            store.log(conn, "seat", {"plan": tables})
        for r in range(first, max(wanted) + 1):
            rnd = planned[r]
            draw = draw_round(info.seed, r, rnd, had, earlier)
            earlier.append(draw.wonders)
            for t in rnd:
                for seat, p in enumerate(t, 1):
                    had.setdefault(p, set()).add(draw.wonder(seat))
            if r not in wanted:
                continue
            store_record(conn, r, "wonders", record)
            wonders = [[draw.wonder(seat) for seat in range(1, len(t) + 1)] for t in rnd]
            same = current.get(r) == rnd and all(
                stored_wonders.get((r, ti, si)) == w for ti, ws in enumerate(wonders, 1) for si, w in enumerate(ws, 1))
            if same:
                if r in report:  # asked for by name: say it stands as planned
                    out.append(SeatedRound(r, tuple(tuple(names[p] for p in t) for t in rnd)))
                continue
            store.store_seating(conn, r, "seat", [[(p, w) for p, w in zip(t, ws)] for t, ws in zip(rnd, wonders)])
            store.store_draw(conn, r, SEATS_KIND, seed, [[names[p] for p in t] for t in rnd])
            store.store_draw(conn, r, WONDERS_KIND, f"{info.seed}:{r}", draw_payload(draw))
            store.log(conn, "seat", {"round": r, "players": sum(map(len, rnd)),
                                     "sizes": "+".join(str(len(t)) for t in rnd)})
            if r in report or r in current:
                out.append(SeatedRound(r, tuple(tuple(names[p] for p in t) for t in rnd)))
    return out


def draws_view(event: store.Event, round_no: int | None = None) -> str:
    """Each seated round's draw as text: the wonder order (seat 1 first) and the guilds."""
    lines = []
    printed = GUILD_NAMES_BY_LANG.get(language(), {})  # the guilds as the language's cards name them
    boards = WONDER_NAMES_BY_LANG.get(language(), {})  # and the wonders as its boards do
    for r, d in sorted(round_draws(event).items()):
        if round_no is None or r == round_no:
            lines.append(_("round {round} wonders: {wonders}").format(
                round=r, wonders=", ".join(boards.get(w, w) for w in d.wonders)))
            note = " " + _("(in this order: a table of n plays the first n + 2)") if d.per_table else ""
            guilds = ", ".join(printed.get(g, g) for g in d.guilds)
            lines.append(_("round {round} guilds: {guilds}").format(round=r, guilds=guilds) + note)
    return "".join(line + "\n" for line in lines)
