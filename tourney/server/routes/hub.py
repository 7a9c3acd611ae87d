"""The season hub's router: the venues' push (by a venue's token), the JSON API of the events,
the season report and the rating, and the pages for phones and the projector, in the hub's
language. Every answer is built from the hub's store (through the replicas,
`tourney.event.hub`); what a process keeps is a cache keyed by the hub's change stamp."""
from __future__ import annotations

import html
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from tourney.core.errors import TourneyError
from tourney.core.hubstore import MAX_BATCH, Hub, HubError, OtherVenue, Refused, entry_from_json
from tourney.core.i18n import _, use_language
from tourney.event.game import StandingsGame
from tourney.event.hub import Circuit, EventRow, event_rows, season_circuit
from tourney.core.store import Event, sessions
from tourney.server import body
from tourney.server.guard import client_of, too_many_answer
from tourney.server.declare import HTML, JSON_ANY, Answer, Error, Guard, Op, Refusal


class PushEntry(body.Body):
    """One journal entry as the venue's event wrote it."""

    seq: body.Int64 = Field(ge=1)
    at: body.Text
    kind: body.Text
    key: body.Text
    data: Any = Field(description="the part's new state (JSON), null when it is gone")


class Push(body.Body):
    """`POST /api/push`: a batch of one event's journal entries, in order."""

    journal_id: body.Word = Field(description="the event's journal id (its setting journal_id)")
    entries: list[PushEntry] = Field(max_length=MAX_BATCH)


class Pushed(Answer):
    """200: how many entries were new; `resume`: the entry to send next (after a gap, the first
    one the hub misses)."""

    applied: int
    acknowledged: int
    resume: int
    gap: bool


ANSWERS = (Pushed,)
#: Seconds a read change stamp stays good: a change shows this much later on the pages (they
#: reload every 5 s), and the phones' requests in between are answered without a read.
STAMP_TTL = 0.5
#: Seconds an answer asked for stays warm: a push rebuilds it before it is answered.
KEEP_WARM = 30.0


async def answered(site: HubSite, key: tuple[object, ...], build: Callable[[], Response]) -> Response:
    """The cached answer for `key` (in the event loop when fresh), else built or checked in a thread."""
    hit = site.fresh(key)
    if hit is not None:
        return hit
    return await run_in_threadpool(site.cached, key, build)


@dataclass
class HubSite:
    """The hub served: its store, the game lookup (the edge's), and the built answers by stamp."""

    hub: Hub
    workflow: Callable[[str], StandingsGame]
    lang: str
    name: str
    built: dict[tuple[object, ...], tuple[int, Response]] = field(default_factory=dict)
    #: How each answer asked for is built, and when it was last asked (monotonic seconds).
    builders: dict[tuple[object, ...], tuple[Callable[[], Response], float]] = field(default_factory=dict)
    building: dict[tuple[object, ...], threading.Lock] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    seen: tuple[int, float] | None = None  # the stamp last read, and when (monotonic seconds)

    def label(self, game: str) -> str:
        return self.workflow(game).label

    def fresh(self, key: tuple[object, ...]) -> Response | None:
        """The answer built at the stamp read less than `STAMP_TTL` ago, without a read: what a
        phone's request gets in the event loop, no thread, no database (None: ask `cached`)."""
        with self.lock:
            found = self.built.get(key)
            seen = self.seen
        if found is not None and seen is not None and time.monotonic() - seen[1] < STAMP_TTL and found[0] == seen[0]:
            return found[1]
        return None

    def stamp(self) -> int:
        stamp = self.hub.stamp()
        with self.lock:
            self.seen = (stamp, time.monotonic())
        return stamp

    def cached(self, key: tuple[object, ...], build: Callable[[], Response]) -> Response:
        """The answer built for the hub's current stamp. Once it moved, one thread builds the
        new answer while the others give the one of a moment ago (a venue pushes every second
        or so: the phones don't all rebuild the season at once)."""
        stamp = self.stamp()
        with self.lock:
            if len(self.builders) > 256:
                self.builders.clear()
            self.builders[key] = (build, time.monotonic())
        return self._built(key, build, stamp)

    def warm(self) -> None:
        """After this process stored a change: build anew every answer asked for lately, before
        the push is answered. So the venue's change is on this worker's pages once the hub
        acknowledged it, and a phone asking meanwhile gets the answer of a moment ago (its key
        is being built) rather than waiting for a build (another worker's change shows within
        `STAMP_TTL`, built by the first request that sees it)."""
        now = time.monotonic()
        with self.lock:
            asked = [(key, build, self.building.setdefault(key, threading.Lock()))
                     for key, (build, at) in self.builders.items() if now - at < KEEP_WARM]
        held = [(key, build, lock) for key, build, lock in asked if lock.acquire(blocking=False)]
        try:
            stamp = self.stamp()  # read once every key is held: a phone seeing it gets the old answer
            while held:
                key, build, lock = held.pop(0)
                try:
                    self._keep(key, stamp, build())
                except Exception:  # noqa: BLE001 (the next request builds it, its error handlers answer)
                    pass
                finally:
                    lock.release()
        finally:
            for _key, _build, lock in held:
                lock.release()

    def _keep(self, key: tuple[object, ...], stamp: int, answer: Response) -> None:
        with self.lock:
            if len(self.built) > 256:
                self.built.clear()
            self.built[key] = (stamp, answer)

    def _built(self, key: tuple[object, ...], build: Callable[[], Response], stamp: int) -> Response:
        with self.lock:
            found = self.built.get(key)
            if found is not None and found[0] >= stamp:
                return found[1]
            building = self.building.setdefault(key, threading.Lock())
        if not building.acquire(blocking=found is None):
            assert found is not None
            return found[1]
        try:
            with self.lock:
                again = self.built.get(key)
            if again is not None and again[0] >= stamp:
                return again[1]
            answer = build()
            self._keep(key, stamp, answer)
            return answer
        finally:
            building.release()


@dataclass
class HubCtx:
    """One request to the hub as its handler sees it."""

    site: HubSite
    request: Request


# --- the venues' push ------------------------------------------------------------------------
def _bearer(request: Request) -> str | None:
    scheme, _sep, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def push(cx: HubCtx) -> Response:
    site = cx.site
    token = _bearer(cx.request)
    with use_language(site.lang):
        if token is None:
            return JSONResponse({"error": _("send the venue's token: Authorization: Bearer TOKEN")}, 401)
        # An address that sent too many wrong venue tokens waits before its next is looked at,
        # as a desk's at an event (the count is in the hub's database, shared by its workers).
        client = client_of(cx.request.scope)
        wait = await run_in_threadpool(sessions.blocked_for, site.hub, client)
        if wait:
            return too_many_answer(cx.request, site.lang, wait)
        sent = await body.read_body(cx.request, Push, lambda: site.lang)
        try:
            entries = [entry_from_json(e.model_dump()) for e in sent.entries]
            applied = await run_in_threadpool(site.hub.apply, token, sent.journal_id, entries)
            if applied.new:
                await run_in_threadpool(site.warm)
        except OtherVenue as exc:
            return JSONResponse({"error": str(exc)}, 403)
        except Refused as exc:
            wait = await run_in_threadpool(sessions.wrong_try, site.hub, client)
            if wait:  # this try was the last of the window
                return too_many_answer(cx.request, site.lang, wait)
            return JSONResponse({"error": str(exc)}, 401)
        except HubError as exc:
            return JSONResponse({"error": str(exc), "field": None}, 422)
    return JSONResponse(applied.as_json())


# --- the JSON API ----------------------------------------------------------------------------
def _rows(site: HubSite) -> list[EventRow]:
    return event_rows(site.hub, site.label)


async def events_json(cx: HubCtx) -> Response:
    site = cx.site
    return await answered(site, ("events",), lambda: JSONResponse(
        [r.as_json() for r in _rows(site)]))


def _spots(request: Request, lang: str) -> int | None | Response:
    """`?spots=K` (as `tourney season --spots K`), None without it (the hub's circuit rules)."""
    if "spots" not in request.query_params:
        return None
    text = request.query_params["spots"]
    if not text.isdigit() or not 1 <= int(text) <= 1000:
        with use_language(lang):
            return JSONResponse({"error": _("give ?spots=K: the qualification spots each event awards (1 or "
                                            "more)"), "field": "spots"}, 422)
    return int(text)


def _season_text(site: HubSite, circuit: Circuit, lang: str | None) -> tuple[str, str]:
    """The season report by `circuit` as `tourney season … --format json` prints it, and as a
    table (in the events' language, or `lang`); ("", "") while no event is final."""
    from tourney.outputs.hub_views import NoFinalEvent, hub_season_report
    from tourney.outputs.season_export import render

    try:
        report = hub_season_report(site.hub, circuit, workflow=site.workflow, speak=lambda _lang: None, lang=lang)
    except NoFinalEvent:
        return "", ""
    with use_language(report.lang):
        return render(report, "json"), render(report, "table")


def _rating_text(site: HubSite, fmt: str, lang: str | None) -> str:
    from tourney.outputs.hub_views import NoFinalEvent, hub_rating_report
    from tourney.outputs.rating_report import render

    try:
        report = hub_rating_report(site.hub, workflow=site.workflow, speak=lambda _lang: None, lang=lang)
    except NoFinalEvent:
        return ""
    with use_language(report.lang):
        return render(report, fmt)


def _json_of(site: HubSite, text: Callable[[], str]) -> Response:
    """A report's JSON as the command line prints it; 409 while no event is final, or when the
    events can't make one (said why)."""
    try:
        said = text()
    except TourneyError as exc:
        return JSONResponse({"error": str(exc)}, 409)
    if not said:
        with use_language(site.lang):
            return JSONResponse({"error": _("no event on the hub is final yet: the season report counts "
                                            "final events")}, 409)
    return Response(said, media_type="application/json")


async def season_json(cx: HubCtx) -> Response:
    site = cx.site
    spots = _spots(cx.request, site.lang)
    if isinstance(spots, Response):
        return spots

    def build() -> Response:
        circuit = season_circuit(site.hub, spots)
        if circuit is None:
            with use_language(site.lang):
                return JSONResponse({"error": _("give ?spots=K, or set the season's circuit rules on the hub with "
                                                "'tourney hub rules'"), "field": "spots"}, 422)
        return _json_of(site, lambda: _season_text(site, circuit, None)[0])

    return await answered(site, ("season", spots), build)


async def rating_json(cx: HubCtx) -> Response:
    site = cx.site
    return await answered(site, ("rating",), lambda: _json_of(site, lambda: _rating_text(site, "json", None)))


def _report_page(site: HubSite, title: str, table: Callable[[], str]) -> Response:
    """A report's page: its table as the command line prints it, in the hub's language."""
    e = html.escape
    with use_language(site.lang):
        try:
            said = table()
        except TourneyError as exc:
            said = str(exc)
        none_final = _("No event on the hub is final yet.")
        inner = f"<pre>{e(said)}</pre>" if said else f"<p>{e(none_final)}</p>"
        return _page(site, title, inner)


# --- the pages ---------------------------------------------------------------------------------
_STYLE = ("body{font-family:sans-serif;margin:0 auto;max-width:60rem;padding:.5rem 1rem;font-size:1.05rem}"
          "table{border-collapse:collapse;width:100%}td,th{padding:.3rem .4rem;border-bottom:1px solid #ccc;"
          "text-align:left}pre{overflow-x:auto;font-size:.95rem}nav a{margin-right:1rem}"
          "@media (min-width:70rem){body{font-size:1.5rem;max-width:none}}")


def _page(site: HubSite, title: str, inner: str) -> HTMLResponse:
    """A page for phones (narrow) and the projector (wide screens: larger type); it reloads
    itself every 5 seconds so a projector follows the season (a cached answer, by the stamp)."""
    e = html.escape
    nav = "".join(f'<a href="{href}">{e(text)}</a>' for href, text in (
        ("/", _("Events")), ("/season", _("Season report")), ("/rating", _("Season rating"))))
    return HTMLResponse(f'<!doctype html><html lang="{site.lang}"><head><meta charset="utf-8">'
                        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                        f'<meta http-equiv="refresh" content="5"><title>{e(title)}</title>'
                        f"<style>{_STYLE}</style></head><body><nav>{nav}</nav><h1>{e(title)}</h1>{inner}"
                        "</body></html>")


async def home(cx: HubCtx) -> Response:
    site = cx.site

    def build() -> Response:
        e = html.escape
        with use_language(site.lang):
            rows = _rows(site)
            if not rows:
                none_yet = _("No event has reached the hub yet.")
                inner = f"<p>{e(none_yet)}</p>"
            else:
                head = "".join(f"<th>{e(h)}</th>" for h in (_("Event"), _("Venue"), _("Date"), _("Game"),
                                                             _("Status")))
                body_rows = "".join(
                    f'<tr><td><a href="/events/{r.id}">{e(r.name)}</a></td><td>{e(r.venue)}</td>'
                    f"<td>{e(r.date or '')}</td><td>{e(r.game)}</td><td>{e(r.status_text())}</td></tr>"
                    for r in rows)
                inner = f"<table><tr>{head}</tr>{body_rows}</table>"
            return _page(site, site.name, inner)

    return await answered(site, ("home",), build)


async def event_page(cx: HubCtx) -> Response:
    site = cx.site
    wanted = int(cx.request.path_params["id"])

    def build() -> Response:
        e = html.escape
        with use_language(site.lang):
            row = next((r for r in _rows(site) if r.id == wanted), None)
            if row is None:
                missing = _("The hub has no event {id}.").format(id=wanted)
                return _page(site, _("No such event"), f"<p>{e(missing)}</p>")
            ev = Event.open(row.location)
            try:
                with ev.reading():
                    game = site.workflow(row_game(ev))
                    standings = game.standings(ev).to_table() if ev.results() else _("No results yet.")
                    rounds = []
                    stored = {(t.round, t.table) for t in ev.results()}
                    for n in sorted(ev.seated_rounds()):
                        tables: dict[int, list[str]] = {}
                        for s in ev.seats(n):
                            tables.setdefault(s.table, []).append(s.player)
                        lines = "".join(
                            "<li>{}{}: {}</li>".format(e(_("Table {table}").format(table=t)),
                                                       " ✓" if (n, t) in stored else "", e(", ".join(names)))
                            for t, names in sorted(tables.items()))
                        title = _("Round {round}").format(round=n)
                        rounds.append(f"<h3>{e(title)}</h3><ul>{lines}</ul>")
            finally:
                ev.close()
            head = f"<p>{e(row.venue)} · {e(row.date or '')} · {e(row.game)} · {e(row.status_text())}</p>"
            heading = _("Standings")
            inner = f"{head}<h2>{e(heading)}</h2><pre>{e(standings)}</pre>{''.join(rounds)}"
            return _page(site, row.name, inner)

    return await answered(site, ("event", wanted), build)


def row_game(ev: Any) -> str:
    return str(ev.setting("game"))


async def season_page(cx: HubCtx) -> Response:
    site = cx.site
    spots = _spots(cx.request, site.lang)
    if isinstance(spots, Response):
        return spots
    with use_language(site.lang):
        title = _("Season report")

    def table() -> str:
        # No circuit rules on the hub: one spot an event (the others are a `?spots=K` away).
        return _season_text(site, season_circuit(site.hub, spots) or Circuit(spots=1), site.lang)[1]

    return await answered(site, ("season-page", spots), lambda: _report_page(site, title, table))


async def rating_page(cx: HubCtx) -> Response:
    site = cx.site
    with use_language(site.lang):
        title = _("Season rating")
    return await answered(site, ("rating-page",), lambda: _report_page(
        site, title, lambda: _rating_text(site, "table", site.lang)))


ROUTES: tuple[Op, ...] = (
    Op("POST", "/api/push", "A venue's batch of one event's journal entries, each applied once", Guard.VENUE, push,
       {200: Pushed, 401: Error, 403: Error, 422: Refusal, 429: Error}, takes=Push),
    Op("GET", "/api/events", "The season's events: venue, date, game, status", Guard.ANYONE, events_json,
       {200: JSON_ANY}),
    Op("GET", "/api/season", "The season report of the final events, as 'tourney season --format json'",
       Guard.ANYONE, season_json, {200: JSON_ANY, 409: Error, 422: Error}, query=("spots",)),
    Op("GET", "/api/rating", "The season rating of the final events, as 'tourney rating --format json'",
       Guard.ANYONE, rating_json, {200: JSON_ANY, 409: Error}),
    Op("GET", "/", "The events' page", Guard.ANYONE, home, {200: HTML}),
    Op("GET", "/events/{id}", "An event's standings and rounds", Guard.ANYONE, event_page, {200: HTML}),
    Op("GET", "/season", "The season report's page", Guard.ANYONE, season_page, {200: HTML, 422: Error},
       query=("spots",)),
    Op("GET", "/rating", "The season rating's page", Guard.ANYONE, rating_page, {200: HTML}),
)


def openapi() -> dict[str, Any]:
    """The hub's OpenAPI document (the same declarations as its routes)."""
    from tourney.server.contract import openapi as document

    doc = document(ROUTES, title="tourney season hub")
    doc["info"]["description"] = ("A season hub: the venues push their events' journals (by a venue's token); "
                                  "anyone reads the events, the season report and the rating.")
    doc["components"]["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer",
                                                       "description": "a venue's token ('tourney hub venue add')"}}
    defs = doc["components"]["schemas"]
    from pydantic.json_schema import models_json_schema

    _keys, extra = models_json_schema([(m, "serialization") for m in ANSWERS],
                                      ref_template="#/components/schemas/{model}")
    defs.update(extra.get("$defs", {}))
    return doc


def openapi_json() -> bytes:
    return json.dumps(openapi(), indent=2, ensure_ascii=False).encode() + b"\n"
