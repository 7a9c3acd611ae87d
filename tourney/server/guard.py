"""What the live server refuses beside its pages: a number too long for the database in a URL
(`NumberConvertor`), a change while another program holds the write lock (`busy_answer`) or
while the disk is full (`disk_full_answer`),
every change to a read-only event (`ReadOnly`); and the limit on wrong desk tokens and player
codes: an address that sent `WRONG_TRIES` wrong
ones within the window gets `429 Too Many Requests` with `Retry-After` for every request that
would try another (a token in `Authorization`, a login, a POST to the API, which may carry a
player's code) until the window is over. The count is in the event's database
(`tourney.core.store.sessions`), so every server process over the event counts together; no
request is kept waiting."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.convertors import Convertor
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from tourney.core import store
from tourney.core.i18n import _, use_language
from tourney.core.store import sessions


#: The request state's flag: whether `WrongTryLimit` found wrong tries counted for its address.
COUNTED = "tourney_wrong_tries_counted"
#: The request state's desk whose token the request's `Authorization: Bearer` carries (None: no
#: desk has it), read with the wrong tries (`WrongTryLimit`): one trip to a worker thread less.
TOKEN_DESK = "tourney_token_desk"
#: The request state's flag: the request's wrong Bearer token was counted already (`WrongTryLimit`).
WRONG_COUNTED = "tourney_wrong_token_counted"
#: Seconds a desk waits before sending a change again that found the event busy (503).
BUSY_RETRY = 2
#: Seconds a desk waits before sending a change again that found the disk full (507): someone
#: has to free space first.
FULL_RETRY = 30


class NumberConvertor(Convertor[int]):
    """A round, table or report number in a URL: up to 18 digits, so it fits the databases'
    64-bit integers; a longer one matches no route (404) instead of failing in the query."""

    regex = "[0-9]{1,18}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


class TextConvertor(Convertor[str]):
    """A name in a URL (`/players/{name:text}`): any text but a slash or a NUL character, which
    PostgreSQL can't store nor look up (such a URL matches no route: 404)."""

    regex = "[^/\x00]+"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


def is_api(request: Request) -> bool:
    """Whether the request is to the JSON API (`/api/…`, below the event's root beside other
    events): its refusals are JSON, the pages' and forms' are HTML."""
    path, root = request.url.path, request.scope.get("root_path", "")
    return (path[len(root):] if root and path.startswith(root) else path).startswith("/api/")


def no_route_answer(request: Request, lang: str, status: int) -> Response:
    """A request no route takes: 404 (no such path: a number too long, a name with a slash) or
    405 (the path takes another method), JSON under `/api/`, a page elsewhere, as documented."""
    with use_language(lang):
        if status == 405:
            said = _("{method} is not what {path} takes (the routes are described at /openapi.json)").format(
                method=request.method, path=request.url.path)
        else:
            said = _("there is nothing at {path} (the routes are described at /openapi.json)").format(
                path=request.url.path)
    if is_api(request):
        return JSONResponse({"error": said}, status)
    return HTMLResponse(said, status)


def busy_answer(request: Request, lang: str) -> Response:
    """Another program held the event's write lock beyond the bounded wait (`sql.WRITE_WAIT`):
    503, to be sent again; the desk page shows the message."""
    with use_language(lang):
        refused = _("the event is busy: another program is writing to it; nothing was stored: try again in a moment")
    headers = {"Retry-After": str(BUSY_RETRY)}
    if is_api(request):
        return JSONResponse({"error": refused}, 503, headers=headers)
    return HTMLResponse(refused, 503, headers=headers)


def disk_full_answer(request: Request, lang: str, location: str) -> Response:
    """A change refused for want of disk space (`DiskFull`): 507 with `Retry-After`, whether or not
    the request carried an `Idempotency-Key`; nothing was stored, the desk page's outbox keeps the
    sheet and sends it again (a refusal, 4xx, would be final)."""
    with use_language(lang):
        refused = _("can't store the change in {file!r}: the disk is full: free some space, then try again; the "
                    "event is intact, nothing was changed").format(file=location)
    headers = {"Retry-After": str(FULL_RETRY)}
    if is_api(request):
        return JSONResponse({"error": refused}, 507, headers=headers)
    return HTMLResponse(refused, 507, headers=headers)


def client_of(scope: Scope) -> str:
    """The address a request came from (what the wrong tries are counted by)."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


def tries_a_secret(scope: Scope) -> bool:
    """Whether the request may try a token or a code."""
    path, method = scope["path"], scope["method"]
    has_token = any(k.lower() == b"authorization" for k, _v in scope.get("headers", ()))
    return has_token or (method == "POST" and (path.startswith("/api/") or path == "/desk/login"))


class WrongTryLimit:
    """ASGI middleware refusing the requests of an address over the limit (see the module)."""

    def __init__(self, app: ASGIApp, event: store.Event, lang: Callable[[], str]) -> None:
        self.app = app
        self.event = event
        self.lang = lang  # the event's language as of now (`State.lang`)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not tries_a_secret(scope):
            await self.app(scope, receive, send)
            return
        token = bearer_token(scope)
        client = client_of(scope)
        counted, desk = await run_in_threadpool(self._look_up, client, token)
        # Said to the request: with nothing counted, a right token has nothing to forget
        # (`sessions.right_try` is skipped: one read less for a desk's every request).
        state = scope.setdefault("state", {})
        state[COUNTED] = counted is not None
        wait = sessions.wait_after(counted)
        if token is not None and not wait:
            state[TOKEN_DESK] = desk
            if desk is None:  # a wrong token, counted at once: beyond the limit it is answered as one not looked at
                wait = await run_in_threadpool(sessions.wrong_try, self.event, client)
                state[WRONG_COUNTED] = True
        if not wait:
            await self.app(scope, receive, send)
            return
        for message in _refuse(429, scope["path"].startswith("/api/"), too_many_said(self.lang(), wait),
                               [(b"retry-after", str(wait).encode())]):
            await send(message)

    def _look_up(self, client: str, token: str | None) -> tuple[tuple[int, int] | None, store.Desk | None]:
        """The address's wrong tries, and the desk of the token unless the address must wait
        (its token is then not even looked at)."""
        with self.event.reading():  # one connection for both reads
            counted = sessions.counted_tries(self.event, client)
            if token is None or sessions.wait_after(counted):
                return counted, None
            return counted, store.desk_for_token(self.event, token)


def too_many_said(lang: str, wait: int) -> str:
    with use_language(lang):
        return _("too many wrong tokens or codes from this address: try again in {seconds} s").format(seconds=wait)


def too_many_answer(request: Request, lang: str, wait: int) -> Response:
    """429 with `Retry-After`: the address tried too many wrong tokens or codes in the window."""
    headers = {"Retry-After": str(wait)}
    if is_api(request):
        return JSONResponse({"error": too_many_said(lang, wait)}, 429, headers=headers)
    return HTMLResponse(too_many_said(lang, wait), 429, headers=headers)


def bearer_token(scope: Scope) -> str | None:
    """The token of the request's `Authorization: Bearer TOKEN` header (None: no such header)."""
    for key, value in scope.get("headers", ()):
        if key.lower() == b"authorization":
            said = value.decode("latin-1")
            return said[7:].strip() if said.lower().startswith("bearer ") else None
    return None


def _refuse(status: int, api: bool, said: str, headers: list[tuple[bytes, bytes]]) -> tuple[dict[str, Any], ...]:
    body = json.dumps({"error": said}, ensure_ascii=False) if api else said
    kind = b"application/json" if api else b"text/html; charset=utf-8"
    return ({"type": "http.response.start", "status": status, "headers": [(b"content-type", kind), *headers]},
            {"type": "http.response.body", "body": body.encode()})


class ReadOnly:
    """ASGI middleware for an event served read-only (`tourney serve` on a read-only file):
    pages and reads as always, every POST refused with 403 and why (also a desk's login: its
    session could not be stored)."""

    def __init__(self, app: ASGIApp, event: store.Event, lang: Callable[[], str]) -> None:
        self.app = app
        self.event = event
        self.lang = lang  # the event's language as of now (`State.lang`)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        with use_language(self.lang()):
            said = read_only_said(self.event)
        for message in _refuse(403, scope["path"].startswith("/api/"), said, []):
            await send(message)


def read_only_said(event: store.Event) -> str:
    return _("{file!r} is read-only: this server shows the event but stores nothing; to take results, serve a "
             "writable copy").format(file=event.location)
