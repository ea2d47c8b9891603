"""What every request's input must be before any view reads it: one value per query parameter,
and no NUL character in any text (PostgreSQL's text cannot hold one: it would be a 500 deep in the
driver, and nothing a person types contains one).

Multipart bodies are not read here: a send with files raises its own size limit before it reads
its form (messages/api.py), so those views call `refuse_nul` on their fields themselves."""
from __future__ import annotations

from flask import Flask, request

from lobby.errors import ValidationError, wants_json
from lobby.texts import text

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Russian, for the API document (built at import); an answer asks text() when it is made.
REPEATED = text("request.repeated")
NUL_FOUND = text("request.nul")


def refuse_repeated_parameters() -> None:
    """`?before=1&before=9` has no one meaning (the first? the last?): refused rather than guessed."""
    repeated = [name for name, values in request.args.lists() if len(values) > 1]
    if repeated:
        raise ValidationError({name: text("request.repeated") for name in repeated})


def refuse_nul(fields) -> None:
    """422 naming every field (of a mapping or multidict of strings) whose value holds a NUL."""
    items = fields.items(multi=True) if hasattr(fields, "getlist") else fields.items()
    found = {name: text("request.nul") for name, value in items if has_nul(value)}
    if found:
        raise ValidationError(found)


def has_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(has_nul(key) or has_nul(item) for key, item in value.items())
    if isinstance(value, list):
        return any(has_nul(item) for item in value)
    return False


def json_body_fields() -> dict:
    """The JSON body's top-level fields when its raw bytes could hold a NUL (JSON writes it
    `\\u0000`), else nothing: a body without that sequence is never parsed here."""
    if b"\\u0000" not in request.get_data(cache=True):
        return {}
    body = request.get_json(silent=True)
    if isinstance(body, dict):
        return body
    return {"body": body} if has_nul(body) else {}


def guard_input() -> None:
    """Looks only where there is something to see: a query string that is there, a body of a kind
    that is read as text (it runs before every request, the message send among them)."""
    if request.environ.get("QUERY_STRING"):
        if wants_json():
            refuse_repeated_parameters()
        refuse_nul(request.args)
    if request.method in BODY_METHODS:
        mimetype = request.mimetype
        if mimetype == "application/x-www-form-urlencoded":
            request.get_data(cache=True)  # kept: a view that reads the raw body still finds it
            refuse_nul(request.form)
        elif mimetype == "application/json" or mimetype.endswith("+json"):
            refuse_nul(json_body_fields())


def init_app(app: Flask) -> None:
    app.before_request(guard_input)
