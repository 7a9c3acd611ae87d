"""7 Wonders draws in and out of the store: each round's wonder and guild draw as a typed
`RoundDraw`, and the table plan last chosen with `seat --tables`."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.sevenwonders.data import GUILD_NAMES_BY_LANG
from tourney.core.errors import EventError
from tourney.games.sevenwonders.draws import RoundDraw
from tourney.core.i18n import _, language

if TYPE_CHECKING:
    from tourney.core.store import Event, Json, StoredDraw

#: The kinds of draw this game stores.
WONDERS_KIND, SEATS_KIND, TABLE_PLAN_KIND = "wonders", "seats", "table-plan"


#: Marks a draw whose guild list is ordered, a table of n playing the first n + 2; draws
#: stored before it list every table's guilds and are read as they were.
PER_TABLE = "guilds_per_table"


def draw_payload(draw: RoundDraw) -> Json:
    """A round's draw as stored (the round is the draw's own column)."""
    out: dict[str, Json] = {"wonders": list(draw.wonders), "guilds": list(draw.guilds)}
    if draw.per_table:
        out[PER_TABLE] = "first n + 2 at a table of n"
    return out


def _damaged(value: Json) -> EventError:
    return EventError(_("the stored wonder and guild draw {value!r} is damaged: the event file was changed "
                        "outside tourney").format(value=value))


def _names(value: Json) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _damaged(value)
    return tuple(str(v) for v in value)


def stored_round_draw(d: StoredDraw) -> RoundDraw:
    """A stored wonder and guild draw back as a `RoundDraw`."""
    payload = d.payload
    if d.round is None or not isinstance(payload, dict):
        raise _damaged(payload)
    return RoundDraw(d.round, _names(payload.get("wonders")), _names(payload.get("guilds")),
                     PER_TABLE in payload)


def round_draws(event: Event) -> dict[int, RoundDraw]:
    """The latest wonder and guild draw stored for each round."""
    return {d.round: stored_round_draw(d) for d in event.draws(WONDERS_KIND) if d.round is not None}


def guild_rows(event_draws: Sequence[StoredDraw]) -> list[tuple[str, str, str]]:
    """Draws-sheet rows: for each round's draw, the guilds in play at each of its table sizes."""
    sizes: dict[int | None, list[int]] = {}
    for d in event_draws:
        if d.kind == SEATS_KIND and isinstance(d.payload, list):
            sizes[d.round] = [len(t) for t in d.payload if isinstance(t, list)]
    printed = GUILD_NAMES_BY_LANG.get(language(), {})  # the guilds as the language's cards name them
    rows = []
    for d in event_draws:
        if d.kind == WONDERS_KIND and d.round is not None:
            draw = stored_round_draw(d)
            for n, guilds in draw.guild_lines(sizes.get(d.round, ())):
                rows.append((_("round {round}: guilds, table of {n}").format(round=d.round, n=n),
                             ", ".join(printed.get(g, g) for g in guilds),
                             _("in play at every table of this size")))
    return rows


def table_plan_setting(event: Event) -> str | None:
    """The table plan last given with ``seat --tables`` (kept until another is given)."""
    plans = [d.payload for d in event.draws(TABLE_PLAN_KIND)]
    return str(plans[-1]) if plans else None
