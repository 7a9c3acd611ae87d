"""What a route handler is given instead of closures: `Site`, the event's app-wide parts (the open
event and its game, the pages' language and templates, the page cache, the Idempotency-Key
runner), and `Ctx`, one request with the caller its guard let in (a desk, a desk page's
session). The helpers every router shares (pages, cached answers, the desk behind a request,
a player's code counted as a try) are `Site`'s methods."""
from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from tourney.core import store
from tourney.core.i18n import N_, _, event_language, local_number, translations, use_language
from tourney.core.store import sessions
from tourney.core.store.sessions import Session
from tourney.event.checking import LocatedFinding
from tourney.event.drawproof import seed_proof
from tourney.event.history import DESK_AUTHOR, author_shown
from tourney.server import board
from tourney.server.body import B, read_body
from tourney.server.cache import Built, PageCache, built
from tourney.server.guard import COUNTED, TOKEN_DESK, WRONG_COUNTED, bearer_token, client_of, too_many_answer
from tourney.server.once import Once
from tourney.core.findingtext import finding_text, severity_text
from tourney.event.errors import CodeRefused

if TYPE_CHECKING:
    from tourney.games.base import Workflow
    from tourney.server.stream import Hub

HERE = Path(__file__).resolve().parent.parent
SESSION_COOKIE = "tourney_desk"
#: How a live page's template begins: its live part alone is the fragment (templates/fragment.html).
LIVE_TEMPLATE = '{% extends "fragment.html" if fragment else "base.html" %}'


@dataclass
class State:
    """What the process keeps between requests: the open event and the pages built for the
    event's current change stamp (desk sessions and wrong tries are in the event's database)."""

    event: store.Event
    fixed_lang: str | None  # `tourney serve --lang`: the pages in it, whatever the event's setting
    cut: int | None
    pages: PageCache
    desk_idle: int = sessions.DESK_IDLE_HOURS * 3600  # seconds
    read_only: bool = False  # a read-only event file: shown, nothing stored (tourney/server/guard.py)
    #: The event's language as of a change stamp: read again once the stamp moved, so that
    #: `tourney event --lang` while serving turns every worker's pages at the next change.
    _lang: tuple[int, str] = field(default=(-1, ""), repr=False)

    @property
    def lang(self) -> str:
        """The pages' language: `--lang` of serve, else the event's setting as of the last change seen."""
        if self.fixed_lang:
            return self.fixed_lang
        seen, lang = self._lang
        if not lang or seen != self.pages.value:
            stamp = self.pages.value  # read before the setting: a change in between is read again
            lang = event_language(self.event)
            self._lang = (stamp, lang)
        return lang

    def changed(self) -> None:
        """Called in a worker thread after this server changed the event: pages rebuild at once
        (the stamp its transaction wrote, else read)."""
        stamp = self.event.pop_stamp()
        if stamp is None:
            stamp = store.change_stamp(self.event)
        seen, lang = self._lang
        if lang and stamp == seen + 1:
            # Only this server's own change since the language was read (no server route sets
            # it): still the language, without reading the settings again at every save.
            self._lang = (stamp, lang)
        self.pages.changed(stamp)


def environment(lang: str, root: str, boards: Mapping[str, str] | None = None) -> Environment:
    """The pages' templates in `lang`; `boards`: the game's boards as its edition in `lang`
    names them (`Workflow.board_names`: the pages' `board` filter, as the printed pads)."""
    env = Environment(loader=FileSystemLoader(HERE / "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    # The templates' words are in the gettext catalogue (`make messages` extracts `_()` from them).
    env.globals["_"] = translations(lang).gettext
    env.globals["ngettext"] = translations(lang).ngettext
    env.globals["lang"] = lang
    env.globals["root"] = root
    # A desk form's idempotency key: the same form sent twice (a double click, a resend after a
    # lost answer) is done once (tourney/server/once.py).
    env.globals["fresh_key"] = lambda: secrets.token_urlsafe(18)
    env.filters["urlname"] = lambda name: quote(str(name), safe="")
    env.filters["number"] = lambda value: local_number(value, lang)  # 17,5 on a German page
    env.filters["author"] = lambda author: author_shown(str(author), translations(lang).gettext)  # "Platz A"
    named = dict(boards or {})
    env.filters["board"] = lambda board: named.get(board, board) if board else board  # "Olympie" on a French page
    return env


def finding_json(f: LocatedFinding, lang: str = "en") -> dict[str, Any]:
    """A finding for a desk: the English data of `as_dict`, plus `text` and `severity_text`
    in the page's language for the person at the desk."""
    d = f.as_dict()
    with use_language(lang):
        d["text"], d["severity_text"] = finding_text(f.finding), severity_text(f.finding)
    d["line"] = min(f.rows) - 1 if f.rows else None  # 1-based row of the posted rows (sheet row 1 is the header)
    del d["file"], d["sheet"]
    return d


def json_built(stamp: int, value: Any, status: int = 200) -> Built:
    return built(stamp, status, "application/json", {"": json.dumps(value, ensure_ascii=False)})


@dataclass
class Site:
    """The event's app-wide parts, built once by `create_app` and handed to every route."""

    event: store.Event
    game: Workflow
    state: State
    root: str
    #: The pages' templates by language (`environment`, built once for each).
    environments: Callable[[str], Environment]
    once: Once
    hub: Hub | None = None
    #: `/openapi.json` of the routes the app mounted (tourney/server/contract.py).
    document: Callable[[], bytes] | None = None
    _live: dict[str, bool] = field(default_factory=dict)

    @property
    def lang(self) -> str:
        return self.state.lang

    @property
    def env(self) -> Environment:
        return self.environments(self.lang)

    # --- pages -------------------------------------------------------------------------
    def live_template(self, name: str) -> bool:
        """Whether the template is a live page, its live part alone asked for as the fragment."""
        if name not in self._live:
            assert self.env.loader is not None
            self._live[name] = self.env.loader.get_source(self.env, name)[0].startswith(LIVE_TEMPLATE)
        return self._live[name]

    def html(self, name: str, path: str, *, fragment: bool = False, **ctx: Any) -> str:
        if fragment and self.live_template(name):  # the live part alone: no header, board or footer
            return self.env.get_template(name).render(fragment=True, path=path, **ctx)
        shown = None if fragment else board.shown(self.event)  # the clock and announcements above every page
        with use_language(self.lang):  # the commitment to the seed under every page; the seed once revealed
            proof = seed_proof(self.event).line()
        return self.env.get_template(name).render(fragment=fragment, event_name=self.event.info().name, path=path,
                                                  board=shown, draw_proof=proof, **ctx)

    def render(self, name: str, request: Request, status: int = 200, **ctx: Any) -> HTMLResponse:
        return HTMLResponse(self.html(name, request.url.path[len(self.root):] or "/", **ctx), status)

    def page(self, name: str, path: str, stamp: int, status: int = 200, **ctx: Any) -> Built:
        """A player page built once: the whole page and its live part (what the page's own
        script fetches with X-Fragment to refresh itself)."""
        part = self.html(name, path, fragment=True, **ctx)
        # A live page's live part is rendered once and put into the whole page as it is.
        spliced: dict[str, Any] = {"live_part": Markup(part)} if self.live_template(name) else {}
        whole = self.html(name, path, stamp=stamp, **spliced, **ctx)
        return built(stamp, status, "text/html; charset=utf-8", {"": whole, "fragment": part})

    def said(self, message: str, **values: object) -> str:
        """One of the API's messages in the event's language (the desk pages show them as they are)."""
        with use_language(self.lang):
            return _(message).format(**values)

    async def cached_page(self, request: Request, key: tuple[Any, ...], build: Callable[[int], Built], *,
                          settle: bool = True) -> Response:
        got = await self.state.pages.get(key, build, settle=settle)
        return got.response(request, "fragment" if request.headers.get("x-fragment") == "1" else "")

    async def cached_json(self, request: Request, key: tuple[Any, ...], value: Callable[[], Any]) -> Response:
        return await self.cached_page(request, key, lambda n: json_built(n, value()), settle=False)

    def read_through(self, build: Callable[[], Response]) -> Response:
        """A desk page built with its reads together (`Event.reading`)."""
        with self.event.reading():
            return build()

    def finding(self, f: LocatedFinding) -> dict[str, Any]:
        return finding_json(f, self.lang)

    # --- who is calling ----------------------------------------------------------------
    async def session(self, request: Request) -> Session | None:
        """The desk page's session (from the event's database: any server process answers)."""
        return await run_in_threadpool(sessions.session_for, self.event, request.cookies.get(SESSION_COOKIE, ""),
                                       self.state.desk_idle)

    async def wrong_try(self, request: Request) -> None:
        """Count a wrong token (tourney/server/guard.py limits them per address), unless counted already."""
        if not request.scope.get("state", {}).get(WRONG_COUNTED):
            await run_in_threadpool(sessions.wrong_try, self.event, client_of(request.scope))

    async def right_try(self, request: Request) -> None:
        """A right token: its address's wrong tries are forgotten (none counted: nothing to do)."""
        if request.scope.get("state", {}).get(COUNTED) is not False:
            await run_in_threadpool(sessions.right_try, self.event, client_of(request.scope))

    async def api_desk(self, request: Request) -> store.Desk | Response:
        """The desk behind a request: a Bearer token, or a desk page's session plus its CSRF header."""
        token = bearer_token(request.scope)
        if token is not None:
            state = request.scope.get("state", {})
            desk = state[TOKEN_DESK] if TOKEN_DESK in state else await run_in_threadpool(
                store.desk_for_token, self.event, token)
            if desk is not None:
                await self.right_try(request)
                return desk
            await self.wrong_try(request)
            return JSONResponse({"error": self.said(N_("invalid token: use the token 'tourney desk add' printed"))},
                                401)
        s = await self.session(request)
        if s is not None and secrets.compare_digest(request.headers.get("x-csrf-token", ""), s.csrf):
            return s.desk
        return JSONResponse({"error": self.said(N_("missing token: send 'Authorization: Bearer TOKEN'"))}, 401)

    async def code_try(self, request: Request, run: Callable[[], Awaitable[Response]]) -> Response:
        """A request with a player's code, counted as a try BEFORE the code is evaluated (in one
        statement: however many arrive at once, no more than the limit are evaluated); a wrong
        code is 403 and stays counted, any other outcome gives the try back."""
        client = client_of(request.scope)
        wait = await run_in_threadpool(sessions.claim_try, self.event, client)
        if wait:
            return too_many_answer(request, self.lang, wait)
        try:
            return await run()
        except CodeRefused as exc:
            client = ""  # stays counted
            return JSONResponse({"error": str(exc)}, 403)
        finally:
            if client:
                await run_in_threadpool(sessions.refund_try, self.event, client)


@dataclass
class Ctx:
    """One request as its handler sees it: the site, the request, and who its guard let in."""

    site: Site
    request: Request
    desk: store.Desk | None = None
    session: Session | None = None

    @property
    def event(self) -> store.Event:
        return self.site.event

    @property
    def lang(self) -> str:
        return self.site.lang

    def number(self, name: str) -> int:
        """A number of the path (`{n}`, `{t}`, `{id}`)."""
        return int(self.request.path_params[name])

    async def body(self, model: type[B], limit: int | None = None) -> B:
        """The request's JSON body as the route's model (422 with the field's path otherwise;
        `body.TooLarge` beyond `limit` bytes)."""
        return await read_body(self.request, model, lambda: self.lang, limit)

    @functools.cached_property
    def who(self) -> str:
        """The history's author of what this desk does: "desk NAME"."""
        assert self.desk is not None
        return DESK_AUTHOR + self.desk.name
