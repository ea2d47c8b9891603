"""Friends hear of each other's status: presence (`realtime/presence.py`) calls `notify_friends` each
time it announces a user's status, and the user's friends get `friend_status_changed` and a
STATUS_CHANGE entry in their activity log: one row and two publishes, whatever the number of friends.

`ProfileStatus` remembers what the friends were last told, so an entry can name the old status
and nothing is said when nothing changed (another tab connecting, the same status picked again).
It also keeps the custom status, which presence only passes on."""
from __future__ import annotations

import logging

from sqlalchemy.exc import IntegrityError

from lobby.database import utcnow
from lobby.extensions import db
from lobby.friends import activity
from lobby.friends.activity import STATUS_CHANGE
from lobby.friends.listing import OFFLINE, friend_status
from lobby.friends.models import CUSTOM_STATUS_MAX, ProfileStatus
from lobby.friends.notify import notify_status_changed
from lobby.friends.privacy import privacy_of
from lobby.friends.relations import friend_ids_of

log = logging.getLogger(__name__)


def notify_friends(user_id: int, status: str, custom_status: str | None = None) -> None:
    """`status`: presence's (online, idle, dnd, invisible or offline; invisible reads offline).
    `custom_status`: None keeps the one set before, "" clears it. Needs an app context. Never
    raises: the presence announcement that called it has already gone out."""
    try:
        tell_friends(user_id, friend_status(status), custom_status)
    except Exception:
        db.session.rollback()
        log.exception("friends were not told of user %s's status", user_id)


def shows_activity(user_id: int) -> bool:
    return privacy_of(user_id).show_activity


def tell_friends(user_id: int, status: str, custom_status: str | None) -> None:
    row = db.session.get(ProfileStatus, user_id)
    old_status, old_custom = (row.status, row.custom_status) if row is not None else (OFFLINE, None)
    custom = old_custom if custom_status is None else (custom_status.strip()[:CUSTOM_STATUS_MAX] or None)
    if (status, custom) == (old_status, old_custom):
        return
    if row is None:
        row = ProfileStatus(user_id=user_id)
        db.session.add(row)
    row.status, row.custom_status, row.changed_at = status, custom, utcnow()
    friends = friend_ids_of(user_id)
    change = {"oldStatus": old_status, "newStatus": status, "customStatus": custom}
    try:
        # One row whatever the number of friends; none without friends (a log only shows what came
        # after the friendship began, so nobody could ever read it).
        # Nothing either for someone who hides their activity (`privacy.showActivity` off).
        entry = activity.log(user_id, STATUS_CHANGE, change) if friends and shows_activity(user_id) else None
        db.session.commit()
    except IntegrityError:  # the first row for this user, written by another process this instant
        db.session.rollback()
        return
    notify_status_changed(user_id, status, custom, friends)
    if entry is not None:
        activity.notify_activity(entry, friends)
