"""The friend activity log (spec §3 Friend activity): each user's own entries, newest first, at
most KEPT of them, stored so every tab and device reads the same log.

Entries are written inside the transaction of the change they record (`log`), then sent live
(`notify_activity`) after its commit."""
from __future__ import annotations

from sqlalchemy import delete, func, select

from lobby.extensions import db
from lobby.friends.models import FriendActivity
from lobby.realtime.bus import Recipients, publish

KEPT = 100  # spec §9: activity list cap
RECENT = 20  # spec §9: default recent
STATUS_CHANGE, FRIEND_ADDED, FRIEND_REMOVED = "STATUS_CHANGE", "FRIEND_ADDED", "FRIEND_REMOVED"


Logged = list[tuple[int, dict]]  # (owner id, the entry as sent)


def log(entries: list[tuple[int, int, str, dict]]) -> Logged:
    """Add entries `(owner id, friend id, type, data)` and trim each owner's log to KEPT; the caller
    commits, then hands the result to `notify_activity`. (Read before the commit, so sending them
    costs no query.)"""
    rows = [FriendActivity(user_id=owner, friend_id=friend, type=kind, data=data) for owner, friend, kind, data in entries]
    if not rows:
        return []
    db.session.add_all(rows)
    db.session.flush()
    trim({row.user_id for row in rows})
    return [(row.user_id, row.to_dict()) for row in rows]


def trim(owners: set[int]) -> None:
    """Drop every owner's entries past the newest KEPT, in one statement for all of them."""
    ranked = select(FriendActivity.id, func.row_number().over(
        partition_by=FriendActivity.user_id, order_by=FriendActivity.id.desc()).label("place")
    ).where(FriendActivity.user_id.in_(sorted(owners))).subquery()
    db.session.execute(delete(FriendActivity).where(FriendActivity.id.in_(select(ranked.c.id).where(
        ranked.c.place > KEPT))).execution_options(synchronize_session=False))


def recent(user_id: int, limit: int = RECENT) -> list[dict]:
    rows = db.session.scalars(select(FriendActivity).where(FriendActivity.user_id == user_id)
                              .order_by(FriendActivity.id.desc()).limit(limit)).all()
    return [row.to_dict() for row in rows]


def notify_activity(logged: Logged) -> None:
    """Each entry to its owner's tabs. Call after the commit."""
    for owner, entry in logged:
        publish({"type": "friend_activity", "data": {"activity": entry}}, Recipients.of(users=[owner]))
