"""Pages built once per change of the event: 200 phones polling a page cost one build per
change (not one per request), answered from memory with an ETag, 304 when unchanged."""
from __future__ import annotations

import asyncio
import contextlib
import gzip
import hashlib
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

#: Pages smaller than this go out uncompressed (gzip would not pay for itself).
GZIP_MIN = 1024
#: Most pages kept (player pages are one per typed name): beyond it the oldest go.
MAX_PAGES = 2000


@dataclass(frozen=True)
class Body:
    """One variant of a page (the whole page, or only its live part) ready to send."""

    data: bytes
    etag: str
    gzipped: bytes | None

    @classmethod
    def of(cls, text: str | bytes) -> Body:
        data = text.encode() if isinstance(text, str) else text
        etag = '"' + hashlib.blake2b(data, digest_size=12).hexdigest() + '"'
        return cls(data, etag, gzip.compress(data, 6, mtime=0) if len(data) >= GZIP_MIN else None)


@dataclass(frozen=True)
class Built:
    """A page built from the event as it was at change stamp `stamp`."""

    stamp: int
    status: int
    media_type: str
    variants: Mapping[str, Body]

    def response(self, request: Request, variant: str = "") -> Response:
        """The page for this request (`answer`) as a Starlette response."""
        headers = request.headers
        status, head, body, media_type = self.answer(headers.get("if-none-match"), headers.get("accept-encoding", ""),
                                                     variant)
        return Response(body, status, head, media_type)

    def answer(self, if_none_match: str | None, accept_encoding: str, variant: str = "",
               ) -> tuple[int, dict[str, str], bytes, str | None]:
        """Status, headers, body and media type of the page for a request with these headers:
        304 (no body) when the client holds this very body (If-None-Match), gzip when it
        accepts it. `no-cache`: browsers keep the page but ask again each time. X-Stamp says
        which change stamp the page shows (the page's script compares it)."""
        body = self.variants[variant]
        head = {"etag": body.etag, "cache-control": "no-cache", "vary": "X-Fragment, Accept-Encoding",
                "x-stamp": str(self.stamp)}
        if self.status == 200 and if_none_match and body.etag in (tag.strip() for tag in if_none_match.split(",")):
            return 304, head, b"", None
        if body.gzipped is not None and "gzip" in accept_encoding:
            return self.status, {**head, "content-encoding": "gzip"}, body.gzipped, self.media_type
        return self.status, head, body.data, self.media_type


def built(stamp: int, status: int, media_type: str, variants: Mapping[str, str | bytes]) -> Built:
    return Built(stamp, status, media_type, {k: Body.of(v) for k, v in variants.items()})


@dataclass
class PageCache:
    """Pages by key, each good for the change stamp it was built at.

    The stamp comes from the store (`read_stamp`, one cheap query), so changes made by other
    processes (the command line, a second desk machine) are seen too, at most `ttl` seconds
    late; changes made through this server are seen at once (`changed`). A page is built in a
    worker thread (database work stays off the event loop), once per stamp: while one request
    builds it for the current stamp, the others get the previous build instead of waiting; a
    request that finds no build under way for the current stamp starts one and waits for it,
    so whoever changed the event and then reads it sees the change.

    Pages asked for with `settle` (the player pages) are rebuilt at most once per `settle`
    seconds and one build at a time: while desks store a round in a burst, phones get the
    latest build (it says its stamp, so their script asks again) instead of the server
    rebuilding for every single sheet."""

    read_stamp: Callable[[], int]
    ttl: float = 1.0
    settle: float = 1.0
    #: Around each build, in its thread (the event's `reading`: a page's reads together).
    around: Callable[[], AbstractContextManager[object]] = contextlib.nullcontext
    pages: dict[tuple[object, ...], Built] = field(default_factory=dict)
    built_at: dict[tuple[object, ...], float] = field(default_factory=dict)
    building: dict[tuple[object, ...], tuple[int, asyncio.Future[Built]]] = field(default_factory=dict)
    value: int = -1
    read_at: float = float("-inf")
    reading: asyncio.Future[int] | None = None

    def changed(self, stamp: int | None = None) -> None:
        """The event changed through this server (`stamp`: read after the change, else read it
        at the next request)."""
        if stamp is None:
            self.read_at = float("-inf")
        else:
            self.value, self.read_at = max(self.value, stamp), time.monotonic()

    async def stamp(self) -> int:
        """The current change stamp, read from the store at most every `ttl` seconds (one read
        shared by every request that asks meanwhile)."""
        if time.monotonic() - self.read_at <= self.ttl:
            return self.value
        if self.reading is None:
            self.reading = asyncio.ensure_future(self._read())
        return await asyncio.shield(self.reading)

    async def _read(self) -> int:
        try:
            asked_at = time.monotonic()
            value = await run_in_threadpool(self.read_stamp)
            self.value, self.read_at = max(self.value, value), asked_at
            return self.value
        finally:
            self.reading = None

    async def get(self, key: tuple[object, ...], build: Callable[[int], Built], *, settle: bool = False) -> Built:
        """The page for `key` as of the current stamp; `build(stamp)` runs in a worker thread."""
        stamp = await self.stamp()
        have = self.pages.get(key)
        if have is not None and have.stamp >= stamp:
            return have
        running = self.building.get(key)
        if running is not None and (running[0] >= stamp or (settle and have is not None)):
            if have is not None:
                return have  # one request is building this page: the others don't wait for it
            return await asyncio.shield(running[1])
        if settle and have is not None and time.monotonic() - self.built_at.get(key, 0.0) < self.settle:
            return have
        task = asyncio.ensure_future(self._build(key, stamp, build))
        self.building[key] = (stamp, task)
        return await asyncio.shield(task)

    def _built(self, build: Callable[[int], Built], stamp: int) -> Built:
        with self.around():
            return build(stamp)

    async def _build(self, key: tuple[object, ...], stamp: int, build: Callable[[int], Built]) -> Built:
        try:
            page = await run_in_threadpool(self._built, build, stamp)
            have = self.pages.get(key)
            if have is None or have.stamp <= page.stamp:
                if len(self.pages) >= MAX_PAGES:
                    self.built_at.pop(old := next(iter(self.pages)), None)
                    self.pages.pop(old)
                self.pages[key] = page
                self.built_at[key] = time.monotonic()
            return page
        finally:
            if self.building.get(key, (None, None))[1] is asyncio.current_task():
                del self.building[key]
