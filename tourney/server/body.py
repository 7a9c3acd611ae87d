"""The live server's one body reader: every route that takes a JSON body declares its model
here (pydantic), `read_body` parses and validates the request against it and answers 422 with
the field's path and what is wrong, in the event's language. The same models give the bodies'
schemas in `/openapi.json` (tourney/server/contract.py). Every integer a body can carry fits
the databases' 64 bits and no text carries what PostgreSQL can't store (a NUL character; JSON's
lone surrogates are refused by the parser), so neither reaches the store."""
from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, ValidationError
from pydantic_core import PydanticCustomError
from starlette.requests import Request

from tourney.core.i18n import N_, _, use_language

#: The databases' integers: 64 bits, signed (a URL's numbers are bounded too: guard.NumberConvertor).
LOW, HIGH = -(2**63), 2**63 - 1


def storable(text: str) -> str:
    """`text`, if a database can store it (PostgreSQL refuses NUL characters in text)."""
    if "\x00" in text:
        raise PydanticCustomError("nul_character", "text with a NUL character")
    return text


def _not_blank(text: str) -> str:
    if not text.strip():
        raise PydanticCustomError("blank", "empty text")
    return text


def _whole(value: Any) -> Any:
    """A whole number sent as `2.0` is the number 2: JSON Schema's "integer" (what /openapi.json
    says) includes it. Any other float stays one, and is refused."""
    return int(value) if isinstance(value, float) and value.is_integer() and LOW <= value <= HIGH else value


Int64 = Annotated[int, Field(strict=True, ge=LOW, le=HIGH), BeforeValidator(_whole)]
Text = Annotated[str, Field(strict=True), AfterValidator(storable)]
#: A name or a code: text that is not empty.
Word = Annotated[str, Field(strict=True, min_length=1), AfterValidator(storable), AfterValidator(_not_blank)]
#: A cell of a sheet's row as a desk or a phone sends it (the sheet reader reads it as typed).
#: (The pages send text as typed; a script may send whole numbers. No floats: a sheet's numbers are whole,
#: and a float would let a number beyond 64 bits through.)
Cell = Int64 | Text | None
#: One player's row of a sheet: column name → cell (the game's sheet format says which).
Row = dict[Text, Cell]


class Body(BaseModel):
    """A request body: unknown keys are ignored (as before the models), every value strict."""

    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)


class PhotoRef(Body):
    """The photo a desk's sheet was read from (`…/photo` answered its `file` and `sha256`)."""

    sha256: Annotated[str, Field(strict=True, pattern=r"^[0-9a-f]{64}$", description="the photo's SHA-256, as "
                                                                                      "the photo's answer gave it")]
    file: Text = Field(max_length=200, description="the photo's file name, as the photo's answer gave it")


class Sheet(Body):
    """`POST /api/rounds/{n}/tables/{t}/result` and `…/check`: a desk's sheet."""

    rows: list[Row] = Field(description="one object per player: seat, player and the pad's columns")
    version: Int64 | None = Field(description="the stored version the desk saw; null for a first entry")
    reason: Text | None = Field(None, description="why a stored table is replaced (kept in the history)")
    photo: PhotoRef | None = Field(None, description="the photo the rows were read from (kept with the event): "
                                                     "the history names it as the sheet's source")


class SheetCheck(Body):
    """`POST /api/rounds/{n}/tables/{t}/check`: the rows to check (the version is not needed)."""

    rows: list[Row]
    version: Int64 | None = None
    reason: Text | None = None


class Publish(Body):
    """`POST /api/rounds/{n}/publish`: no body, or whether the round's seating is shown."""

    published: StrictBool = True


class Player(Body):
    """A player's own request: their name as registered and the code of their slip."""

    player: Word
    code: Word


class Drop(Player):
    """`POST /api/drop`: `"confirm": "drop"` (the page asks first)."""

    confirm: Word


class Report(Body):
    """`POST /api/rounds/{n}/tables/{t}/report`: a player reports the table's sheet."""

    player: Text
    code: Text
    rows: list[Row]
    to_organiser: StrictBool = Field(False, description="send a sheet with rule errors to the organiser")


class Confirm(Body):
    """`POST /api/rounds/{n}/tables/{t}/confirm`: a player agrees with the open report, or not."""

    player: Text
    code: Text
    report: Int64 = Field(description="the open report's id (GET …/report)")
    agree: StrictBool


class Rows(Body):
    """`POST /api/rounds/{n}/tables/{t}/report/check`: the rows a player typed so far."""

    rows: list[Row]


class Accept(Body):
    """`POST …/reports/{id}/accept`: no body (stored as reported), or the rows edited."""

    rows: list[Row] | None = None


#: The largest photo the live server takes (bytes of the image); the page makes phone photos
#: smaller before sending them (static/photo.js), so this bounds only what a script may send.
PHOTO_BYTES = 12 * 1024 * 1024
#: The photo as base64 text, and a request carrying it (its JSON around it: a few hundred bytes).
PHOTO_TEXT = (PHOTO_BYTES + 2) // 3 * 4
PHOTO_REQUEST = PHOTO_TEXT + 64 * 1024


class Photo(Body):
    """`POST /api/rounds/{n}/tables/{t}/photo`: a photo of the table's filled scan pad (a desk's
    token or session; a player: their name and code too)."""

    photo: Annotated[str, Field(strict=True, min_length=1, max_length=PHOTO_TEXT, pattern=r"^[A-Za-z0-9+/=\s]+$",
                                description="the JPEG or PNG file, base64")]
    name: Text | None = Field(None, max_length=200, description="the photo's file name, as the answer names it")
    player: Text | None = Field(None, description="a player: their name as registered")
    code: Text | None = Field(None, description="a player: the code of their slip")


B = TypeVar("B", bound=Body)

#: What is wrong with a field, by pydantic's error type (the field's path is said before it).
_PROBLEMS = {
    "missing": N_("missing"),
    "int_type": N_("a whole number is expected"),
    "int_from_float": N_("a whole number is expected"),
    "less_than_equal": N_("a number from {low} to {high} is expected"),
    "greater_than_equal": N_("a number from {low} to {high} is expected"),
    "string_type": N_("text is expected"),
    "string_too_short": N_("must not be empty"),
    "string_too_long": N_("too long"),
    "string_pattern_mismatch": N_("not base64: send the photo's bytes as base64"),
    "blank": N_("must not be empty"),
    "bool_type": N_("true or false is expected"),
    "list_type": N_("a list is expected"),
    "dict_type": N_("an object is expected"),
    "model_type": N_("an object is expected"),
    "model_attributes_type": N_("an object is expected"),
    "cell_type": N_("a whole number or text is expected"),
    "nul_character": N_("text with a NUL character can't be stored: remove it"),
}


def field_path(loc: tuple[int | str, ...]) -> str:
    """A field's path as the answer names it: `rows/0/player` (JSON Pointer without the slash)."""
    parts: list[str] = []
    for part in loc:
        if part == "[key]":  # an object's key is wrong: the path is the object's (the key may be unprintable)
            parts.pop()
        # A union's members name themselves in the location (`int`, `str`, a constrained type): not fields.
        elif not (isinstance(part, str) and ("[" in part or part in _KINDS)):
            parts.append(str(part))
    return "/".join(parts)


_KINDS = frozenset({"int", "str", "none", "constrained-int", "constrained-str"})


class BodyRefused(Exception):
    """A body that does not match its route's model: the field's path and what is wrong, said."""

    def __init__(self, field: str, said: str) -> None:
        super().__init__(said)
        self.field = field
        self.said = said


def validate(model: type[B], raw: bytes, lang: Callable[[], str]) -> B:
    """The body `raw` read as `model` (an empty body: the model's defaults), else `BodyRefused`
    in the language `lang()` says (asked only then: reading it may cost the event a read)."""
    try:
        return model.model_validate_json(raw or b"{}")
    except ValidationError as exc:
        raise _refused(exc, lang()) from None


def _refused(exc: ValidationError, lang: str) -> BodyRefused:
    errors = exc.errors(include_url=False, include_input=False)
    # A union's members each say why they refused: the most telling one is the first that is not
    # a wrong kind (a number too large, a NUL character), else the first.
    first = next((e for e in errors if not e["type"].endswith("_type")), errors[0])
    with use_language(lang):
        if first["type"] in ("json_invalid", "json_type"):
            return BodyRefused("", _("the body is not JSON: send an object as the route's schema says "
                                     "(/openapi.json)"))
        loc = tuple(first["loc"])
        path = field_path(loc)
        kind = first["type"]
        # (A body that is not an object has no location at all: `"text"`, `[1]`, `3`.)
        tags = {str(e["loc"][-1]) for e in errors if e["loc"] and field_path(tuple(e["loc"])) == path}
        if kind.endswith("_type") and "int" in " ".join(tags) and "str" in " ".join(tags):  # a cell's kinds
            kind = "cell_type"
        problem = _(_PROBLEMS.get(kind, N_("not what the route takes"))).format(low=LOW, high=HIGH)
        if not path:
            return BodyRefused("", _("the body must be a JSON object: {problem}").format(problem=problem))
        return BodyRefused(path, _("{field}: {problem}").format(field=path, problem=problem))


class TooLarge(Exception):
    """A request body longer than its route takes (answered 413 before it is read whole)."""


async def read_body(request: Request, model: type[B], lang: Callable[[], str], limit: int | None = None) -> B:
    """The request's JSON body as `model`, else `BodyRefused` (answered 422 by the app); with
    `limit`, `TooLarge` as soon as more bytes than that arrive (or are announced)."""
    if limit is None:
        return validate(model, await request.body(), lang)
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced) > limit:
        raise TooLarge()
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge()
        chunks.append(chunk)
    raw = b"".join(chunks)
    request._body = raw  # Starlette's own cache of the body: the Idempotency-Key's digest reads it again
    return validate(model, raw, lang)


def refusal_json(refused: BodyRefused, **extra: Any) -> dict[str, Any]:
    """The 422 answer's body: the message, the field's path, and what the route adds (findings)."""
    return {"error": refused.said, "field": refused.field, **extra}
