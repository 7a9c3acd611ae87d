"""`GET /openapi.json` (OpenAPI 3.1), made from the routes' declarations (tourney/server/declare.py:
method, path, who may call it, the body it takes, every status it answers with and that answer's
body). The bodies' schemas are the models the one body reader validates with
(tourney/server/body.py): one description, not two kept in step by hand. A test checks that
the app's routes are the declared ones and that docs/openapi.json is this document."""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from tourney.server import body
from tourney.server.declare import (
    ANSWERS, EVENTS, HTML, JSON_ANY, REDIRECT, XLSX, Error, Guard, Link, Op, Refusal,
)


_PARAMS = {
    "n": {"type": "integer", "minimum": 0, "maximum": 10**18 - 1, "description": "a round number"},
    "t": {"type": "integer", "minimum": 0, "maximum": 10**18 - 1, "description": "a table number"},
    "id": {"type": "integer", "minimum": 0, "maximum": 10**18 - 1, "description": "a report's id"},
    "name": {"type": "string", "pattern": "^[^/\\u0000]+$", "description": "a player's name"},
    "action": {"type": "string", "description": "the button: seat, publish, timer, accept, third, checkin, ..."},
}
_MEDIA = {
    HTML: {"text/html": {"schema": {"type": "string"}}},
    XLSX: {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
        "schema": {"type": "string", "contentMediaType": "application/octet-stream"}}},
    # Each event of the stream (OpenAPI 3.1 has no itemSchema: `schema` is one event's): its data
    # is the JSON of GET /api/stamp.
    EVENTS: {"text/event-stream": {"schema": {
        "type": "object", "required": ["data"], "properties": {
            "data": {"type": "string", "contentMediaType": "application/json",
                     "contentSchema": {"$ref": "#/components/schemas/Stamp"}},
            "event": {"type": "string"}, "id": {"type": "string"}, "retry": {"type": "integer"}}}}},
    JSON_ANY: {"application/json": {"schema": {}}},
}
_WHY = {200: "done", 201: "stored", 202: "accepted, waiting", 303: "redirect", 304: "not modified",
        401: "no valid token or session", 403: "refused: a wrong code, another table's player, not an organiser, "
        "or a failed CSRF check", 404: "no such round, table, player or report (or no such path: a number or name "
        "that is not what the path takes)", 409: "conflict",
        413: "the body is larger than the route takes",
        422: "the body does not match the schema, or the sheet has errors", 429: "too many wrong tokens or "
        "codes from this address", 503: "the event is busy: send it again", 507: "the disk is full: send it "
        "again once space is freed"}
_RETRY = {"Retry-After": {"description": "seconds to wait before sending it again", "schema": {"type": "integer"}}}
_SECURITY: dict[Guard, list[dict[str, list[str]]]] = {
    Guard.DESK: [{"bearer": []}, {"deskSession": [], "csrf": []}],
    Guard.ORGANISER: [{"bearer": []}, {"deskSession": [], "csrf": []}],
    Guard.DESK_OR_PLAYER: [{"bearer": []}, {"deskSession": [], "csrf": []}, {}],  # {}: a player, by the body
    Guard.DESK_PAGE: [{"deskSession": []}],
    Guard.ORGANISER_PAGE: [{"deskSession": []}],
    Guard.VENUE: [{"bearer": []}],
}


def openapi(ops: Sequence[Op], root: str = "", title: str = "tourney live server") -> dict[str, Any]:
    """The OpenAPI 3.1 document of the live server's routes `ops` (under `root` beside other events)."""
    models = [*(op.takes for op in ops if op.takes is not None), *ANSWERS]
    _keys, defs = models_json_schema([(m, "validation" if issubclass(m, body.Body) else "serialization")
                                      for m in dict.fromkeys(models)],
                                     ref_template="#/components/schemas/{model}")
    paths: dict[str, dict[str, Any]] = {}
    for op in ops:
        paths.setdefault(op.path, {})[op.method.lower()] = _operation(op)
    return {
        "openapi": "3.1.0",
        "info": {"title": title, "version": "1",
                 "description": "The live server of one event: the hall's pages, the players' check-in and "
                                "reports (by their code), the desks' API (by token) and pages. Every write "
                                "takes an Idempotency-Key: the same request sent again gets the first answer. "
                                "Wrong tokens and codes are limited per address (429 with Retry-After)."},
        "servers": [{"url": root or "/"}],
        "paths": paths,
        "components": {
            "schemas": defs.get("$defs", {}),
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer", "description": "a desk's token ('tourney desk add')"},
                "deskSession": {"type": "apiKey", "in": "cookie", "name": "tourney_desk",
                                "description": "a desk page's session (POST /desk/login)"},
                "csrf": {"type": "apiKey", "in": "header", "name": "X-CSRF-Token",
                         "description": "the session's CSRF token (the desk page's meta csrf)"},
            },
        },
    }


def _operation(op: Op) -> dict[str, Any]:
    params: list[dict[str, Any]] = [
        {"name": name, "in": "path", "required": True, "schema": _PARAMS[name]}
        for name in _path_names(op.path)]
    params += [{"name": q, "in": "query", "required": False, "schema": {"type": "string"}} for q in op.query]
    if op.writes:
        params.append({"name": "Idempotency-Key", "in": "header", "required": False,
                       "description": "1 to 128 visible ASCII characters; the same request sent again with it "
                                      "gets the first answer (Idempotent-Replayed: true)",
                       "schema": {"type": "string", "minLength": 1, "maxLength": 128, "pattern": "^[!-~]+$"}})
    answers = dict(op.answers)
    if _path_names(op.path):  # a number or a name that is not what the path takes matches no route
        answers.setdefault(404, Error if op.path.startswith("/api/") else HTML)
    if op.writes:  # a key that is not 1 to 128 visible ASCII characters, or used for another request
        answers.update({503: Error, 507: Error})
        answers.setdefault(422, Refusal)
    out: dict[str, Any] = {"summary": op.summary, "description": f"Who may call it: {op.guard.value}.",
                           "operationId": _operation_id(op.method, op.path), "parameters": params,
                           "responses": {str(status): _response(status, answers[status], op.links.get(status, ()))
                                         for status in sorted(answers)}}
    if op.guard in _SECURITY:
        out["security"] = _SECURITY[op.guard]
    if op.takes is not None:
        out["requestBody"] = {"required": not op.optional_body, "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/{op.takes.__name__}"}}}}
    elif op.form:
        out["requestBody"] = {"required": True, "content": {"application/x-www-form-urlencoded": {"schema": {
            "type": "object", "properties": {f: {"type": "string"} for f in op.form},
            "required": [f for f in op.form if f != "idempotency_key"]}}}}
    return out


def _response(status: int, what: type[BaseModel] | str, links: Sequence[Link] = ()) -> dict[str, Any]:
    said: dict[str, Any] = {"description": _WHY.get(status, "")}
    if isinstance(what, type):
        said["content"] = {"application/json": {"schema": {"$ref": f"#/components/schemas/{what.__name__}"}}}
    elif what in _MEDIA:
        said["content"] = _MEDIA[what]
    if status in (429, 503, 507):
        said["headers"] = _RETRY
    if what == REDIRECT:
        said["headers"] = {"Location": {"schema": {"type": "string"}}}
    if links:
        said["links"] = {link.name: _link(link) for link in links}
    return said


def _link(link: Link) -> dict[str, Any]:
    """An OpenAPI link object; the fields of `body` go into the next request's body (runtime
    expressions inside an object, as schemathesis reads them; the other fields are the client's)."""
    out: dict[str, Any] = {"operationId": _operation_id(link.method, link.path)}
    if link.parameters:
        out["parameters"] = dict(link.parameters)
    if link.body:
        out["requestBody"] = dict(link.body)
    if link.description:
        out["description"] = link.description
    return out


def _path_names(path: str) -> list[str]:
    return [part[1:-1] for part in path.split("/") if part.startswith("{")]


def _operation_id(method: str, path: str) -> str:
    words = [p.strip("{}").replace(".", "_").replace("-", "_") for p in path.split("/") if p]
    return method.lower() + "_" + ("_".join(words) or "home")




_DOCUMENTS: dict[str, bytes] = {}


def document(ops: Sequence[Op], root: str = "") -> bytes:
    """The served `/openapi.json` of the routes `ops` under `root`, made once a process."""
    if root not in _DOCUMENTS:
        _DOCUMENTS[root] = json.dumps(openapi(ops, root), indent=2, ensure_ascii=False).encode() + b"\n"
    return _DOCUMENTS[root]
