"""The live server's desk sessions and its count of wrong tokens and codes, kept in the event's
database so that every server process over the event shares them and a restart keeps them.

A session id is kept only as its SHA-256 (the id is 256 random bits: no salt or stretching
needed); a session ends when its desk is removed (`remove_desk`), when it was not used for the
idle time, on logging out, or when the organiser ends them all. These rows are working state,
not the event: they are written outside `Event.transaction` (no change is counted, no page
rebuilt, nothing in the history) and not copied with the event."""
from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Protocol

from tourney.core.sql import Busy, Database, DatabaseError
from tourney.core.store.event import Event
from tourney.core.store.schema import now
from tourney.core.store.writes import Desk

#: Hours a desk session lasts without being used (`tourney serve --desk-idle`).
DESK_IDLE_HOURS = 12
#: A session's last use is written at most this often (seconds): a desk's every request is a
#: read, not a write.
SEEN_EVERY = 60

#: Wrong tokens and codes answered per client address in one window of this many seconds;
#: the count starts again after a quiet window, and after a desk's token is right.
WRONG_TRIES, WRONG_WINDOW = 10, 60


@dataclass(frozen=True)
class Session:
    """A logged-in desk page: the desk and the secret its forms and API calls carry (CSRF)."""

    desk: Desk
    csrf: str


def _hash(sid: str) -> str:
    return hashlib.sha256(sid.encode()).hexdigest()


def open_session(event: Event, desk: Desk) -> tuple[str, Session]:
    """A new session of `desk`: its id (for the cookie, never stored) and the session."""
    sid, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    with event.db.begin() as conn:
        conn.execute("INSERT INTO desk_sessions (sid_hash, desk_id, csrf, created_at, seen) "
                     "VALUES (:sid, :desk, :csrf, :at, :seen)",
                     {"sid": _hash(sid), "desk": desk.id, "csrf": csrf, "at": now(), "seen": int(time.time())})
    return sid, Session(desk, csrf)


def session_for(event: Event, sid: str, idle_seconds: int) -> Session | None:
    """The session with this id, if its desk still exists and it was used within `idle_seconds`."""
    if not sid:
        return None
    at = int(time.time())
    key = {"sid": _hash(sid)}
    try:
        with event.db.read() as conn:
            row = conn.execute("SELECT d.id, d.name, d.organiser, d.created_at, s.csrf, s.seen FROM desk_sessions s "
                               "JOIN desks d ON d.id = s.desk_id WHERE s.sid_hash = :sid", key).first()
    except DatabaseError:  # an event file that is read-only and older than sessions: nobody is logged in
        return None
    if row is None:
        return None
    did, name, organiser, created, csrf, seen = row
    if at - seen > idle_seconds:
        end_session(event, sid)
        return None
    if at - seen >= min(SEEN_EVERY, idle_seconds // 4):
        try:
            with event.db.begin() as conn:
                conn.execute("UPDATE desk_sessions SET seen = :seen WHERE sid_hash = :sid", {**key, "seen": at})
        except DatabaseError:
            pass  # busy: the session's last use is written by its next request
    return Session(Desk(did, name, bool(organiser), created), csrf)


def end_session(event: Event, sid: str) -> None:
    with event.db.begin() as conn:
        conn.execute("DELETE FROM desk_sessions WHERE sid_hash = :sid", {"sid": _hash(sid)})


def end_all_sessions(event: Event) -> int:
    """End every desk's session (`tourney desk logout-all`): the number ended."""
    with event.db.begin() as conn:
        return int(conn.execute("DELETE FROM desk_sessions").rowcount)


# --- wrong tokens and codes -----------------------------------------------------------------
class Counting(Protocol):
    """What counts wrong tries in its database: an event, or a season hub (its venue tokens)."""

    @property
    def db(self) -> Database: ...


def counted_tries(event: Counting, client: str) -> tuple[int, int] | None:
    """`client`'s count of wrong tries and when its window began (None: nothing counted)."""
    try:
        with event.db.read() as conn:
            row = conn.execute("SELECT tries, since FROM wrong_tries WHERE client = :client",
                               {"client": client}).first()
    except DatabaseError:
        return None
    return None if row is None else (int(row[0]), int(row[1]))


def wait_after(counted: tuple[int, int] | None) -> int:
    """Seconds until a client with this count (`counted_tries`) may try again (0: now)."""
    if counted is None or counted[0] < WRONG_TRIES:
        return 0
    return max(0, counted[1] + WRONG_WINDOW - int(time.time()))


def blocked_for(event: Counting, client: str) -> int:
    """Seconds until `client` may try a token or code again (0: now)."""
    return wait_after(counted_tries(event, client))


#: One statement counts a try and answers the count: two requests at once never read the same
#: count (SQLite writes one at a time; PostgreSQL locks the row of the conflict), so no more
#: than the limit are evaluated in a window however many arrive together.
_COUNT_TRY = ("INSERT INTO wrong_tries (client, tries, since) VALUES (:client, 1, :at) "
              "ON CONFLICT (client) DO UPDATE SET "
              "tries = CASE WHEN :at - wrong_tries.since >= :window THEN 1 ELSE wrong_tries.tries + 1 END, "
              "since = CASE WHEN :at - wrong_tries.since >= :window THEN :at ELSE wrong_tries.since END "
              "RETURNING tries, since")


def _count_try(event: Counting, client: str) -> int:
    """Count a try from `client` (`_COUNT_TRY`): the seconds it must wait by the count before it."""
    with event.db.begin() as conn:
        row = conn.execute(_COUNT_TRY, {"client": client, "at": int(time.time()), "window": WRONG_WINDOW}).first()
    return wait_after((int(row[0]) - 1, int(row[1])))


def claim_try(event: Counting, client: str) -> int:
    """Count a try of a guessable secret (a player's code, a login) from `client` BEFORE it is
    evaluated: the seconds it must wait instead (0: evaluate it; a right one gives its count back,
    `refund_try`). The event busy beyond the bounded wait raises `Busy`: nothing is evaluated
    uncounted."""
    try:
        return _count_try(event, client)
    except Busy:
        raise
    except DatabaseError:
        return 0  # a read-only event: nothing is stored there, nothing to guess for


def refund_try(event: Counting, client: str) -> None:
    """A try counted by `claim_try` was not a wrong one (a right code, a request answered before)."""
    try:
        with event.db.begin() as conn:
            conn.execute("UPDATE wrong_tries SET tries = tries - 1 WHERE client = :client AND tries > 0",
                         {"client": client})
    except DatabaseError:
        pass  # busy or read-only: the try stays counted, as if wrong (the window forgets it)


def wrong_try(event: Counting, client: str) -> int:
    """Count a wrong token or code from `client` once it was evaluated (a new window once the last
    one is over), in one statement: the seconds it must now wait (0: none)."""
    try:
        return _count_try(event, client)
    except DatabaseError:
        return 0  # busy or a read-only event: nothing is stored there, nothing to guess for


def right_try(event: Counting, client: str) -> None:
    """A desk's token was right: its address starts afresh."""
    try:
        with event.db.read() as conn:
            counted = conn.execute("SELECT 1 FROM wrong_tries WHERE client = :client", {"client": client}).first()
        if counted is not None:  # a write only when there is something to forget
            with event.db.begin() as conn:
                conn.execute("DELETE FROM wrong_tries WHERE client = :client", {"client": client})
    except DatabaseError:
        pass
