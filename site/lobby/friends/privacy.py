"""Privacy settings that the friends, direct-message and presence rules read: the one place they
are stored (`privacy_settings`); the settings document's `privacy` group reads and writes them here
(`lobby.settings.store`).

`friendRequests` (spec default `everyone`): who may send the user a friend request.
`directMessages` (spec default `friends`): who may write to them directly.
`onlineStatus` (default `everyone`): who sees them online (presence enforces it).
`showActivity` (default true): whether their friends see their activity."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import exists, select
from sqlalchemy.orm import aliased

from lobby.database import utcnow
from lobby.errors import ValidationError
from lobby.extensions import db
from lobby.friends.models import Friendship, Privacy
from lobby.texts import text

FRIEND_REQUESTS = ("everyone", "friends_of_friends", "server_members", "none")
DIRECT_MESSAGES = ("everyone", "friends", "none")
ONLINE_STATUS = ("everyone", "friends", "none")


@dataclass(frozen=True)
class PrivacySettings:
    friend_requests: str = "everyone"
    direct_messages: str = "friends"
    online_status: str = "everyone"
    show_activity: bool = True


def privacy_of(user_id: int) -> PrivacySettings:
    """The user's settings; the defaults when they never changed any."""
    row = db.session.get(Privacy, user_id)
    if row is None:
        return PrivacySettings()
    return PrivacySettings(row.friend_requests, row.direct_messages, row.online_status, row.show_activity)


def do_change_privacy(user_id: int, **changes: str) -> PrivacySettings:
    """Change some settings (`friend_requests=`, `direct_messages=`, `online_status=`,
    `show_activity=`) and commit; an unknown value is refused. (The settings calls change them
    with the rest of the document: `lobby.settings.actions`, which also tells presence.)"""
    allowed = {"friend_requests": FRIEND_REQUESTS, "direct_messages": DIRECT_MESSAGES, "online_status": ONLINE_STATUS,
               "show_activity": (True, False)}
    for field, value in changes.items():
        if value not in allowed.get(field, ()) or (field == "show_activity") != isinstance(value, bool):
            raise ValidationError({field: text("friends.privacy_value")})
    write_privacy(user_id, **changes)
    db.session.commit()
    return privacy_of(user_id)


def write_privacy(user_id: int, **values) -> None:
    """Set these columns of the user's row (made on first use); the caller checked them and commits."""
    row = db.session.get(Privacy, user_id)
    if row is None:
        row = Privacy(user_id=user_id, **{**vars(PrivacySettings()), **values})
        db.session.add(row)
    for field, value in values.items():
        setattr(row, field, value)
    row.changed_at = utcnow()


def have_a_friend_in_common(a: int, b: int) -> bool:
    mine, theirs = aliased(Friendship), aliased(Friendship)
    return bool(db.session.scalar(select(exists().where(
        mine.user_id == a, theirs.user_id == b, mine.friend_id == theirs.friend_id))))


def share_a_server(a: int, b: int) -> bool:
    from lobby.servers.models import Membership

    mine, theirs = aliased(Membership), aliased(Membership)
    return bool(db.session.scalar(select(exists().where(
        mine.user_id == a, theirs.user_id == b, mine.server_id == theirs.server_id))))


def accepts_requests_from(target_id: int, sender_id: int) -> bool:
    """Whether the target's `friendRequests` setting lets this sender ask."""
    setting = privacy_of(target_id).friend_requests
    if setting == "everyone":
        return True
    if setting == "friends_of_friends":
        return have_a_friend_in_common(target_id, sender_id)
    if setting == "server_members":
        return share_a_server(target_id, sender_id)
    return False
