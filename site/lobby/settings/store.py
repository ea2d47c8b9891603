"""The settings document put together, and taken apart to be saved.

Three homes, one document:
- `users`: the profile others see (display name, bio, pronouns, custom status, avatar), so member
  lists, friends lists and message authors read it with the row they load anyway;
- `privacy_settings` (`friends/privacy.py`): the privacy values the server enforces (friend
  requests, direct messages, online status, activity), read by those rules;
- `user_settings.document`: everything else, only where it differs from DEFAULTS."""
from __future__ import annotations

import copy

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.friends.privacy import privacy_of, write_privacy
from lobby.settings.models import UserSettings
from lobby.settings.schemas import defaults

DEFAULTS: dict = defaults()

# Document field → column of `users` ('' is stored as null).
PROFILE_COLUMNS = {"displayName": "display_name", "bio": "bio", "pronouns": "pronouns",
                   "customStatus": "custom_status"}
# Document field → column of `privacy_settings`.
PRIVACY_COLUMNS = {"onlineStatus": "online_status", "directMessages": "direct_messages",
                   "friendRequests": "friend_requests", "showActivity": "show_activity"}
ON_ROWS = {"profile": {*PROFILE_COLUMNS, "avatarUrl"}, "privacy": set(PRIVACY_COLUMNS)}


def settings_of(user_id: int) -> dict:
    """The user's whole settings document: DEFAULTS under what they changed. Three primary-key reads."""
    user = db.session.get(User, user_id)
    row = db.session.get(UserSettings, user_id)
    document = merged(DEFAULTS, row.document if row is not None else {})
    profile, privacy = document["profile"], document["privacy"]
    for field, column in PROFILE_COLUMNS.items():
        profile[field] = getattr(user, column) or ""
    profile["avatarUrl"] = user.profile_image_url
    stored = privacy_of(user_id)
    for field, column in PRIVACY_COLUMNS.items():
        privacy[field] = getattr(stored, column)
    return document


def save(user: User, document: dict) -> None:
    """Write a checked, whole document to its three homes (not the avatar: its own calls set it).
    The caller commits."""
    for field, column in PROFILE_COLUMNS.items():
        setattr(user, column, document["profile"][field] or None)
    write_privacy(user.id, **{column: document["privacy"][field] for field, column in PRIVACY_COLUMNS.items()})
    rest = {group: {field: value for field, value in fields.items() if field not in ON_ROWS.get(group, ())}
            for group, fields in document.items()}
    row = db.session.get(UserSettings, user.id)
    if row is None:
        row = UserSettings(user_id=user.id)
        db.session.add(row)
    row.document = beyond_defaults(rest, DEFAULTS)


def merged(base: dict, changes: dict) -> dict:
    """`changes` laid over a copy of `base`, object by object (a non-object replaces)."""
    out = copy.deepcopy(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def beyond_defaults(document: dict, base: dict) -> dict:
    """Only the fields that differ from `base`, objects pruned when nothing in them does."""
    out = {}
    for key, value in document.items():
        default = base.get(key)
        if isinstance(value, dict) and isinstance(default, dict):
            inner = beyond_defaults(value, default)
            if inner:
                out[key] = inner
        elif value != default or type(value) is not type(default):
            out[key] = value
    return out


def without_avatar(document: dict) -> dict:
    """The document as a file carries it: the avatar is a picture on this server, not a setting."""
    out = copy.deepcopy(document)
    out["profile"].pop("avatarUrl", None)
    return out
