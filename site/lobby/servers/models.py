from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.extensions import db
from lobby.people.person import person_dict, person_or_none

TEXT, VOICE = "TEXT", "VOICE"
OWNER, MODERATOR, MEMBER = "owner", "moderator", "member"
WIRE_STATUS = {"online": "ONLINE", "idle": "AWAY", "dnd": "DND"}  # the spec's member statuses


class Server(db.Model):
    __tablename__ = "servers"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    description: Mapped[str | None] = mapped_column(String(500), default=None)
    icon_file: Mapped[str | None] = mapped_column(String(100), default=None)  # under UPLOAD_FOLDER/server-icons
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    category: Mapped[str] = mapped_column(String(20), default="community", index=True)
    is_public: Mapped[bool] = mapped_column(default=True, index=True)
    is_verified: Mapped[bool] = mapped_column(default=False)
    invite_code: Mapped[str] = mapped_column(String(50), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)

    owner: Mapped[User] = relationship(lazy="joined")


class Channel(db.Model):
    __tablename__ = "channels"

    id: Mapped[int] = mapped_column(primary_key=True)
    # None for a direct conversation (type "DM", lobby/dms): it belongs to no server.
    server_id: Mapped[int | None] = mapped_column(ForeignKey("servers.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    type: Mapped[str] = mapped_column(String(5), default=TEXT)  # TEXT, VOICE or DM
    description: Mapped[str | None] = mapped_column(String(500), default=None)
    position: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def to_dict(self) -> dict:
        return {"id": self.id, "serverId": self.server_id, "name": self.name, "type": self.type,
                "description": self.description, "position": self.position}


class Membership(db.Model):
    __tablename__ = "memberships"
    __table_args__ = (UniqueConstraint("server_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    server_id: Mapped[int] = mapped_column(ForeignKey("servers.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(10), default=MEMBER)
    joined_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    # The member's own place for the server in their list (the rail); None: never placed, after
    # the placed ones, oldest membership first (servers/order.py).
    position: Mapped[int | None] = mapped_column(default=None)

    user: Mapped[User] = relationship(lazy="joined")

    @property
    def moderates(self) -> bool:
        return self.role in (OWNER, MODERATOR)

    def to_dict(self, presence: str | None = None, timed_out_until: datetime | None = None) -> dict:
        """`presence`: the user's visible status (online, idle, dnd) or None for offline;
        `timed_out_until`: the end of the member's running timeout, if any."""
        user = self.user
        return {
            "id": self.id, "role": self.role, "joinedAt": self.joined_at.isoformat(),
            "timedOutUntil": timed_out_until.isoformat() if timed_out_until else None,
            # The profile's fields, then the public person (lobby.people): `displayName` is the shown one.
            "user": {**user.profile_dict(), **person_dict(user), "firstName": user.first_name,
                     "lastName": user.last_name, "status": WIRE_STATUS.get(presence, "OFFLINE")},
        }


class Ban(db.Model):
    __tablename__ = "bans"
    __table_args__ = (UniqueConstraint("server_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    server_id: Mapped[int] = mapped_column(ForeignKey("servers.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    reason: Mapped[str] = mapped_column(Text)
    banned_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime | None] = mapped_column(default=None)  # None: for good

    user: Mapped[User] = relationship(foreign_keys=[user_id], lazy="joined")

    def active(self) -> bool:
        return self.expires_at is None or self.expires_at > utcnow()

    def to_dict(self) -> dict:
        return {"id": self.id, "user": person_dict(self.user),
                "reason": self.reason, "createdAt": self.created_at.isoformat(),
                "expiresAt": self.expires_at.isoformat() if self.expires_at else None}


class AuditEntry(db.Model):
    __tablename__ = "audit_entries"

    id: Mapped[int] = mapped_column(primary_key=True)
    server_id: Mapped[int] = mapped_column(ForeignKey("servers.id", ondelete="CASCADE"), index=True)
    # KICK, BAN, UNBAN, SETTINGS, CHANNEL_CREATE, INVITE_REGENERATE, ROLE_CHANGE, TRANSFER, TIMEOUT,
    # TIMEOUT_LIFT, REPORT_RESOLVE
    type: Mapped[str] = mapped_column(String(30))
    target_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), default=None)
    moderator_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), default=None)
    reason: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)

    target: Mapped[User | None] = relationship(foreign_keys=[target_user_id], lazy="joined")
    moderator: Mapped[User | None] = relationship(foreign_keys=[moderator_id], lazy="joined")

    def to_dict(self) -> dict:
        return {"id": self.id, "type": self.type, "target": person_or_none(self.target),
                "moderator": person_or_none(self.moderator),
                "reason": self.reason, "createdAt": self.created_at.isoformat()}


class Timeout(db.Model):
    """A member who may read but not write (send, edit, react) on a server until `until`. Kept per
    server and user, not on the membership: leaving and joining again does not end it."""
    __tablename__ = "timeouts"
    __table_args__ = (UniqueConstraint("server_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    server_id: Mapped[int] = mapped_column(ForeignKey("servers.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    until: Mapped[datetime] = mapped_column()
    reason: Mapped[str] = mapped_column(Text)
    moderator_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def active(self) -> bool:
        return self.until > utcnow()


class Report(db.Model):
    """A member's complaint about a message, for the server's moderators. The message's text and
    author are copied: the report stays readable when the message is deleted (its id then NULL)."""
    __tablename__ = "reports"
    __table_args__ = (UniqueConstraint("message_id", "reporter_id"),)  # once per message and person

    id: Mapped[int] = mapped_column(primary_key=True)
    server_id: Mapped[int] = mapped_column(ForeignKey("servers.id", ondelete="CASCADE"), index=True)
    channel_id: Mapped[int | None] = mapped_column(ForeignKey("channels.id", ondelete="SET NULL"), default=None)
    message_id: Mapped[int | None] = mapped_column(ForeignKey("messages.id", ondelete="SET NULL"), index=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    author_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), default=None)
    content: Mapped[str] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    resolution: Mapped[str | None] = mapped_column(String(10), default=None)  # None: open; dismiss, delete, kick, ban
    resolved_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), default=None)
    resolved_at: Mapped[datetime | None] = mapped_column(default=None)

    reporter: Mapped[User] = relationship(foreign_keys=[reporter_id], lazy="joined")
    author: Mapped[User | None] = relationship(foreign_keys=[author_id], lazy="joined")
