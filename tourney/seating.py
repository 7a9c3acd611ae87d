"""Table plans and seeded seating of a round (start player = seat 1)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from tourney import store
from tourney.errors import SeatingError
from tourney.schemes import find_scheme


def table_plan(n: int, size: int = 5) -> tuple[int, ...]:
    """Table sizes for n players, largest first. Bonn (size 5): as few tables of 3 as
    possible, then as many 5s as possible, the rest 4s (12 → 4+4+4, 13 → 5+4+4, 11 → 4+4+3).
    DM (size 4): 4s and as few 3s as possible; a table of 5 only when nothing else fits."""
    if n < 3:
        raise SeatingError(f"{n} player{'s' * (n != 1)} can't fill a table: 7 Wonders needs at least 3")
    sizes = (5, 4, 3) if size >= 5 else (4, 3)
    best: tuple[int, ...] | None = None
    for threes in range(n // 3 + 1):
        rest = n - 3 * threes
        for fives in range(rest // 5, -1, -1) if 5 in sizes else (0,):
            fours, left = divmod(rest - 5 * fives, 4)
            if left == 0:
                best = (5,) * fives + (4,) * fours + (3,) * threes
                break
        if best is not None:
            return best
    if size < 5:
        return table_plan(n, 5)
    raise SeatingError(f"no table plan for {n} players")  # every n >= 3 has one


@dataclass(frozen=True)
class SeatedRound:
    round: int
    tables: tuple[tuple[str, ...], ...]


def _results_rounds(event: store.Event) -> set[int]:
    return {t.round for t in event.results()}


def seat_round(event: store.Event, round_no: int) -> SeatedRound:
    """Seat `round_no` from the event seed: a seeded shuffle of the active players into the
    scheme's table plan. Replaces an earlier seating of that round if it has no results."""
    info = event.info()
    if round_no < 1:
        raise SeatingError(f"round {round_no}: rounds are numbered from 1")
    if round_no in _results_rounds(event):
        raise SeatingError(f"round {round_no} already has results: its seating can't change")
    scheme = find_scheme(info.scheme, info.game)
    players = [p for p in event.players() if p.active_in(round_no)]
    plan = table_plan(len(players), scheme.table_size)
    seed = f"{info.seed}:seats:{round_no}"
    rng = random.Random(seed)
    order = list(players)
    rng.shuffle(order)
    tables, i = [], 0
    for size in plan:
        tables.append(order[i:i + size])
        i += size
    with event.transaction() as conn:
        store.store_seating(conn, round_no, "seat", [[(p.id, None) for p in t] for t in tables])
        store.store_draw(conn, round_no, "seats", seed, [[p.name for p in t] for t in tables])
        store.log(conn, "seat", f"round {round_no}: {len(players)} players at tables of "
                                f"{'+'.join(map(str, plan))}, seed {seed!r}")
    return SeatedRound(round_no, tuple(tuple(p.name for p in t) for t in tables))


def seat_rounds(event: store.Event, round_no: int | None = None, all_rounds: bool = False) -> list[SeatedRound]:
    """`tourney seat`: one round (default: the next one not yet seated) or every open round."""
    info = event.info()
    seated = event.seated_rounds()
    if round_no is not None:
        return [seat_round(event, round_no)]
    open_rounds = [r for r in range(1, info.rounds + 1) if r not in seated]
    if not open_rounds:
        raise SeatingError(f"all {info.rounds} rounds are seated already: use --round N to re-seat a "
                           "round that has no results yet")
    return [seat_round(event, r) for r in (open_rounds if all_rounds else open_rounds[:1])]
