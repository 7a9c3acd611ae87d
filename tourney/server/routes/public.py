"""The hall's pages and reads, open to anyone: the seating, standings, players' and tables' pages,
the projector, the check-in page, and the JSON reads (the stamp every open page polls, its
stream, the clock, the announcements, the standings, a round's seating, a table's open report)."""
from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, RedirectResponse, Response

from tourney.core.errors import TourneyError
from tourney.core.i18n import N_, use_language
from tourney.core.names import fold
from tourney.event import clock, entry, live, reports
from tourney.event.checkin import check_in_open, drop_word, took_no_part
from tourney.event.live import is_published
from tourney.server import board
from tourney.server.cache import Built
from tourney.server.declare import EVENTS, HTML, JSON_ANY, NONE, Error, Guard, Op, OpenReport, Stamp
from tourney.server.reports import report_json
from tourney.server.routes.context import Ctx, Site, json_built
from tourney.server.shown import player_shown, seating_rows, standings_rows, standings_shown
from tourney.event.standings import event_cut, qualified_count

T = "/api/rounds/{n}/tables/{t}"


# --- player pages (built once per change, see PageCache) ----------------------------------
def build_seating(site: Site, round_no: int | None, stamp: int) -> Built:
    """`/` (round_no None: the latest published round) or `/rounds/N`."""
    event = site.event
    path = "/" if round_no is None else f"/rounds/{round_no}"
    visible = live.published_rounds(event)
    seated = event.seated_rounds()
    current = round_no if round_no is not None else max(visible & set(seated), default=None)
    if current is None or current not in seated or current not in visible:
        return site.page("seating.html", path, stamp, 404 if round_no is not None else 200, round=current,
                         tables=None, rounds=sorted(visible), check_in=check_in_open(event))
    rows = seating_rows(event, current)
    stored = {t.table for t in event.results(upto_round=current) if t.round == current}
    tables: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        tables.setdefault(r["table"], []).append(r)
    folded = {r["player"]: fold(r["player"]) for r in rows}
    on = reports.self_report_on(event)
    reported = {t for r, t in reports.open_reports(event) if r == current} if on else set()
    return site.page("seating.html", path, stamp, round=current, tables=tables, stored=stored,
                     rounds=sorted(visible & set(seated)), folded=folded, reported=reported, self_report=on)


def build_standings(site: Site, stamp: int) -> Built:
    shown = standings_shown(site.event, site.game, site.lang)
    cut = site.state.cut if site.state.cut is not None else event_cut(site.event)
    line = qualified_count(shown.standings.rows, cut) if shown.rows else None
    return site.page("standings.html", "/standings", stamp, table=shown, cut=cut, cut_after=line,
                     no_part=took_no_part(site.event))


async def warm_up(site: Site) -> None:
    """Build the two pages every phone opens before the first phone asks, and check one
    sheet: the game's sheet reader and checks load now, not during a desk's first save
    (some 100 ms once in every worker)."""
    await site.state.pages.get(("seating", None), lambda n: build_seating(site, None, n))
    await site.state.pages.get(("standings",), lambda n: build_standings(site, n))
    await run_in_threadpool(_warm_check, site)


def _warm_check(site: Site) -> None:
    """The rules check of a seated table's sheet with its seats and names only (its findings
    are not looked at; nothing is stored)."""
    event = site.event
    with event.reading():
        seated = event.seated_rounds()
        seats = event.seats(max(seated)) if seated else []
        if not seats:
            return
        rows = [{"seat": s.seat, "player": s.player} for s in seats if s.table == seats[0].table]
        with use_language(site.lang), contextlib.suppress(TourneyError):
            entry.check_table(event, site.game, seats[0].round, seats[0].table, rows, source="warm-up")


async def home(cx: Ctx) -> Response:
    return await cx.site.cached_page(cx.request, ("seating", None), lambda n: build_seating(cx.site, None, n))


async def round_page(cx: Ctx) -> Response:
    r = cx.number("n")
    return await cx.site.cached_page(cx.request, ("seating", r), lambda n: build_seating(cx.site, r, n))


async def standings_page(cx: Ctx) -> Response:
    return await cx.site.cached_page(cx.request, ("standings",), lambda n: build_standings(cx.site, n))


async def player_page(cx: Ctx) -> Response:
    site, typed = cx.site, cx.request.path_params["name"]

    def build(stamp: int) -> Built:
        path = f"/players/{quote(typed, safe='')}"
        player = live.find_player(site.event, typed)
        if player is None:
            return site.page("player.html", path, stamp, 404, player=None, shown=None)
        return site.page("player.html", path, stamp, player=player,
                         shown=player_shown(site.event, site.game, player, site.lang))

    return await site.cached_page(cx.request, ("player", fold(typed)), build)


async def find(cx: Ctx) -> Response:
    name = cx.request.query_params.get("name", "")
    player = None if "\x00" in name else await run_in_threadpool(live.find_player, cx.event, name)
    if player is None:
        return cx.site.render("player.html", cx.request, 404, player=None, shown=None)
    return RedirectResponse(f"{cx.site.root}/players/{quote(player.name, safe='')}", 303)


async def projector(cx: Ctx) -> Response:
    site = cx.site

    def build(stamp: int) -> Built:
        current = live.current_round(site.event)
        rows = sorted(seating_rows(site.event, current), key=lambda r: fold(r["player"])) if current else []
        return site.page("projector.html", "/projector", stamp, round=current, rows=rows)

    return await site.cached_page(cx.request, ("projector",), build)


async def check_in_page(cx: Ctx) -> Response:
    return await cx.site.cached_page(cx.request, ("check-in",), lambda stamp: cx.site.page(
        "checkin.html", "/check-in", stamp, open=check_in_open(cx.event)))


async def table_page(cx: Ctx) -> Response:
    site, r, t = cx.site, cx.number("n"), cx.number("t")
    event, game, lang = site.event, site.game, site.lang

    def build(stamp: int) -> Built:
        from tourney.server.deskform import desk_form

        path = f"/rounds/{r}/tables/{t}"
        seats = reports.seated_at(event, r, t) if is_published(event, r) else []
        if not seats:
            return site.page("tablepage.html", path, stamp, 404, round=r, table=t, seats=None)
        stored = entry.stored_table(event, r, t)
        pad = game.print_kit.pad(lang, event.options())
        on = reports.self_report_on(event) and len(seats) > 1
        shown = reports.open_report(event, r, t) if on and stored is None else None
        return site.page(
            "tablepage.html", path, stamp, round=r, table=t, seats=seats, stored=stored, self_report=on,
            stored_form=desk_form(game.sheet_format, pad, lang, seats, stored) if stored else None,
            report=shown, form=desk_form(game.sheet_format, pad, lang, seats, None), scan=game.scan_sheet is not None,
            report_form=desk_form(game.sheet_format, pad, lang, seats, None, shown.report.rows) if shown else None)

    return await site.cached_page(cx.request, ("table", r, t), build, settle=False)


async def drop_page(cx: Ctx) -> Response:
    def build(stamp: int) -> Built:
        with use_language(cx.lang):
            return cx.site.page("drop.html", "/drop", stamp, word=drop_word())

    return await cx.site.cached_page(cx.request, ("drop",), build)


# --- JSON reads ---------------------------------------------------------------------------
def stamp_json(site: Site, n: int) -> Built:
    return json_built(n, {"stamp": n, **board.stamp_fields(site.event)})


async def stamp_answer(site: Site, asked: Mapping[str, str]) -> tuple[int, Mapping[str, str], bytes, str | None]:
    """What every open player page polls every second: the change stamp (refresh when it
    moved), the clock and the announcements; 304 while nothing changed. Answered before the
    routing (`tourney.server.quick`), and by the route for a request with a token."""
    got = await site.state.pages.get(("stamp",), lambda n: stamp_json(site, n), settle=False)
    status, head, body, media_type = got.answer(asked.get("if-none-match"), asked.get("accept-encoding", ""),
                                                "fragment" if asked.get("x-fragment") == "1" else "")
    return status, {**head, **board.server_time()}, body, media_type


async def stamp(cx: Ctx) -> Response:
    status, head, body, media_type = await stamp_answer(cx.site, cx.request.headers)
    return Response(body, status, head, media_type)


async def api_stream(cx: Ctx) -> Response:
    assert cx.site.hub is not None
    return await cx.site.hub.endpoint(cx.request)


async def api_announcements(cx: Ctx) -> Response:
    """`[{"text", "at"}]`, newest first: what every page shows now."""
    return await cx.site.cached_json(cx.request, ("api-announcements",),
                                     lambda: [a.as_json() for a in clock.announcements(cx.event)])


async def api_clock(cx: Ctx) -> Response:
    """The clock, with the seconds left at this moment (not cached: it counts down)."""
    def read() -> dict[str, Any]:
        c = clock.read_clock(cx.event)
        return {**c.as_json(), "seconds_left": c.seconds_left()}

    return board.with_server_time(JSONResponse(await run_in_threadpool(read)))


async def api_standings(cx: Ctx) -> Response:
    return await cx.site.cached_json(cx.request, ("api-standings",), lambda: standings_rows(cx.event, cx.site.game))


async def api_seating(cx: Ctx) -> Response:
    site, n = cx.site, cx.number("n")
    desk = bool(cx.request.headers.get("authorization"))
    if desk:  # a desk sees a round before it is published
        who = await site.api_desk(cx.request)
        if isinstance(who, Response):
            return who

    def build(stamp: int) -> Built:
        if not desk and n not in live.published_rounds(site.event):
            return json_built(stamp, {"error": site.said(N_("round {round}'s seating is not published"), round=n)},
                              404)
        return json_built(stamp, seating_rows(site.event, n))

    return await site.cached_page(cx.request, ("api-seating", n, desk), build, settle=False)


async def api_report(cx: Ctx) -> Response:
    site, r, t = cx.site, cx.number("n"), cx.number("t")

    def build(stamp: int) -> Built:
        if not is_published(site.event, r):
            return json_built(stamp, {"report": None, "error": site.said(N_("round {round}'s seating is not published"),
                                                                          round=r)}, 404)
        return json_built(stamp, report_json(reports.open_report(site.event, r, t)))

    return await site.cached_page(cx.request, ("api-report", r, t), build, settle=False)


async def openapi_json(cx: Ctx) -> Response:
    """This server's contract: every route, its guard, parameters, body and answers (OpenAPI 3.1)."""
    assert cx.site.document is not None
    return Response(cx.site.document(), media_type="application/json")


PAGE = {200: HTML}
SEEN = {200: HTML, 404: HTML}
A = Guard.ANYONE
ROUTES = (
    Op("GET", "/", "the latest published round's seating", A, home, PAGE),
    Op("GET", "/standings", "the standings with the cut line", A, standings_page, PAGE),
    Op("GET", "/rounds/{n}", "a published round's seating", A, round_page, SEEN),
    Op("GET", "/rounds/{n}/tables/{t}", "the table's page: its players, stored sheet, report and confirmations",
       A, table_page, SEEN),
    Op("GET", "/players/{name}", "a player's page", A, player_page, SEEN),
    Op("GET", "/find", "find a player by name (redirects to the player's page)", A, find,
       {303: "redirect", 404: HTML}, query=("name",)),
    Op("GET", "/projector", "the seating for the hall's projector", A, projector, PAGE),
    Op("GET", "/check-in", "the players' check-in page", A, check_in_page, PAGE),
    Op("GET", "/drop", "the page where a player drops out with their code", A, drop_page, PAGE),
    Op("GET", "/api/stamp", "the change stamp, clock and announcements (304 while nothing changed)", A, stamp,
       {200: Stamp, 304: NONE}),
    Op("GET", "/api/stream", "the change stamp pushed as server-sent events (503: the page polls instead)", A,
       api_stream, {200: EVENTS, 503: Error}),
    Op("GET", "/api/announcements", "the announcements, newest first", A, api_announcements, {200: JSON_ANY}),
    Op("GET", "/api/clock", "the round's clock and the seconds left", A, api_clock, {200: JSON_ANY}),
    Op("GET", "/api/standings", "the standings as rows", A, api_standings, {200: JSON_ANY}),
    Op("GET", "/api/rounds/{n}/seating", "a round's seating (with a desk's token: also before it is published)",
       A, api_seating, {200: JSON_ANY, 401: Error, 404: Error, 429: Error}),
    Op("GET", T + "/report", "the table's open report", A, api_report, {200: OpenReport, 404: Error}),
    Op("GET", "/openapi.json", "this document", A, openapi_json, {200: JSON_ANY}),
)
