"""The season hub's server (`tourney hub serve`): the hub's router (tourney/server/routes/hub.py)
mounted with the live server's building blocks (the body reader's refusals, the security
headers, the busy answer), one worker or several on the one port; no worker keeps anything the
hub's store does not (its replicas and built answers are caches)."""
from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from tourney.core.i18n import _, set_language

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

    from tourney.server.declare import Op
    from tourney.server.routes.hub import HubSite

#: How `tourney hub serve --workers N` tells each worker which hub to serve.
HUB_SETTING = "TOURNEY_HUB_LOCATION"


def create_hub_app(location: str) -> Starlette:
    """The ASGI app of the hub at `location` (an SQLite file or a PostgreSQL URL)."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    from tourney.core.hubstore import Hub
    from tourney.core.sql import Busy
    from tourney.games.registry import workflow
    from tourney.server import body
    from tourney.server.guard import busy_answer
    from tourney.server.headers import SecurityHeaders
    from tourney.server.routes.hub import ROUTES, HubSite, openapi_json

    hub = Hub.open(location)
    site = HubSite(hub, workflow, hub.lang, hub.name)

    async def unreadable(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, body.BodyRefused)
        return JSONResponse(body.refusal_json(exc), 422)

    async def busy(request: Request, exc: Exception) -> Response:
        return busy_answer(request, site.lang)

    async def document(request: Request) -> Response:
        return Response(openapi_json(), media_type="application/json")

    by_path: dict[str, dict[str, Op]] = {}
    for op in ROUTES:
        by_path.setdefault(op.route_path, {})[op.method] = op
    routes = [Route(path, _endpoint(site, methods), methods=list(methods)) for path, methods in by_path.items()]
    routes.append(Route("/openapi.json", document, methods=["GET"]))
    return Starlette(routes=routes, exception_handlers={body.BodyRefused: unreadable, Busy: busy},
                     middleware=[Middleware(SecurityHeaders)])


def _endpoint(site: HubSite, methods: dict[str, Op]) -> Callable[[Request], Awaitable[Response]]:
    from tourney.server.routes.hub import HubCtx

    async def endpoint(request: Request) -> Response:
        op = methods.get(request.method) or methods["GET"]  # HEAD: as GET
        return await op.handler(HubCtx(site, request))

    return endpoint


def serve_hub(location: str, *, host: str, port: int, workers: int, echo: Callable[[str], None]) -> None:
    """`tourney hub serve`: say where, then serve until Ctrl-C."""
    import uvicorn

    from tourney.core.hubstore import Hub
    from tourney.server.run import lan_address, more_open_files, share_the_interpreter

    opened = Hub.open(location)
    try:
        set_language(opened.lang)
        echo(_("serving hub {name!r} at {url}  (venues push to {url}api/push; Ctrl-C stops)").format(
            name=opened.name, url=f"http://{lan_address(host)}:{port}/"))
        if workers > 1:
            echo(_("{n} worker processes answer on port {port}").format(n=workers, port=port))
    finally:
        opened.close()
    share_the_interpreter()
    more_open_files()
    if workers == 1:
        uvicorn.run(create_hub_app(location), host=host, port=port, log_level="warning", access_log=False)
        return
    os.environ[HUB_SETTING] = location
    uvicorn.run("tourney.server.hub_app:worker_app", factory=True, workers=workers, host=host, port=port,
                log_level="warning", access_log=False)


def worker_app() -> Starlette:
    """The app of one of `tourney hub serve --workers N`'s worker processes."""
    from tourney.server.run import more_open_files, share_the_interpreter

    share_the_interpreter()
    more_open_files()
    return create_hub_app(os.environ[HUB_SETTING])
