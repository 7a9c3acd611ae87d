"""The live event server: player pages (players act only with their personal code: check-in,
drop, their table's report), desks (token login) and the JSON API, all over the same library
calls as the command line. One process owns the event file. The routes live in routers, one
module per area, each route with its guard and its declared schema (tourney/server/routes/);
this module only assembles them."""
from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.convertors import register_url_convertor
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from tourney.core import store
from tourney.core.errors import DiskFull
from tourney.core.i18n import N_
from tourney.core.sql import Busy
from tourney.core.store import sessions
from tourney.server import body, stream
from tourney.server.cache import PageCache
from tourney.server.guard import (
    NumberConvertor, ReadOnly, TextConvertor, WrongTryLimit, busy_answer, disk_full_answer, no_route_answer,
)
from tourney.server.headers import SecurityHeaders
from tourney.server.once import Once
from tourney.server.quick import Answer, Quick
from tourney.server.routes import mount, public
from tourney.server.routes.context import HERE, SESSION_COOKIE, Site, State, environment

__all__ = ["SESSION_COOKIE", "State", "create_app"]
register_url_convertor("num", NumberConvertor())  # {n:num}: a round, table or report number
register_url_convertor("text", TextConvertor())  # {name:text}: a player's name
#: Seconds a read change stamp stays good (changes made by other processes show this much later;
#: this server's own changes show at once). With the pages polling every second, an announcement
#: or a clock set with the command line shows within 1.5 s.
STAMP_TTL = 0.5
#: Seconds between two builds of one player page while the event keeps changing (PageCache.settle).
SETTLE = 1.0


def create_app(event_location: str, *, lang: str | None = None, cut: int | None = None, root: str = "",
               desk_idle: int = sessions.DESK_IDLE_HOURS * 3600) -> Starlette:
    """The ASGI app for one event (pages, desks, API), its pages linking under `root` ("" when
    it is the server's only event, "/e/NAME" beside others: `tourney.server.several`); a desk
    session ends after `desk_idle` seconds unused."""
    from tourney.games.registry import workflow

    event = store.Event.open(event_location)
    game = workflow(event.info().game)  # the edge: looked up once, handed down
    state = State(event, lang, cut,
                  PageCache(lambda: store.change_stamp(event), ttl=STAMP_TTL, settle=SETTLE,
                            around=event.reading), desk_idle, event.read_only())
    # Every write: its Idempotency-Key (tourney/server/once.py).
    environments = functools.cache(lambda lang: environment(lang, root, game.board_names(lang)))
    site = Site(event, game, state, root, environments, Once(event, lambda: state.lang, state.changed))
    site.hub = stream.Hub(lambda: state.pages.get(("stamp",), lambda n: public.stamp_json(site, n)),
                          lambda: site.said(N_("too many live pages on this server: the page asks every second "
                                               "instead")))

    async def busy(request: Request, exc: Exception) -> Response:
        return busy_answer(request, state.lang)

    async def full(request: Request, exc: Exception) -> Response:
        return disk_full_answer(request, state.lang, exc.location if isinstance(exc, DiskFull) else event.location)

    async def no_route(request: Request, exc: Exception) -> Response:
        return no_route_answer(request, state.lang, exc.status_code if isinstance(exc, HTTPException) else 404)

    async def unreadable(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, body.BodyRefused)
        return JSONResponse(body.refusal_json(exc, findings=[]), 422)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await public.warm_up(site)
        yield
        # Stopping (Ctrl-C, or a service manager's SIGTERM, after which uvicorn ends the process
        # at once): SQLite folds its write-ahead log back into the event file, so the file alone
        # holds every sheet stored.
        event.close()

    routes = [*mount(site), Mount("/static", StaticFiles(directory=HERE / "static"), name="static")]
    guards = [Middleware(ReadOnly, event=event, lang=lambda: state.lang)] if state.read_only else []
    # The server's own app answers the phones' every-second requests before its routing; beside
    # other events, the server in front of them does (`tourney.server.several`).
    quick: dict[str, Answer] = {"/api/stamp": functools.partial(public.stamp_answer, site)}
    handlers = {Busy: busy, DiskFull: full, body.BodyRefused: unreadable, 404: no_route, 405: no_route}
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers=handlers,
                    middleware=[*([Middleware(Quick, answers=quick)] if not root else []), Middleware(SecurityHeaders),
                                *guards, Middleware(WrongTryLimit, event=event, lang=lambda: state.lang)])
    app.state.tourney = state
    app.state.quick = quick
    app.state.hub = site.hub  # the process's live streams (tourney/server/stream.py)
    return app
