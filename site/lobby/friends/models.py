"""The friends tables. A friendship is two rows, one per side, so "my friends" is one indexed
lookup; a request is one row per pair of people (its `pair` is unique), so two people asking each
other at the same moment cannot leave two crossed requests behind."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.extensions import db
from lobby.people.person import person_dict

MESSAGE_MAX = 200  # the spec's friend request message limit
CUSTOM_STATUS_MAX = 50  # the spec's custom status limit


def pair_of(a: int, b: int) -> str:
    """The same key whoever asked whom."""
    low, high = sorted((a, b))
    return f"{low}:{high}"


class Friendship(db.Model):
    __tablename__ = "friendships"
    __table_args__ = (UniqueConstraint("user_id", "friend_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    friend_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    friend: Mapped[User] = relationship(foreign_keys=[friend_id], lazy="joined")


class FriendRequest(db.Model):
    __tablename__ = "friend_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    from_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    to_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    pair: Mapped[str] = mapped_column(String(24), unique=True)  # pair_of(from, to): one request a pair
    message: Mapped[str | None] = mapped_column(String(MESSAGE_MAX), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    from_user: Mapped[User] = relationship(foreign_keys=[from_user_id], lazy="joined")
    to_user: Mapped[User] = relationship(foreign_keys=[to_user_id], lazy="joined")

    def to_dict(self) -> dict:
        return {"id": self.id, "fromUser": person(self.from_user), "toUser": person(self.to_user),
                "message": self.message, "createdAt": self.created_at.isoformat()}


class Block(db.Model):
    __tablename__ = "blocks"
    __table_args__ = (UniqueConstraint("blocker_id", "blocked_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    blocker_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    blocked: Mapped[User] = relationship(foreign_keys=[blocked_id], lazy="joined")


class FriendActivity(db.Model):
    """One event of a user, the actor: what their friends read in their activity logs (fanned out
    on read: one row whatever the number of friends; a log joins the reader's friendships). At most
    `activity.KEPT` per actor."""
    __tablename__ = "friend_activities"
    __table_args__ = (Index("ix_friend_activities_actor_id_id", "actor_id", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    actor_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    type: Mapped[str] = mapped_column(String(20))  # STATUS_CHANGE
    data: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def to_dict(self) -> dict:
        return {"id": self.id, "friendId": self.actor_id, "type": self.type, "data": self.data,
                "timestamp": self.created_at.isoformat()}


class ProfileStatus(db.Model):
    """What a user's friends were last told of them: the status (the friends' wire value) and the
    custom status. Presence keeps who is online now; this keeps the custom status between sessions
    and the old status a STATUS_CHANGE entry names."""
    __tablename__ = "profile_statuses"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    status: Mapped[str] = mapped_column(String(20), default="OFFLINE")
    custom_status: Mapped[str | None] = mapped_column(String(CUSTOM_STATUS_MAX), default=None)
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)


class Privacy(db.Model):
    """A user's privacy settings; no row means the defaults (`privacy.privacy_of`)."""
    __tablename__ = "privacy_settings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    friend_requests: Mapped[str] = mapped_column(String(20), default="everyone")
    direct_messages: Mapped[str] = mapped_column(String(20), default="friends")
    # Columns, not the settings document: presence and the activity log filter on them in SQL.
    online_status: Mapped[str] = mapped_column(String(20), default="everyone", server_default="everyone")
    show_activity: Mapped[bool] = mapped_column(default=True, server_default=true())
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)


def person(user: User) -> dict:
    """A user as a request names them: the public person (lobby.people) with their names."""
    return {**person_dict(user), "firstName": user.first_name, "lastName": user.last_name}
