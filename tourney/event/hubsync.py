"""A venue pushes its event's journal to the season hub (`tourney sync EVENT --to URL`, and
`tourney serve --sync URL` in the background): what the hub has not acknowledged, in batches;
each answer's acknowledgement is stored in the event (settings `sync.*`, never journaled), so a
push stopped anywhere (the hub killed, the network gone) resumes where the hub stands, and the
organiser desk can say how many changes wait and when the hub was last reached."""
from __future__ import annotations

import datetime
import json
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

from tourney.core import store
from tourney.core.errors import TourneyError
from tourney.core.i18n import _, ngettext
from tourney.core.store import Event, journal

#: Entries per request (a 49-player event's whole journal is some 600).
BATCH = 500
#: Seconds a request may take before the push counts the hub as unreachable.
TIMEOUT = 10.0
ACKED, CONTACT, HUB_URL = "sync.acked", "sync.contact", "sync.url"


class HubUnreachable(TourneyError):
    """The hub did not answer (or answered with a refusal): the changes wait, nothing is lost."""


@dataclass(frozen=True)
class SyncState:
    """Where a venue's event stands with its hub: entries not acknowledged, the last contact."""

    url: str | None
    acknowledged: int
    last: int
    contact: str | None

    @property
    def waiting(self) -> int:
        return max(self.last - self.acknowledged, 0)


def sync_state(event: Event) -> SyncState:
    with event.db.read() as conn:
        last = journal.last_seq(conn)
    return SyncState(event.setting(HUB_URL), int(event.setting(ACKED) or 0), last, event.setting(CONTACT))


def _endpoint(url: str) -> str:
    return url.rstrip("/") + "/api/push"


def _post(url: str, token: str, payload: dict[str, object], timeout: float) -> dict[str, object]:
    data = json.dumps(payload, ensure_ascii=False).encode()
    request = urllib.request.Request(_endpoint(url), data=data, method="POST", headers={
        "content-type": "application/json", "authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310  (the organiser's URL)
            found = json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        try:
            said = str(json.loads(exc.read()).get("error", ""))
        except (ValueError, AttributeError, OSError):
            said = str(exc.reason)
        raise HubUnreachable(_("the hub at {url} refused the changes ({status}: {reason}); they wait in the "
                               "event").format(url=url, status=exc.code, reason=said)) from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise HubUnreachable(_("can't reach the hub at {url} ({reason}): the changes wait in the event; they are "
                               "sent when it answers").format(url=url, reason=reason)) from None
    if not isinstance(found, dict) or not isinstance(found.get("acknowledged"), int):
        raise HubUnreachable(_("{url} did not answer as a tourney hub does: check the address").format(url=url))
    return found


def _remember(event: Event, url: str, acked: int) -> None:
    """Store the hub's acknowledgement and the time of the contact (one change of the event,
    so the organiser desk shows it)."""
    with event.transaction() as conn:
        store.set_setting(conn, HUB_URL, url)
        store.set_setting(conn, ACKED, str(acked))
        store.set_setting(conn, CONTACT, store.now())


def settle_lots(event: Event) -> None:
    """Journal the event's lots if their entry is due or outdated (`journal.lots_changes`), so
    what is sent next ranks its ties as the venue does: a read, and a transaction only then."""
    with event.db.read() as conn:
        due = bool(journal.lots_changes(conn))
    if due:
        with event.transaction() as conn:
            journal.append_lots(conn)


def push(event: Event, url: str, token: str, *, batch: int = BATCH, timeout: float = TIMEOUT) -> SyncState:
    """Send the hub what it has not acknowledged, batch by batch, until it has everything
    (or raise `HubUnreachable`: what was acknowledged so far is kept)."""
    settle_lots(event)
    state = sync_state(event)
    acked = state.acknowledged if state.url == url else 0  # another hub: it says where it stands
    with event.db.read() as conn:
        jid = journal.journal_id(conn)
    if jid is None:
        raise HubUnreachable(_("{event!r} has no journal: open it with this tourney once (it adds one), then sync "
                               "again").format(event=event.location))
    while True:
        with event.db.read() as conn:
            entries = journal.entries(conn, acked, batch)
        answer = _post(url, token, {"journal_id": jid, "entries": [e.as_json() for e in entries]}, timeout)
        acknowledged = int(answer["acknowledged"])  # type: ignore[call-overload]
        moved = acknowledged != acked
        acked = acknowledged
        _remember(event, url, acked)
        with event.db.read() as conn:
            last = journal.last_seq(conn)
        if acked >= last or (not entries and not moved):
            return sync_state(event)


def start_sync(event: Event, url: str) -> None:
    """Remember the hub the event is pushed to (`tourney serve --sync`): the desk says so at
    once; another hub than before starts from nothing acknowledged."""
    with event.transaction() as conn:
        if store.setting_in(conn, HUB_URL) != url:
            store.set_setting(conn, HUB_URL, url)
            store.set_setting(conn, ACKED, None)
            store.set_setting(conn, CONTACT, None)


def sync_line(event: Event) -> str | None:
    """What the organiser desk says of the event's hub ("hub: 3 changes waiting, last contact
    18:02", the time the server's), or None when the event is not pushed to one."""
    state = sync_state(event)
    if state.url is None:
        return None
    if state.contact is None:
        return ngettext("hub: {n} change waiting, not reached yet", "hub: {n} changes waiting, not reached yet",
                        state.waiting).format(n=state.waiting)
    at = datetime.datetime.fromisoformat(state.contact).astimezone().strftime("%H:%M")
    return ngettext("hub: {n} change waiting, last contact {time}", "hub: {n} changes waiting, last contact {time}",
                    state.waiting).format(n=state.waiting, time=at)


#: Seconds between two looks at the journal while the hub answers, and the longest wait after
#: failures (the wait doubles with each failure: a hub that is down is not asked every second).
INTERVAL, LONGEST = 1.0, 60.0
#: Seconds after which an idle pusher asks the hub anyway (the desk's "last contact").
IDLE_CONTACT = 60.0


def keep_pushing(location: str, url: str, token: str, stop: threading.Event, *, interval: float = INTERVAL,
                 longest: float = LONGEST) -> None:
    """`tourney serve --sync`: push whatever waits, again and again until `stop`, backing off
    while the hub can't be reached. Everything it knows is in the event (it may stop anywhere)."""
    event = Event.open(location)
    try:
        start_sync(event, url)
        delay, asked = 0.0, 0.0
        while not stop.wait(delay):
            state = sync_state(event)
            if not state.waiting and state.contact is not None and time.monotonic() - asked < IDLE_CONTACT:
                delay = interval
                continue
            asked = time.monotonic()
            try:
                push(event, url, token)
                delay = interval
            except HubUnreachable:
                delay = min(max(delay * 2, interval), longest)
    finally:
        event.close()
