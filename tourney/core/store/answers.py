"""Idempotency keys: the first answer to a live-server write sent with a key, kept in the same
transaction as the write itself, so the same request sent again (a lost answer on the hall's
Wi-Fi, a page resending after a reload, a server restarted in between) gets that answer back and
changes nothing."""
from __future__ import annotations

import datetime as _dt
import zlib
from dataclasses import dataclass

from tourney.core.store.schema import Connection, now

#: Keys older than this many days are forgotten (a page resends within minutes or hours).
KEEP_DAYS = 7
#: One keyed write in this many also forgets the keys past `KEEP_DAYS` (`prunes`).
PRUNE_EVERY = 16
#: The longest key taken (a UUID has 36 characters).
MAX_KEY = 128


@dataclass(frozen=True)
class StoredAnswer:
    """What a request with a key was answered: `request` its method and path, `digest` the
    SHA-256 of its body (the same key with another body is refused), then the answer."""

    request: str
    digest: str
    status: int
    content_type: str
    body: str
    location: str | None = None


def good_key(key: str) -> bool:
    """1 to `MAX_KEY` visible ASCII characters (what a header carries unchanged)."""
    return 0 < len(key) <= MAX_KEY and all("!" <= c <= "~" for c in key)


def _cutoff(at: str) -> str:
    """The time before which keys are forgotten, for a write at `at`."""
    return (_dt.datetime.fromisoformat(at) - _dt.timedelta(days=KEEP_DAYS)).isoformat()


def prunes(scope: str, key: str) -> bool:
    """Whether the write under this key also forgets every key past `KEEP_DAYS`: one write in
    `PRUNE_EVERY`, chosen by the key (the others save the statement; a key past its days is
    forgotten when it is looked up, so the answer is the same either way)."""
    return zlib.crc32(f"{scope}\0{key}".encode()) % PRUNE_EVERY == 0


def stored_answer(conn: Connection, scope: str, key: str) -> StoredAnswer | None:
    """The answer kept under the key (None: none, or one older than `KEEP_DAYS`, which is
    forgotten here, so the key may be used anew)."""
    row = conn.execute("SELECT request, digest, status, content_type, body, location, at FROM idempotency_keys "
                       "WHERE scope = :scope AND idem_key = :key", {"scope": scope, "key": key}).first()
    if row is None:
        return None
    if str(row[6]) < _cutoff(now()):
        conn.execute("DELETE FROM idempotency_keys WHERE scope = :scope AND idem_key = :key",
                     {"scope": scope, "key": key})
        return None
    return StoredAnswer(str(row[0]), str(row[1]), int(row[2]), str(row[3]), str(row[4]),
                        None if row[5] is None else str(row[5]))


def keep_answer(conn: Connection, scope: str, key: str, answer: StoredAnswer) -> None:
    """Store the answer under the key (in the caller's transaction, the one of the write; the
    caller looked the key up first with `stored_answer`) and, now and then (`prunes`), forget
    the keys older than `KEEP_DAYS`."""
    at = now()
    if prunes(scope, key):
        conn.send("DELETE FROM idempotency_keys WHERE at < :cutoff", {"cutoff": _cutoff(at)})
    conn.send("INSERT INTO idempotency_keys (scope, idem_key, request, digest, status, content_type, body, "
              "location, at) VALUES (:scope, :key, :request, :digest, :status, :content_type, :body, "
              ":location, :at)",
              {"scope": scope, "key": key, "request": answer.request, "digest": answer.digest,
               "status": answer.status, "content_type": answer.content_type, "body": answer.body,
               "location": answer.location, "at": at})
