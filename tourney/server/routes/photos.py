"""A photo of a table's filled scan pad sent to the live server (`tourney scan` over HTTP): a
desk gets the reading to review, the sheet filled in and each doubtful value beside a crop of
the photo, and stores it with the desk's usual save; a player's photo read clean becomes the
table's report, which the other players confirm as a typed one. Uploads are bounded in bytes
(`body.PHOTO_BYTES`), pixels (`tourney.scanpad.photo`) and time (`READ_SECONDS`); the photo is
kept with the event as `tourney scan --import` keeps it; the process keeps nothing."""
from __future__ import annotations

import asyncio
import base64
import binascii
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response

from tourney.core.errors import TourneyError
from tourney.core.i18n import N_, _, use_language
from tourney.event import entry, reports
from tourney.event.errors import CodeRefused
from tourney.server import body
from tourney.server.declare import Conflict, Error, Guard, Op, PhotoReading, Refusal, ReportAnswer
from tourney.server.once import DESK_SCOPE, PLAYERS_SCOPE
from tourney.server.routes.context import Ctx, Site
from tourney.server.routes.players import answered, call, refusal

if TYPE_CHECKING:
    from tourney.scanpad.fields import ScanSheet
    from tourney.scanpad.reading import Reading

T = "/api/rounds/{n}/tables/{t}"
#: Seconds a photo may take to read (a 3000 x 2250 photo takes well under one).
READ_SECONDS = 30.0


def _refused(site: Site, message: str, status: int = 422, **values: object) -> JSONResponse:
    return JSONResponse({"error": site.said(message, **values), "findings": []}, status)


def _photo_bytes(got: body.Photo) -> bytes | None:
    try:
        return base64.b64decode("".join(got.photo.split()), validate=True)
    except (binascii.Error, ValueError):
        return None


async def _read(cx: Ctx, sheet: ScanSheet, data: bytes, file: str) -> Reading | Response:
    """The photo read against the event, only as a pad of this round (or the refusal: too slow)."""
    from tourney.scanpad.reading import ScanContext, read_photo

    ctx = ScanContext(cx.event, cx.site.game, sheet, cx.number("n"))
    try:
        return await asyncio.wait_for(run_in_threadpool(read_photo, ctx, data, file, crops=True), READ_SECONDS)
    except TimeoutError:
        return _refused(cx.site, N_("{file}: reading the photo took more than {n} seconds: photograph the pad "
                                    "again, closer and sharp"), file=file, n=int(READ_SECONDS))


def _not_read(site: Site, reading: Reading, table: int) -> Response | None:
    """The refusal of a photo not read as a pad of this table (422, naming the file and why)."""
    from tourney.scanpad.reading import Status

    if reading.status is Status.REFUSED:
        with use_language(site.lang):
            why = "; ".join(r.text() for r in reading.reasons)
            said = _("{file}: {reason}").format(file=reading.file, reason=why)
        return JSONResponse({"error": said, "sha256": reading.sha256, "findings": []}, 422)
    if reading.table != table:
        return _refused(site, N_("{file}: a pad of round {round}, table {theirs}, not of table {table}: send it from "
                                 "the page of table {theirs}"), file=reading.file, round=reading.round,
                        theirs=reading.table, table=table)
    return None


def reading_json(site: Site, sheet: ScanSheet, reading: Reading) -> dict[str, Any]:
    """A photo's reading as the desk's review shows it: the sheet's rows as read (a doubtful value
    blank), each doubt with its candidates and a crop of the page, and the findings on the rows."""
    from tourney.scanpad.text import labels_of

    assert reading.values is not None and reading.round is not None and reading.table is not None
    r, t = reading.round, reading.table
    rows = list(reading.lines) or sheet.lines(reading.values)
    crops = {(seat, key): picture for seat, key, picture in reading.crops}
    labels = labels_of(sheet)
    with use_language(site.lang):
        try:
            found = entry.check_table(site.event, site.game, r, t, rows, source=reading.file).findings
        except TourneyError:
            found = []
        doubts = [{"seat": d.seat, "player": d.player, "field": d.field, "label": _(labels[d.field]),
                   "candidates": list(d.candidates[:20]), "why": d.why.text(),
                   "crop": "data:image/jpeg;base64," + base64.b64encode(crops.get((d.seat, d.field), b"")).decode()}
                  for d in reading.doubts]
        reasons = [x.text() for x in reading.reasons]
    return {"file": reading.file, "sha256": reading.sha256, "status": reading.status.value, "round": r, "table": t,
            "reasons": reasons, "rows": [{k: v for k, v in row.items() if k not in ("round", "table")} for row in rows],
            "doubtful": doubts, "filled_by_checks": [{"seat": s, "field": f, "value": v} for s, f, v in reading.filled],
            "findings": [site.finding(f) for f in found]}


async def photo(cx: Ctx) -> Response:
    """A desk's photo: read for review (the photo kept); a player's: read clean, the table's report."""
    from tourney.scanpad.reading import Status, keep_photo

    site, r, t = cx.site, cx.number("n"), cx.number("t")
    try:
        got = await cx.body(body.Photo, limit=body.PHOTO_REQUEST)
    except body.TooLarge:
        return _refused(site, N_("the photo is larger than {mb} MB: send a smaller JPEG (the page makes a phone's "
                                 "photo smaller before sending it)"), 413, mb=body.PHOTO_BYTES // (1024 * 1024))
    data = _photo_bytes(got)
    if data is None:
        return JSONResponse(body.refusal_json(body.BodyRefused("photo", site.said(
            N_("{field}: {problem}"), field="photo", problem=site.said(N_("not base64: send the photo's bytes as "
                                                                          "base64")))), findings=[]), 422)
    if site.game.scan_sheet is None:
        return _refused(site, N_("{game} has no scan pad"), game=site.game.label)
    sheet = site.game.scan_sheet(site.event.options())
    file = got.name or "photo"
    if cx.desk is None:  # a player, by the name and code in the body
        if got.player is None or got.code is None:
            missing = "player" if got.player is None else "code"
            return JSONResponse(body.refusal_json(body.BodyRefused(missing, site.said(
                N_("{field}: {problem}"), field=missing, problem=site.said(N_("missing")))), findings=[]), 422)
        player, code = got.player, got.code

        def who() -> Response | None:
            with use_language(site.lang):
                try:
                    reports.reporter(site.event, r, t, player, code)
                except CodeRefused:
                    raise  # 403, counted (Site.code_try)
                except TourneyError as exc:
                    return refusal(site, exc)
            return None

        refused = await run_in_threadpool(who)
        if refused is not None:
            return refused
    elif not await run_in_threadpool(lambda: bool(site.event.seats(r, tables={t}))):
        return _refused(site, N_("round {round} has no table {table}"), 404, round=r, table=t)
    reading = await _read(cx, sheet, data, file)
    if isinstance(reading, Response):
        return reading
    refused = _not_read(site, reading, t)
    if cx.desk is not None:
        def review() -> Response:
            if refused is not None:
                return refused
            keep_photo(site.event, reading, data)
            return JSONResponse(reading_json(site, sheet, reading))

        return await site.once(cx.request, DESK_SCOPE + cx.desk.name, review)
    assert got.player is not None and got.code is not None
    name, code = got.player, got.code

    def reported() -> Any:
        if refused is not None:
            return refused
        if reading.status is not Status.CLEAN:  # the page fills the report form in, the player finishes it
            return JSONResponse(reading_json(site, sheet, reading))
        keep_photo(site.event, reading, data)  # first: a report is never stored without its photo
        return reports.report_sheet(site.event, site.game, r, t, name, code, list(reading.lines))

    return await call(cx, reported, lambda done: done if isinstance(done, Response) else
                      answered(site, done, held_is_accepted=True), PLAYERS_SCOPE)


ROUTES = (
    Op("POST", T + "/photo", "a photo of the table's filled scan pad: a desk gets the reading to review (nothing "
       "stored but the photo); a player's photo read clean becomes the table's report, one to review comes back "
       "read", Guard.DESK_OR_PLAYER, photo,
       {200: PhotoReading, 201: ReportAnswer, 202: ReportAnswer, 401: Error, 403: Error, 404: Error, 409: Conflict,
        413: Error, 422: Refusal, 429: Error}, takes=body.Photo, writes=True),
)
