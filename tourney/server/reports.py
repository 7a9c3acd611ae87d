"""The live server's part of self-reporting and check-in: the table's page (what the pad's QR
code opens: its players, the stored sheet, or the form to report it and the buttons to confirm
it), the check-in page, the players' report and confirm API and the organiser's accept and
discard. Every request reads and writes the store only (`tourney.event.reports`): any server
process answers any request."""
from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tourney.core import store
from tourney.core.errors import DiskFull, TourneyError
from tourney.core.i18n import _, use_language
from tourney.event import entry, reports
from tourney.event.checking import LocatedFinding
from tourney.event.errors import AlreadyStored, CodeRefused, ImportRefused, NotAtTable, NotFound, NotOpen
from tourney.event.history import DESK_AUTHOR
from tourney.event.live import is_published
from tourney.server import body
from tourney.server.body import read_body
from tourney.server.cache import Built, built
from tourney.server.once import DESK_SCOPE, PLAYERS_SCOPE

if TYPE_CHECKING:
    from tourney.games.base import Workflow
    from tourney.server.deskform import DeskForm


@dataclass(frozen=True)
class Parts:
    """What these routes use of the app: the event and its game, the pages' language, the
    page builder and cache, the desk behind a request, the count of a wrong code, the
    change notice, and a finding as the API sends it."""

    event: store.Event
    game: Workflow
    lang: str
    page: Callable[..., Built]
    cached_page: Callable[..., Awaitable[Response]]
    api_desk: Callable[[Request], Awaitable[store.Desk | Response]]
    #: Runs a request with a player's code, counted as a try before it is evaluated (app.code_try).
    code_try: Callable[[Request, Callable[[], Awaitable[Response]]], Awaitable[Response]]
    changed: Callable[[], None]
    finding_json: Callable[[LocatedFinding, str], dict[str, Any]]
    #: Runs a write with its Idempotency-Key (tourney/server/once.py): (request, scope, act) → answer.
    once: Callable[[Request, str, Callable[[], Response]], Awaitable[Response]]


@dataclass(frozen=True)
class DeskReport:
    """A desk's view of the table's open report (deskreport.html): who reported, confirmed and
    disputed it, its numbers in the pad's layout and the rules engine's findings on them."""

    shown: reports.ReportShown
    form: DeskForm
    findings: list[dict[str, Any]]


def report_shown(parts: Parts, round_no: int, table_no: int) -> DeskReport | None:
    """The table's open report as a desk shows it (None: no report)."""
    from tourney.server.deskform import desk_form  # the pad's layout: built on a desk's page only

    event, game = parts.event, parts.game
    shown = reports.open_report(event, round_no, table_no)
    if shown is None:
        return None
    pad = game.print_kit.pad(parts.lang, event.options())
    form = desk_form(game.sheet_format, pad, parts.lang, reports.seated_at(event, round_no, table_no), None,
                     shown.report.rows)
    with use_language(parts.lang):
        try:
            found = entry.check_table(event, game, round_no, table_no, shown.report.rows, source="report").findings
        except TourneyError:
            found = []
    return DeskReport(shown, form, [parts.finding_json(f, parts.lang) for f in found])


def report_json(shown: reports.ReportShown | None) -> dict[str, Any]:
    """`GET /api/rounds/{n}/tables/{t}/report`: the table's open report, or `{"report": null}`."""
    if shown is None:
        return {"report": None}
    r = shown.report
    return {"report": r.id, "round": r.round, "table": r.table, "status": r.status, "reporter": r.reporter,
            "at": r.at, "rows": list(r.rows), "confirmed": list(shown.confirmed), "disputed": list(shown.disputed),
            "waiting_for": list(shown.waiting_for), "reset": list(shown.reset)}


def json_built(stamp: int, value: Any, status: int = 200) -> Built:
    return built(stamp, status, "application/json", {"": json.dumps(value, ensure_ascii=False)})


def report_routes(parts: Parts) -> list[Route]:
    """The routes, for the app's route list."""
    event, game, lang = parts.event, parts.game, parts.lang

    def answered(done: reports.Answered, *, held_is_accepted: bool) -> JSONResponse:
        """A report's or an answer's outcome: 201 stored, 202 waiting (or held for the organiser
        when the player sent it there), 409 disputed or held for the organiser."""
        head: dict[str, Any] = {"report": done.report, "status": done.status}
        found = [parts.finding_json(f, lang) for f in done.findings]
        if done.status in (reports.STORED, reports.ACCEPTED):
            return JSONResponse({**head, "version": done.version, "warnings": found}, 201)
        if done.status == reports.WAITING:
            return JSONResponse({**head, "waiting_for": list(done.waiting_for)}, 202)
        if done.status == reports.ERRORS and held_is_accepted:
            return JSONResponse({**head, "waiting_for": [], "organiser": True, "findings": found}, 202)
        with use_language(lang):
            said = (_("a player disputes the sheet: the organiser decides") if done.status == reports.DISPUTED
                    else _("the sheet has rule errors: the organiser decides"))
        return JSONResponse({**head, "error": said, "disputed": done.status == reports.DISPUTED, "organiser": True,
                             "findings": found}, 409)

    async def player_call(request: Request, act: Callable[[], Any], answer: Callable[[Any], Response],
                          scope: str | None = None) -> Response:
        """Run a player's request in the pages' language (a write, with its idempotency key, in
        `scope`): its answer, or a refusal: a wrong name or code 403, counted (as a wrong
        desk token), a player of another table 403, no such table or report 404, a request the
        event takes not (now) 409, a sheet with errors 422."""
        def run() -> Response:
            with use_language(lang):
                try:
                    got = act()
                except (CodeRefused, DiskFull):
                    raise  # 403 counted (code_try), or 507: nothing kept under the key
                except TourneyError as exc:
                    return refusal(exc)
                return answer(got)

        return await (run_in_threadpool(run) if scope is None else parts.once(request, scope, run))

    def refusal(exc: TourneyError) -> Response:
        try:
            raise exc
        except NotAtTable as exc:
            return JSONResponse({"error": str(exc)}, 403)
        except NotFound as exc:
            return JSONResponse({"error": str(exc)}, 404)
        except AlreadyStored as exc:
            return JSONResponse({"error": str(exc), "stored": exc.version}, 409)
        except NotOpen as exc:
            return JSONResponse({"error": str(exc)}, 409)
        except ImportRefused as exc:
            with use_language(lang):
                summary = exc.report.summary()
            return JSONResponse({"error": summary, "findings": [parts.finding_json(f, lang)
                                                                for f in exc.report.findings]}, 422)
        except TourneyError as exc:
            return JSONResponse({"error": str(exc), "findings": []}, 422)

    async def outcome(request: Request, act: Callable[[], reports.Answered], *, held_is_accepted: bool) -> Response:
        """A player's report or answer, run: its refusal, or its outcome."""
        return await parts.code_try(request, lambda: player_call(
            request, act, lambda got: answered(got, held_is_accepted=held_is_accepted), PLAYERS_SCOPE))

    def table_of(request: Request) -> tuple[int, int]:
        return request.path_params["n"], request.path_params["t"]

    async def api_report(request: Request) -> Response:
        """`POST /api/rounds/{n}/tables/{t}/report {"player", "code", "rows", "to_organiser"?}`."""
        got = await read_body(request, body.Report, lang)
        r, t = table_of(request)
        return await outcome(request, lambda: reports.report_sheet(
            event, game, r, t, got.player, got.code, got.rows, to_organiser=got.to_organiser), held_is_accepted=True)

    async def api_confirm(request: Request) -> Response:
        """`POST /api/rounds/{n}/tables/{t}/confirm {"player", "code", "report", "agree"}`."""
        got = await read_body(request, body.Confirm, lang)
        r, t = table_of(request)
        return await outcome(request, lambda: reports.confirm_report(
            event, game, r, t, got.player, got.code, got.report, got.agree), held_is_accepted=False)

    async def api_check(request: Request) -> Response:
        """`POST /api/rounds/{n}/tables/{t}/report/check {"rows"}`: the findings as a player types."""
        rows = (await read_body(request, body.Rows, lang)).rows
        r, t = table_of(request)
        return await player_call(request, lambda: reports.check_report(event, game, r, t, rows),
                                 lambda got: JSONResponse({"ok": got.ok, "findings": [
                                     parts.finding_json(f, lang) for f in got.findings]}))

    async def api_get(request: Request) -> Response:
        r, t = table_of(request)

        def build(stamp: int) -> Built:
            if not is_published(event, r):
                return json_built(stamp, {"report": None}, 404)
            return json_built(stamp, report_json(reports.open_report(event, r, t)))

        return await parts.cached_page(request, ("api-report", r, t), build, settle=False)

    async def organiser(request: Request, act: Callable[[store.Desk], Any], answer: Callable[[Any], Response],
                        ) -> Response:
        desk = await parts.api_desk(request)
        if isinstance(desk, Response):
            return desk
        if not desk.organiser:
            with use_language(lang):
                return JSONResponse({"error": _("only an organiser's desk accepts or discards a report")}, 403)
        return await player_call(request, lambda: act(desk), answer, DESK_SCOPE + desk.name)

    async def api_accept(request: Request) -> Response:
        """`POST .../reports/{id}/accept` (organiser): stored as reported, or with `rows` edited."""
        rows = (await read_body(request, body.Accept, lang)).rows
        r, t, rid = *table_of(request), request.path_params["id"]
        return await organiser(request, lambda desk: reports.accept_report(
            event, game, r, t, rid, DESK_AUTHOR + desk.name, rows), lambda got: JSONResponse(
            {"round": got.round, "table": got.table, "version": got.version,
             "warnings": [parts.finding_json(f, lang) for f in got.warnings]}, 201))

    async def api_discard(request: Request) -> Response:
        """`POST .../reports/{id}/discard` (organiser): the table may report again."""
        r, t, rid = *table_of(request), request.path_params["id"]
        return await organiser(request, lambda desk: reports.discard_report(event, r, t, rid, DESK_AUTHOR + desk.name),
                               lambda got: JSONResponse({"report": rid, "discarded": True, "changed": got}))

    # --- pages -----------------------------------------------------------------------------
    async def table_page(request: Request) -> Response:
        r, t = table_of(request)

        def build(stamp: int) -> Built:
            from tourney.server.deskform import desk_form

            path = f"/rounds/{r}/tables/{t}"
            seats = reports.seated_at(event, r, t) if is_published(event, r) else []
            if not seats:
                return parts.page("tablepage.html", path, stamp, 404, round=r, table=t, seats=None)
            stored = entry.stored_table(event, r, t)
            pad = game.print_kit.pad(lang, event.options())
            on = reports.self_report_on(event) and len(seats) > 1
            shown = reports.open_report(event, r, t) if on and stored is None else None
            return parts.page(
                "tablepage.html", path, stamp, round=r, table=t, seats=seats, stored=stored, self_report=on,
                stored_form=desk_form(game.sheet_format, pad, lang, seats, stored) if stored else None,
                report=shown, form=desk_form(game.sheet_format, pad, lang, seats, None),
                report_form=desk_form(game.sheet_format, pad, lang, seats, None, shown.report.rows) if shown else None)

        return await parts.cached_page(request, ("table", r, t), build, settle=False)

    async def check_in_page(request: Request) -> Response:
        from tourney.event.checkin import check_in_open

        return await parts.cached_page(request, ("check-in",), lambda stamp: parts.page(
            "checkin.html", "/check-in", stamp, open=check_in_open(event)))

    async def drop_page(request: Request) -> Response:
        from tourney.event.checkin import drop_word

        def build(stamp: int) -> Built:
            with use_language(lang):
                return parts.page("drop.html", "/drop", stamp, word=drop_word())

        return await parts.cached_page(request, ("drop",), build)

    base = "/api/rounds/{n:num}/tables/{t:num}"
    return [
        Route("/rounds/{n:num}/tables/{t:num}", table_page),
        Route("/check-in", check_in_page),
        Route("/drop", drop_page),
        Route(f"{base}/report", api_get, methods=["GET"]),
        Route(f"{base}/report", api_report, methods=["POST"]),
        Route(f"{base}/report/check", api_check, methods=["POST"]),
        Route(f"{base}/confirm", api_confirm, methods=["POST"]),
        Route(base + "/reports/{id:num}/accept", api_accept, methods=["POST"]),
        Route(base + "/reports/{id:num}/discard", api_discard, methods=["POST"]),
    ]
