"""The settings calls (`/api/settings/*`) and the avatar picture (`/api/users/{id}/avatar`). Each
call reads and changes the caller's own settings only: there is no user id in these paths, so one
user can never name another's. The document is checked by `schemas.check_document` inside the
action (errors keyed by dotted field names), so the body is described here, not read by spectree."""
from __future__ import annotations

from flask import Blueprint, g, request, send_file
from flask_login import current_user

from lobby.accounts.models import User
from lobby.accounts.session import api_login_required, bearer_user, json_response
from lobby.errors import ApiError
from lobby.extensions import csrf, db
from lobby.schema import (BEARER, MULTIPART, NOT_OBJECT, NOT_VERIFIED, UNAUTHORIZED, Response, api, documented,
                          invalid, json_object, json_value, refusals)
from lobby.servers.schemas import IconQuery
from lobby.settings import actions, avatars
from lobby.settings.schemas import SettingsAnswer
from lobby.settings.store import settings_of, without_avatar
from lobby.texts import text

blueprint = Blueprint("settings_api", __name__)
csrf.exempt(blueprint)  # JSON or multipart with a Bearer token: no cookie-borne authority here

SIGNED_IN = {"HTTP_401": UNAUTHORIZED, "HTTP_403": NOT_VERIFIED}
SETTINGS = {"$ref": "#/components/schemas/Settings"}
REFUSED = invalid({"<group>.<field>": [text("settings.unknown"), text("settings.choice"), text("request.not_flag"),
                                       text("settings.volume"), text("settings.color"),
                                       text("settings.too_long", limit="N")],
                   "profile.avatarUrl": [text("settings.read_only")]},
                  lead="Each refused field by its dotted name (`appearance.fontSize`, `notifications.sounds.dm.volume`"
                       "); an unknown key is refused the same way. Nothing is saved.")
BAD_FILE = f"Not a JSON object: `BAD_SETTINGS_FILE` «{text('settings.bad_file')}»"
WHOLE = (SettingsAnswer, "The whole document after the change; every socket of the caller hears `settings_changed`")


def declared(operation_id: str, answers: Response, **models):
    return api.validate(resp=answers, tags=["settings"], security=BEARER, operation_id=operation_id, **models)


def body_of(description: str) -> dict:
    return {"requestBody": {"required": True, "description": description,
                            "content": {"application/json": {"schema": SETTINGS}}}}


def answer(document: dict):
    return json_response({"settings": document})


@blueprint.get("/api/settings")
@api_login_required
@declared("getSettings", Response(HTTP_200=(SettingsAnswer, "The caller's settings"), **refusals(**SIGNED_IN)))
def read():
    """The caller's settings

    Every field, defaults where the caller changed nothing."""
    return answer(settings_of(g.user.id))


@blueprint.patch("/api/settings")
@api_login_required
@declared("updateSettings", Response(HTTP_200=WHOLE, HTTP_422=REFUSED, **refusals(**SIGNED_IN, HTTP_400=NOT_OBJECT)))
@documented(**body_of("Any part of the document: objects are merged field by field. `profile.avatarUrl` is "
                      "refused (the avatar calls set it)."))
def update():
    """Change some settings

    `profile.status` sets the presence status; the profile's text fields show on the user
    everywhere (`/api/auth/me`, member and friends lists); the privacy fields are enforced."""
    return answer(actions.do_update_settings(g.user, json_object()))


@blueprint.post("/api/settings/reset")
@api_login_required
@declared("resetSettings", Response(HTTP_200=WHOLE, **refusals(**SIGNED_IN)))
def reset():
    """Reset every setting to its default

    The avatar stays. No body."""
    return answer(actions.do_reset_settings(g.user))


EXPORT = {"description": "The document without `profile.avatarUrl`, as a file", "headers": {
    "Content-Disposition": {"schema": {"type": "string", "const": 'attachment; filename="lobby-settings.json"'}}},
    "content": {"application/json": {"schema": SETTINGS}}}


@blueprint.get("/api/settings/export")
@api_login_required
@declared("exportSettings", Response("HTTP_200", **refusals(**SIGNED_IN)))
@documented(responses={"200": EXPORT})
def export():
    """Download the settings as a file

    What `importSettings` takes back."""
    response = json_response(without_avatar(settings_of(g.user.id)))
    response.headers["Content-Disposition"] = 'attachment; filename="lobby-settings.json"'
    return response


@blueprint.post("/api/settings/import")
@api_login_required
@declared("importSettings", Response(HTTP_200=WHOLE, HTTP_422=REFUSED, **refusals(**SIGNED_IN, HTTP_400=BAD_FILE)))
@documented(**body_of("An exported file. Laid over the defaults, not over the current settings; checked as a "
                      "PATCH is. A `profile.avatarUrl` in it is ignored; `{settings: {...}}` is read too."))
def import_file():
    """Import settings from a file"""
    return answer(actions.do_import_settings(g.user, json_value()))


AVATAR_FORM = {"requestBody": {"required": True, "content": {MULTIPART: {"schema": {
    "type": "object", "required": ["avatar"], "properties": {"avatar": {
        "type": "string", "format": "binary",
        "description": f"PNG, JPEG, GIF or WebP, at most {avatars.MAX_BYTES // 2**20} MB; re-encoded as a WebP of "
                       "at most 256 × 256 (the first frame of an animation)."}}}}}}}


@blueprint.post("/api/settings/avatar")
@api_login_required
@declared("setAvatar", Response(HTTP_200=WHOLE, HTTP_422=invalid({"avatar": [text(
    "settings.avatar_missing"), *avatars.REFUSALS]}), **refusals(
    **SIGNED_IN, HTTP_413=f"Over the request size limit: `PAYLOAD_TOO_LARGE` «{text('http.413')}»")))
@documented(**AVATAR_FORM)
def set_avatar():
    """Upload an avatar

    `multipart/form-data` with the picture as `avatar`. The user's `profileImageUrl` (and
    `profile.avatarUrl`) then link to it."""
    return answer(actions.do_set_avatar(g.user, request.files.get("avatar")))


@blueprint.delete("/api/settings/avatar")
@api_login_required
@declared("removeAvatar", Response(HTTP_200=WHOLE, **refusals(**SIGNED_IN)))
def remove_avatar():
    """Remove the avatar"""
    return answer(actions.do_remove_avatar(g.user))


AVATAR_FILE = {"description": "The avatar, a WebP we re-encoded", "headers": {
    "X-Content-Type-Options": {"schema": {"type": "string", "const": "nosniff"}},
    "Cache-Control": {"schema": {"type": "string"}, "description": "`private`, for a day (`max-age=86400`)."}},
    "content": {"image/webp": {"schema": {"type": "string", "format": "binary"}}}}


@blueprint.get("/api/users/<int:user_id>/avatar")
@api.validate(resp=Response("HTTP_200", **refusals(**SIGNED_IN, HTTP_404=f"No such user, or no avatar: `NOT_FOUND` «"
                                                                         f"{text('settings.no_avatar')}»")),
              tags=["users"], security=[{"sessionCookie": []}, BEARER], operation_id="getAvatar", query=IconQuery)
@documented(responses={"200": AVATAR_FILE})
def avatar(user_id: int):
    """A user's avatar, for `<img>` tags

    Any signed-in user may see anyone's (by the page session cookie or a Bearer token).
    `profileImageUrl` links here with a `v` query parameter that changes with the picture."""
    if not current_user.is_authenticated:
        bearer_user()
    owner = db.session.get(User, user_id)
    if owner is None or not owner.avatar_file:
        raise ApiError(404, text("settings.no_avatar"), "NOT_FOUND")
    response = send_file(avatars.avatar_path(owner.avatar_file), mimetype="image/webp", max_age=86400)
    response.cache_control.public = False
    response.cache_control.private = True
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Disposition"] = "inline"
    return response
