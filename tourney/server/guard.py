"""The limit on wrong desk tokens and player codes: an address that sent `WRONG_TRIES` wrong
ones within the window gets `429 Too Many Requests` with `Retry-After` for every request that
would try another (a token in `Authorization`, a login, a POST to the API, which may carry a
player's code) until the window is over. The count is in the event's database
(`tourney.core.store.sessions`), so every server process over the event counts together; no
request is kept waiting."""
from __future__ import annotations

import json

from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from tourney.core import store
from tourney.core.i18n import _, use_language
from tourney.core.store import sessions


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

    def __init__(self, app: ASGIApp, event: store.Event, lang: str) -> None:
        self.app = app
        self.event = event
        self.lang = lang

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not tries_a_secret(scope):
            await self.app(scope, receive, send)
            return
        wait = await run_in_threadpool(sessions.blocked_for, self.event, client_of(scope))
        if not wait:
            await self.app(scope, receive, send)
            return
        with use_language(self.lang):
            said = _("too many wrong tokens or codes from this address: try again in {seconds} s").format(
                seconds=wait)
        api = scope["path"].startswith("/api/")
        body = json.dumps({"error": said}, ensure_ascii=False) if api else said
        await send({"type": "http.response.start", "status": 429,
                    "headers": [(b"content-type", b"application/json" if api else b"text/html; charset=utf-8"),
                                (b"retry-after", str(wait).encode())]})
        await send({"type": "http.response.body", "body": body.encode()})
