"""7 Wonders draws in and out of the store: each round's wonder and guild draw as a typed
`RoundDraw`, and the table plan last chosen with `seat --tables`."""
from __future__ import annotations

from tourney.errors import EventError
from tourney.games.sevenwonders.draws import RoundDraw
from tourney.store import Event, Json, StoredDraw

#: The kinds of draw this game stores.
WONDERS_KIND, SEATS_KIND, TABLE_PLAN_KIND = "wonders", "seats", "table-plan"


def draw_payload(draw: RoundDraw) -> Json:
    """A round's draw as stored (the round is the draw's own column)."""
    return {"wonders": list(draw.wonders), "guilds": list(draw.guilds)}


def _names(value: Json, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise EventError(f"the stored {what} draw is damaged ({value!r}): the event file was changed outside tourney")
    return tuple(str(v) for v in value)


def stored_round_draw(d: StoredDraw) -> RoundDraw:
    """A stored wonder and guild draw back as a `RoundDraw`."""
    payload = d.payload
    if d.round is None or not isinstance(payload, dict):
        raise EventError(f"the stored wonder draw {payload!r} is damaged: the event file was changed outside tourney")
    return RoundDraw(d.round, _names(payload.get("wonders"), "wonder"), _names(payload.get("guilds"), "guild"))


def round_draws(event: Event) -> dict[int, RoundDraw]:
    """The latest wonder and guild draw stored for each round."""
    return {d.round: stored_round_draw(d) for d in event.draws(WONDERS_KIND) if d.round is not None}


def table_plan_setting(event: Event) -> str | None:
    """The table plan last given with ``seat --tables`` (kept until another is given)."""
    plans = [d.payload for d in event.draws(TABLE_PLAN_KIND)]
    return str(plans[-1]) if plans else None
