"""Payloads declared once: a pydantic model per request body, query and answer, next to its domain
(`<domain>/schemas.py`), and `api.validate(...)` on the view.

spectree checks each request against its models before the view runs, and builds
`/api/openapi.json` from the same models (assembled in `lobby/apidoc.py`, which no domain
imports). It keeps Flask blueprints as they are, lets Lobby raise its own errors, and leaves the
live socket alone; flask-openapi3 would replace the app and blueprint classes.

A refusal keeps Lobby's shape: 422 `VALIDATION_ERROR` with `errors: {field: message}`, the
messages from `lobby/texts.py`. A field's own rules raise `refusal(code)`; any other problem with
a field (missing, of the wrong kind, out of range) reads as the model's `refusals[field]`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from flask import current_app, request
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError as ModelError
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError
from spectree import Response, SpecTree
from spectree.plugins.base import Context
from spectree.plugins.flask_plugin import FlaskPlugin

from lobby.errors import ApiError, ValidationError
from lobby.ids import MAX_ID, parse_id
from lobby.texts import text

__all__ = ["Answer", "BEARER", "Error", "Id", "Invalid", "NOT_OBJECT", "NOT_VERIFIED", "Payload", "Query", "Response",
           "UNAUTHORIZED", "api", "documented", "refusal", "refusals", "refused", "rule"]

MULTIPART = "multipart/form-data"
LOBBY_REFUSAL = "lobby"  # the pydantic error type of a rule of ours: its message is already the text


def refusal(code: str, **values) -> PydanticCustomError:
    """Raise from a field's validator: the field is refused with the text of `code`."""
    return refused(text(code, **values))


def refused(message: str) -> PydanticCustomError:
    """The same, for a text already made (a `check_*` of an action raised it)."""
    return PydanticCustomError(LOBBY_REFUSAL, message.replace("{", "{{").replace("}", "}}"))


def rule(check):
    """A field validator from a `check_*` of an action (which raises Lobby's ValidationError): its
    message becomes the field's refusal, so HTTP calls and socket frames refuse alike."""
    def validate(value):
        try:
            return check(value)
        except ValidationError as error:
            raise refused(error.message) from None
    return validate


def an_id(value):
    """Digits or a number naming a row (bools and floats are not ids: pydantic's lax mode would
    read True as 1)."""
    found = parse_id(value)
    if found is None:
        raise ValueError("not an id")
    return found


# An id: 1 … 2^31−1, the id columns' type; a JSON number, or ASCII digits in a query or form.
Id = Annotated[int, Field(ge=1, le=MAX_ID), BeforeValidator(an_id)]  # constraints first: the schema names them


NAMED: dict[str, str] = {}  # model name → where it is declared


def one_name(model: type) -> None:
    """The document names its schemas by class: two models of one name would silently share one."""
    where = f"{model.__module__}.{model.__qualname__}"
    if NAMED.setdefault(model.__name__, where) != where:
        raise TypeError(f"{where}: the name is taken by {NAMED[model.__name__]}")


class Payload(BaseModel):
    """A request body: camelCase on the wire, fields nobody declared ignored.

    `refusals`: field (wire name) → text code, for any problem a field's own rules do not name."""
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore", frozen=True)
    refusals: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        one_name(cls)

    @classmethod
    def refuse(cls, error: ModelError) -> ApiError:
        """Lobby's error for a refused payload: every field's first problem, in field order."""
        errors: dict[str, str] = {}
        for problem in error.errors(include_url=False, include_context=False):
            field = str(problem["loc"][0]) if problem["loc"] else "body"
            if field not in errors:
                errors[field] = problem["msg"] if problem["type"] == LOBBY_REFUSAL else cls.reading_of(field)
        return ValidationError(errors)

    @classmethod
    def reading_of(cls, field: str) -> str:
        return text(cls.refusals.get(field, "request.invalid"))


class Query(Payload):
    """A query string: a parameter that cannot be read is a 400 naming it (as before the models)."""

    @classmethod
    def refuse(cls, error: ModelError) -> ApiError:
        problem = error.errors(include_url=False, include_context=False)[0]
        name = str(problem["loc"][0]) if problem["loc"] else "query"
        return ApiError(400, text("request.not_number", name=name), "BAD_REQUEST")


class Answer(BaseModel):
    """A response body, for the document (and checked against the answers in tests)."""
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="allow")

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        one_name(cls)


class Error(Answer):
    """Every refusal: `message` for people (Russian), `code` for programs."""
    message: str
    code: str


class Invalid(Error):
    """A refused field or several: `errors` maps each field (its wire name) to its message; `message`
    is the first one's."""
    errors: dict[str, str]


def refusals(**answers: str) -> dict:
    """`Response` entries for refusals: `refusals(HTTP_404="No such message")`; 422 is added by
    spectree (as `Invalid`) wherever a request is declared. Every 429 is documented with its
    `Retry-After` header by the assembly (`lobby/apidoc.py`)."""
    return {status: (Error, description) for status, description in answers.items()}


def refused_with(*cases: tuple[str, str]) -> str:
    """(error code, text code) pairs as a description says them: `CODE` «text»."""
    return "; ".join(f"`{code}` «{text(key)}»" for code, key in cases)


def quoted(*words: str) -> str:
    return "; ".join(f"«{said}»" for said in words)


def invalid(fields: dict[str, Sequence[str]], lead: str = "Invalid fields, every one at once.",
            code: str = "VALIDATION_ERROR") -> tuple:
    """A `Response` entry for refused fields: wire name → the texts it may be refused with."""
    listing = "\n".join(f"- `{field}`: {quoted(*words)}" for field, words in fields.items())
    return Invalid, f"`{code}`: {lead} `message` is the first refused field's. Possible messages:\n{listing}"


def throttled(rule: str, also: str = "") -> str:
    return f"Throttled, `RATE_LIMITED` «{text('http.429')}»: {rule}. `Retry-After` gives the seconds to wait.{also}"


def written_out(model) -> dict:
    """An answer's schema in place of the reference the generated operation has (`@documented`),
    where a reader should not have to follow it; its nested models stay references."""
    schema = model.model_json_schema(by_alias=True, mode="serialization", ref_template="#/components/schemas/{model}")
    schema.pop("$defs", None)
    return schema


class Done(Answer):
    """A call that changed something and says so."""
    message: str


# What most calls may answer, said once (quoted as sent: the document names the code's texts).
BEARER = {"bearerAuth": []}
UNAUTHORIZED = f"No, bad or expired access token: `UNAUTHORIZED` «{text('http.401')}»"
NOT_VERIFIED = f"The e-mail is not verified: `EMAIL_NOT_VERIFIED` «{text('auth.not_verified')}»"
NOT_OBJECT = f"Body is not a JSON object: `BAD_REQUEST` «{text('request.not_object')}»"

OPENAPI_EXTRA = "lobby_openapi"  # the attribute `documented` leaves on a view


def documented(**extra):
    """What a model cannot say about a call, laid over its generated operation by the assembly:
    an answer that is not JSON (a picture, a file) with its headers, a second way to send the body,
    a cookie it sets. `extra` is a piece of an OpenAPI operation (`responses={...}`, ...), merged
    key by key."""
    def mark(view):
        setattr(view, OPENAPI_EXTRA, extra)
        return view
    return mark


class LobbyPlugin(FlaskPlugin):
    """spectree's Flask plugin, doing only what Lobby declares on the hot path.

    The stock plugin copies every request's headers and cookies into dicts whether or not a model
    asks for them, and re-reads and re-validates every answer. Here a request reads only the parts
    a model names; a JSON body must be an object (else 400, as everywhere in the API); answers are
    checked against their models only where the app asks for it (`VALIDATE_ANSWERS`, on in tests),
    never in production, where a mismatch would turn a good answer into a 500."""

    def request_validation(self, request, query, json, form, headers, cookies):
        body = form_data = None
        multipart = request.mimetype == MULTIPART
        if json is not None and request.method not in ("GET", "DELETE"):
            if not multipart:
                body = read(json, json_object())
            elif form is None and not takes_multipart():
                raise unsupported_body()  # the view would find no body at all
        if form is not None and multipart:
            form_data = read(form, self.fill_form(request))
        found = read(query, request.args.to_dict()) if query is not None else None
        request.context = Context(found, body, form_data, None, None)

    def validate_response(self, resp, resp_model, skip_validation, force_resp_serialize):
        if not current_app.config.get("VALIDATE_ANSWERS") or getattr(resp, "direct_passthrough", False):
            return resp, None  # a file streamed from disk is no model's answer
        return super().validate_response(resp, resp_model, skip_validation, force_resp_serialize)


def documented_extra(view) -> dict | None:
    """What `@documented` said of a view, looking through the decorators around it."""
    while view is not None and not hasattr(view, OPENAPI_EXTRA):
        view = getattr(view, "__wrapped__", None)
    return getattr(view, OPENAPI_EXTRA, None)


def takes_multipart() -> bool:
    """Whether the matched view reads a multipart form itself: its document says it takes one."""
    extra = documented_extra(current_app.view_functions.get(request.endpoint)) or {}
    return MULTIPART in extra.get("requestBody", {}).get("content", {})


def unsupported_body() -> ApiError:
    return ApiError(415, text("http.415"), "UNSUPPORTED_MEDIA_TYPE")


def json_value():
    """The request's JSON body, any value: None when it is empty or cannot be parsed. A body of
    another type is a 415 (a multipart form, already read by input_guard, counts by its length)."""
    if not request.is_json and request.content_length:
        raise unsupported_body()
    if not request.get_data(cache=True):
        return None
    if not request.is_json:
        raise unsupported_body()
    return request.get_json(silent=True)


def json_object() -> dict:
    """The request's JSON object; an empty body is `{}`. A body of another type is a 415, and a
    JSON body that is not an object a 400."""
    if not request.get_data(cache=True) and not request.content_length:
        return {}
    data = json_value()
    if not isinstance(data, dict):
        raise ApiError(400, text("request.not_object"), "BAD_REQUEST")
    return data


def read(model: type[Payload], data: dict) -> Payload:
    """A request part as its model, or Lobby's refusal, raised here (spectree would first turn the
    error, with the input in it, into JSON, and an uploaded file in a refused form is not JSON)."""
    try:
        return model.model_validate(data)
    except ModelError as error:
        raise model.refuse(error) from None


def pass_answer(req, resp, error, instance, adapter) -> None:
    """spectree's `after` hook: an answer that breaks its model fails loudly (tests only)."""
    if error is not None:
        raise AssertionError(f"{req.method} {req.path} answered outside its model: {error}")


def model_name(model) -> str:
    """Components are named by their class (spectree's default adds a hash of the module)."""
    return model.__name__


def nested_name(parent: str, child: str) -> str:
    """A model used inside another keeps its own name: one `Message` for every answer holding one."""
    return child


api = SpecTree("flask", backend=LobbyPlugin, after=pass_answer, mode="strict",
               naming_strategy=model_name, nested_naming_strategy=nested_name, validation_error_model=Invalid, title="Lobby API", version="1.0.0", page_templates={},
               annotations=False)  # its own routes are never registered: lobby/apidoc.py serves the document
