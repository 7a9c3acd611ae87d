"""The live event server: player pages (read-only), desks (token login) and the JSON API,
all over the same library calls as the command line. One process owns the event file."""
from __future__ import annotations

import asyncio
import json
import secrets
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tourney import entry, live, store
from tourney.errors import TourneyError
from tourney.errors import ImportRefused, VersionConflict
from tourney.results import LocatedFinding

HERE = Path(__file__).resolve().parent
SESSION_COOKIE = "tourney_desk"
#: Failed logins from one address wait this long times 2**(failures-1), capped.
LOGIN_DELAY, LOGIN_DELAY_MAX = 0.5, 8.0
#: Seconds a read change stamp stays good (changes made by other processes show this much later).
STAMP_TTL = 1.0


@dataclass(frozen=True)
class Session:
    desk: store.Desk
    csrf: str


@dataclass
class State:
    """What the process keeps between requests: the open event, desk sessions, failed
    logins, and rendered pages for the current change stamp."""

    event: store.Event
    lang: str
    cut: int | None
    sessions: dict[str, Session] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)
    cache: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    cache_stamp: int = -1
    write_lock: threading.Lock = field(default_factory=threading.Lock)

    stamp_value: int = -1
    stamp_at: float = 0.0
    build_lock: threading.Lock = field(default_factory=threading.Lock)

    def stamp(self) -> int:
        """The event's change stamp, read from the file at most every STAMP_TTL seconds (200
        phones polling do not each query it); writes through this server refresh it at once."""
        now = time.monotonic()
        if now - self.stamp_at > STAMP_TTL:
            self.stamp_value, self.stamp_at = store.change_stamp(self.event), now
        return self.stamp_value

    def changed(self) -> None:
        self.stamp_at = 0.0

    def hit(self, key: tuple[Any, ...]) -> Any:
        """The page for `key` if it is built for the current stamp (no database access)."""
        fresh = time.monotonic() - self.stamp_at <= STAMP_TTL and self.cache_stamp == self.stamp_value
        return self.cache.get(key) if fresh else None

    def cached(self, key: tuple[Any, ...], build: Callable[[], Any]) -> Any:
        """`build()` once per change stamp, by one thread while the others wait for it."""
        stamp = self.stamp()
        with self.build_lock:
            if stamp != self.cache_stamp:
                self.cache.clear()
                self.cache_stamp = stamp
            if key not in self.cache:
                self.cache[key] = build()
            return self.cache[key]


def _env(lang: str) -> Environment:
    from tourney.server.strings import translator

    env = Environment(loader=FileSystemLoader(HERE / "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    env.globals["t"] = translator(lang)
    env.globals["lang"] = lang
    env.filters["urlname"] = lambda name: quote(str(name), safe="")
    return env


# --- data for pages and API (plain functions of the event) -------------------------------
def standings_rows(event: store.Event) -> list[dict[str, Any]]:
    """The same rows as `tourney standings --format json`."""
    from tourney.export import to_json
    from tourney.standings import compute_standings

    return json.loads(to_json(compute_standings(event)))  # type: ignore[no-any-return]


def standings_page_rows(event: store.Event) -> tuple[list[str], list[dict[str, Any]]]:
    """Columns and rows for the standings page: the JSON rows plus games played and drop."""
    from tourney.export import to_json
    from tourney.standings import compute_standings

    st = compute_standings(event)
    rows = json.loads(to_json(st))
    for row, obj in zip(rows, st.rows):
        games = getattr(obj, "games", None)
        row["_games"] = len(games) if isinstance(games, list) else games
        row["_dropped"] = getattr(obj, "dropped_after", None)
    shown_apart = ("rank", "player", "lot", "games", "dropped_after", "qualified")  # own columns or marks
    cols = [c for c in (rows[0] if rows else {}) if not c.startswith("_") and c not in shown_apart]
    return cols, rows


def seating_rows(event: store.Event, round_no: int) -> list[dict[str, Any]]:
    """The same rows as `tourney seating --round N --format json`."""
    from tourney.views import seating_view

    return json.loads(seating_view(event, round_no, "json"))  # type: ignore[no-any-return]


def table_json(result: store.TableResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"round": result.round, "table": result.table, "version": result.version, "author": result.author,
            "created_at": result.created_at,
            "rows": [{"seat": ln.seat, "player": ln.player, "wonder": ln.wonder, "side": ln.side,
                      **entry.line_cells(ln)} for ln in result.lines]}


def finding_json(f: LocatedFinding) -> dict[str, Any]:
    d = f.as_dict()
    d["line"] = min(f.rows) - 1 if f.rows else None  # 1-based row of the posted rows (sheet row 1 is the header)
    del d["file"], d["sheet"]
    return d


# --- the app ----------------------------------------------------------------------------
def create_app(event_location: str, *, lang: str | None = None, cut: int | None = None) -> Starlette:
    """The ASGI app for one event file (pages, desks, API)."""
    event = store.Event.open(event_location)
    state = State(event, lang or live.event_lang(event), cut)
    env = _env(state.lang)

    def html(name: str, request: Request, **ctx: Any) -> str:
        """A page, or only its live part when the page's own script asks (X-Fragment)."""
        fragment = request.headers.get("x-fragment") == "1"
        return env.get_template(name).render(fragment=fragment, event_name=event.info().name,
                                             path=request.url.path, **ctx)

    def render(name: str, request: Request, status: int = 200, **ctx: Any) -> HTMLResponse:
        return HTMLResponse(html(name, request, **ctx), status)

    def session(request: Request) -> Session | None:
        return state.sessions.get(request.cookies.get(SESSION_COOKIE, ""))

    async def slow_failure(request: Request) -> None:
        who = request.client.host if request.client else "?"
        n = state.failures[who] = state.failures.get(who, 0) + 1
        await asyncio.sleep(min(LOGIN_DELAY * 2 ** (n - 1), LOGIN_DELAY_MAX))

    async def api_desk(request: Request) -> store.Desk | Response:
        """The desk behind a request: a Bearer token, or a desk page's session plus its CSRF header."""
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            desk = await run_in_threadpool(store.desk_for_token, event, auth[7:].strip())
            if desk is not None:
                return desk
            await slow_failure(request)
            return JSONResponse({"error": "invalid token: use the token 'tourney desk add' printed"}, 401)
        s = session(request)
        if s is not None and secrets.compare_digest(request.headers.get("x-csrf-token", ""), s.csrf):
            return s.desk
        return JSONResponse({"error": "missing token: send 'Authorization: Bearer TOKEN'"}, 401)

    async def cached(key: tuple[Any, ...], build: Callable[[], Any]) -> Any:
        """A page or rows built once per change of the event; served from memory until then."""
        value = state.hit(key)
        if value is None:
            value = await run_in_threadpool(state.cached, key, build)
        return value

    # --- player pages ----------------------------------------------------------------
    async def seating_page(request: Request, round_no: int | None) -> Response:
        def build() -> tuple[int, str]:
            visible = live.published_rounds(event)
            current = round_no if round_no is not None else live.current_round(event)
            seated = current is not None and current in event.seated_rounds()
            if current is None or not seated or current not in visible:
                return 404 if round_no is not None else 200, html(
                    "seating.html", request, round=current, tables=None, rounds=sorted(visible))
            rows = seating_rows(event, current)
            stored = {t.table: t for t in event.results() if t.round == current}
            tables: dict[int, list[dict[str, Any]]] = {}
            for r in rows:
                tables.setdefault(r["table"], []).append(r)
            return 200, html("seating.html", request, round=current, tables=tables, stored=stored,
                             rounds=sorted(visible & set(event.seated_rounds())),
                             folded={r["player"]: live.fold(r["player"]) for r in rows})

        status, page = await cached(("seating", round_no, request.headers.get("x-fragment")), build)
        return HTMLResponse(page, status)

    async def home(request: Request) -> Response:
        return await seating_page(request, None)

    async def round_page(request: Request) -> Response:
        return await seating_page(request, request.path_params["n"])

    async def standings_page(request: Request) -> Response:
        def build() -> str:
            cols, rows = standings_page_rows(event)
            from tourney.standings import compute_standings, event_cut, qualified_count

            cut = state.cut if state.cut is not None else event_cut(event)
            line = qualified_count(compute_standings(event).rows, cut) if rows else None
            return html("standings.html", request, cols=cols, rows=rows, cut=cut, cut_after=line)

        return HTMLResponse(await cached(("standings", request.headers.get("x-fragment")), build))

    async def player_page(request: Request) -> Response:
        def build() -> Response:
            player = live.find_player(event, request.path_params["name"])
            if player is None:
                return render("player.html", request, 404, player=None, games=[])
            return render("player.html", request, player=player, games=live.player_games(event, player))

        return await run_in_threadpool(build)

    async def find(request: Request) -> Response:
        name = request.query_params.get("name", "")
        player = await run_in_threadpool(live.find_player, event, name)
        if player is None:
            return render("player.html", request, 404, player=None, games=[])
        return RedirectResponse(f"/players/{quote(player.name, safe='')}", 303)

    async def projector(request: Request) -> Response:
        def build() -> Response:
            current = live.current_round(event)
            rows = sorted(seating_rows(event, current), key=lambda r: live.fold(r["player"])) if current else []
            return render("projector.html", request, round=current, rows=rows)

        return await run_in_threadpool(build)

    async def stamp(request: Request) -> Response:
        def build() -> dict[str, Any]:
            return {"stamp": state.stamp(), "timer_end": live.timer_end(event)}

        return JSONResponse(await cached(("stamp",), build), headers={"cache-control": "no-store"})

    # --- JSON API --------------------------------------------------------------------
    async def api_standings(request: Request) -> Response:
        return JSONResponse(await cached(("api-standings",), lambda: standings_rows(event)))

    async def api_seating(request: Request) -> Response:
        n = request.path_params["n"]
        if request.headers.get("authorization"):
            who = await api_desk(request)
            if isinstance(who, Response):
                return who
        elif n not in await run_in_threadpool(live.published_rounds, event):
            return JSONResponse({"error": f"round {n}'s seating is not published"}, 404)
        return JSONResponse(await cached(("api-seating", n), lambda: seating_rows(event, n)))

    async def api_get_result(request: Request) -> Response:
        who = await api_desk(request)
        if isinstance(who, Response):
            return who
        r, t = request.path_params["n"], request.path_params["t"]
        return JSONResponse({"stored": table_json(await run_in_threadpool(entry.stored_table, event, r, t))})

    async def read_body(request: Request) -> tuple[list[dict[str, Any]], Any, str | None] | Response:
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"error": "the body is not JSON: send {\"rows\": [...], \"version\": V}",
                                 "findings": []}, 422)
        rows = body.get("rows") if isinstance(body, dict) else None
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            return JSONResponse({"error": "'rows' must be a list of objects, one per player", "findings": []}, 422)
        version = body.get("version", False)
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            return JSONResponse({"error": "'version' must be the stored version you saw, or null for a first "
                                          "entry", "findings": []}, 422)
        reason = body.get("reason")
        return rows, version, reason if isinstance(reason, str) else None

    TableRequest = tuple[Any, int, int, list[dict[str, Any]], Any, str | None]

    async def api_table_request(request: Request) -> TableRequest | Response:
        """A desk's request about one table: the desk, round, table and the body's rows, version
        and reason; or the response refusing it (no valid token, a body that is not a sheet)."""
        who = await api_desk(request)
        if isinstance(who, Response):
            return who
        got = await read_body(request)
        if isinstance(got, Response):
            return got
        rows, version, reason = got
        return who, request.path_params["n"], request.path_params["t"], rows, version, reason

    async def api_check(request: Request) -> Response:
        asked = await api_table_request(request)
        if isinstance(asked, Response):
            return asked
        who, r, t, rows, _, _ = asked
        try:
            report = await run_in_threadpool(entry.check_table, event, r, t, rows, source=who.name)
        except TourneyError as exc:
            return JSONResponse({"error": str(exc), "findings": []}, 422)
        return JSONResponse({"ok": report.ok, "findings": [finding_json(f) for f in report.findings]})

    async def api_post_result(request: Request) -> Response:
        asked = await api_table_request(request)
        if isinstance(asked, Response):
            return asked
        who, r, t, rows, version, reason = asked

        def save() -> entry.Entered:
            with state.write_lock:
                try:
                    return entry.enter_table(event, r, t, rows, version=version, author=f"desk {who.name}",
                                             reason=reason)
                finally:
                    state.changed()

        try:
            done = await run_in_threadpool(save)
        except VersionConflict as exc:
            return JSONResponse({"error": str(exc), "stored": table_json(exc.stored)}, 409)
        except ImportRefused as exc:
            return JSONResponse({"error": exc.report.summary() + ": nothing stored",
                                 "findings": [finding_json(f) for f in exc.report.findings]}, 422)
        except TourneyError as exc:
            return JSONResponse({"error": str(exc), "findings": []}, 422)
        return JSONResponse({"round": done.round, "table": done.table, "version": done.version,
                             "warnings": [finding_json(f) for f in done.warnings]}, 201)

    # --- desks -----------------------------------------------------------------------
    async def login(request: Request) -> Response:
        if request.method == "GET":
            return render("login.html", request, error=None)
        form = await request.form()
        token = str(form.get("token", "")).strip()
        desk = await run_in_threadpool(store.desk_for_token, event, token) if token else None
        if desk is None:
            await slow_failure(request)
            return render("login.html", request, 401, error="bad_token")
        state.failures.pop(request.client.host if request.client else "?", None)
        sid = secrets.token_urlsafe(32)
        state.sessions[sid] = Session(desk, secrets.token_urlsafe(32))
        resp = RedirectResponse("/desk", 303)
        resp.set_cookie(SESSION_COOKIE, sid, httponly=True, samesite="strict")
        return resp

    def desk_page(handler: Callable[[Request, Session], Awaitable[Response]], *, organiser: bool = False,
                  ) -> Callable[[Request], Awaitable[Response]]:
        """A desk page: logged in (else to the login form); a POST needs the session's CSRF token."""
        async def page(request: Request) -> Response:
            s = session(request)
            if s is None or (organiser and not s.desk.organiser):
                return RedirectResponse("/desk/login", 303)
            if request.method == "POST":
                form = await request.form()
                if not secrets.compare_digest(str(form.get("csrf", "")), s.csrf):
                    return HTMLResponse("invalid form (CSRF check failed): reload the page and try again", 403)
            return await handler(request, s)

        return page

    async def desk_home(request: Request, s: Session) -> Response:
        def build() -> Response:
            seated = sorted(event.seated_rounds())
            published = live.published_rounds(event)
            stored = {(t.round, t.table): t for t in event.results()}
            rounds = []
            for r in seated:
                tables = sorted({x.table for x in event.seats(r)})
                rounds.append({"round": r, "published": r in published,
                               "tables": [{"table": t, "stored": stored.get((r, t))} for t in tables]})
            return render("desk.html", request, desk=s.desk, csrf=s.csrf, rounds=list(reversed(rounds)),
                          message=request.query_params.get("msg"))

        return await run_in_threadpool(build)

    async def desk_table(request: Request, s: Session) -> Response:
        r, t = request.path_params["n"], request.path_params["t"]

        def build() -> Response:
            game = event.info().game
            seats = [x for x in event.seats(r) if x.table == t]
            stored = entry.stored_table(event, r, t)
            columns = [c for c in entry.sheet_columns(game) if c not in ("round", "table")]
            by_seat = {ln.seat: ln for ln in stored.lines} if stored else {}
            rows = []
            for x in seats:
                ln = by_seat.get(x.seat)
                values: dict[str, Any] = {"seat": x.seat, "player": x.player, "wonder": x.wonder or ""}
                if ln is not None:
                    values.update({"side": ln.side or "", **entry.line_cells(ln)})
                rows.append(values)
            return render("table.html", request, desk=s.desk, csrf=s.csrf, round=r, table=t, columns=columns,
                          rows=rows, version=stored.version if stored else None)

        return await run_in_threadpool(build)

    async def organiser_action(request: Request, s: Session) -> Response:
        form = await request.form()
        action = request.path_params["action"]
        who = f"desk {s.desk.name}"

        def act() -> str:
            from tourney.seating import seat_rounds

            with state.write_lock:
                if action == "seat":
                    done = seat_rounds(event)
                    return ", ".join(f"round {x.round} seated: {len(x.tables)} tables" for x in done)
                if action == "publish":
                    n = int(str(form.get("round", "0")))
                    live.publish_round(event, n, who)
                    return f"round {n} published"
                if action == "timer":
                    minutes = int(str(form.get("minutes", "0")) or 0)
                    live.start_timer(event, minutes, who)
                    return f"timer {minutes} minutes" if minutes else "timer stopped"
            return "unknown action"

        try:
            msg = await run_in_threadpool(act)
        except (TourneyError, ValueError) as exc:
            msg = str(exc)
        state.changed()
        return RedirectResponse(f"/desk?msg={quote(msg)}", 303)

    async def download_sheets(request: Request, s: Session) -> Response:
        from tourney.printsheets import write_sheets

        n = request.path_params["n"]
        tmp = Path(tempfile.mkdtemp(prefix="tourney-sheets-"))
        path = tmp / f"round{n}-sheets.xlsx"
        try:
            await run_in_threadpool(write_sheets, event, n, path, state.lang)
        except TourneyError as exc:
            return RedirectResponse(f"/desk?msg={quote(str(exc))}", 303)
        return FileResponse(path, filename=path.name)

    async def logout(request: Request, s: Session) -> Response:
        state.sessions.pop(request.cookies.get(SESSION_COOKIE, ""), None)
        resp = RedirectResponse("/", 303)
        resp.delete_cookie(SESSION_COOKIE)
        return resp

    routes = [
        Route("/", home),
        Route("/standings", standings_page),
        Route("/rounds/{n:int}", round_page),
        Route("/players/{name}", player_page),
        Route("/find", find),
        Route("/projector", projector),
        Route("/api/stamp", stamp),
        Route("/api/standings", api_standings),
        Route("/api/rounds/{n:int}/seating", api_seating),
        Route("/api/rounds/{n:int}/tables/{t:int}/result", api_get_result, methods=["GET"]),
        Route("/api/rounds/{n:int}/tables/{t:int}/result", api_post_result, methods=["POST"]),
        Route("/api/rounds/{n:int}/tables/{t:int}/check", api_check, methods=["POST"]),
        Route("/desk/login", login, methods=["GET", "POST"]),
        Route("/desk/logout", desk_page(logout), methods=["POST"]),
        Route("/desk", desk_page(desk_home)),
        Route("/desk/rounds/{n:int}/tables/{t:int}", desk_page(desk_table)),
        Route("/desk/rounds/{n:int}/sheets.xlsx", desk_page(download_sheets, organiser=True)),
        Route("/desk/organiser/{action}", desk_page(organiser_action, organiser=True), methods=["POST"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.tourney = state
    return app

