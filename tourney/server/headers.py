"""What every answer of the live server carries: headers that keep its pages out of other sites'
frames, stop browsers guessing content types and keep addresses out of other sites' referrers;
and redirects that stay relative, so no `Host` header a client sent is echoed back."""
from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The pages use a few inline scripts (their texts in the page's language) and inline styles,
#: so the policy does not restrict scripts; it forbids framing, plugins, a changed base address
#: and forms posting anywhere but here.
CONTENT_SECURITY_POLICY = "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'"

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
)


def relative(location: str) -> str:
    """`http://any.host/static/` → `/static/`: the server only ever redirects to itself."""
    parts = urlsplit(location)
    return urlunsplit(("", "", parts.path or "/", parts.query, parts.fragment))


class SecurityHeaders:
    """ASGI middleware adding `HEADERS` to every HTTP answer and making redirects relative."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", ())
                           if k.lower() not in {name for name, _ in HEADERS}]
                headers = [(k, relative(v.decode("latin-1")).encode("latin-1") if k.lower() == b"location" else v)
                           for k, v in headers]
                message = {**message, "headers": [*headers, *HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
