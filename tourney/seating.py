"""Seating every game shares: a seated round, which rounds are fixed (played, printed, from
sheets), `seat_rounds` (the event's game seats or pairs), the seating report and the table plan."""
from __future__ import annotations

from dataclasses import dataclass

from tourney import store
from tourney.names import name_key
from tourney.schedule import (
    Round,
    compare_plans,
    plan_for_table_size,
    render_plans,
    render_report,
    schedule_report,
)
from tourney.schedule import table_plan as sizes_for_plan


def table_plan(n: int, size: int = 5) -> tuple[int, ...]:
    """Table sizes for `n` players, largest first, for a scheme's usual table size (5: the
    `bonn` plan, 4: `dm`): `tourney.schedule.table_plan` decides, the one place that does."""
    return sizes_for_plan(n, plan_for_table_size(size))


@dataclass(frozen=True)
class SeatedRound:
    round: int
    tables: tuple[tuple[str, ...], ...]


def results_rounds(event: store.Event) -> set[int]:
    return {t.round for t in event.results()}


def locked_rounds(event: store.Event) -> set[int]:
    """Rounds whose seating never changes again: played, printed, or taken from sheets."""
    seated = event.seated_rounds()
    return results_rounds(event) | event.printed_rounds() | {r for r, src in seated.items() if src != "seat"}


def seated_tables(event: store.Event) -> dict[int, Round]:
    """The stored seating as player ids: round -> tables in table order, seats in order."""
    ids = event.player_ids()
    rounds: dict[int, dict[int, list[int]]] = {}
    for s in event.seats():
        rounds.setdefault(s.round, {}).setdefault(s.table, []).append(ids[name_key(s.player)])
    return {r: tuple(tuple(t[k]) for k in sorted(t)) for r, t in rounds.items()}


def stale_rounds(event: store.Event) -> list[int]:
    """Seated rounds, not printed or played, whose players are not the players active now."""
    locked = locked_rounds(event)
    players = event.players()
    seated: dict[int, set[str]] = {}
    for s in event.seats():
        seated.setdefault(s.round, set()).add(s.player)
    return [r for r in sorted(seated) if r not in locked
            and seated[r] != {p.name for p in players if p.active_in(r)}]


@dataclass(frozen=True)
class RoundsToPlan:
    """What `tourney seat` plans: one plan for rounds `first`..last; the rounds in `wanted`
    are stored (those `asked` for, and seated rounds of the plan not yet fixed)."""

    first: int
    wanted: tuple[int, ...]
    asked: tuple[int, ...]


def rounds_to_plan(event: store.Event, round_no: int | None, all_rounds: bool) -> RoundsToPlan:
    """The rounds `tourney seat` plans for a game seated at tables: the next round (default),
    round `round_no`, or every open round (`all_rounds`); with every round seated, the first
    stale one (late entries or drops since it was seated). Seated rounds after the first one
    asked for that are not fixed yet are re-planned with it."""
    from tourney.errors import SeatingError

    info = event.info()
    seated = event.seated_rounds()
    locked = locked_rounds(event)
    if round_no is not None:
        if round_no < 1:
            raise SeatingError(f"round {round_no}: rounds are numbered from 1")
        if round_no > info.rounds:
            raise SeatingError(f"round {round_no}: the event has {info.rounds} rounds")
        if round_no in results_rounds(event):
            raise SeatingError(f"round {round_no} already has results: its seating can't change")
        asked = [round_no]
    else:
        open_rounds = [r for r in range(1, info.rounds + 1) if r not in seated]
        stale = stale_rounds(event)
        if not open_rounds and stale:
            # Late entries or drops since these rounds were seated: re-plan them.
            return rounds_to_plan(event, stale[0], False)
        if not open_rounds:
            raise SeatingError(f"all {info.rounds} rounds are seated already: use --round N to re-seat a "
                               "round that has no results yet")
        asked = open_rounds if all_rounds else open_rounds[:1]
    # One plan for everything after the last fixed round before the first round asked for;
    # the rounds asked for are stored, and so are seated rounds of the plan that changed.
    first = max([r for r in locked if r < asked[0]], default=0) + 1
    wanted = [r for r in range(first, info.rounds + 1) if r in asked or (r in seated and r not in locked)]
    return RoundsToPlan(first, tuple(wanted), tuple(asked))


def seat_rounds(event: store.Event, round_no: int | None = None, all_rounds: bool = False,
                tables: str | None = None) -> list[SeatedRound]:
    """`tourney seat`: seat or pair (as the event's game does) the next round, round `round_no` or all."""
    from tourney.games import workflow

    return workflow(event.info().game).seat(event, round_no, all_rounds, tables)


def seat_cut(event: store.Event, size: int) -> SeatedRound:
    """`tourney seat --cut K`: pair the next round of a top cut, for a game played in matches."""
    from tourney.views import event_pairings

    return event_pairings(event, "--cut").seat_cut(event, size)


def draws_view(event: store.Event, round_no: int | None = None) -> str:
    """The draws of the seated rounds (or of `round_no`) as text, as the event's game shows them."""
    from tourney.games import workflow

    return workflow(event.info().game).draws_view(event, round_no)


def seating_report(event: store.Event) -> str:
    """`tourney seating --report`: repeated opponents, neighbours and start seats per round,
    next to the lower bound for these table sizes, and why repeats are forced."""
    current = seated_tables(event)
    if not current:
        info = event.info()
        n = sum(p.active_in(1) for p in event.players())
        from tourney.games import workflow

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
