"""An outside client of the live server's contract: schemathesis reads a real `tourney serve`'s
`/openapi.json` and sends what it describes to every route, with the event's real callers
(the organiser desk's Bearer token, its desk page's session with the CSRF token, the players'
names and codes), and follows the document's links (a report, then its confirmation; a sheet
saved, then replaced with its version). Every answer is checked against the document: no 5xx,
a documented status, its content type, headers and body. Used by
tests/edges/test_schemathesis.py (a bounded run) and benchmarks/bench_schemathesis.py (a large one)."""
from __future__ import annotations

import http.cookiejar
import re
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import given, settings
from live_event import Server, self_reporting
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance, response_headers_conformance, response_schema_conformance, status_code_conformance,
)

from tourney.core.store import Event

#: What every answer is checked for.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]
#: The players' own routes: their name and code go into the body.
PLAYERS = ("/api/check-in", "/api/drop", "/report", "/confirm")


@dataclass
class Hall:
    """A live event served on 127.0.0.1 (self-reporting on, round 1 seated and published) and
    what its callers know: the organiser desk's token, a desk page's session, the players' codes."""

    server: Server
    path: Path | str
    organiser: str
    codes: dict[str, str]
    tables: dict[int, list[str]]  # round 1's tables: their players by seat
    cookie: str = ""
    csrf: str = ""
    tried: Counter[str] = field(default_factory=Counter)  # "METHOD path -> status": what was sent
    #: schemathesis' reports of the failed answers, as found (a scenario over a live server is not
    #: replayed the same: Hypothesis' replay then says only "inconsistent data generation").
    failed: list[str] = field(default_factory=list)
    bump: int = 0
    scenario: int = 0  # the linked run's scenario under way (each has tables of its own)

    @property
    def url(self) -> str:
        return self.server.url


def open_hall(folder: Path, *extra: str, players: int = 0) -> Hall:
    """The hall, served with `extra` options, with `players` more than Bonn's 23."""
    folder.mkdir(parents=True, exist_ok=True)
    ev, codes = self_reporting(folder, extra_players=tuple(f"Gast {i:03d}" for i in range(1, players + 1)))
    event = Event.open(ev.path)
    tables: dict[int, list[str]] = {}
    for s in sorted(event.seats(1), key=lambda s: (s.table, s.seat)):
        tables.setdefault(s.table, []).append(s.player)
    event.close()
    hall = Hall(Server(ev.path, *extra), ev.path, ev.organiser, codes, tables)
    hall.cookie, hall.csrf = desk_session(hall.url, ev.organiser)
    return hall


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def desk_session(url: str, token: str) -> tuple[str, str]:
    """A desk page's session as a browser gets it: the cookie of logging in with `token`, and
    the CSRF token of the desk page."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(url + "/desk/login", data=urllib.parse.urlencode({"token": token}).encode(), timeout=30)
    page = opener.open(url + "/desk", timeout=30).read().decode()
    cookie = next(c.value for c in jar if c.name == "tourney_desk")
    csrf = re.search(r'name="csrf" content="([^"]+)"', page)
    assert cookie and csrf, "the desk's login gave no session"
    return str(cookie), csrf.group(1)


def load(hall: Hall) -> Any:
    """The served document as schemathesis reads it, with the callers' credentials for the
    document's security schemes (a desk's Bearer token, the session cookie, its CSRF header)."""
    config = schemathesis.Config.from_dict({
        "request-timeout": 20,
        "max-stream-events": 1,  # /api/stream's first answer (it never ends by itself)
        "auth": {"openapi": {"bearer": {"bearer": hall.organiser}, "deskSession": {"api_key": hall.cookie},
                             "csrf": {"api_key": hall.csrf}}},
        "output": {"sanitization": {"enabled": False}},
    })
    return schemathesis.openapi.from_url(hall.url + "/openapi.json", config=config)


def sheet(hall: Hall, table: int) -> list[dict[str, object]]:
    """A valid sheet for the round's table, a little different each time (so a replacement
    changes what is stored)."""
    hall.bump += 1
    rows: list[dict[str, object]] = []
    for seat, player in enumerate(hall.tables[table], start=1):
        civilian = 5 + seat + hall.bump % 4
        rows.append({"seat": seat, "player": player, "military": 0, "treasury": 1, "wonders": 3,
                     "civilian": civilian, "commercial": 0, "guilds": 0, "science": 0, "total": 4 + civilian,
                     "coins": 3})
    return rows


def prepare(hall: Hall, case: Any, *, realistic: bool) -> None:
    """What a real caller knows, put into the generated request: a player's name and code (of
    the table in the path, when it is seated: its first player reports, its second confirms), the
    desk page's CSRF token in its forms, the desk's token at the login. With `realistic` (the
    stateful run), the path's table is one of round 1's and a sheet is a valid one, so that the
    links lead somewhere; the stateless run keeps what schemathesis generated there."""
    path = case.operation.path
    params = case.path_parameters if case.path_parameters is not None else {}
    if realistic and "n" in params and "t" in params:
        # Each scenario has two tables of its own: its players report the one, its desk saves the
        # other; so what a scenario is answered depends on its own steps alone (Hypothesis finds
        # a scenario whose same steps are answered otherwise "inconsistent"). A link's table is kept.
        numbers = sorted(hall.tables)
        assert 2 * hall.scenario + 1 < len(numbers), f"{hall.scenario} scenarios: seat more players (open_hall)"
        ours = numbers[2 * hall.scenario + (0 if "/report" in path or "/confirm" in path else 1)]
        params["n"], params["t"] = 1, ours
    if realistic and case.headers and "Idempotency-Key" in case.headers:
        # A key of the scenario's own: the same short key drawn in another scenario is another's.
        case.headers["Idempotency-Key"] = f"s{hall.scenario}-{case.headers['Idempotency-Key']}"[:128]
    table = params.get("t") if params.get("n") == 1 else None
    seated = hall.tables.get(table, []) if isinstance(table, int) else []
    body = case.body
    if isinstance(body, dict):
        if any(path.endswith(p) for p in PLAYERS) and not path.endswith("/report/check"):
            who = seated[1 if path.endswith("/confirm") and len(seated) > 1 else 0] if seated else (
                sorted(hall.codes)[0])
            body["player"], body["code"] = who, hall.codes[who]
        if realistic and seated and "rows" in body and (path.endswith(("/result", "/report", "/check"))):
            body["rows"] = sheet(hall, int(table))  # type: ignore[arg-type]
        if case.operation.method.upper() == "POST" and path.startswith("/desk/") and path != "/desk/login":
            body["csrf"] = hall.csrf
        if path == "/desk/login":
            body["token"] = hall.organiser
    if path == "/desk/logout":  # another session of the desk, so that the run's own stays in
        cookie, csrf = desk_session(hall.url, hall.organiser)
        case.cookies = {**(case.cookies or {}), "tourney_desk": cookie}
        if isinstance(body, dict):
            body["csrf"] = csrf


def record(hall: Hall, case: Any, response: Any) -> None:
    """Count what was sent and answered; a stored sheet replaced (version 2 on) is counted apart."""
    said = f"{case.operation.method.upper()} {case.operation.path}"
    hall.tried[f"{said} -> {response.status_code}"] += 1
    if said == "POST /api/rounds/{n}/tables/{t}/result" and response.status_code == 201:
        if int(response.json()["version"]) > 1:
            hall.tried["a stored sheet replaced"] += 1


def validate(hall: Hall, case: Any, response: Any, **kwargs: Any) -> None:
    """Check the answer (CHECKS); a failure's report is kept in `hall.failed`, then raised."""
    try:
        case.validate_response(response, checks=CHECKS, **kwargs)
    except Exception as exc:
        hall.failed.append(str(exc))
        raise


def send_examples(hall: Hall, operation: Any, mode: Any, examples: settings) -> None:
    """Requests to one route as its schema describes them (`mode`: valid or invalid), each
    answer checked; Hypothesis' `Unsatisfiable` when no invalid request fits the route."""
    @examples
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case: Any) -> None:
        prepare(hall, case, realistic=False)
        response = case.call()
        record(hall, case, response)
        validate(hall, case, response)

    run()


def follow_links(hall: Hall, api: Any, scenarios: settings) -> None:
    """Scenarios along the document's links (schemathesis' state machine) with the hall's real
    tables and sheets; a failure raises (`hall.failed` has its report)."""
    class Workflow(api.as_state_machine()):  # type: ignore[misc]
        def setup(self) -> None:
            hall.scenario += 1
            hall.bump = 0  # the scenario's sheets are the same whenever it runs

        def before_call(self, case: Any) -> None:
            prepare(hall, case, realistic=True)

        def after_call(self, response: Any, case: Any) -> None:
            record(hall, case, response)

        def validate_response(self, response: Any, case: Any, additional_checks: Any = None, **kwargs: Any) -> None:
            validate(hall, case, response, transport_kwargs=kwargs or None)

    Workflow.run(settings=scenarios)
