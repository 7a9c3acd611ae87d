"""Several events on one server (`tourney serve EVENT…`, or a PostgreSQL URL without ?event=
holding several): each event's own app under `/e/<name>/` (its pages, desks and API, its desk
tokens its own), and `/` listing them. One event keeps the plain URLs."""
from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tourney.core import store
from tourney.core.errors import UsageError
from tourney.core.i18n import _, event_language, translations
from tourney.server.app import create_app
from tourney.server.quick import Quick

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Served:
    """One event of the server: its name in URLs (`/e/<name>/`) and where it lives."""

    name: str
    location: str

    @property
    def root(self) -> str:
        return "/e/" + quote(self.name, safe="")


def served_events(locations: Sequence[str]) -> list[Served]:
    """The events `tourney serve` was given, a PostgreSQL URL without ?event= standing for all
    of its events; two of one name are refused (their URLs would clash)."""
    served = [Served(name, where) for location in locations for name, where in store.event_locations(location)]
    seen: dict[str, str] = {}
    for s in served:
        if s.name in seen:
            raise UsageError(_("two events are called {name!r} ({first} and {second}): each is served under "
                               "/e/NAME/, so rename one file (or serve them apart)").format(
                name=s.name, first=seen[s.name], second=s.location))
        seen[s.name] = s.location
    return served


def create_server(served: Sequence[Served], *, lang: str | None = None, cut: int | None = None,
                  desk_idle: int = 12 * 3600) -> Starlette:
    """The server's app: the one event's app, or each event's under its root and `/` listing them."""
    if len(served) == 1:
        return create_app(served[0].location, lang=lang, cut=cut, desk_idle=desk_idle)
    apps = [(s, create_app(s.location, lang=lang, cut=cut, root=s.root, desk_idle=desk_idle)) for s in served]
    events = [(s, app.state.tourney.event) for s, app in apps]
    page_lang = lang or event_language(events[0][1])
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True))
    env.globals["_"] = translations(page_lang).gettext
    env.globals["root"] = ""  # the list itself is at the root

    def listed() -> list[dict[str, str]]:
        out = []
        for s, event in events:
            info = event.info()
            out.append({"name": s.name, "title": info.name, "date": info.date or "", "game": info.game,
                        "url": s.root + "/"})
        return out

    async def index(request: Request) -> Response:
        return HTMLResponse(env.get_template("events.html").render(lang=page_lang, events=listed()))

    async def api_events(request: Request) -> Response:
        return JSONResponse(listed())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # A mounted app's start-up does not run by itself: each event's runs here.
        async with contextlib.AsyncExitStack() as stack:
            for _served, sub in apps:
                await stack.enter_async_context(sub.router.lifespan_context(sub))
            yield

    routes = [Route("/", index), Route("/api/events", api_events),
              *(Mount(s.root, app=app) for s, app in apps),
              Mount("/static", StaticFiles(directory=HERE / "static"), name="static")]
    # The phones' every-second requests of every event, answered before the routing.
    quick = {s.root + path: answer for s, app in apps for path, answer in app.state.quick.items()}
    return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Quick, answers=quick)])


def settings(served: Sequence[Served], lang: str | None, cut: int | None, desk_idle: int) -> str:
    """What a worker process needs to build the same server (`create_server`), as text."""
    return json.dumps({"events": [[s.name, s.location] for s in served], "lang": lang, "cut": cut,
                       "desk_idle": desk_idle})


def from_settings(text: str) -> Starlette:
    data = json.loads(text)
    return create_server([Served(name, where) for name, where in data["events"]], lang=data["lang"], cut=data["cut"],
                         desk_idle=data["desk_idle"])
