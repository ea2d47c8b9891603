"""What every request's input must be before any view reads it: a body no larger than its kind can
need, one value per query parameter, and no NUL character in any text (PostgreSQL's text cannot
hold one: it would be a 500 deep in the driver, and nothing a person types contains one).

Body sizes: a body that is not a multipart form (JSON, a urlencoded form, anything else) is at most
`TEXT_BODY_MAX`; a multipart form at most MAX_CONTENT_LENGTH (the largest picture with its fields),
unless its view declares a limit of its own with `@body_limit` (a message's files). The limit is
set before anything reads the body, so werkzeug refuses a larger one (413) from its Content-Length,
or once a chunked body passes it, without holding it in memory. A view with a limit of its own reads
its form with `checked_form` after it has checked the caller.

Every body kind that reaches the views as text is read for NULs here: the query, urlencoded and
multipart fields (file names included) and JSON. A file's contents are its reader's to check
(`settings_transfer.read_settings_file` reads JSON out of one)."""
from __future__ import annotations

from flask import Flask, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from lobby.errors import ValidationError, wants_json
from lobby.texts import text

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MULTIPART = "multipart/form-data"
URLENCODED = "application/x-www-form-urlencoded"
# The largest JSON call is a settings import (an exported file is about 2 KB, refused past 64 KB);
# a message of 4,000 characters written as JSON escapes is about 24 KB.
TEXT_BODY_MAX = 128 * 1024
BODY_LIMIT = "lobby_body_limit"  # the attribute `body_limit` leaves on a view
# Russian, for the API document (built at import); an answer asks text() when it is made.
REPEATED = text("request.repeated")
NUL_FOUND = text("request.nul")


def body_limit(limit, too_large=None):
    """Declare a view's own multipart limit: `limit()` gives the bytes, `too_large()` the ApiError
    a larger body is refused with (the plain 413 when None)."""
    def mark(view):
        setattr(view, BODY_LIMIT, (limit, too_large))
        return view
    return mark


def declared_limit() -> tuple | None:
    """The `(limit, too_large)` the matched view declared, looking through its decorators."""
    view = current_app.view_functions.get(request.endpoint) if request.endpoint else None
    while view is not None and not hasattr(view, BODY_LIMIT):
        view = getattr(view, "__wrapped__", None)
    return getattr(view, BODY_LIMIT, None)


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


def nul_paths(value, path: str = "") -> list[str]:
    """The dotted path of every key or text inside a JSON value that holds a NUL."""
    if isinstance(value, str):
        return [path or "body"] if "\x00" in value else []
    if isinstance(value, dict):
        return [found for key, item in value.items()
                for found in ([path + key.replace("\x00", "\\0")] if has_nul(key) else nul_paths(item, f"{path}{key}."))]
    if isinstance(value, list):
        return [found for index, item in enumerate(value) for found in nul_paths(item, f"{path}{index}.")]
    return []


def refuse_nul_within(value) -> None:
    """422 naming, by dotted path, every text in a JSON value read from a file that holds a NUL."""
    found = {path.rstrip("."): text("request.nul") for path in nul_paths(value)}
    if found:
        raise ValidationError(found)


def json_body_fields() -> dict:
    """The JSON body's top-level fields when its raw bytes could hold a NUL (JSON writes it
    `\\u0000`), else nothing: a body without that sequence is never parsed here."""
    if b"\\u0000" not in request.get_data(cache=True):
        return {}
    body = request.get_json(silent=True)
    if isinstance(body, dict):
        return body
    return {"body": body} if has_nul(body) else {}


def file_names() -> dict:
    """Each file part's name → its file name (a NUL there would be stored with the file)."""
    return {name: upload.filename or "" for name, upload in request.files.items(multi=True)}


def limit_body(mimetype: str) -> None:
    """Set this request's body limit before anything reads the body (see the module's docstring)."""
    if mimetype != MULTIPART:
        request.max_content_length = TEXT_BODY_MAX
        return
    declared = declared_limit()
    if declared is not None:
        request.max_content_length = declared[0]()


def checked_form():
    """The multipart form, its fields and file names refused if they hold a NUL. A view that
    declared a limit of its own calls this itself, once it has checked the caller (an anonymous
    request is not worth reading 100 MB for); a body over the limit is refused with its error."""
    try:
        form = request.form
    except RequestEntityTooLarge:
        declared = declared_limit()
        if declared is not None and declared[1] is not None:
            raise declared[1]() from None
        raise
    refuse_nul(form)
    refuse_nul(file_names())
    return form


def guard_input() -> None:
    """Looks only where there is something to see: a query string that is there, a body of a kind
    that is read as text (it runs before every request, the message send among them)."""
    if request.environ.get("QUERY_STRING"):
        if wants_json():
            refuse_repeated_parameters()
        refuse_nul(request.args)
    if request.method in BODY_METHODS:
        mimetype = request.mimetype
        limit_body(mimetype)
        if mimetype == URLENCODED:
            request.get_data(cache=True)  # kept: a view that reads the raw body still finds it
            refuse_nul(request.form)
        elif mimetype == MULTIPART and declared_limit() is None:
            checked_form()
        elif mimetype == "application/json" or mimetype.endswith("+json"):
            refuse_nul(json_body_fields())


def init_app(app: Flask) -> None:
    app.before_request(guard_input)
