"""The live server's routers, one module per area, each a tuple of declared routes (`Op`: method,
path, guard, handler, body model, answers): `public` (the hall's pages and reads), `players`
(by their code), `desk_api` (by a desk's token), `desk_pages` (by a desk's session), `photos`
(a photo of a scan pad, by a desk or a player). `mount`
turns them into Starlette routes, each behind its guard; `/openapi.json` describes the same list."""
from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Sequence

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from tourney.core.i18n import _, use_language
from tourney.server.declare import Guard, Op
from tourney.server.routes import desk_api, desk_pages, photos, players, public
from tourney.server.routes.context import Ctx, Site
from tourney.server.contract import document

ROUTES: tuple[Op, ...] = (*public.ROUTES, *players.ROUTES, *desk_api.ROUTES, *photos.ROUTES, *desk_pages.ROUTES)


def mount(site: Site, ops: Sequence[Op] = ROUTES) -> list[Route]:
    """The routes of `ops` for the app, one Starlette route per path with its methods; `/openapi.json`
    describes them."""
    site.document = lambda: document(ops, site.root)
    by_path: dict[str, dict[str, Op]] = {}
    for op in ops:
        by_path.setdefault(op.route_path, {})[op.method] = op
    return [Route(path, _endpoint(site, methods), methods=list(methods)) for path, methods in by_path.items()]


def _endpoint(site: Site, methods: dict[str, Op]) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        op = methods.get(request.method) or methods["GET"]  # HEAD: as GET
        return await guarded(site, op, request)

    return endpoint


async def guarded(site: Site, op: Op, request: Request) -> Response:
    """The route's handler for the caller its guard lets in; anyone else gets the guard's refusal."""
    cx = Ctx(site, request)
    if op.guard is Guard.ANYONE:  # most requests (the phones' pages): asked first
        return await op.handler(cx)
    if op.guard in (Guard.DESK, Guard.ORGANISER):
        desk = await site.api_desk(request)
        if isinstance(desk, Response):
            return desk
        if op.guard is Guard.ORGANISER and not desk.organiser:
            return JSONResponse({"error": site.said(op.not_organiser)}, 403)
        cx.desk = desk
    elif op.guard in (Guard.DESK_PAGE, Guard.ORGANISER_PAGE):
        s = await site.session(request)
        if s is None or (op.guard is Guard.ORGANISER_PAGE and not s.desk.organiser):
            return RedirectResponse(site.root + "/desk/login", 303)
        if request.method == "POST":
            refused = await _form_refused(site, request, s.csrf)
            if refused is not None:
                return refused
        cx.session, cx.desk = s, s.desk
    elif op.guard is Guard.PLAYER or (op.guard is Guard.DESK_OR_PLAYER and not _as_desk(request)):
        return await site.code_try(request, lambda: op.handler(cx))
    elif op.guard is Guard.DESK_OR_PLAYER:
        desk = await site.api_desk(request)
        if isinstance(desk, Response):
            return desk
        cx.desk = desk
    return await op.handler(cx)


def _as_desk(request: Request) -> bool:
    """Whether a request a desk or a player may make comes from a desk: a Bearer token, or a desk
    page's CSRF header (a player's page sends neither, whatever cookie its browser has)."""
    from tourney.server.guard import bearer_token

    return bearer_token(request.scope) is not None or "x-csrf-token" in request.headers


async def _form_refused(site: Site, request: Request, csrf: str) -> Response | None:
    """A desk page's form: refused without the session's CSRF token (403), or with text that
    PostgreSQL can't store (a NUL character: 422)."""
    form = await request.form()
    with use_language(site.lang):
        if not secrets.compare_digest(str(form.get("csrf", "")), csrf):
            return HTMLResponse(_("invalid form (CSRF check failed): reload the page and try again"), 403)
        for key, value in form.multi_items():
            if isinstance(value, str) and "\x00" in value:
                return HTMLResponse(_("{field}: {problem}").format(field=key, problem=_(
                    "text with a NUL character can't be stored: remove it")), 422)
    return None
