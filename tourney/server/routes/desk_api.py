"""The desks' JSON API (a desk's Bearer token, or a desk page's session with its CSRF header):
a table's stored sheet, a sheet checked and saved; and the organiser's: publishing a round,
accepting or discarding a player's report."""
from __future__ import annotations

from collections.abc import Callable

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response

from tourney.core import store
from tourney.core.errors import DiskFull, TourneyError
from tourney.core.i18n import N_, use_language
from tourney.event import entry, live, reports
from tourney.event.checking import CheckReport
from tourney.event.errors import ImportRefused, VersionConflict
from tourney.server import body
from tourney.server.declare import (
    Conflict, Discarded, Error, Findings, Guard, Held, Link, Op, Published, Refusal, Saved, Stored,
)
from tourney.server.once import DESK_SCOPE
from tourney.server.routes.context import Ctx, Site
from tourney.server.routes.players import call

T = "/api/rounds/{n}/tables/{t}"


def table_json(result: store.TableResult | None) -> dict[str, object] | None:
    if result is None:
        return None
    return {"round": result.round, "table": result.table, "version": result.version, "author": result.author,
            "created_at": result.created_at,
            "rows": [{"seat": ln.seat, "player": ln.player, "wonder": ln.wonder, "side": ln.side,
                      **entry.line_cells(ln)} for ln in result.lines]}


async def get_result(cx: Ctx) -> Response:
    r, t = cx.number("n"), cx.number("t")
    return JSONResponse({"stored": table_json(await run_in_threadpool(entry.stored_table, cx.event, r, t))})


async def check(cx: Ctx) -> Response:
    got = await cx.body(body.SheetCheck)
    site, r, t = cx.site, cx.number("n"), cx.number("t")
    assert cx.desk is not None

    def checked() -> CheckReport:
        with use_language(site.lang):  # the sheet's headers as the desk's pad prints them
            return entry.check_table(site.event, site.game, r, t, got.rows, source=cx.desk.name if cx.desk else "")

    try:
        report = await run_in_threadpool(checked)
    except TourneyError as exc:
        return JSONResponse({"error": str(exc), "findings": []}, 422)
    return JSONResponse({"ok": report.ok, "findings": [site.finding(f) for f in report.findings]})


async def save(cx: Ctx) -> Response:
    got = await cx.body(body.Sheet)
    site, r, t, desk = cx.site, cx.number("n"), cx.number("t"), cx.desk
    assert desk is not None

    def prepare() -> Callable[[], Response]:
        # The sheet is checked here, before the transaction takes the event's write lock
        # (desks check their sheets side by side); it is stored under the lock, its version
        # checked again there.
        source = None
        if got.photo is not None:
            from tourney.scanpad.reading import photo_kept, photo_source

            if not photo_kept(site.event, got.photo.sha256):
                refused = JSONResponse({"error": site.said(
                    N_("photo {file}: no photo with this SHA-256 is kept with the event: photograph the pad again "
                       "from the table's page, or save without the photo"), file=got.photo.file),
                    "findings": []}, 422)
                return lambda: refused
            source = photo_source(got.photo.file, got.photo.sha256)
        with use_language(site.lang):
            step = entry.desk_entry(site.event, site.game, r, t, got.rows, version=got.version, desk=desk.name,
                                    author=cx.who, reason=got.reason, source=source)

        def stored() -> entry.Entered | entry.Held:
            with use_language(site.lang):
                return step()

        return lambda: saved(site, stored, r, t)

    return await site.once.prepared(cx.request, DESK_SCOPE + desk.name, prepare)


def saved(site: Site, save: Callable[[], entry.Entered | entry.Held], r: int, t: int) -> Response:
    """A desk's sheet, saved: the answer for each outcome (stored, held, refused, conflict)."""
    try:
        done = save()
    except VersionConflict as exc:
        return JSONResponse({"error": str(exc), "stored": table_json(exc.stored)}, 409)
    except ImportRefused as exc:
        with use_language(site.lang):
            summary = exc.report.summary()
        return JSONResponse({"error": site.said(N_("{summary}: nothing stored"), summary=summary),
                             "findings": [site.finding(f) for f in exc.report.findings]}, 422)
    except DiskFull:
        raise  # not a refusal: 507 with Retry-After, the desk page's outbox keeps the sheet
    except TourneyError as exc:
        return JSONResponse({"error": str(exc), "findings": []}, 422)
    warnings = [site.finding(f) for f in done.warnings]
    if isinstance(done, entry.Held):
        if done.mismatch:
            return JSONResponse({"error": site.said(N_("round {round}, table {table}: this entry differs from "
                                                       "another desk's: nothing stored; the organiser compares them "
                                                       "and decides"), round=r, table=t),
                                 "held": True, "mismatch": True, "warnings": warnings}, 409)
        return JSONResponse({"round": r, "table": t, "held": True, "mismatch": False,
                             "message": site.said(N_("round {round}, table {table}: entry held until a second "
                                                     "desk's entry agrees"), round=r, table=t),
                             "warnings": warnings}, 202)
    return JSONResponse({"round": done.round, "table": done.table, "version": done.version,
                         "warnings": warnings}, 201)


async def publish(cx: Ctx) -> Response:
    """Show the round's seating on the players' pages; `{"published": false}` hides it again."""
    site, r = cx.site, cx.number("n")
    show = (await cx.body(body.Publish)).published

    def act() -> Response:
        with use_language(site.lang):
            try:
                changed = live.publish_round(site.event, r, cx.who, publish=show)
            except DiskFull:
                raise
            except TourneyError as exc:
                return JSONResponse({"error": str(exc)}, 404)
        return JSONResponse({"round": r, "published": show, "changed": changed})

    assert cx.desk is not None
    return await site.once(cx.request, DESK_SCOPE + cx.desk.name, act)


async def accept(cx: Ctx) -> Response:
    """Stored as reported, or with `rows` edited."""
    rows = (await cx.body(body.Accept)).rows
    site, r, t, rid = cx.site, cx.number("n"), cx.number("t"), cx.number("id")
    assert cx.desk is not None
    return await call(cx, lambda: reports.accept_report(site.event, site.game, r, t, rid, cx.who, rows),
                      lambda got: JSONResponse({"round": got.round, "table": got.table, "version": got.version,
                                                "warnings": [site.finding(f) for f in got.warnings]}, 201),
                      DESK_SCOPE + cx.desk.name)


async def discard(cx: Ctx) -> Response:
    """The table may report again."""
    site, r, t, rid = cx.site, cx.number("n"), cx.number("t"), cx.number("id")
    assert cx.desk is not None
    return await call(cx, lambda: reports.discard_report(site.event, r, t, rid, cx.who),
                      lambda got: JSONResponse({"report": rid, "discarded": True, "changed": got}),
                      DESK_SCOPE + cx.desk.name)


D, ORG = Guard.DESK, Guard.ORGANISER
AT = {"n": "$request.path.n", "t": "$request.path.t"}
#: A stored sheet is replaced by sending the version it was stored as; a conflict says the stored one.
REPLACE = Link("replace", "POST", T + "/result", AT, {"version": "$response.body#/version"},
               "replace the sheet just stored (its version; the rows and the reason are the desk's)")
REPLACE_STORED = Link("replace", "POST", T + "/result", AT, {"version": "$response.body#/stored/version"},
                      "replace the stored sheet the conflict names (its version)")
REFUSED = {401: Error, 429: Error}
REPORTS = N_("only an organiser's desk accepts or discards a report")
ROUTES = (
    Op("GET", T + "/result", "the table's stored sheet", D, get_result, {200: Stored, **REFUSED}),
    Op("POST", T + "/result", "a desk saves the table's sheet (the version it saw: null for a first entry)", D,
       save, {201: Saved, 202: Held, 409: Conflict, 422: Refusal, **REFUSED}, takes=body.Sheet, writes=True,
       links={201: (REPLACE,), 409: (REPLACE_STORED,)}),
    Op("POST", T + "/check", "the rules engine's findings on a desk's sheet (nothing stored)", D, check,
       {200: Findings, 422: Refusal, **REFUSED}, takes=body.SheetCheck),
    Op("POST", "/api/rounds/{n}/publish", "show the round's seating on the players' pages (or hide it)", ORG,
       publish, {200: Published, 403: Error, 404: Error, 422: Refusal, **REFUSED}, takes=body.Publish,
       writes=True, optional_body=True, not_organiser=N_("only an organiser's desk publishes rounds")),
    Op("POST", T + "/reports/{id}/accept", "the organiser stores a report, as reported or edited", ORG, accept,
       {201: Saved, 403: Error, 404: Error, 409: Conflict, 422: Refusal, **REFUSED}, takes=body.Accept,
       writes=True, optional_body=True, not_organiser=REPORTS),
    Op("POST", T + "/reports/{id}/discard", "the organiser discards a report: the table may report again", ORG,
       discard, {200: Discarded, 403: Error, 404: Error, 409: Conflict, **REFUSED}, writes=True,
       not_organiser=REPORTS),
)
