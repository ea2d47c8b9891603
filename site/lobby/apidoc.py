"""Assembles `/api/openapi.json` from the models the views declare (`lobby.schema.api`) and the
live socket's frame models (`lobby.realtime.schemas`), once per app. No domain imports this
module: the document is put together from the domains, never the other way round.

What is said here is what no single call says: the document's preamble, the security schemes,
the shared headers, and what `input_guard.py` refuses on every call before its view runs."""
from __future__ import annotations

import copy
import re

from flask import Blueprint, Flask, current_app, jsonify

from lobby.input_guard import NUL_FOUND, REPEATED, TEXT_BODY_MAX
from lobby.realtime.schemas import socket_document
from lobby.schema import api, documented_extra
from lobby.texts import text

blueprint = Blueprint("apidoc", __name__)

JSON = "application/json"
REFRESH_COOKIE = "lobby_refresh"
GUARDED_BODIES = ("post", "put", "patch", "delete")  # the methods whose JSON body input_guard reads
PREAMBLE = (
    "JSON in, JSON out. Every error is `{message, code}` (`message` for people, in the caller's language: Russian "
    "by default, English when the language setting, the `lang` cookie or `Accept-Language` asks for it; the messages "
    "quoted here are the Russian ones. `code` is stable, for programs); invalid input adds `errors: {field: message}`. "
    f"A JSON body that is not an object gets 400 `BAD_REQUEST` «{text('request.not_object')}» (an empty body "
    f"counts as `{{}}`); a body of another type where JSON is expected (a form, `multipart/form-data` where the call "
    f"does not take one) gets 415 `UNSUPPORTED_MEDIA_TYPE` «{text('http.415')}». A body that is not a multipart form "
    f"is at most {TEXT_BODY_MAX // 1024} KB; a multipart form at most 6 MB, a message with files more (its call says): "
    f"past that, 413 `PAYLOAD_TOO_LARGE` «{text('http.413')}». A query parameter given more than once, "
    "or a NUL character in a query parameter or a JSON field, gets 422 `VALIDATION_ERROR` naming it, before anything "
    "else is looked at. Throttled calls answer 429 `RATE_LIMITED` when the limit is reached, with a `Retry-After` "
    "header (seconds to wait). Unknown paths and methods get 404/405 in the same error shape. The live socket's "
    "frames are described under `x-websocket`.")
TAGS = [{"name": "auth", "description": "Accounts and sign-in."},
        {"name": "account", "description": "The signed-in person's account and security settings: password, "
                                           "e-mail, sessions, deleting the account. Another person's session "
                                           "answers 404, as if it did not exist."},
        {"name": "servers", "description": "Servers, channels, membership and moderation. A private server answers "
                                           "404 to non-members, as if it did not exist."},
        {"name": "messages", "description": "Text chat in a channel; members of its server only, or the two "
                                            "people of a DM (`dms`)."},
        {"name": "users", "description": "Finding people."},
        {"name": "friends", "description": "Friends, friend requests, blocks and the friend activity log. A request "
                                           "is seen only by its two people; others get 404, as if it did not exist."},
        {"name": "dms", "description": "Direct conversations of two people. A DM is a channel with no server: its "
                                       "messages go through the messages calls and the live socket on its id, "
                                       "and anyone but its two people gets 404, as if it did not exist."},
        {"name": "reads", "description": "How far the caller has read each channel and DM, and what is unread or "
                                         "mentions them there."},
        {"name": "notifications", "description": "The caller's notifications: friend requests, mentions, replies, "
                                                 "direct messages. Anyone else's answer 404."},
        {"name": "voice", "description": "Voice channels and DM calls: who sits where, and what a client needs to "
                                         "join. Joining and the WebRTC signalling go over the live socket "
                                         "(`rtc_*` frames); media flows peer to peer."},
        {"name": "settings", "description": "The caller's own settings (spec §3 User settings): read, change, "
                                            "reset, export and import, and the avatar. Nobody else's can be named."},
        {"name": "health", "description": "For load balancers."}]
HEADERS = {
    "Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}},
    "Set-Refresh-Cookie": {"schema": {"type": "string"}, "description": (
        f"`{REFRESH_COOKIE}=<token>; Path=/api/auth; HttpOnly; SameSite=Lax` (plus `Secure` when "
        "`SESSION_COOKIE_SECURE` is on); `Max-Age` of 30 days with rememberMe, else a browser-session cookie.")},
    "Clear-Refresh-Cookie": {"schema": {"type": "string"}, "description": f"Expires `{REFRESH_COOKIE}` (Path=/api/auth)."},
}
SECURITY_SCHEMES = {
    "bearerAuth": {"type": "http", "scheme": "bearer", "description": (
        "Access token from `login` or `refresh`; valid 15 minutes, and ends early when its sign-in ends (logout, a "
        "password reset, a deactivation).")},
    "refreshCookie": {"type": "apiKey", "in": "cookie", "name": REFRESH_COOKIE,
                      "description": "HttpOnly refresh token, sent only to `/api/auth`; rotated on every use."},
    "sessionCookie": {"type": "apiKey", "in": "cookie", "name": "session",
                      "description": "The signed page session (Flask-Login) of a browser signed in to `/app`."},
}


def document(app: Flask) -> dict:
    """The whole document, made once per app."""
    made = app.extensions.get("lobby.openapi")
    if made is None:
        made = app.extensions["lobby.openapi"] = assemble(generated(app), extras(app))
    return made


def generated(app: Flask) -> dict:
    """spectree's document of the app's declared routes. (spectree keeps one document per SpecTree
    instance; the suite builds many apps, so it is made afresh for each.)"""
    with app.app_context():
        api.__dict__.pop("_spec", None)
        kept = copy.deepcopy(api.models)  # spectree lifts the nested models out of these, once only
        made = api.spec
        api.models = kept
        return made


def assemble(declared: dict, extras: dict) -> dict:
    paths = {}
    for path, item in sorted(declared["paths"].items()):
        for method, operation in item.items():
            if not path.startswith("/api/"):  # input_guard answers other paths with an error page
                operation["responses"].pop("422", None)
            merge(operation, extras.get((path, method), {}))
            if path.startswith("/api/"):
                add_guard_refusals(method, operation)
                add_body_refusals(method, operation)
            for status, answer in operation["responses"].items():
                if status == "429":  # every throttle says how long to wait
                    answer.setdefault("headers", {})["Retry-After"] = {"$ref": "#/components/headers/Retry-After"}
            paths.setdefault(path, {})[method] = operation
    frames, frame_schemas = socket_document()
    schemas = {**declared["components"]["schemas"], **frame_schemas}
    return {"openapi": "3.1.0", "info": {"title": "Lobby API", "version": "1.0.0", "description": PREAMBLE},
            "paths": paths, "tags": TAGS, "x-websocket": frames,
            "components": {"schemas": dict(sorted(schemas.items())), "headers": HEADERS,
                           "securitySchemes": SECURITY_SCHEMES}}


def guard_refusals(method: str) -> str:
    """What `input_guard.py` refuses on every API call, before the view (and its sign-in check)."""
    body = " or in a JSON body field" if method in GUARDED_BODIES else ""
    return (f"Refused before the call is looked at: a query parameter given more than once («{REPEATED}»), or a "
            f"NUL character in a query parameter{body} («{NUL_FOUND}»), named in `errors`.")


def add_guard_refusals(method: str, operation: dict) -> None:
    """Every API operation may answer input_guard's 422: said in the 422 each one has."""
    answer = operation["responses"]["422"]
    described = answer.get("description", "")
    answer["description"] = (f"{described}\n\nAlso: " if described and described != "Unprocessable Content" else
                             "`VALIDATION_ERROR`. ") + guard_refusals(method)


def add_body_refusals(method: str, operation: dict) -> None:
    """A call that reads a body may find it too large (413) or of a type it does not take (415):
    `input_guard.py` and the validation plugin refuse those before the view."""
    if method not in GUARDED_BODIES:
        return
    error = {JSON: {"schema": {"$ref": "#/components/schemas/Error"}}}
    responses = operation["responses"]
    responses.setdefault("413", {"description": f"The body is over its limit: `PAYLOAD_TOO_LARGE` «{text('http.413')}»",
                                 "content": error})
    content = operation.get("requestBody", {}).get("content", {})
    if content:
        kinds = " or ".join(f"`{kind}`" for kind in content)
        responses.setdefault("415", {"description": f"A body that is not {kinds} (a form, no `Content-Type`): "
                                                    f"`UNSUPPORTED_MEDIA_TYPE` «{text('http.415')}»", "content": error})


def extras(app: Flask) -> dict:
    """(path, method) → what the view's `@documented` adds to its operation."""
    found = {}
    for rule in app.url_map.iter_rules():
        extra = documented_extra(app.view_functions[rule.endpoint])
        if extra is not None:
            path = re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule.rule)
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                found[(path, method.lower())] = extra
    return found


def merge(into: dict, extra: dict) -> None:
    """`extra` laid over `into`, dict by dict; a schema or anything else replaces."""
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict) and key != "schema":  # a schema replaces
            merge(into[key], value)
        else:
            into[key] = value


@blueprint.get("/api/openapi.json")
def openapi_json():
    response = jsonify(document(current_app._get_current_object()))
    response.headers["Cache-Control"] = "public, max-age=300"
    return response
