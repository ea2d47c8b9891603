"""The settings presence follows: `profile.status` and `privacy.onlineStatus`, copied into the
presence store as a socket connects (the settings are the lasting record; the store loses what it
holds on an embedded restart or a Redis flush)."""
from __future__ import annotations

from flask import current_app

from lobby.extensions import db
from lobby.friends.models import Privacy
from lobby.settings.models import UserSettings

# profile.status → presence's status, and back (the socket's `presence_update` speaks presence's).
PRESENCE_STATUS = {"online": "online", "away": "idle", "busy": "dnd", "offline": "invisible"}
PROFILE_STATUS = {value: key for key, value in PRESENCE_STATUS.items()}


def remind_presence(user_id: int) -> None:
    """Two primary-key reads, once a socket."""
    row = db.session.get(UserSettings, user_id)
    status = ((row.document if row is not None else {}).get("profile") or {}).get("status", "online")
    privacy = db.session.get(Privacy, user_id)
    audience = privacy.online_status if privacy is not None else "everyone"
    current_app.extensions["lobby.presence"].remember(user_id, PRESENCE_STATUS.get(status, "online"), audience)
