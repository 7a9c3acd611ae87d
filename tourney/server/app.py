"""The live event server: player pages (players act only with their personal code: check-in,
drop, their table's report, tourney/server/reports.py), desks (token login) and the JSON API,
all over the same library calls as the command line. One process owns the event file."""
from __future__ import annotations

import contextlib
import functools
import json
import secrets
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.convertors import register_url_convertor
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tourney.event import entry, live, reports
from tourney.event.checkin import check_in_open

from tourney.core import store
from tourney.core.store import sessions
from tourney.core.store.sessions import Session
from tourney.core.errors import DiskFull, TourneyError
from tourney.core.i18n import N_, _, local_number, ngettext, use_language
from tourney.core.names import fold
from tourney.core.sql import Busy
from tourney.event.errors import ImportRefused, VersionConflict
from tourney.event.checking import CheckReport, LocatedFinding
from tourney.event.drawproof import seed_proof
from tourney.event.history import DESK_AUTHOR, author_shown
from tourney.server import board, body, roster, stream
from tourney.server.body import read_body
from tourney.server.cache import Built, PageCache, built
from tourney.server.guard import (
    COUNTED, TOKEN_DESK, WRONG_COUNTED, NumberConvertor, ReadOnly, WrongTryLimit, bearer_token, busy_answer,
    TextConvertor, client_of, disk_full_answer, too_many_answer,
)
from tourney.server.headers import SecurityHeaders
from tourney.server.once import DESK_SCOPE, PLAYERS_SCOPE, Once
from tourney.server.quick import Answer, Quick
from tourney.server.reports import Parts, report_routes, report_shown
from tourney.server.shown import player_shown, seating_rows, standings_rows, standings_shown

HERE = Path(__file__).resolve().parent
register_url_convertor("num", NumberConvertor())  # {n:num}: a round, table or report number
register_url_convertor("text", TextConvertor())  # {name:text}: a player's name
SESSION_COOKIE = "tourney_desk"
#: Seconds a read change stamp stays good (changes made by other processes show this much later;
#: this server's own changes show at once). With the pages polling every second, an announcement
#: or a clock set with the command line shows within 1.5 s.
STAMP_TTL = 0.5
#: Seconds between two builds of one player page while the event keeps changing (PageCache.settle).
SETTLE = 1.0
#: How a live page's template begins: its live part alone is the fragment (templates/fragment.html).
LIVE_TEMPLATE = '{% extends "fragment.html" if fragment else "base.html" %}'


@dataclass
class State:
    """What the process keeps between requests: the open event and the pages built for the
    event's current change stamp (desk sessions and wrong tries are in the event's database)."""

    event: store.Event
    lang: str
    cut: int | None
    pages: PageCache
    desk_idle: int = sessions.DESK_IDLE_HOURS * 3600  # seconds
    read_only: bool = False  # a read-only event file: shown, nothing stored (tourney/server/guard.py)

    def changed(self) -> None:
        """Called in a worker thread after this server changed the event: pages rebuild at once
        (the stamp its transaction wrote, else read)."""
        stamp = self.event.pop_stamp()
        self.pages.changed(store.change_stamp(self.event) if stamp is None else stamp)


def _env(lang: str) -> Environment:
    from tourney.core.i18n import translations

    env = Environment(loader=FileSystemLoader(HERE / "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    # The templates' words are in the gettext catalogue (`make messages` extracts `_()` from them).
    env.globals["_"] = translations(lang).gettext
    env.globals["ngettext"] = translations(lang).ngettext
    env.globals["lang"] = lang
    # A desk form's idempotency key: the same form sent twice (a double click, a resend after a
    # lost answer) is done once (tourney/server/once.py).
    env.globals["fresh_key"] = lambda: secrets.token_urlsafe(18)
    env.filters["urlname"] = lambda name: quote(str(name), safe="")
    env.filters["number"] = lambda value: local_number(value, lang)  # 17,5 on a German page
    env.filters["author"] = lambda author: author_shown(str(author), translations(lang).gettext)  # "Platz A"
    return env


# --- data for the API (plain functions of the event; the pages': tourney/server/shown.py) ---
def table_json(result: store.TableResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"round": result.round, "table": result.table, "version": result.version, "author": result.author,
            "created_at": result.created_at,
            "rows": [{"seat": ln.seat, "player": ln.player, "wonder": ln.wonder, "side": ln.side,
                      **entry.line_cells(ln)} for ln in result.lines]}


def finding_json(f: LocatedFinding, lang: str = "en") -> dict[str, Any]:
    """A finding for a desk: the English data of `as_dict`, plus `text` and `severity_text`
    in the page's language for the person at the desk."""
    from tourney.core.findingtext import finding_text, severity_text
    from tourney.core.i18n import use_language

    d = f.as_dict()
    with use_language(lang):
        d["text"], d["severity_text"] = finding_text(f.finding), severity_text(f.finding)
    d["line"] = min(f.rows) - 1 if f.rows else None  # 1-based row of the posted rows (sheet row 1 is the header)
    del d["file"], d["sheet"]
    return d


# --- the app ----------------------------------------------------------------------------
def create_app(event_location: str, *, lang: str | None = None, cut: int | None = None, root: str = "",
               desk_idle: int = sessions.DESK_IDLE_HOURS * 3600) -> Starlette:
    """The ASGI app for one event (pages, desks, API), its pages linking under `root` ("" when
    it is the server's only event, "/e/NAME" beside others: `tourney.server.several`); a desk
    session ends after `desk_idle` seconds unused."""
    from tourney.games.registry import workflow

    event = store.Event.open(event_location)
    game = workflow(event.info().game)  # the edge: looked up once, handed down
    state = State(event, lang or live.event_lang(event), cut,
                  PageCache(lambda: store.change_stamp(event), ttl=STAMP_TTL, settle=SETTLE,
                            around=event.reading), desk_idle,
                  event.read_only())
    env = _env(state.lang)
    env.globals["root"] = root
    once = Once(event, state.lang, state.changed)  # every write: its Idempotency-Key (tourney/server/once.py)

    @functools.cache
    def live_template(name: str) -> bool:
        """Whether the template is a live page, its live part alone asked for as the fragment."""
        assert env.loader is not None
        return env.loader.get_source(env, name)[0].startswith(LIVE_TEMPLATE)

    def html(name: str, path: str, *, fragment: bool = False, **ctx: Any) -> str:
        if fragment and live_template(name):  # the live part alone: no header, board or footer
            return env.get_template(name).render(fragment=True, path=path, **ctx)
        shown = None if fragment else board.shown(event)  # the clock and announcements above every page
        with use_language(state.lang):  # the commitment to the seed under every page; the seed once revealed
            proof = seed_proof(event).line()
        return env.get_template(name).render(fragment=fragment, event_name=event.info().name, path=path,
                                             board=shown, draw_proof=proof, **ctx)

    def render(name: str, request: Request, status: int = 200, **ctx: Any) -> HTMLResponse:
        return HTMLResponse(html(name, request.url.path[len(root):] or "/", **ctx), status)

    def page(name: str, path: str, stamp: int, status: int = 200, **ctx: Any) -> Built:
        """A player page built once: the whole page and its live part (what the page's own
        script fetches with X-Fragment to refresh itself)."""
        part = html(name, path, fragment=True, **ctx)
        # A live page's live part is rendered once and put into the whole page as it is.
        spliced: dict[str, Any] = {"live_part": Markup(part)} if live_template(name) else {}
        whole = html(name, path, stamp=stamp, **spliced, **ctx)
        return built(stamp, status, "text/html; charset=utf-8", {"": whole, "fragment": part})

    def said(message: str, **values: object) -> str:
        """One of the API's messages in the event's language (the desk pages show them as they are)."""
        with use_language(state.lang):
            return _(message).format(**values)

    def json_built(stamp: int, value: Any, status: int = 200) -> Built:
        return built(stamp, status, "application/json", {"": json.dumps(value, ensure_ascii=False)})

    async def cached_page(request: Request, key: tuple[Any, ...], build: Callable[[int], Built], *,
                          settle: bool = True) -> Response:
        got = await state.pages.get(key, build, settle=settle)
        return got.response(request, "fragment" if request.headers.get("x-fragment") == "1" else "")

    def read_through(build: Callable[[], Response]) -> Response:
        """A desk page built with its reads together (`Event.reading`)."""
        with event.reading():
            return build()

    async def session(request: Request) -> Session | None:
        """The desk page's session (from the event's database: any server process answers)."""
        return await run_in_threadpool(sessions.session_for, event, request.cookies.get(SESSION_COOKIE, ""),
                                       state.desk_idle)

    async def wrong_try(request: Request) -> None:
        """Count a wrong token (tourney/server/guard.py limits them per address), unless counted already."""
        if not request.scope.get("state", {}).get(WRONG_COUNTED):
            await run_in_threadpool(sessions.wrong_try, event, client_of(request.scope))

    async def code_try(request: Request, run: Callable[[], Awaitable[Response]]) -> Response:
        """A request with a player's code, counted as a try BEFORE the code is evaluated (in one
        statement: however many arrive at once, no more than the limit are evaluated); a wrong
        code is 403 and stays counted, any other answer gives the try back."""
        from tourney.event.errors import CodeRefused

        client = client_of(request.scope)
        wait = await run_in_threadpool(sessions.claim_try, event, client)
        if wait:
            return too_many_answer(request, state.lang, wait)
        try:
            answer = await run()
        except CodeRefused as exc:
            return JSONResponse({"error": str(exc)}, 403)
        await run_in_threadpool(sessions.refund_try, event, client)
        return answer

    async def right_try(request: Request) -> None:
        """A right token: its address's wrong tries are forgotten (none counted: nothing to do)."""
        if request.scope.get("state", {}).get(COUNTED) is not False:
            await run_in_threadpool(sessions.right_try, event, client_of(request.scope))

    async def api_desk(request: Request) -> store.Desk | Response:
        """The desk behind a request: a Bearer token, or a desk page's session plus its CSRF header."""
        token = bearer_token(request.scope)
        if token is not None:
            state = request.scope.get("state", {})
            desk = state[TOKEN_DESK] if TOKEN_DESK in state else await run_in_threadpool(
                store.desk_for_token, event, token)
            if desk is not None:
                await right_try(request)
                return desk
            await wrong_try(request)
            return JSONResponse({"error": said(N_("invalid token: use the token 'tourney desk add' printed"))}, 401)
        s = await session(request)
        if s is not None and secrets.compare_digest(request.headers.get("x-csrf-token", ""), s.csrf):
            return s.desk
        return JSONResponse({"error": said(N_("missing token: send 'Authorization: Bearer TOKEN'"))}, 401)

    async def api_publish(request: Request) -> Response:
        """`POST /api/rounds/{n}/publish` with an organiser desk's token: show the round's
        seating on the players' pages; `{"published": false}` hides it again."""
        desk = await api_desk(request)
        if isinstance(desk, Response):
            return desk
        if not desk.organiser:
            return JSONResponse({"error": _("only an organiser's desk publishes rounds")}, 403)
        r, show = request.path_params["n"], (await read_body(request, body.Publish, state.lang)).published

        def act() -> Response:
            with use_language(state.lang):
                try:
                    changed = live.publish_round(event, r, DESK_AUTHOR + desk.name, publish=show)
                except DiskFull:
                    raise
                except TourneyError as exc:
                    return JSONResponse({"error": str(exc)}, 404)
            return JSONResponse({"round": r, "published": show, "changed": changed})

        return await once(request, DESK_SCOPE + desk.name, act)

    async def by_player(request: Request, act: Callable[[dict[str, str]], dict[str, Any]],
                        model: type[body.Player] = body.Player) -> Response:
        """Run a player's request (in the page's language); a wrong name or code is slowed down
        like a wrong desk token (403), a request the event does not take now is 409."""
        from tourney.event.errors import CodeRefused, NotOpen

        got = (await read_body(request, model, state.lang)).model_dump()

        def run() -> Response:
            with use_language(state.lang):
                try:
                    return JSONResponse(act(got))
                except CodeRefused:
                    raise  # answered below, after the slow-down; nothing kept under the key
                except NotOpen as exc:
                    return JSONResponse({"error": str(exc)}, 409)
                except DiskFull:
                    raise  # not a refusal: 507, to be sent again (disk_full_answer)
                except TourneyError as exc:
                    return JSONResponse({"error": str(exc)}, 422)

        return await code_try(request, lambda: once(request, PLAYERS_SCOPE, run))

    async def api_check_in(request: Request) -> Response:
        """`POST /api/check-in {"player", "code"}`: the player is here (before round 1)."""
        from tourney.event.checkin import check_in_with_code

        def act(body: dict[str, str]) -> dict[str, Any]:
            name, new = check_in_with_code(event, body["player"], body["code"])
            return {"player": name, "checked_in": True, "changed": new}

        return await by_player(request, act)

    async def api_drop(request: Request) -> Response:
        """`POST /api/drop {"player", "code", "confirm": WORD}`: the player drops out after the
        last round with results, as `tourney players drop`; WORD is the one the drop page shows in
        the event's language (or "drop")."""
        from tourney.event.checkin import drop_with_code, drop_word

        def act(body: dict[str, str]) -> dict[str, Any]:
            word = drop_word()  # in the page's language: `by_player` runs it in it
            if body["confirm"].strip().casefold() not in {word.casefold(), "drop"}:
                raise TourneyError(_('type {word} to confirm that you drop out (the API also takes "confirm": '
                                     '"drop")').format(word=word))
            name, after = drop_with_code(event, body["player"], body["code"])
            return {"player": name, "dropped_after": after}

        return await by_player(request, act, body.Drop)

    # --- player pages (built once per change, see PageCache) --------------------------
    def build_seating(round_no: int | None, stamp: int) -> Built:
        """`/` (round_no None: the latest published round) or `/rounds/N`."""
        path = "/" if round_no is None else f"/rounds/{round_no}"
        visible = live.published_rounds(event)
        seated = event.seated_rounds()
        current = round_no if round_no is not None else max(visible & set(seated), default=None)
        if current is None or current not in seated or current not in visible:
            return page("seating.html", path, stamp, 404 if round_no is not None else 200, round=current,
                        tables=None, rounds=sorted(visible), check_in=check_in_open(event))
        rows = seating_rows(event, current)
        stored = {t.table for t in event.results(upto_round=current) if t.round == current}
        tables: dict[int, list[dict[str, Any]]] = {}
        for r in rows:
            tables.setdefault(r["table"], []).append(r)
        folded = {r["player"]: fold(r["player"]) for r in rows}
        on = reports.self_report_on(event)
        reported = {t for r, t in reports.open_reports(event) if r == current} if on else set()
        return page("seating.html", path, stamp, round=current, tables=tables, stored=stored,
                    rounds=sorted(visible & set(seated)), folded=folded, reported=reported, self_report=on)

    def build_standings(stamp: int) -> Built:
        from tourney.event.standings import event_cut, qualified_count

        shown = standings_shown(event, game, state.lang)
        cut = state.cut if state.cut is not None else event_cut(event)
        line = qualified_count(shown.standings.rows, cut) if shown.rows else None
        return page("standings.html", "/standings", stamp, table=shown, cut=cut, cut_after=line)

    async def seating_page(request: Request, round_no: int | None) -> Response:
        return await cached_page(request, ("seating", round_no), lambda n: build_seating(round_no, n))

    async def home(request: Request) -> Response:
        return await seating_page(request, None)

    async def round_page(request: Request) -> Response:
        return await seating_page(request, request.path_params["n"])

    async def standings_page(request: Request) -> Response:
        return await cached_page(request, ("standings",), build_standings)

    async def warm_up() -> None:
        """Build the two pages every phone opens before the first phone asks, and check one
        sheet: the game's sheet reader and checks load now, not during a desk's first save
        (some 100 ms once in every worker)."""
        await state.pages.get(("seating", None), lambda n: build_seating(None, n))
        await state.pages.get(("standings",), build_standings)
        await run_in_threadpool(warm_check)

    def warm_check() -> None:
        """The rules check of a seated table's sheet with its seats and names only (its
        findings are not looked at; nothing is stored)."""
        with event.reading():
            seated = event.seated_rounds()
            seats = event.seats(max(seated)) if seated else []
            if not seats:
                return
            rows = [{"seat": s.seat, "player": s.player} for s in seats if s.table == seats[0].table]
            with use_language(state.lang), contextlib.suppress(TourneyError):
                entry.check_table(event, game, seats[0].round, seats[0].table, rows, source="warm-up")

    async def player_page(request: Request) -> Response:
        typed = request.path_params["name"]

        def build(stamp: int) -> Built:
            path = f"/players/{quote(typed, safe='')}"
            player = live.find_player(event, typed)
            if player is None:
                return page("player.html", path, stamp, 404, player=None, shown=None)
            return page("player.html", path, stamp, player=player, shown=player_shown(event, game, player, state.lang))

        return await cached_page(request, ("player", fold(typed)), build)

    async def find(request: Request) -> Response:
        name = request.query_params.get("name", "")
        player = None if "\x00" in name else await run_in_threadpool(live.find_player, event, name)
        if player is None:
            return render("player.html", request, 404, player=None, shown=None)
        return RedirectResponse(f"{root}/players/{quote(player.name, safe='')}", 303)

    async def projector(request: Request) -> Response:
        def build(stamp: int) -> Built:
            current = live.current_round(event)
            rows = sorted(seating_rows(event, current), key=lambda r: fold(r["player"])) if current else []
            return page("projector.html", "/projector", stamp, round=current, rows=rows)

        return await cached_page(request, ("projector",), build)

    async def stamp_answer(asked: Mapping[str, str]) -> tuple[int, Mapping[str, str], bytes, str | None]:
        """What every open player page polls every second: the change stamp (refresh when it
        moved), the clock and the announcements; 304 while nothing changed. Answered before the
        routing (`tourney.server.quick`), and by the route for a request with a token."""
        got = await state.pages.get(("stamp",), stamp_json, settle=False)
        status, head, body, media_type = got.answer(asked.get("if-none-match"), asked.get("accept-encoding", ""),
                                                    "fragment" if asked.get("x-fragment") == "1" else "")
        return status, {**head, **board.server_time()}, body, media_type

    async def stamp(request: Request) -> Response:
        status, head, body, media_type = await stamp_answer(request.headers)
        return Response(body, status, head, media_type)

    def stamp_json(n: int) -> Built:
        return json_built(n, {"stamp": n, **board.stamp_fields(event)})

    # --- JSON API --------------------------------------------------------------------
    async def api_standings(request: Request) -> Response:
        return await cached_page(request, ("api-standings",), lambda n: json_built(n, standings_rows(event, game)),
                                 settle=False)

    async def api_seating(request: Request) -> Response:
        n = request.path_params["n"]
        desk = bool(request.headers.get("authorization"))
        if desk:
            who = await api_desk(request)
            if isinstance(who, Response):
                return who

        def build(stamp: int) -> Built:
            if not desk and n not in live.published_rounds(event):
                return json_built(stamp, {"error": said(N_("round {round}'s seating is not published"), round=n)}, 404)
            return json_built(stamp, seating_rows(event, n))

        return await cached_page(request, ("api-seating", n, desk), build, settle=False)

    async def api_get_result(request: Request) -> Response:
        who = await api_desk(request)
        if isinstance(who, Response):
            return who
        r, t = request.path_params["n"], request.path_params["t"]
        return JSONResponse({"stored": table_json(await run_in_threadpool(entry.stored_table, event, r, t))})

    TableRequest = tuple[Any, int, int, list[dict[str, Any]], Any, str | None]

    async def api_table_request(request: Request, model: type[body.SheetCheck | body.Sheet] = body.Sheet,
                                ) -> TableRequest | Response:
        """A desk's request about one table: the desk, round, table and the body's rows, version
        and reason; or the response refusing it (no valid token; a body that is not a sheet: 422)."""
        who = await api_desk(request)
        if isinstance(who, Response):
            return who
        got = await read_body(request, model, state.lang)
        return who, request.path_params["n"], request.path_params["t"], got.rows, got.version, got.reason

    async def api_check(request: Request) -> Response:
        asked = await api_table_request(request, body.SheetCheck)
        if isinstance(asked, Response):
            return asked
        who, r, t, rows, _, _ = asked
        def check() -> CheckReport:
            with use_language(state.lang):  # the sheet's headers as the desk's pad prints them
                return entry.check_table(event, game, r, t, rows, source=who.name)

        try:
            report = await run_in_threadpool(check)
        except TourneyError as exc:
            return JSONResponse({"error": str(exc), "findings": []}, 422)
        return JSONResponse({"ok": report.ok, "findings": [finding_json(f, state.lang) for f in report.findings]})

    async def api_post_result(request: Request) -> Response:
        asked = await api_table_request(request)
        if isinstance(asked, Response):
            return asked
        who, r, t, rows, version, reason = asked

        def save() -> Callable[[], Response]:
            # The sheet is checked here, before the transaction takes the event's write lock
            # (desks check their sheets side by side); it is stored under the lock, its version
            # checked again there.
            with use_language(state.lang):
                step = entry.desk_entry(event, game, r, t, rows, version=version, desk=who.name,
                                        author=DESK_AUTHOR + who.name, reason=reason)

            def stored() -> entry.Entered | entry.Held:
                with use_language(state.lang):
                    return step()

            return lambda: result_answer(stored, r, t)

        return await once.prepared(request, DESK_SCOPE + who.name, save)

    def result_answer(save: Callable[[], entry.Entered | entry.Held], r: int, t: int) -> Response:
        """A desk's sheet, saved: the answer for each outcome (stored, held, refused, conflict)."""
        try:
            done = save()
        except VersionConflict as exc:
            return JSONResponse({"error": str(exc), "stored": table_json(exc.stored)}, 409)
        except ImportRefused as exc:
            with use_language(state.lang):
                summary = exc.report.summary()
            return JSONResponse({"error": said(N_("{summary}: nothing stored"), summary=summary),
                                 "findings": [finding_json(f, state.lang) for f in exc.report.findings]}, 422)
        except DiskFull:
            raise  # not a refusal: 507 with Retry-After, the desk page's outbox keeps the sheet
        except TourneyError as exc:
            return JSONResponse({"error": str(exc), "findings": []}, 422)
        warnings = [finding_json(f, state.lang) for f in done.warnings]
        if isinstance(done, entry.Held):
            if done.mismatch:
                return JSONResponse({"error": said(N_("round {round}, table {table}: this entry differs from another "
                                                      "desk's: nothing stored; the organiser compares them and "
                                                      "decides"), round=r, table=t),
                                     "held": True, "mismatch": True, "warnings": warnings}, 409)
            return JSONResponse({"round": r, "table": t, "held": True, "mismatch": False,
                                 "message": said(N_("round {round}, table {table}: entry held until a second "
                                                    "desk's entry agrees"), round=r, table=t),
                                 "warnings": warnings}, 202)
        return JSONResponse({"round": done.round, "table": done.table, "version": done.version,
                             "warnings": warnings}, 201)

    # --- desks -----------------------------------------------------------------------
    async def login(request: Request) -> Response:
        if request.method == "GET":
            return render("login.html", request, error=None)
        form = await request.form()
        token = str(form.get("token", "")).strip()
        # Counted before the token is looked at (one statement: parallel logins never share a count).
        wait = await run_in_threadpool(sessions.claim_try, event, client_of(request.scope))
        if wait:
            return too_many_answer(request, state.lang, wait)
        desk = await run_in_threadpool(store.desk_for_token, event, token) if token else None
        if desk is None:
            return render("login.html", request, 401, error="bad_token")
        await right_try(request)
        sid, _s = await run_in_threadpool(sessions.open_session, event, desk)
        resp = RedirectResponse(root + "/desk", 303)
        # One cookie per event: beside other events, a desk logged in to one stays logged in there.
        resp.set_cookie(SESSION_COOKIE, sid, httponly=True, samesite="strict", path=root + "/")
        return resp

    def desk_page(handler: Callable[[Request, Session], Awaitable[Response]], *, organiser: bool = False,
                  ) -> Callable[[Request], Awaitable[Response]]:
        """A desk page: logged in (else to the login form); a POST needs the session's CSRF token."""
        async def guarded(request: Request) -> Response:
            s = await session(request)
            if s is None or (organiser and not s.desk.organiser):
                return RedirectResponse(root + "/desk/login", 303)
            if request.method == "POST":
                form = await request.form()
                if not secrets.compare_digest(str(form.get("csrf", "")), s.csrf):
                    with use_language(state.lang):
                        refused = _("invalid form (CSRF check failed): reload the page and try again")
                    return HTMLResponse(refused, 403)
                for key, value in form.multi_items():  # what PostgreSQL can't store never reaches it
                    if isinstance(value, str) and "\x00" in value:
                        with use_language(state.lang):
                            said = _("{field}: {problem}").format(field=key, problem=_(
                                "text with a NUL character can't be stored: remove it"))
                        return HTMLResponse(said, 422)
            return await handler(request, s)

        return guarded

    async def desk_home(request: Request, s: Session) -> Response:
        def build() -> Response:
            seated = sorted(event.seated_rounds())
            published = live.published_rounds(event)
            stored = {(t.round, t.table): t for t in event.results()}
            held: dict[tuple[int, int], list[store.HeldEntry]] = {}
            for h in store.held_entries(event):
                held.setdefault((h.round, h.table), []).append(h)
            rounds = []
            for r in seated:
                tables = sorted({x.table for x in event.seats(r)})
                rounds.append({"round": r, "published": r in published,
                               "tables": [{"table": t, "stored": stored.get((r, t)), "held": held.get((r, t), [])}
                                          for t in tables]})
            return render("desk.html", request, desk=s.desk, csrf=s.csrf, rounds=list(reversed(rounds)),
                          desks=store.desks(event) if s.desk.organiser else [],
                          message=request.query_params.get("msg"), double=entry.double_entry(event),
                          reports=reports.open_reports(event))

        return await run_in_threadpool(read_through, build)

    async def desk_table(request: Request, s: Session) -> Response:
        r, t = request.path_params["n"], request.path_params["t"]

        def build() -> Response:
            from tourney.server.deskform import desk_form

            seats = event.seats(r, tables={t})
            stored = entry.stored_table(event, r, t)
            pad = game.print_kit.pad(state.lang, event.options())
            form = desk_form(game.sheet_format, pad, state.lang, seats, stored)
            held = [h for h in store.held_entries(event) if (h.round, h.table) == (r, t)]
            compare = None
            if s.desk.organiser and len({h.desk for h in held}) > 1:
                compare = {"entries": held, "differences": entry.differences(game.sheet_format, held)}
            return render("table.html", request, desk=s.desk, csrf=s.csrf, round=r, table=t, form=form,
                          version=stored.version if stored else None, compare=compare,
                          double=entry.double_entry(event), report=report_shown(parts, r, t))

        return await run_in_threadpool(read_through, build)

    async def organiser_action(request: Request, s: Session) -> Response:
        form = await request.form()
        action = request.path_params["action"]
        who = DESK_AUTHOR + s.desk.name

        def number(key: str) -> int:
            return int(str(form.get(key, "0")) or 0)

        def act() -> str:
            from tourney.event.seating import seat_rounds

            # No lock of this process: each action is its own transaction under the event's lock,
            # which every worker (and the command line) takes; a seating planned twice at once is
            # the same plan (drawn from the event's seed), stored twice the same.
            if action == "seat":
                done = seat_rounds(event, game)
                return ", ".join(ngettext("round {round} seated: {n} table", "round {round} seated: {n} tables",
                                          len(x.tables)).format(round=x.round, n=len(x.tables)) for x in done)
            if action == "publish":
                live.publish_round(event, number("round"), who)
                return _("round {round} published").format(round=number("round"))
            if action == "timer":
                minutes = number("minutes")
                live.start_timer(event, minutes, who)
                return (ngettext("timer {n} minute", "timer {n} minutes", minutes).format(n=minutes) if minutes
                        else _("timer stopped"))
            if action in board.DESK_ACTIONS:
                return board.desk_action(event, action, form, who)
            if action in roster.DESK_ACTIONS:
                return roster.desk_action(event, game, action, form, who)
            if action == "desk-remove":  # `tourney desk remove`: its sessions end with it
                with event.transaction() as conn:
                    gone = store.remove_desk(conn, str(form.get("desk", "")))
                return _("removed desk {name!r}").format(name=gone)
            if action == "logout-all":  # `tourney desk logout-all`: this page's session too
                n = sessions.end_all_sessions(event)
                return ngettext("ended {n} desk session: each desk logs in again with its token",
                                "ended {n} desk sessions: each desk logs in again with its token", n).format(n=n)
            if action == "accept":
                got = entry.accept_held(event, game, number("round"), number("table"), number("entry"), who)
                return _("round {round}, table {table}: stored version {version}").format(
                    round=got.round, table=got.table, version=got.version)
            if action == "remove":  # `tourney results remove`: the sheet stays in the history
                from tourney.event.importing import remove_table

                return "; ".join(remove_table(event, number("round"), number("table"),
                                              reason=str(form.get("reason", "")), author=who).lines())
            if action == "third":
                with event.transaction() as conn:
                    store.ask_third_entry(conn, number("round"), number("table"), who)
                return _("round {round}, table {table}: a third entry asked for").format(
                    round=number("round"), table=number("table"))
            return _("unknown action")

        def said() -> str:  # in the desk page's language, the library's refusals too
            with use_language(state.lang):
                try:
                    return act()
                except DiskFull:
                    raise
                except (TourneyError, ValueError) as exc:
                    return str(exc)

        back = "/desk/players" if action in roster.DESK_ACTIONS else "/desk"
        return await once(request, DESK_SCOPE + s.desk.name, lambda: RedirectResponse(
            f"{root}{back}?msg={quote(said())}", 303))

    async def desk_players(request: Request, s: Session) -> Response:
        def build() -> Response:
            with use_language(state.lang):
                shown = roster.roster(event)
            return render("players_desk.html", request, desk=s.desk, csrf=s.csrf, roster=shown,
                          message=request.query_params.get("msg"))

        return await run_in_threadpool(read_through, build)

    async def download_sheets(request: Request, s: Session) -> Response:
        from tourney.outputs.printsheets import write_sheets

        n = request.path_params["n"]
        name = f"round{n}-sheets.xlsx"

        def written() -> bytes:
            # The writers write files; the sheets (every player's name) are read back and the
            # folder removed before the answer goes out, whatever happens.
            with tempfile.TemporaryDirectory(prefix="tourney-sheets-") as tmp:
                path = Path(tmp) / name
                write_sheets(event, game, n, path, state.lang)
                return path.read_bytes()

        try:
            content = await run_in_threadpool(written)
        except TourneyError as exc:
            return RedirectResponse(f"{root}/desk?msg={quote(str(exc))}", 303)
        return Response(content, media_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def logout(request: Request, s: Session) -> Response:
        await run_in_threadpool(sessions.end_session, event, request.cookies.get(SESSION_COOKIE, ""))
        resp = RedirectResponse(root + "/", 303)
        resp.delete_cookie(SESSION_COOKIE, path=root + "/")
        return resp

    routes = [
        Route("/", home),
        Route("/standings", standings_page),
        Route("/rounds/{n:num}", round_page),
        Route("/players/{name:text}", player_page),
        Route("/find", find),
        Route("/projector", projector),
        Route("/api/stamp", stamp),
        *stream.routes(lambda: state.pages.get(("stamp",), stamp_json), said),  # the same, pushed
        *board.routes(event, lambda request, key, value: cached_page(
            request, key, lambda n: json_built(n, value()), settle=False)),
        Route("/api/standings", api_standings),
        Route("/api/rounds/{n:num}/seating", api_seating),
        Route("/api/rounds/{n:num}/publish", api_publish, methods=["POST"]),
        Route("/api/check-in", api_check_in, methods=["POST"]),
        Route("/api/drop", api_drop, methods=["POST"]),
        Route("/api/rounds/{n:num}/tables/{t:num}/result", api_get_result, methods=["GET"]),
        Route("/api/rounds/{n:num}/tables/{t:num}/result", api_post_result, methods=["POST"]),
        Route("/api/rounds/{n:num}/tables/{t:num}/check", api_check, methods=["POST"]),
        Route("/desk/login", login, methods=["GET", "POST"]),
        Route("/desk/logout", desk_page(logout), methods=["POST"]),
        Route("/desk", desk_page(desk_home)),
        Route("/desk/rounds/{n:num}/tables/{t:num}", desk_page(desk_table)),
        Route("/desk/rounds/{n:num}/sheets.xlsx", desk_page(download_sheets, organiser=True)),
        Route("/desk/players", desk_page(desk_players, organiser=True)),
        Route("/desk/organiser/{action}", desk_page(organiser_action, organiser=True), methods=["POST"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    parts = Parts(event, game, state.lang, page, cached_page, api_desk, code_try, state.changed, finding_json,
                  once)
    routes[-1:-1] = report_routes(parts)  # the players' reports and check-in (tourney/server/reports.py)

    async def busy(request: Request, exc: Exception) -> Response:
        return busy_answer(request, state.lang)

    async def unreadable(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, body.BodyRefused)
        return JSONResponse(body.refusal_json(exc, findings=[]), 422)

    async def full(request: Request, exc: Exception) -> Response:
        return disk_full_answer(request, state.lang, exc.location if isinstance(exc, DiskFull) else event.location)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await warm_up()
        yield
        # Stopping (Ctrl-C, or a service manager's SIGTERM, after which uvicorn ends the process
        # at once): SQLite folds its write-ahead log back into the event file, so the file alone
        # holds every sheet stored.
        event.close()

    guards = [Middleware(ReadOnly, event=event, lang=state.lang)] if state.read_only else []
    # The server's own app answers the phones' every-second requests before its routing; beside
    # other events, the server in front of them does (`tourney.server.several`).
    quick: dict[str, Answer] = {"/api/stamp": stamp_answer}
    handlers = {Busy: busy, DiskFull: full, body.BodyRefused: unreadable}
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers=handlers,
                    middleware=[*([Middleware(Quick, answers=quick)] if not root else []), Middleware(SecurityHeaders),
                                *guards, Middleware(WrongTryLimit, event=event, lang=state.lang)])
    app.state.tourney = state
    app.state.quick = quick
    return app
