"""The round clock and the announcements on the live server: what `/api/stamp` adds for the
pages' script (it shows both on every page and large on the projector), `GET /api/clock` and
`GET /api/announcements` (their routes: tourney/server/routes/public.py), and the organiser
desk's clock and announcement buttons.

Nothing is kept in the server process: the clock and the announcements are event settings
(`tourney.event.clock`), read from the store for each change stamp, so any server process
answers and `tourney clock` / `tourney announce` beside the running server show within the
pages' polling interval."""
from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from starlette.responses import Response

from tourney.core import store
from tourney.core.i18n import _
from tourney.event import clock

#: The organiser desk's actions handled here (`/desk/organiser/{action}`).
DESK_ACTIONS = frozenset({"clock", "announce", "unannounce"})


def stamp_fields(event: store.Event) -> dict[str, Any]:
    """What `/api/stamp` says besides the stamp: the clock, the announcements (newest first,
    with the local time of day they were made) and, for scripts of the round-timer days,
    `timer_end` (the running clock's end, else "")."""
    c = clock.read_clock(event).as_json()
    return {"timer_end": c["ends_at"] or "", "clock": c,
            "announcements": [{**a.as_json(), "time": a.time()} for a in clock.announcements(event)]}


def shown(event: store.Event) -> dict[str, Any]:
    """The clock and the announcements as a page is built with them (its script then keeps
    them up to date)."""
    fields = stamp_fields(event)
    return {"clock": fields["clock"], "announcements": fields["announcements"]}


def server_time() -> dict[str, str]:
    """`X-Now`: the server's clock (ms since 1970) when it answered, so a phone whose own clock
    is off still counts the time left as the projector does."""
    return {"x-now": str(int(time.time() * 1000))}


def with_server_time(response: Response) -> Response:
    """The response with `server_time`'s header."""
    response.headers.update(server_time())
    return response




def desk_action(event: store.Event, action: str, form: Mapping[str, Any], who: str) -> str:
    """An organiser desk's clock or announcement button (`DESK_ACTIONS`), said in the current
    language as `tourney clock` / `tourney announce` say it."""
    if action == "clock":
        op = str(form.get("op", ""))
        if op not in clock.CLOCK_ACTIONS:
            return _("clock {action!r}: say start, add, pause, resume or stop").format(action=op)
        minutes = seen = None
        if op in ("start", "add"):
            try:
                minutes = int(str(form.get("minutes", "")).strip())
            except ValueError:
                return _("give the minutes as a whole number (e.g. 50)")
            seen = _number(form.get("seen")) if op == "add" else None
        return clock.clock_said(clock.clock_action(event, op, minutes, who, seen))
    if action == "announce":
        said, new = clock.announce(event, str(form.get("text", "")), who)
        return (_("shown on every page and the projector: {text}") if new else
                _("shown already (since {time}): {text}")).format(text=said.text, time=said.time())
    text = str(form.get("text", "")) or None
    gone = clock.clear_announcements(event, who, text)
    if not gone:
        return _("no announcement is shown: nothing to take down")
    return "; ".join(_("taken down: {text}").format(text=a.text) for a in gone)


def _number(value: object) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None
