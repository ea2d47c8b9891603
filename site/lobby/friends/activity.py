"""The friend activity log (spec §3 Friend activity), fanned out on read: an event is one row of its
actor (the friend whose status changed), whatever their number of friends; a user's log is their
current friends' rows since each friendship began, newest first. At most KEPT rows an actor.

So unfriending or blocking someone takes their entries out of the log at once, and a status change
writes one row and trims one actor's rows. Entries are written inside the transaction of the change
they record (`log`), then sent live (`notify_activity`) after its commit."""
from __future__ import annotations

from sqlalchemy import delete, or_, select

from lobby.extensions import db
from lobby.friends.models import FriendActivity, Friendship, Privacy
from lobby.realtime.bus import Recipients, publish

KEPT = 100  # spec §9: activity list cap
RECENT = 20  # spec §9: default recent
STATUS_CHANGE = "STATUS_CHANGE"


def log(actor_id: int, kind: str, data: dict) -> dict:
    """Add the actor's entry and trim their rows to KEPT; the caller commits, then hands the entry
    to `notify_activity`. (Read before the commit, so sending it costs no query.)"""
    row = FriendActivity(actor_id=actor_id, type=kind, data=data)
    db.session.add(row)
    db.session.flush()
    trim(actor_id)
    return row.to_dict()


def trim(actor_id: int) -> None:
    """Drop the actor's rows older than their KEPT newest: one statement, which reads at most KEPT + 1
    entries of the (actor_id, id) index and deletes nothing until the actor has more than KEPT."""
    past = (select(FriendActivity.id).where(FriendActivity.actor_id == actor_id)
            .order_by(FriendActivity.id.desc()).offset(KEPT).limit(1).scalar_subquery())
    db.session.execute(delete(FriendActivity).where(FriendActivity.actor_id == actor_id, FriendActivity.id <= past)
                       .execution_options(synchronize_session=False))


def recent(user_id: int, limit: int = RECENT) -> list[dict]:
    """The user's log: their current friends' entries since they became friends, newest first,
    without those of friends who turned `showActivity` off. One query; a friend's rows are found by
    the (actor_id, id) index."""
    rows = db.session.scalars(
        select(FriendActivity)
        .join(Friendship, (Friendship.friend_id == FriendActivity.actor_id) & (Friendship.user_id == user_id))
        .outerjoin(Privacy, Privacy.user_id == FriendActivity.actor_id)
        .where(FriendActivity.created_at >= Friendship.created_at,
               or_(Privacy.show_activity.is_(None), Privacy.show_activity.is_(True)))
        .order_by(FriendActivity.id.desc()).limit(limit)).all()
    return [row.to_dict() for row in rows]


def notify_activity(entry: dict, friend_ids: list[int]) -> None:
    """The entry to every tab of the actor's friends, in one publish. Call after the commit."""
    if friend_ids:
        publish({"type": "friend_activity", "data": {"activity": entry}}, Recipients.of(users=friend_ids))
