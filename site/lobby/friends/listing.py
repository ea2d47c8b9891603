"""The friends page's data: friends and blocked people as the spec's Friend, requests both ways,
statuses from live presence and custom statuses from `ProfileStatus`."""
from __future__ import annotations

from datetime import datetime

from flask import current_app
from sqlalchemy import or_, select

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.friends.models import Block, Friendship, FriendRequest, ProfileStatus
from lobby.friends.relations import blocked_either_way_ids
from lobby.people.person import person_dict
from lobby.realtime.presence import withheld_from

# Presence's statuses (online, idle, dnd; anything else is offline) as the friends list names them.
FRIEND_STATUS = {"online": "ONLINE", "idle": "IDLE", "dnd": "DO_NOT_DISTURB"}
OFFLINE = "OFFLINE"
STATUS_ORDER = {"ONLINE": 0, "IDLE": 1, "DO_NOT_DISTURB": 2, OFFLINE: 3}  # spec §4: the list's order


def friend_status(presence_status: str | None) -> str:
    return FRIEND_STATUS.get(presence_status, OFFLINE)


def live_statuses(user_ids, viewer: int | None) -> dict[int, str]:
    """{user id: ONLINE|IDLE|DO_NOT_DISTURB} for those `viewer` sees online (invisible ones, and
    those whose `onlineStatus` keeps them from the viewer, are not)."""
    found = current_app.extensions["lobby.presence"].visible_statuses(user_ids, viewer) if user_ids else {}
    return {user_id: friend_status(status) for user_id, status in found.items()}


def custom_statuses(user_ids, viewer: int) -> dict[int, str]:
    """{user id: custom status} of those who set one, as `viewer` may see them: not of those who
    blocked the viewer (presence's rule, `withheld_from`)."""
    if not user_ids:
        return {}
    rows = db.session.execute(select(ProfileStatus.user_id, ProfileStatus.custom_status).where(
        ProfileStatus.user_id.in_(list(user_ids)), ProfileStatus.custom_status.is_not(None)))
    found = dict(rows.all())
    if found:
        for user_id in withheld_from(viewer) & found.keys():
            del found[user_id]
    return found


def friend_dict(user: User, status: str, custom_status: str | None, since: datetime | None,
                blocked: bool = False) -> dict:
    """The spec's Friend; `id` is the user's. No games are tracked yet: `gameActivity` is null."""
    return {**person_dict(user), "firstName": user.first_name, "lastName": user.last_name, "status": status, "customStatus": custom_status,
            "isBlocked": blocked, "friendshipDate": since.isoformat() if since else None, "gameActivity": None}


def friend_of(user: User, since: datetime | None, viewer: int) -> dict:
    """One person as `viewer`'s Friend, with their status now (the accept's answer and its live event)."""
    return friend_dict(user, live_statuses([user.id], viewer).get(user.id, OFFLINE),
                       custom_statuses([user.id], viewer).get(user.id), since)


def in_order(friends: list[dict]) -> list[dict]:
    """Spec §4: by status (online, idle, do not disturb, offline), those with a game first, then by
    username."""
    return sorted(friends, key=lambda friend: (STATUS_ORDER[friend["status"]], friend["gameActivity"] is None,
                                               friend["username"].lower()))


def overview(user_id: int) -> dict:
    """`GET /api/friends`: friends and the people the user blocked, in the spec's order; requests
    both ways, newest first. A request between people one of whom blocked the other is left out
    (a block drops them; this covers one sent in the same instant as the block)."""
    friendships = db.session.scalars(select(Friendship).where(Friendship.user_id == user_id)).all()
    blocks = db.session.scalars(select(Block).where(Block.blocker_id == user_id)).all()
    requests = db.session.scalars(select(FriendRequest).where(or_(
        FriendRequest.from_user_id == user_id, FriendRequest.to_user_id == user_id))
        .order_by(FriendRequest.created_at.desc(), FriendRequest.id.desc())).all()
    people = [row.friend_id for row in friendships] + [row.blocked_id for row in blocks]
    statuses, customs = live_statuses(people, user_id), custom_statuses(people, user_id)

    def as_friend(user: User, since, blocked=False) -> dict:
        return friend_dict(user, statuses.get(user.id, OFFLINE), customs.get(user.id), since, blocked)

    shunned = blocked_either_way_ids(user_id) if requests else set()
    open_requests = [row for row in requests if (row.to_user_id if row.from_user_id == user_id
                                                 else row.from_user_id) not in shunned]
    return {
        "friends": in_order([as_friend(row.friend, row.created_at) for row in friendships]),
        "blocked": in_order([as_friend(row.blocked, None, blocked=True) for row in blocks]),
        "incoming": [row.to_dict() for row in open_requests if row.to_user_id == user_id],
        "outgoing": [row.to_dict() for row in open_requests if row.from_user_id == user_id],
    }
