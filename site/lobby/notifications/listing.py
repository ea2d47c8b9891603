"""The Notification wire shape, a person's notifications a page at a time, and unread counts."""
from __future__ import annotations

from sqlalchemy import bindparam, func, select

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.notifications.models import Notification
from lobby.notifications.words import words
from lobby.people.person import person_or_none

PAGE, MAX_PAGE = 20, 50


def notification_dict(row: Notification, actor: dict | None) -> dict:
    """`actor`: the public person (lobby.people), None once their account is gone. `text` is made
    now, in the current language (call it in the reader's)."""
    return {"id": row.id, "type": row.type, "isRead": row.is_read, "createdAt": row.created_at.isoformat(),
            "actor": actor, "text": words(row.type, row.data, actor), "data": row.data or {}, "link": row.link,
            "channelId": row.channel_id, "serverId": row.server_id, "messageId": row.message_id}


# Newest first by the (user_id, id) index, with each actor (null once their account is gone).
_PAGE = (select(Notification, User).outerjoin(User, User.id == Notification.actor_id)
         .where(Notification.user_id == bindparam("user")).order_by(Notification.id.desc()).limit(bindparam("limit")))
NEWEST = _PAGE
BEFORE = _PAGE.where(Notification.id < bindparam("before"))


def page_of(user_id: int, before: int | None, limit: int) -> list[dict]:
    asked = {"user": user_id, "limit": limit}
    rows = db.session.execute(NEWEST if before is None else BEFORE, asked if before is None else {**asked,
                                                                                                  "before": before})
    return [notification_dict(row, person_or_none(actor)) for row, actor in rows]


UNREAD = (select(Notification.user_id, func.count()).where(Notification.user_id.in_(bindparam("users", expanding=True)),
                                                           Notification.is_read.is_(False))
          .group_by(Notification.user_id))


def unread_counts(user_ids: list[int]) -> dict[int, int]:
    """{user id: unread notifications} (each person's are at most about 500: an index range)."""
    if not user_ids:
        return {}
    return dict(db.session.execute(UNREAD, {"users": sorted(set(user_ids))}).all())
