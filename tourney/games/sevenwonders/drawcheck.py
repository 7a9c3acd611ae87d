"""Redrawing a 7 Wonders round for `tourney verify-draws`: the seating from the schedule
optimiser, then the wonder order and the guilds of every round of the plan up to it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tourney.event.drawcheck import Expected, names_of, schedule_round
from tourney.games.sevenwonders.draws import RoundDraw, draw_round


def by_wonders(seed: int, round_no: int, record: Mapping[str, Any]) -> Expected:
    """The round as `tourney seat` drew it (draw version 1): the rounds planned with it are
    drawn in order, each one's boards counting as history for the next."""
    names = names_of(record)
    planned = schedule_round(seed, round_no, record)
    had = {int(k): set(v) for k, v in record["had"].items()}
    earlier = [tuple(w) for w in record["earlier"]]
    draw: RoundDraw | None = None
    for r in range(int(record["first"]), round_no + 1):
        draw = draw_round(seed, r, planned[r], had, earlier)
        earlier.append(draw.wonders)
        for t in planned[r]:
            for seat, p in enumerate(t, 1):
                had.setdefault(p, set()).add(draw.wonder(seat))
    assert draw is not None  # round_no is in the plan: schedule_round gave it
    rnd = planned[round_no]
    return Expected(tuple(tuple(names[p] for p in t) for t in rnd),
                    {(ti, si): draw.wonder(si) for ti, t in enumerate(rnd, 1) for si in range(1, len(t) + 1)},
                    {"wonders": {"wonders": list(draw.wonders), "guilds": list(draw.guilds)}})


#: The draw methods of 7 Wonders events, by the name their records give.
METHODS = {"wonders": by_wonders}
