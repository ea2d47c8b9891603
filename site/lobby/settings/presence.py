"""The settings presence follows: `profile.status` and `privacy.onlineStatus`, copied into the
presence store as a socket connects (the settings are the lasting record; the store loses what it
holds on an embedded restart or a Redis flush)."""
from __future__ import annotations

from sqlalchemy import select

from lobby.database import AmongIds
from lobby.extensions import db
from lobby.friends.models import Privacy
from lobby.settings.models import UserSettings

# profile.status → presence's status, and back (the socket's `presence_update` speaks presence's).
PRESENCE_STATUS = {"online": "online", "away": "idle", "busy": "dnd", "offline": "invisible"}
PROFILE_STATUS = {value: key for key, value in PRESENCE_STATUS.items()}

DOCUMENTS = select(UserSettings.user_id, UserSettings.document).where(AmongIds(UserSettings.user_id, "users"))
AUDIENCES = select(Privacy.user_id, Privacy.online_status).where(AmongIds(Privacy.user_id, "users"))


def presence_choices(user_ids) -> dict[int, tuple[str, str]]:
    """{user id: (presence status, onlineStatus)} from these users' settings: two statements for
    any number of users (the sockets a round admits)."""
    ids = sorted(set(user_ids))
    documents = dict(db.session.execute(DOCUMENTS, {"users": ids}).all())
    audiences = dict(db.session.execute(AUDIENCES, {"users": ids}).all())
    return {user_id: presence_choice(documents.get(user_id), audiences.get(user_id)) for user_id in ids}


def presence_choice(document: dict | None, online_status: str | None) -> tuple[str, str]:
    """(presence status, onlineStatus) from a settings document and a privacy row's value (either
    None where the user has none: the defaults)."""
    status = ((document or {}).get("profile") or {}).get("status", "online")
    return PRESENCE_STATUS.get(status, "online"), online_status or "everyone"

