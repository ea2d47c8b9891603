"""Privacy settings that the friends and direct-message rules read. The settings page comes later;
the values are stored now so the rules can hold from the start.

`friendRequests` (spec default `everyone`): who may send the user a friend request.
`directMessages` (spec default `friends`): who may write to them directly."""
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


@dataclass(frozen=True)
class PrivacySettings:
    friend_requests: str = "everyone"
    direct_messages: str = "friends"


def privacy_of(user_id: int) -> PrivacySettings:
    """The user's settings; the defaults when they never changed any."""
    row = db.session.get(Privacy, user_id)
    if row is None:
        return PrivacySettings()
    return PrivacySettings(row.friend_requests, row.direct_messages)


def do_change_privacy(user_id: int, **changes: str) -> PrivacySettings:
    """Change some settings (`friend_requests=`, `direct_messages=`); an unknown value is refused."""
    allowed = {"friend_requests": FRIEND_REQUESTS, "direct_messages": DIRECT_MESSAGES}
    for field, value in changes.items():
        if value not in allowed.get(field, ()):
            raise ValidationError({field: text("friends.privacy_value")})
    row = db.session.get(Privacy, user_id) or Privacy(user_id=user_id, friend_requests="everyone",
                                                      direct_messages="friends")
    for field, value in changes.items():
        setattr(row, field, value)
    row.changed_at = utcnow()
    db.session.add(row)
    db.session.commit()
    return privacy_of(user_id)


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
