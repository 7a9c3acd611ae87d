"""`GET /api/stream`: what `/api/stamp` says, pushed to the live pages as server-sent events
whenever it changes, so a thousand open phones wait on one connection each instead of asking
every second (the pages poll `/api/stamp` when a browser or a proxy can't stream).

The process keeps no event state of its own: one `Hub` per process reads the change stamp
through the page cache (one read of the store per `EVERY` seconds, shared by all its streams
and by the polling pages) and wakes every stream when the answer changed, whichever process
or command changed the event. Its `latest` answer is only a cache of the store."""
from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from types import FrameType
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Receive, Scope, Send
from uvicorn.server import HANDLED_SIGNALS

from tourney.server.cache import Built

#: Seconds between two reads of the stamp while streams are open (with the page cache's own
#: 0.5 s, a change made anywhere reaches every stream within about 1 s).
EVERY = 0.5
#: Seconds between two comment lines on a quiet stream: proxies and phones' carriers close
#: connections idle for 30-60 s.
HEARTBEAT = 15.0
#: Milliseconds a browser waits before it opens a dropped stream again (it polls meanwhile).
RETRY_MS = 3000
#: Open streams one process serves; above it the answer is 503 and the page polls instead.
MAX_STREAMS = 2000
#: Files (sockets) a process keeps for all but the streams: the database's connections, the
#: desks, the event files, the pages' own requests beyond one a phone.
RESERVED_FILES = 128
#: Seconds a refused page waits before it asks for a stream again (Retry-After).
REFUSED_RETRY = 60

_HEAD = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-cache"),
         (b"x-accel-buffering", b"no")]  # nginx: pass each event on at once, don't buffer the stream


def open_files() -> int:
    """The most files, sockets included, this process may have open (its soft RLIMIT_NOFILE;
    where the system says none, as Windows, as many as `MAX_STREAMS` needs)."""
    try:
        import resource
    except ImportError:
        return 2 * MAX_STREAMS + RESERVED_FILES
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return 1 << 20 if soft == resource.RLIM_INFINITY else int(soft)


def stream_room() -> int:
    """How many streams this process can hold open, all its events together: each phone with
    an open stream asks for its page on a second socket, and the process keeps some files for
    the rest. Beyond it a stream is refused (the page polls) instead of the server running out
    of files, when it could no longer answer anyone."""
    return max(0, (open_files() - RESERVED_FILES) // 2)


class Hub:
    """The open streams of one process and the one loop that reads the stamp for all of them.

    `current()` answers `/api/stamp`'s body as of now (the page cache's build). Each change of
    that answer is a new generation: a future every waiting stream shares is resolved, so a
    change wakes a thousand streams without a task or a queue per stream. The loop runs only
    while streams are open and ends with the last one; on Ctrl-C every stream ends at once, so
    the server can stop (uvicorn waits for open responses before it exits)."""

    def __init__(self, current: Callable[[], Awaitable[Built]], refused: Callable[[], str], *, every: float = EVERY,
                 limit: int = MAX_STREAMS) -> None:
        self.current = current
        self.refused = refused  # the 503's message, in the event's language as of now
        self.every = every
        self.limit = limit
        self.streams = 0
        self.latest: bytes | None = None  # /api/stamp's JSON body, as last read
        self.read_at = float("-inf")
        self.generation = 0
        self.stopping = False
        self.loop_task: asyncio.Task[None] | None = None
        self._next: asyncio.Future[None] | None = None
        self._signals_hooked = False

    def next_change(self) -> asyncio.Future[None]:
        """Resolved at the next change of the answer (or when the server stops)."""
        if self._next is None or self._next.done():
            self._next = asyncio.get_running_loop().create_future()
        return self._next

    def _publish(self, body: bytes) -> None:
        self.latest, self.generation = body, self.generation + 1
        if self._next is not None and not self._next.done():
            self._next.set_result(None)

    async def refresh(self) -> None:
        """Read the answer now (through the page cache) and wake the streams if it changed."""
        body = (await self.current()).variants[""].data
        self.read_at = time.monotonic()
        if body != self.latest:
            self._publish(body)

    async def _run(self) -> None:
        try:
            while self.streams and not self.stopping:
                await asyncio.sleep(self.every)
                try:
                    await self.refresh()
                except Exception:  # noqa: BLE001 - a locked or restarting database: the streams wait, the next read retries
                    continue
        finally:
            self.loop_task = None

    def stop(self) -> None:
        """End every stream (the server is stopping)."""
        self.stopping = True
        if self._next is not None and not self._next.done():
            self._next.set_result(None)

    def _hook_signals(self) -> None:
        """Hear Ctrl-C (and SIGTERM; Ctrl-Break on Windows) before the server does: uvicorn stops
        only once every open response has ended, and a stream would never end by itself. The
        signals are the ones uvicorn stops on. The server's own handler still runs; it puts the
        previous handlers back when it stops."""
        if self._signals_hooked or threading.current_thread() is not threading.main_thread():
            return
        self._signals_hooked = True
        loop = asyncio.get_running_loop()
        for sig in HANDLED_SIGNALS:
            previous = signal.getsignal(sig)
            if not callable(previous):
                continue  # nobody stops on it: nothing to hear

            def heard(signum: int, frame: FrameType | None, previous: Callable[[int, FrameType | None], Any]
                      = previous) -> None:
                with contextlib.suppress(RuntimeError):  # the loop has closed already: no stream is open
                    loop.call_soon_threadsafe(self.stop)
                previous(signum, frame)

            signal.signal(sig, heard)

    #: Streams open in this process, all its events' hubs together (`stream_room`).
    in_process = 0

    def join(self) -> bool:
        """A stream opens (False: the process serves `limit` already, or has no room for more)."""
        if self.streams >= self.limit or Hub.in_process >= stream_room() or self.stopping:
            return False
        self.streams += 1
        Hub.in_process += 1
        self._hook_signals()
        if self.loop_task is None:
            self.loop_task = asyncio.ensure_future(self._run())
        return True

    def leave(self) -> None:
        self.streams -= 1
        Hub.in_process -= 1

    def message(self) -> bytes:
        """The latest answer as one event, with `now` (the server's clock in ms, as `X-Now` on
        `/api/stamp`) spliced in front: the body is a JSON object, so `{"now":N,` + the rest."""
        assert self.latest is not None
        return b"data: {\"now\":%d," % int(time.time() * 1000) + self.latest[1:] + b"\n\n"

    async def endpoint(self, request: Request) -> Response:
        if not self.join():
            return JSONResponse({"error": self.refused()}, 503, {"retry-after": str(REFUSED_RETRY)})
        return EventStream(self)


class EventStream(Response):
    """One open stream: the answer at once, then at each change, a comment when quiet; it ends
    when the client goes away or the server stops."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.status_code, self.raw_headers, self.background = 200, list(_HEAD), None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        hub = self.hub
        gone = asyncio.ensure_future(_disconnected(receive))
        try:
            if time.monotonic() - hub.read_at > 2 * hub.every:
                await hub.refresh()  # no stream was open a moment ago: what the hub holds may be old
            await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
            await send({"type": "http.response.body", "body": b"retry: %d\n\n" % RETRY_MS, "more_body": True})
            sent = -1
            while not gone.done() and not hub.stopping:
                if hub.generation != sent:
                    sent = hub.generation
                    await send({"type": "http.response.body", "body": hub.message(), "more_body": True})
                    continue  # it may have changed again while this one was sent
                done, _ = await asyncio.wait((gone, hub.next_change()), timeout=HEARTBEAT,
                                             return_when=asyncio.FIRST_COMPLETED)
                if not done:
                    await send({"type": "http.response.body", "body": b":\n\n", "more_body": True})
            if not gone.done():
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        except OSError:
            pass  # the client went away while we wrote
        finally:
            gone.cancel()
            hub.leave()


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
