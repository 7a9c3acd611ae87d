"""The desk pages (a session from logging in with the desk's token; every form carries the
session's CSRF token): the desk's overview, a table's sheet form, and the organiser's players
page, printed sheets and buttons."""
from __future__ import annotations

import tempfile
from pathlib import Path
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.responses import RedirectResponse, Response

from tourney.core import store
from tourney.core.errors import DiskFull, TourneyError
from tourney.core.i18n import _, ngettext, use_language
from tourney.core.store import sessions
from tourney.event.hubsync import sync_line
from tourney.event import entry, live, reports
from tourney.server import board, roster
from tourney.server.declare import HTML, REDIRECT, XLSX, Guard, Op
from tourney.server.guard import client_of, too_many_answer
from tourney.server.once import DESK_SCOPE
from tourney.server.reports import report_shown
from tourney.server.routes.context import SESSION_COOKIE, Ctx


async def login_form(cx: Ctx) -> Response:
    return cx.site.render("login.html", cx.request, error=None)


async def login(cx: Ctx) -> Response:
    site = cx.site
    form = await cx.request.form()
    token = str(form.get("token", "")).strip()
    # Counted before the token is looked at (one statement: parallel logins never share a count).
    wait = await run_in_threadpool(sessions.claim_try, site.event, client_of(cx.request.scope))
    if wait:
        return too_many_answer(cx.request, site.lang, wait)
    desk = await run_in_threadpool(store.desk_for_token, site.event, token) if token else None
    if desk is None:
        return site.render("login.html", cx.request, 401, error="bad_token")
    await site.right_try(cx.request)
    sid, _s = await run_in_threadpool(sessions.open_session, site.event, desk)
    resp = RedirectResponse(site.root + "/desk", 303)
    # One cookie per event: beside other events, a desk logged in to one stays logged in there.
    resp.set_cookie(SESSION_COOKIE, sid, httponly=True, samesite="strict", path=site.root + "/")
    return resp


async def logout(cx: Ctx) -> Response:
    await run_in_threadpool(sessions.end_session, cx.event, cx.request.cookies.get(SESSION_COOKIE, ""))
    resp = RedirectResponse(cx.site.root + "/", 303)
    resp.delete_cookie(SESSION_COOKIE, path=cx.site.root + "/")
    return resp


def finder(event: store.Event) -> dict[str, object]:
    """What "/" finds on a desk's page (static/keys.js): the latest seated round's tables and
    their players."""
    seated = event.seated_rounds()
    if not seated:
        return {"round": None, "tables": []}
    r = max(seated)
    tables: dict[int, list[str]] = {}
    for s in event.seats(r):
        tables.setdefault(s.table, []).append(s.player)
    return {"round": r, "tables": [{"table": t, "players": p} for t, p in sorted(tables.items())]}


def next_waiting(event: store.Event, desk: str, round_no: int, table: int) -> int | None:
    """The next table of the round after `table` (then from the first) with no sheet stored and
    none of this desk's held: where Ctrl+Enter goes once this one is saved."""
    stored = {t.table for t in event.results() if t.round == round_no}
    held = {h.table for h in store.held_entries(event) if h.round == round_no and h.desk == desk}
    waiting = sorted({s.table for s in event.seats(round_no)} - stored - held - {table})
    return next((t for t in waiting if t > table), waiting[0] if waiting else None)


async def desk_home(cx: Ctx) -> Response:
    site, s, event = cx.site, cx.session, cx.event
    assert s is not None

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
        return site.render("desk.html", cx.request, desk=s.desk, csrf=s.csrf, rounds=list(reversed(rounds)),
                           desks=store.desks(event) if s.desk.organiser else [],
                           message=cx.request.query_params.get("msg"), double=entry.double_entry(event),
                           reports=reports.open_reports(event), find=finder(event),
                           hub=sync_line(event) if s.desk.organiser else None)

    return await run_in_threadpool(site.read_through, build)


async def desk_table(cx: Ctx) -> Response:
    site, s, event, game = cx.site, cx.session, cx.event, cx.site.game
    r, t = cx.number("n"), cx.number("t")
    assert s is not None

    def build() -> Response:
        from tourney.server.deskform import desk_form

        seats = event.seats(r, tables={t})
        stored = entry.stored_table(event, r, t)
        pad = game.print_kit.pad(site.lang, event.options())
        form = desk_form(game.sheet_format, pad, site.lang, seats, stored)
        held = [h for h in store.held_entries(event) if (h.round, h.table) == (r, t)]
        compare = None
        if s.desk.organiser and len({h.desk for h in held}) > 1:
            compare = {"entries": held, "differences": entry.differences(game.sheet_format, held)}
        return site.render("table.html", cx.request, desk=s.desk, csrf=s.csrf, round=r, table=t, form=form,
                           version=stored.version if stored else None, compare=compare,
                           double=entry.double_entry(event), report=report_shown(site, r, t), find=finder(event),
                           next_table=next_waiting(event, s.desk.name, r, t), scan=game.scan_sheet is not None)

    return await run_in_threadpool(site.read_through, build)


async def desk_players(cx: Ctx) -> Response:
    site, s = cx.site, cx.session
    assert s is not None

    def build() -> Response:
        with use_language(site.lang):
            shown = roster.roster(site.event)
        return site.render("players_desk.html", cx.request, desk=s.desk, csrf=s.csrf, roster=shown,
                           message=cx.request.query_params.get("msg"))

    return await run_in_threadpool(site.read_through, build)


async def download_sheets(cx: Ctx) -> Response:
    from tourney.outputs.printsheets import write_sheets

    site, n = cx.site, cx.number("n")
    name = f"round{n}-sheets.xlsx"

    def written() -> bytes:
        # The writers write files; the sheets (every player's name) are read back and the
        # folder removed before the answer goes out, whatever happens.
        with tempfile.TemporaryDirectory(prefix="tourney-sheets-") as tmp:
            path = Path(tmp) / name
            write_sheets(site.event, site.game, n, path, site.lang)
            return path.read_bytes()

    try:
        content = await run_in_threadpool(written)
    except TourneyError as exc:
        return RedirectResponse(f"{site.root}/desk?msg={quote(str(exc))}", 303)
    return Response(content, media_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def organiser_action(cx: Ctx) -> Response:
    site, s, event, game = cx.site, cx.session, cx.event, cx.site.game
    assert s is not None
    form = await cx.request.form()
    action = cx.request.path_params["action"]
    who = cx.who

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
        with use_language(site.lang):
            try:
                return act()
            except DiskFull:
                raise
            except (TourneyError, ValueError) as exc:
                return str(exc)

    back = "/desk/players" if action in roster.DESK_ACTIONS else "/desk"
    return await site.once(cx.request, DESK_SCOPE + s.desk.name, lambda: RedirectResponse(
        f"{site.root}{back}?msg={quote(said())}", 303))


DP, OP = Guard.DESK_PAGE, Guard.ORGANISER_PAGE
LOGIN = {303: REDIRECT}
ROUTES = (
    Op("GET", "/desk/login", "the desk's login form", Guard.ANYONE, login_form, {200: HTML}),
    Op("POST", "/desk/login", "log a desk in with its token (sets the session cookie)", Guard.LOGIN, login,
       {303: REDIRECT, 401: HTML, 429: HTML}, form=("token",)),
    Op("POST", "/desk/logout", "log the desk out", DP, logout, {303: REDIRECT, 403: HTML, 422: HTML},
       form=("csrf",)),
    Op("GET", "/desk", "the desk's page: every round's tables, stored and held", DP, desk_home,
       {200: HTML, **LOGIN}),
    Op("GET", "/desk/rounds/{n}/tables/{t}", "a table's sheet form in the pad's layout", DP, desk_table,
       {200: HTML, 404: HTML, **LOGIN}),
    Op("GET", "/desk/rounds/{n}/sheets.xlsx", "the round's printed score sheets", OP, download_sheets,
       {200: XLSX, **LOGIN}),
    Op("GET", "/desk/players", "the organiser's players page", OP, desk_players, {200: HTML, **LOGIN}),
    Op("POST", "/desk/organiser/{action}", "an organiser's button (seat, publish, timer, announce, check in, ...)",
       OP, organiser_action, {303: REDIRECT, 403: HTML, 422: HTML, **LOGIN}, writes=True,
       form=("csrf", "idempotency_key")),
)
