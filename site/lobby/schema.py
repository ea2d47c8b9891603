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

__all__ = ["Answer", "Error", "Id", "Invalid", "Payload", "Query", "Response", "api", "refusal", "refusals", "refused"]

LOBBY_REFUSAL = "lobby"  # the pydantic error type of a rule of ours: its message is already the text


def refusal(code: str, **values) -> PydanticCustomError:
    """Raise from a field's validator: the field is refused with the text of `code`."""
    return refused(text(code, **values))


def refused(message: str) -> PydanticCustomError:
    """The same, for a text already made (a `check_*` of an action raised it)."""
    return PydanticCustomError(LOBBY_REFUSAL, message.replace("{", "{{").replace("}", "}}"))


def an_id(value):
    """Digits or a number naming a row (bools and floats are not ids: pydantic's lax mode would
    read True as 1)."""
    found = parse_id(value)
    if found is None:
        raise ValueError("not an id")
    return found


# An id: 1 … 2^31−1, the id columns' type; a JSON number, or ASCII digits in a query or form.
Id = Annotated[int, Field(ge=1, le=MAX_ID), BeforeValidator(an_id)]  # constraints first: the schema names them


class Payload(BaseModel):
    """A request body: camelCase on the wire, fields nobody declared ignored.

    `refusals`: field (wire name) → text code, for any problem a field's own rules do not name."""
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore", frozen=True)
    refusals: ClassVar[dict[str, str]] = {}
    registry: ClassVar[dict[str, type["Payload"]]] = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        Payload.registry[cls.__name__] = cls

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
    spectree (as `Invalid`) wherever a request is declared."""
    return {status: (Error, description) for status, description in answers.items()}


class LobbyPlugin(FlaskPlugin):
    """spectree's Flask plugin, doing only what Lobby declares on the hot path.

    The stock plugin copies every request's headers and cookies into dicts whether or not a model
    asks for them, and re-reads and re-validates every answer. Here a request reads only the parts
    a model names; a JSON body must be an object (else 400, as everywhere in the API); answers are
    checked against their models only where the app asks for it (`VALIDATE_ANSWERS`, on in tests),
    never in production, where a mismatch would turn a good answer into a 500."""

    def request_validation(self, request, query, json, form, headers, cookies):
        adapter = self.model_adapter
        body = form_data = None
        if json is not None and request.method not in ("GET", "DELETE") and request.mimetype not in self.FORM_MIMETYPE:
            body = adapter.validate_obj(json, json_object())
        if form is not None and request.mimetype in self.FORM_MIMETYPE:
            form_data = adapter.validate_obj(form, self.fill_form(request))
        found = adapter.validate_obj(query, request.args.to_dict()) if query is not None else None
        request.context = Context(found, body, form_data, None, None)

    def validate_response(self, resp, resp_model, skip_validation, force_resp_serialize):
        if not current_app.config.get("VALIDATE_ANSWERS"):
            return resp, None
        return super().validate_response(resp, resp_model, skip_validation, force_resp_serialize)


def json_object() -> dict:
    """The request's JSON object; an empty body is `{}`; anything else is a 400."""
    if not request.get_data(cache=True):
        return {}
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise ApiError(400, text("request.not_object"), "BAD_REQUEST")
    return data


def refuse_invalid(req, resp, error, instance, adapter) -> None:
    """spectree's `before` hook: a refused request raises Lobby's error (`errors.py` answers it)."""
    if error is not None:
        model = Payload.registry.get(getattr(error, "title", ""), Payload)
        raise model.refuse(error)


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


api = SpecTree("flask", backend=LobbyPlugin, before=refuse_invalid, after=pass_answer, mode="strict",
               naming_strategy=model_name, nested_naming_strategy=nested_name, validation_error_model=Invalid, title="Lobby API", version="1.0.0", page_templates={},
               annotations=False)  # its own routes are never registered: lobby/apidoc.py serves the document
