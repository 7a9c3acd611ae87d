"""`Idempotency-Key` for every write of the live server: a request sent with a key is answered
once; the same request sent again (a lost answer on the hall's Wi-Fi, a page resending after a
reload, the server restarted in between, or twenty copies at once) gets the first answer back,
same status and body, and changes nothing. The key and the answer are stored in the transaction
of the write itself (tourney.core.store.answers), under the event's write lock."""
from __future__ import annotations

import contextlib
import hashlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from tourney.core import store
from tourney.core.i18n import N_, _, use_language
from tourney.core.store.answers import MAX_KEY, StoredAnswer, good_key, keep_answer, stored_answer
from tourney.server.guard import is_api

HEADER = "idempotency-key"
#: The same key as a form field: the desk's HTML forms carry one (a plain form POST sent twice).
FIELD = "idempotency_key"
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")
#: Whose keys a request's key is looked up among: a desk's (DESK_SCOPE + name), or the players'.
DESK_SCOPE, PLAYERS_SCOPE = "desk:", "players"
#: Answers not kept under a key: a wrong token or code (the next try, right, must be taken) and
#: the server's own failures (the request is to be sent again).
NOT_KEPT = frozenset({401, 403})


class _Answered(Exception):
    """Ends the transaction without keeping anything: the answer is one not kept."""

    def __init__(self, response: Response) -> None:
        super().__init__()
        self.response = response


def _is_form(request: Request) -> bool:
    return request.headers.get("content-type", "").split(";")[0].strip().lower() in FORMS


async def request_key(request: Request) -> str | None:
    """The request's key: the `Idempotency-Key` header, or a form's `idempotency_key` field."""
    key = request.headers.get(HEADER)
    if key is None and _is_form(request):
        field = (await request.form()).get(FIELD)
        key = field if isinstance(field, str) and field else None
    return key


async def body_digest(request: Request) -> str:
    """The SHA-256 of what the request asks: a JSON body as parsed (key order and spacing do
    not matter), a form's fields but the CSRF token and the key (a new session's token is the
    same request), or the raw bytes."""
    if _is_form(request):
        form = await request.form()
        data = json.dumps(sorted((k, str(v)) for k, v in form.multi_items() if k not in ("csrf", FIELD)))
        return hashlib.sha256(data.encode()).hexdigest()
    raw = await request.body()
    try:
        data = json.dumps(json.loads(raw), sort_keys=True, ensure_ascii=False)
    except (ValueError, RecursionError):
        return hashlib.sha256(raw).hexdigest()
    return hashlib.sha256(data.encode()).hexdigest()


def _kept(request: str, digest: str, response: Response) -> StoredAnswer:
    return StoredAnswer(request, digest, response.status_code, response.headers.get("content-type", ""),
                        bytes(response.body).decode("utf-8", "replace"), response.headers.get("location"))


def _replayed(answer: StoredAnswer) -> Response:
    headers = {"Idempotent-Replayed": "true"}
    if answer.location is not None:
        headers["Location"] = answer.location
    response = Response(answer.body, answer.status, headers)
    if answer.content_type:  # a redirect has none
        response.headers["content-type"] = answer.content_type
    return response


@dataclass(frozen=True)
class Once:
    """The one helper every write route calls: `await once(request, scope, act)` runs `act`
    (in a worker thread; it returns the route's answer and may raise what the route turns into
    a refusal, such as a wrong code, which then keeps nothing) and, when the request carries a
    key, stores the answer with the write in one transaction. `scope`: who may use the key (the
    desk, or "players": a player's name and code are in the body, which the key is bound to)."""

    event: store.Event
    lang: Callable[[], str]  # the event's language as of now (`State.lang`)
    changed: Callable[[], None]

    def refused(self, request: Request, message: str, **values: object) -> Response:
        """422: JSON to the API, a page to a desk page's form (what its route documents)."""
        with use_language(self.lang()):
            said = _(message).format(**values)
        return JSONResponse({"error": said}, 422) if is_api(request) else HTMLResponse(said, 422)

    async def __call__(self, request: Request, scope: str, act: Callable[[], Response], *,
                       lock: threading.Lock | None = None) -> Response:
        return await self.prepared(request, scope, lambda: act, lock=lock)

    async def prepared(self, request: Request, scope: str, prepare: Callable[[], Callable[[], Response]], *,
                       lock: threading.Lock | None = None) -> Response:
        """As calling it, with the work split in two: `prepare` (reads only, such as checking a
        sheet) runs in the worker thread before the transaction takes the event's write lock, and
        the step it returns runs inside it. The step must raise what `prepare` found wrong, so
        that a request answered before gets its first answer back."""
        key = await request_key(request)
        if key is not None and not good_key(key):
            return self.refused(request, N_("the Idempotency-Key must be 1 to {n} visible ASCII characters (a UUID, "
                                            "say): send a new key with the request"), n=MAX_KEY)
        asked = f"{request.method} {request.url.path}"
        digest = await body_digest(request) if key is not None else ""
        reused = self.refused(request, N_(
            "this Idempotency-Key was used before for another request: send a new key with a "
            "new request (the same key only with the same request, to send it again)"))

        def run() -> Response:
            with lock or contextlib.nullcontext():
                try:
                    act = prepare()
                    if key is None:
                        return act()
                    return self._once(scope, key, asked, digest, act, reused)
                finally:
                    self.changed()  # after the commit: the pages rebuild from what was stored

        return await run_in_threadpool(run)

    def _once(self, scope: str, key: str, asked: str, digest: str, act: Callable[[], Response],
              reused: Response) -> Response:
        try:
            with self.event.transaction() as conn:
                before = stored_answer(conn, scope, key)
                if before is not None:
                    if (before.request, before.digest) != (asked, digest):
                        raise _Answered(reused)
                    raise _Answered(_replayed(before))
                response = act()
                if response.status_code in NOT_KEPT or response.status_code >= 500:
                    raise _Answered(response)
                keep_answer(conn, scope, key, _kept(asked, digest, response))
                return response
        except _Answered as done:
            return done.response
