"""`do_*` for notifications: making them (never from someone the recipient blocked or who blocked
the recipient), reading them, and keeping each person's newest `KEPT`. Every change is pushed to
the person's sockets after its commit: `notification`, `notifications_read`."""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from sqlalchemy import JSON, and_, bindparam, delete, or_, select, text as sql, update
from sqlalchemy.dialects import postgresql, sqlite

from lobby.accounts.models import User
from lobby.database import UtcDateTime, utcnow
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.friends.models import Block
from lobby.i18n import in_language, languages_of
from lobby.notifications.listing import notification_dict, unread_counts
from lobby.notifications.models import DM, FRIEND_REQUEST, Notification
from lobby.notifications.words import what_happened
from lobby.realtime.bus import Recipients, publish
from lobby.texts import text

KEPT = 500  # per person, newest first
TRIM_EVERY = 16  # a person's oldest are trimmed when a new id is a multiple of this: 1 insert in 16


@dataclass(frozen=True)
class Draft:
    """A notification to make. `actor`: who caused it (the public person, lobby.people); `data`:
    what its words need besides (`words.what_happened`)."""
    user_id: int
    type: str
    actor: dict
    data: dict
    link: str
    channel_id: int | None = None
    server_id: int | None = None
    message_id: int | None = None


def blocked_pairs(actor_id: int, user_ids: list[int]) -> set[int]:
    """Of these people, those the actor blocked or who blocked the actor (one query)."""
    rows = db.session.execute(select(Block.blocker_id, Block.blocked_id).where(or_(
        and_(Block.blocker_id == actor_id, Block.blocked_id.in_(user_ids)),
        and_(Block.blocked_id == actor_id, Block.blocker_id.in_(user_ids))))).all()
    return {blocked if blocker == actor_id else blocker for blocker, blocked in rows}


def insert_new(rows: list[dict]) -> dict[int, int]:
    """Insert these notification rows (at most one per person), but any a unique index refuses (the
    person was told of that message already): {person: new id} of those written."""
    insert = postgresql.insert if db.session.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = (insert(Notification.__table__).values(rows).on_conflict_do_nothing()
                 .returning(Notification.user_id, Notification.id))
    return dict(db.session.execute(statement).all())


def do_notify(drafts: list[Draft]) -> list[dict]:
    """Make these notifications (one actor's, at most one per person), skipping anyone blocked
    either way and anyone told of the same message already; push each to its person. Returns what
    was made (in the current language)."""
    drafts = [d for d in drafts if d.user_id != d.actor["id"]]
    if not drafts:
        return []
    actor = drafts[0].actor
    blocked = blocked_pairs(actor["id"], [d.user_id for d in drafts])
    drafts = [d for d in drafts if d.user_id not in blocked]
    if not drafts:
        return []
    now = utcnow()
    rows = [{"user_id": d.user_id, "type": d.type, "actor_id": actor["id"], "data": d.data, "link": d.link,
             "channel_id": d.channel_id, "server_id": d.server_id, "message_id": d.message_id, "is_read": False,
             "created_at": now} for d in drafts]
    written = insert_new(rows)
    made = [SimpleNamespace(id=written[row["user_id"]], **row) for row in rows if row["user_id"] in written]
    if not made:
        db.session.commit()
        return []
    trim([(row.user_id, row.id) for row in made])
    db.session.commit()
    notify_made(made, actor)
    return [notification_dict(row, actor) for row in made]


# One DM notification per conversation while it is unread: a second message before the first is read
# makes nothing. One statement: the check, the block check and the insert.
DM_NOTIFICATION = sql("""
INSERT INTO notifications (user_id, type, actor_id, data, link, channel_id, message_id, is_read, created_at)
SELECT :user_id, 'DM', :actor_id, :data, :link, :channel_id, :message_id, :is_read, :created_at
WHERE NOT EXISTS (SELECT 1 FROM notifications WHERE notifications.user_id = :user_id
                  AND notifications.channel_id = :channel_id AND notifications.type = 'DM'
                  AND NOT notifications.is_read)
  AND NOT EXISTS (SELECT 1 FROM blocks WHERE blocks.blocker_id = :user_id AND blocks.blocked_id = :actor_id
                  OR blocks.blocker_id = :actor_id AND blocks.blocked_id = :user_id)
RETURNING id""").bindparams(bindparam("created_at", type_=UtcDateTime()), bindparam("data", type_=JSON()))


def do_notify_dm(user_id: int, actor: dict, channel_id: int, message_id: int) -> dict | None:
    """A DM arrived for `user_id`: their conversation's notification, unless one is still unread."""
    now = utcnow()
    draft = {"user_id": user_id, "actor_id": actor["id"], "data": what_happened(actor),
             "link": f"/app/friends?dm={actor['id']}", "channel_id": channel_id, "message_id": message_id,
             "is_read": False, "created_at": now}
    made = db.session.execute(DM_NOTIFICATION, draft).scalar()
    if made is None:
        db.session.commit()
        return None
    row = SimpleNamespace(id=made, type=DM, server_id=None, **draft)
    trim([(user_id, made)])
    db.session.commit()
    notify_made([row], actor)
    return notification_dict(row, actor)


def trim(made: list[tuple[int, int]]) -> None:
    """Keep each person's newest KEPT: checked on one new id in TRIM_EVERY (ids are shared by all, so
    each person's turn comes about one in TRIM_EVERY of theirs). In the caller's transaction."""
    for user_id in {user_id for user_id, id_ in made if id_ % TRIM_EVERY == 0}:
        oldest_kept = (select(Notification.id).where(Notification.user_id == user_id)
                       .order_by(Notification.id.desc()).offset(KEPT - 1).limit(1).scalar_subquery())
        db.session.execute(delete(Notification).where(Notification.user_id == user_id, Notification.id < oldest_kept))


def notify_made(made: list, actor: dict) -> None:
    """After the commit: each new notification to its person's sockets, with their unread count,
    its words in that person's language (one read of the languages)."""
    people = [row.user_id for row in made]
    counts, languages = unread_counts(people), languages_of(people)
    for row in made:
        with in_language(languages[row.user_id]):
            body = notification_dict(row, actor)
        publish({"type": "notification", "data": {"notification": body, "unreadCount": counts.get(row.user_id, 0)}},
                Recipients.of(users=[row.user_id]))


def notify_read(user_id: int, ids: list[int] | None) -> int:
    """After the commit: every tab of the person learns what was read (`None`: all). Returns the
    unread count now."""
    count = unread_counts([user_id]).get(user_id, 0)
    publish({"type": "notifications_read", "data": {"ids": ids, "unreadCount": count}}, Recipients.of(users=[user_id]))
    return count


def access_notification(user: User, notification_id: int) -> Notification:
    """One of the caller's notifications; anyone else's is not found (404), as if it did not exist."""
    found = db.session.get(Notification, notification_id)
    if found is None or found.user_id != user.id:
        raise ApiError(404, text("notifications.not_found"), "NOTIFICATION_NOT_FOUND")
    return found


def do_read(user: User, notification_id: int) -> tuple[Notification, int]:
    """Mark one read (again is no error). Returns it and the unread count."""
    found = access_notification(user, notification_id)
    changed = not found.is_read
    found.is_read = True
    db.session.commit()
    if changed:
        return found, notify_read(user.id, [found.id])
    return found, unread_counts([user.id]).get(user.id, 0)


def do_read_all(user: User) -> None:
    unread = update(Notification).where(Notification.user_id == user.id, Notification.is_read.is_(False))
    changed = db.session.execute(unread.values(is_read=True)).rowcount
    db.session.commit()
    if changed:
        notify_read(user.id, None)


def do_read_channel_notifications(user_id: int, channel_id: int, up_to: int) -> None:
    """The person read a channel up to message `up_to`: what they were notified of there and have
    now seen is read too (a DM's notification, mentions and replies up to that message), on every
    tab, as a person who opens the channel expects of the bell."""
    ids = list(db.session.scalars(
        update(Notification).where(Notification.user_id == user_id, Notification.channel_id == channel_id,
                                   Notification.is_read.is_(False),
                                   or_(Notification.type == DM, Notification.message_id <= up_to))
        .values(is_read=True).returning(Notification.id)))
    db.session.commit()
    if ids:
        notify_read(user_id, sorted(ids))


def do_read_friend_request(user_id: int, requester_id: int) -> None:
    """The request `requester_id` sent `user_id` was answered (accepted or declined, on any device)
    or withdrawn: its notification has been dealt with, so it is read, on every tab of theirs."""
    ids = list(db.session.scalars(
        update(Notification).where(Notification.user_id == user_id, Notification.actor_id == requester_id,
                                   Notification.type == FRIEND_REQUEST, Notification.is_read.is_(False))
        .values(is_read=True).returning(Notification.id)))
    db.session.commit()
    if ids:
        notify_read(user_id, sorted(ids))
