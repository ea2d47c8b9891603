"""`do_*` for settings: each checks, saves in one transaction, then (after the commit) tells every
socket of the user `settings_changed {settings}` and presence what it must know (the status, who
may see it). The same functions serve the JSON API, the settings pages and the live socket."""
from __future__ import annotations

import logging

from flask import current_app

from lobby.accounts.models import User
from lobby.errors import ApiError, ValidationError
from lobby.extensions import db
from lobby.input_guard import refuse_nul_within
from lobby.realtime.bus import Recipients, publish
from lobby.settings import avatars
from lobby.settings.presence import PRESENCE_STATUS, PROFILE_STATUS
from lobby.settings.profile_news import face_changed, notify_person_changed
from lobby.settings.schemas import check_document
from lobby.settings.store import DEFAULTS, merged, save, settings_of
from lobby.texts import text

log = logging.getLogger(__name__)



def do_update_settings(user: User, patch: dict) -> dict:
    """Lay `patch` (any part of the document) over the user's settings; the whole document after.
    Raises ValidationError keyed by dotted field names; nothing is saved then."""
    if not isinstance(patch, dict):
        raise ValidationError({"settings": text("settings.group")})
    refuse_avatar_url(patch)
    before = settings_of(user.id)
    return replace(user, before, checked(merged(before, patch), before))


def do_reset_settings(user: User) -> dict:
    """Every setting back to its default; the avatar stays (it is a picture, not a setting)."""
    before = settings_of(user.id)
    return replace(user, before, checked(DEFAULTS, before))


def do_import_settings(user: User, raw) -> dict:
    """An exported file (a parsed JSON value) laid over DEFAULTS, not over the current values, so
    the result is what the file says. Anything but a JSON object is 400 BAD_SETTINGS_FILE; its
    fields are checked as a PATCH's. An avatar URL in the file is ignored: files carry none."""
    if isinstance(raw, dict) and set(raw) == {"settings"} and isinstance(raw["settings"], dict):
        raw = raw["settings"]  # the body of `GET /api/settings`, saved as it came
    if not isinstance(raw, dict):
        raise ApiError(400, text("settings.bad_file"), "BAD_SETTINGS_FILE")
    refuse_nul_within(raw)  # a file's contents pass no request guard
    if isinstance(raw.get("profile"), dict):
        raw = {**raw, "profile": {k: v for k, v in raw["profile"].items() if k != "avatarUrl"}}
    before = settings_of(user.id)
    return replace(user, before, checked(merged(DEFAULTS, raw), before))


def do_set_avatar(user: User, upload) -> dict:
    """A new avatar from an uploaded file (the old file is removed after the commit)."""
    if upload is None or not upload.filename:
        raise ValidationError({"avatar": text("settings.avatar_missing")})
    name = avatars.save_avatar(upload)
    old, user.avatar_file, user.profile_image_url = user.avatar_file, name, avatars.avatar_url(user.id, name)
    return avatar_changed(user, old)


def do_remove_avatar(user: User) -> dict:
    old, user.avatar_file, user.profile_image_url = user.avatar_file, None, None
    return avatar_changed(user, old)


def do_choose_status(user: User, presence_status: str, custom_status: str | None = None) -> None:
    """The socket's `presence_update`: kept as the profile's status (and custom status, when one is
    given) so every device and the next session start with it, then announced by presence. No
    `settings_changed`: the user's other tabs hear `user_status` already."""
    before = settings_of(user.id)
    changes = {"status": PROFILE_STATUS[presence_status]}
    if custom_status is not None:
        changes["customStatus"] = custom_status
    after = checked(merged(before, {"profile": changes}), before)
    save(user, after)
    db.session.commit()
    tell_presence(user.id, before, after, always=True)


def refuse_avatar_url(patch: dict) -> None:
    if isinstance(patch.get("profile"), dict) and "avatarUrl" in patch["profile"]:
        raise ValidationError({"profile.avatarUrl": text("settings.read_only")})


def checked(document: dict, before: dict) -> dict:
    """The document as the models read it, with the avatar the user has (no call changes it here)."""
    document = merged(document, {"profile": {"avatarUrl": None}})
    found = check_document(document)
    found["profile"]["avatarUrl"] = before["profile"]["avatarUrl"]
    return found


def replace(user: User, before: dict, after: dict) -> dict:
    save(user, after)
    db.session.commit()
    notify_settings_changed(user.id, after)
    tell_presence(user.id, before, after)
    if face_changed(before, after):
        notify_person_changed(user)
    return after


def avatar_changed(user: User, old_file: str | None) -> dict:
    db.session.commit()
    avatars.remove_avatar(old_file)
    document = settings_of(user.id)
    notify_settings_changed(user.id, document)
    notify_person_changed(user)
    return document


def notify_settings_changed(user_id: int, document: dict) -> None:
    """The whole document to every socket of the user (their other tabs and devices apply it at
    once). Call after the commit."""
    publish({"type": "settings_changed", "data": {"settings": document}}, Recipients.of(users=[user_id]))


def tell_presence(user_id: int, before: dict, after: dict, always: bool = False) -> None:
    """Presence hears the status, the custom status and who may see them when any changed. Never
    raises: the change is saved; a Redis blip must not turn it into an error."""
    old, new = before["profile"], after["profile"]
    audience = after["privacy"]["onlineStatus"]
    if not always and (old["status"], old["customStatus"], before["privacy"]["onlineStatus"]) == (
            new["status"], new["customStatus"], audience):
        return
    try:
        current_app.extensions["lobby.presence"].choose(user_id, PRESENCE_STATUS[new["status"]], new["customStatus"],
                                                        audience)
    except Exception:
        log.exception("presence was not told of user %s's settings", user_id)
