"""Table plans and seeded seating of rounds (start player = seat 1): the schedule
optimiser of `tourney.schedule` plans every round not yet printed; the wonder and guild
draws of `tourney.draws` go with each seated round."""
from __future__ import annotations

from dataclasses import dataclass

from tourney import store
from tourney.draws import RoundDraw, draw_round
from tourney.errors import SeatingError
from tourney.games import workflow
from tourney.names import name_key
from tourney.schedule import (
    PlanError,
    Round,
    compare_plans,
    plan_for_table_size,
    plan_schedule,
    render_plans,
    render_report,
    schedule_report,
)
from tourney.schedule import table_plan as sizes_for_plan
from tourney.schemes import find_scheme


def table_plan(n: int, size: int = 5) -> tuple[int, ...]:
    """Table sizes for `n` players, largest first, for a scheme's usual table size (5: the
    `bonn` plan, 4: `dm`): `tourney.schedule.table_plan` decides, the one place that does."""
    return sizes_for_plan(n, plan_for_table_size(size))


@dataclass(frozen=True)
class SeatedRound:
    round: int
    tables: tuple[tuple[str, ...], ...]


def _results_rounds(event: store.Event) -> set[int]:
    return {t.round for t in event.results()}


def _locked_rounds(event: store.Event) -> set[int]:
    """Rounds whose seating never changes again: played, printed, or taken from sheets."""
    seated = event.seated_rounds()
    return _results_rounds(event) | event.printed_rounds() | {r for r, src in seated.items() if src != "seat"}


def _seated_tables(event: store.Event) -> dict[int, Round]:
    """The stored seating as player ids: round -> tables in table order, seats in order."""
    ids = event.player_ids()
    rounds: dict[int, dict[int, list[int]]] = {}
    for s in event.seats():
        rounds.setdefault(s.round, {}).setdefault(s.table, []).append(ids[name_key(s.player)])
    return {r: tuple(tuple(t[k]) for k in sorted(t)) for r, t in rounds.items()}


def _stale_rounds(event: store.Event) -> list[int]:
    """Seated rounds, not printed or played, whose players are not the players active now."""
    locked = _locked_rounds(event)
    players = event.players()
    seated: dict[int, set[str]] = {}
    for s in event.seats():
        seated.setdefault(s.round, set()).add(s.player)
    return [r for r in sorted(seated) if r not in locked
            and seated[r] != {p.name for p in players if p.active_in(r)}]


def _table_setting(event: store.Event) -> str | None:
    """The table plan last given with ``seat --tables`` (kept until another is given)."""
    plans = [d["payload"] for d in event.draws() if d["kind"] == "table-plan"]
    return plans[-1] if plans else None


def _sizes(event: store.Event, n: int, tables: str | None) -> tuple[int, ...]:
    info = event.info()
    tables = tables or _table_setting(event)
    if tables:
        try:
            return sizes_for_plan(n, tables)
        except PlanError as exc:
            raise SeatingError(f"--tables: {exc}") from None
    return table_plan(n, find_scheme(info.scheme, info.game).table_size)


def seat_rounds(event: store.Event, round_no: int | None = None, all_rounds: bool = False,
                tables: str | None = None) -> list[SeatedRound]:
    """`tourney seat`: seat (7 Wonders) or pair (Duel) the next round, round `round_no` or all."""
    return workflow(event.info().game).seat(event, round_no, all_rounds, tables)  # type: ignore[no-any-return]


def seat_sevenwonders_rounds(event: store.Event, round_no: int | None = None, all_rounds: bool = False,
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
    info = event.info()
    seated = event.seated_rounds()
    locked = _locked_rounds(event)
    if round_no is not None:
        if round_no < 1:
            raise SeatingError(f"round {round_no}: rounds are numbered from 1")
        if round_no > info.rounds:
            raise SeatingError(f"round {round_no}: the event has {info.rounds} rounds")
        if round_no in _results_rounds(event):
            raise SeatingError(f"round {round_no} already has results: its seating can't change")
        asked = [round_no]
    else:
        open_rounds = [r for r in range(1, info.rounds + 1) if r not in seated]
        stale = _stale_rounds(event)
        if not open_rounds and stale:
            # Late entries or drops since these rounds were seated: re-plan them.
            return seat_rounds(event, stale[0], tables=tables)
        if not open_rounds:
            raise SeatingError(f"all {info.rounds} rounds are seated already: use --round N to re-seat a "
                               "round that has no results yet")
        asked = open_rounds if all_rounds else open_rounds[:1]
    # One plan for everything after the last fixed round before the first round asked for;
    # the rounds asked for are stored, and so are seated rounds of the plan that changed.
    first = max([r for r in locked if r < asked[0]], default=0) + 1
    wanted = [r for r in range(first, info.rounds + 1)
              if r in asked or (r in seated and r not in locked)]
    return _plan_and_store(event, first, wanted, asked, tables)


def _plan_and_store(event: store.Event, first: int, wanted: list[int], report: list[int],
                    tables: str | None) -> list[SeatedRound]:
    info = event.info()
    players = [p for p in event.players() if p.active_in(first)]
    sizes = _sizes(event, len(players), tables)
    current = _seated_tables(event)
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
    out: list[SeatedRound] = []
    with event.transaction() as conn:
        if tables and tables != _table_setting(event):
            store.store_draw(conn, None, "table-plan", str(info.seed), tables)
            store.log(conn, "seat", f"table plan {tables!r} for the rounds seated from now on")
        for r in range(first, max(wanted) + 1):
            rnd = planned[r]
            draw = draw_round(info.seed, r, rnd, had, earlier)
            earlier.append(draw.wonders)
            for t in rnd:
                for seat, p in enumerate(t, 1):
                    had.setdefault(p, set()).add(draw.wonder(seat))
            if r not in wanted:
                continue
            wonders = [[draw.wonder(seat) for seat in range(1, len(t) + 1)] for t in rnd]
            same = current.get(r) == rnd and all(
                stored_wonders.get((r, ti, si)) == w for ti, ws in enumerate(wonders, 1) for si, w in enumerate(ws, 1))
            if same:
                if r in report:  # asked for by name: say it stands as planned
                    out.append(SeatedRound(r, tuple(tuple(names[p] for p in t) for t in rnd)))
                continue
            store.store_seating(conn, r, "seat", [[(p, w) for p, w in zip(t, ws)] for t, ws in zip(rnd, wonders)])
            store.store_draw(conn, r, "seats", seed, [[names[p] for p in t] for t in rnd])
            store.store_draw(conn, r, "wonders", f"{info.seed}:{r}",
                             {"wonders": list(draw.wonders), "guilds": list(draw.guilds)})
            store.log(conn, "seat", f"round {r}: {sum(map(len, rnd))} players at tables of "
                                    f"{'+'.join(str(len(t)) for t in rnd)}, seed {seed!r}")
            if r in report or r in current:
                out.append(SeatedRound(r, tuple(tuple(names[p] for p in t) for t in rnd)))
    return out


def seat_round(event: store.Event, round_no: int) -> SeatedRound:
    """Seat (or re-seat) one round that has no results: see `seat_rounds`."""
    seated = seat_rounds(event, round_no)
    if seated:
        return seated[0]
    names = {p.id: p.name for p in event.players()}
    return SeatedRound(round_no, tuple(tuple(names[p] for p in t) for t in _seated_tables(event)[round_no]))


def round_draws(event: store.Event) -> dict[int, RoundDraw]:
    """The latest wonder and guild draw stored for each round."""
    out: dict[int, RoundDraw] = {}
    for d in event.draws():
        if d["kind"] == "wonders" and d["round"] is not None:
            out[d["round"]] = RoundDraw(d["round"], tuple(d["payload"]["wonders"]), tuple(d["payload"]["guilds"]))
    return out


def draws_view(event: store.Event, round_no: int | None = None) -> str:
    """Each seated round's draw as text: the wonder order (seat 1 first) and the guilds."""
    lines = []
    for r, d in sorted(round_draws(event).items()):
        if round_no is None or r == round_no:
            lines.append(f"round {r} wonders: {', '.join(d.wonders)}")
            lines.append(f"round {r} guilds: {', '.join(d.guilds)}")
    return "".join(line + "\n" for line in lines)


def seating_report(event: store.Event) -> str:
    """`tourney seating --report`: repeated opponents, neighbours and start seats per round,
    next to the lower bound for these table sizes, and why repeats are forced."""
    current = _seated_tables(event)
    if not current:
        info = event.info()
        n = sum(p.active_in(1) for p in event.players())
        if n < 3 or not workflow(info.game).plans_tables:
            return "no seating yet: seat a round with 'tourney seat EVENT'"
        # Before the event: what each table plan forces, to choose the sizes.
        options = compare_plans(n, info.rounds, seed=info.seed)
        return (render_plans(n, info.rounds, options) +
                "\nno seating yet: seat the rounds with 'tourney seat EVENT --all [--tables PLAN]'")
    names = {p.id: p.name for p in event.players()}
    rounds = sorted(current)
    text = render_report(schedule_report([current[r] for r in rounds]), names)
    if rounds != list(range(1, len(rounds) + 1)):
        text += f"\nnote: rounds {', '.join(map(str, rounds))} are seated; the report numbers them 1..{len(rounds)}"
    return text
