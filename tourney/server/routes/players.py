"""The players' own requests, each with their name and the code of their slip (counted as a
try before the code is evaluated, `Site.code_try`): check in, drop out, report the table's
sheet and confirm it; and the findings on the rows a player types (no code: nothing stored)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response

from tourney.core.errors import DiskFull, TourneyError
from tourney.core.i18n import _, use_language
from tourney.event import reports
from tourney.event.errors import AlreadyStored, CodeRefused, ImportRefused, NotAtTable, NotFound, NotOpen
from tourney.server import body
from tourney.server.declare import (
    CheckedIn, Conflict, Dropped, Error, Findings, Guard, Link, Op, Refusal, ReportAnswer,
)
from tourney.server.once import PLAYERS_SCOPE
from tourney.server.routes.context import Ctx, Site
from tourney.event.checkin import check_in_with_code, drop_with_code, drop_word

T = "/api/rounds/{n}/tables/{t}"


def refusal(site: Site, exc: TourneyError) -> Response:
    """A library refusal as the API answers it: a player of another table 403, no such table or
    report 404, a request the event takes not (now) 409, a sheet with errors 422."""
    if isinstance(exc, NotAtTable):
        return JSONResponse({"error": str(exc)}, 403)
    if isinstance(exc, NotFound):
        return JSONResponse({"error": str(exc)}, 404)
    if isinstance(exc, AlreadyStored):
        return JSONResponse({"error": str(exc), "stored": exc.version}, 409)
    if isinstance(exc, NotOpen):
        return JSONResponse({"error": str(exc)}, 409)
    if isinstance(exc, ImportRefused):
        with use_language(site.lang):
            summary = exc.report.summary()
        return JSONResponse({"error": summary, "findings": [site.finding(f) for f in exc.report.findings]}, 422)
    return JSONResponse({"error": str(exc), "findings": []}, 422)


def own_refusal(site: Site, exc: TourneyError) -> Response:
    """A check-in's or a drop's refusal: not now 409, else 422."""
    return JSONResponse({"error": str(exc)}, 409 if isinstance(exc, NotOpen) else 422)


async def call(cx: Ctx, act: Callable[[], Any], answer: Callable[[Any], Response], scope: str | None = None,
               refuse: Callable[[Site, TourneyError], Response] = refusal) -> Response:
    """Run a request in the pages' language (a write, with its idempotency key, in `scope`): its
    answer, or the library's refusal (a wrong code and a full disk go on, to `code_try` and the
    app's 507)."""
    def run() -> Response:
        with use_language(cx.lang):
            try:
                got = act()
            except (CodeRefused, DiskFull):
                raise  # 403 counted (code_try), or 507: nothing kept under the key
            except TourneyError as exc:
                return refuse(cx.site, exc)
            return answer(got)

    return await (run_in_threadpool(run) if scope is None else cx.site.once(cx.request, scope, run))


def answered(site: Site, done: reports.Answered, *, held_is_accepted: bool) -> JSONResponse:
    """A report's or an answer's outcome: 201 stored, 202 waiting (or held for the organiser
    when the player sent it there), 409 disputed or held for the organiser."""
    head: dict[str, Any] = {"report": done.report, "status": done.status}
    found = [site.finding(f) for f in done.findings]
    if done.status in (reports.STORED, reports.ACCEPTED):
        return JSONResponse({**head, "version": done.version, "warnings": found}, 201)
    if done.status == reports.WAITING:
        return JSONResponse({**head, "waiting_for": list(done.waiting_for)}, 202)
    if done.status == reports.ERRORS and held_is_accepted:
        return JSONResponse({**head, "waiting_for": [], "organiser": True, "findings": found}, 202)
    with use_language(site.lang):
        said = (_("a player disputes the sheet: the organiser decides") if done.status == reports.DISPUTED
                else _("the sheet has rule errors: the organiser decides"))
    return JSONResponse({**head, "error": said, "disputed": done.status == reports.DISPUTED, "organiser": True,
                         "findings": found}, 409)


async def check_in(cx: Ctx) -> Response:
    """The player is here (before round 1)."""
    got = await cx.body(body.Player)

    def act() -> dict[str, Any]:
        name, new = check_in_with_code(cx.event, got.player, got.code)
        return {"player": name, "checked_in": True, "changed": new}

    return await call(cx, act, JSONResponse, PLAYERS_SCOPE, own_refusal)


async def drop(cx: Ctx) -> Response:
    """The player drops out after the last round with results (or the round they are seated
    in, when its seating is published: `table` is theirs), as `tourney players drop`;
    `confirm` is the word the drop page shows in the event's language (or "drop")."""
    got = await cx.body(body.Drop)

    def act() -> dict[str, Any]:
        word = drop_word()  # in the page's language: `call` runs it in it
        if got.confirm.strip().casefold() not in {word.casefold(), "drop"}:
            raise TourneyError(_('type {word} to confirm that you drop out (the API also takes "confirm": '
                                 '"drop")').format(word=word))
        done = drop_with_code(cx.event, got.player, got.code)
        return {"player": done.player, "dropped_after": done.after, "table": done.table}

    return await call(cx, act, JSONResponse, PLAYERS_SCOPE, own_refusal)


async def report(cx: Ctx) -> Response:
    got = await cx.body(body.Report)
    site, r, t = cx.site, cx.number("n"), cx.number("t")
    return await call(cx, lambda: reports.report_sheet(site.event, site.game, r, t, got.player, got.code, got.rows,
                                                       to_organiser=got.to_organiser),
                      lambda done: answered(site, done, held_is_accepted=True), PLAYERS_SCOPE)


async def confirm(cx: Ctx) -> Response:
    got = await cx.body(body.Confirm)
    site, r, t = cx.site, cx.number("n"), cx.number("t")
    return await call(cx, lambda: reports.confirm_report(site.event, site.game, r, t, got.player, got.code,
                                                         got.report, got.agree),
                      lambda done: answered(site, done, held_is_accepted=False), PLAYERS_SCOPE)


async def check(cx: Ctx) -> Response:
    """The findings as a player types."""
    rows = (await cx.body(body.Rows)).rows
    site, r, t = cx.site, cx.number("n"), cx.number("t")
    return await call(cx, lambda: reports.check_report(site.event, site.game, r, t, rows),
                      lambda got: JSONResponse({"ok": got.ok, "findings": [site.finding(f) for f in got.findings]}))


P = Guard.PLAYER
REFUSED = {403: Error, 422: Refusal, 429: Error}
AT = {"n": "$request.path.n", "t": "$request.path.t"}
#: A report waiting for the other players: each confirms (or disputes) it by its id; anyone reads it.
WAITING = (
    Link("confirm", "POST", T + "/confirm", AT, {"report": "$response.body#/report", "agree": True},
         "another player of the table confirms the report (with their name and code)"),
    Link("read", "GET", T + "/report", AT, description="the table's open report"),
)
#: A report the organiser decides on (disputed, or with rule errors): accepted as reported, or discarded.
DECIDE = (
    Link("accept", "POST", T + "/reports/{id}/accept", {**AT, "id": "$response.body#/report"},
         description="the organiser stores the report as reported (or with the rows edited)"),
    Link("discard", "POST", T + "/reports/{id}/discard", {**AT, "id": "$response.body#/report"},
         description="the organiser discards the report: the table may report again"),
)
ROUTES = (
    Op("POST", "/api/check-in", "a player checks in (before round 1)", P, check_in,
       {200: CheckedIn, 409: Error, **REFUSED}, takes=body.Player, writes=True),
    Op("POST", "/api/drop", "a player drops out after the last round with results (confirm: the drop page's "
       'word, or "drop")', P, drop,
       {200: Dropped, 409: Error, **REFUSED}, takes=body.Drop, writes=True),
    Op("POST", T + "/report", "a player reports the table's sheet", P, report,
       {201: ReportAnswer, 202: ReportAnswer, 404: Error, 409: Conflict, **REFUSED}, takes=body.Report,
       writes=True, links={202: WAITING + DECIDE, 409: DECIDE}),
    Op("POST", T + "/confirm", "a player confirms the open report, or disputes it", P, confirm,
       {201: ReportAnswer, 202: ReportAnswer, 404: Error, 409: Conflict, **REFUSED}, takes=body.Confirm,
       writes=True, links={202: WAITING[:1], 409: DECIDE}),
    Op("POST", T + "/report/check", "the rules engine's findings on the rows a player typed (nothing stored)",
       Guard.ANYONE, check, {200: Findings, 403: Error, 404: Error, 409: Error, 422: Refusal, 429: Error},
       takes=body.Rows),
)
