"""What a route of the live server declares (its router: tourney/server/routes/): who may call it
(`Guard`), the model of the body it takes (tourney/server/body.py), every status it answers with
and that answer's body (the models here), and whether it writes. The app mounts the routes from
these declarations and `/openapi.json` is made from them (tourney/server/contract.py)."""
from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from tourney.server import body


class Guard(enum.Enum):
    """Who may call a route."""

    ANYONE = "anyone"
    PLAYER = "a player, by the name and code in the body"
    DESK = "a desk: its Bearer token, or a desk page's session cookie with its X-CSRF-Token"
    ORGANISER = "an organiser's desk: its Bearer token, or its desk page's session cookie with X-CSRF-Token"
    DESK_PAGE = "a desk page's session cookie (forms: their csrf field)"
    ORGANISER_PAGE = "an organiser desk page's session cookie (forms: their csrf field)"
    LOGIN = "anyone, with a desk's token in the form"
    DESK_OR_PLAYER = ("a desk (its Bearer token, or a desk page's session cookie with its X-CSRF-Token), or a "
                      "player, by the name and code in the body")
    VENUE = "a season hub's venue: its Bearer token ('tourney hub venue add')"


# --- the answers' bodies ------------------------------------------------------------------
class Answer(BaseModel):
    """An answer's body: the fields named, and possibly more (a client ignores what it does not know)."""

    model_config = ConfigDict(extra="allow")


class Error(Answer):
    """A refusal: `error` says what and how to fix it, in the event's language."""

    error: str


class Finding(Answer):
    """One finding of the rules engine on a sheet: the rule, its severity and the message."""

    rule: str
    severity: str
    message: str
    text: str = Field(description="the message in the event's language")
    severity_text: str
    line: int | None = Field(description="1-based row of the posted rows")
    rows: list[int]
    round: int | None
    table: int | None
    player: str | None


class Refusal(Error):
    """422: the body does not match the route's schema (`field`: its path, such as `rows/0/seat`),
    or the sheet has errors (`findings`)."""

    field: str | None = None
    findings: list[Finding] = []


class Conflict(Error):
    """409: the table's stored version is not the one sent (`stored`), a report is disputed or
    held for the organiser, a request the event does not take now."""

    stored: Any = None


class Findings(Answer):
    ok: bool
    findings: list[Finding]


class Saved(Answer):
    """201: stored, as this version."""

    round: int
    table: int
    version: int
    warnings: list[Finding]


class Held(Answer):
    """202: held until a second desk's entry agrees (double entry)."""

    round: int
    table: int
    held: bool
    mismatch: bool
    message: str
    warnings: list[Finding]


class ReportAnswer(Answer):
    """A report's or a confirmation's outcome: 201 stored, 202 waiting for the other players."""

    report: int
    status: str
    version: int | None = None
    waiting_for: list[str] = []
    warnings: list[Finding] = []


class Doubtful(Answer):
    """A value of a photographed pad the marks leave open: its candidates, why, and a JPEG of the
    straightened page around its lozenges (a data: URL)."""

    seat: int = Field(description="0: the table's own choice")
    player: str
    field: str
    label: str
    candidates: list[int | str | None]
    why: str
    crop: str


class PhotoReading(Answer):
    """200: a photo of the table's scan pad, read (nothing stored yet): `status` clean (every value
    decided, both checks pass) or review; `rows` the sheet as read (a doubtful value blank), with
    the rules engine's `findings` on them as for a typed sheet."""

    file: str
    sha256: str
    status: str
    round: int
    table: int
    reasons: list[str]
    rows: list[dict[str, Any]]
    doubtful: list[Doubtful]
    filled_by_checks: list[dict[str, Any]]
    findings: list[Finding]


class Stored(Answer):
    stored: dict[str, Any] | None


class Published(Answer):
    round: int
    published: bool
    changed: bool


class CheckedIn(Answer):
    player: str
    checked_in: bool
    changed: bool


class Dropped(Answer):
    player: str
    dropped_after: int
    table: int | None = Field(description="their table in round dropped_after, when that round's seating is "
                                          "published and its sheets are still to come: that table's sheet counts "
                                          "with them")


class Discarded(Answer):
    report: int
    discarded: bool
    changed: bool


class OpenReport(Answer):
    """The table's open report (`report` null: none)."""

    report: int | None


class Stamp(Answer):
    """The change stamp (a page refreshes when it moved), the clock and the announcements."""

    stamp: int
    timer_end: str
    clock: dict[str, Any]
    announcements: list[dict[str, Any]]


ANSWERS: tuple[type[BaseModel], ...] = (Error, Refusal, Conflict, Findings, Saved, Held, ReportAnswer, Stored,
                                        Published, CheckedIn, Dropped, Discarded, OpenReport, Stamp, PhotoReading)
NONE = "none"
JSON_ANY = "json"  # an answer whose JSON is a list or a free object (rows of a page)
HTML = "html"
XLSX = "xlsx"
REDIRECT = "redirect"
EVENTS = "events"


#: A route's handler: it gets the request's context (`Ctx` on an event's server; the season
#: hub's routers hand theirs, tourney/server/routes/hub.py).
Handler = Callable[[Any], Awaitable[Response]]


@dataclass(frozen=True)
class Link:
    """An OpenAPI link: what a client may do next with an answer, the route (method, path) and
    the values it takes from the request and the answer (runtime expressions such as
    `$request.path.n`, `$response.body#/version`); `body` holds the body's fields so taken."""

    name: str
    method: str
    path: str
    parameters: Mapping[str, str] = field(default_factory=dict)
    body: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""


@dataclass(frozen=True)
class Op:
    """One route: its method and path (`{n}`, `{t}`, `{id}`: numbers; `{name}`: a name), what it
    does, who may call it, its handler, its answers by status (a model, or JSON_ANY, HTML, XLSX,
    REDIRECT, EVENTS, NONE), the model of its body, and whether it writes (then it takes an
    `Idempotency-Key` and may answer 503 busy and 507 disk full, with `Retry-After`)."""

    method: str
    path: str
    summary: str
    guard: Guard
    handler: Handler = field(compare=False)
    answers: Mapping[int, type[BaseModel] | str]
    takes: type[body.Body] | None = None
    writes: bool = False
    query: tuple[str, ...] = ()
    form: tuple[str, ...] = ()
    #: The body may be left out (then the model's defaults).
    optional_body: bool = False
    #: The refusal of a desk that is not an organiser's (Guard.ORGANISER), in the catalogue.
    not_organiser: str = ""
    #: What a client may do next with an answer, by status (OpenAPI links).
    links: Mapping[int, tuple[Link, ...]] = field(default_factory=dict)

    @property
    def route_path(self) -> str:
        """The path as Starlette matches it: numbers up to 18 digits, names without a NUL."""
        path = self.path
        for name, kind in (("n", "num"), ("t", "num"), ("id", "num"), ("name", "text")):
            path = path.replace("{" + name + "}", "{" + name + ":" + kind + "}")
        return path


