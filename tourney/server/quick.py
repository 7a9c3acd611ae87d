"""What every open phone asks each second where its browser has no `EventSource` (`GET
/api/stamp`), answered before the routing: a thousand phones make a thousand of these a second,
and the framework's layers around an answer from memory cost more than the answer itself."""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from starlette.types import ASGIApp, Receive, Scope, Send

from tourney.server.guard import tries_a_secret
from tourney.server.headers import HEADERS

#: A quick answer to a request with these headers (names in lower case): status, headers,
#: body and media type, as the route of the same path answers it.
Answer = Callable[[Mapping[str, str]], Awaitable[tuple[int, Mapping[str, str], bytes, str | None]]]


class Quick:
    """ASGI middleware answering a `GET` of one of `answers`' paths itself, with the headers
    every answer of the server carries (`SecurityHeaders`); anything else goes on to `app`, as
    do a request with a token (the wrong-token limit looks at it: `WrongTryLimit`) and one
    whose quick answer failed (the app's error handlers say why, as for any request)."""

    def __init__(self, app: ASGIApp, answers: Mapping[str, Answer]) -> None:
        self.app = app
        self.answers = answers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        answer = self.answers.get(scope["path"]) if scope["type"] == "http" and scope["method"] == "GET" else None
        if answer is None or tries_a_secret(scope):
            await self.app(scope, receive, send)
            return
        asked = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            status, head, body, media_type = await answer(asked)
        except Exception:  # noqa: BLE001 (nothing is sent yet: the route answers it, with its error handlers)
            await self.app(scope, receive, send)
            return
        raw = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in head.items()]
        if status >= 200 and status not in (204, 304):  # as Starlette's Response: no length without a body
            raw.append((b"content-length", str(len(body)).encode("latin-1")))
            if media_type is not None:
                raw.append((b"content-type", media_type.encode("latin-1")))
        await send({"type": "http.response.start", "status": status, "headers": [*raw, *HEADERS]})
        await send({"type": "http.response.body", "body": body})
