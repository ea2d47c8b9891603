from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.extensions import db

FRIEND_REQUEST, FRIEND_ACCEPTED, MENTION, REPLY, DM = "FRIEND_REQUEST", "FRIEND_ACCEPTED", "MENTION", "REPLY", "DM"
MISSED_CALL = "MISSED_CALL"  # a call in a DM nobody answered (lobby/notifications/calls.py)
TYPES = (FRIEND_REQUEST, FRIEND_ACCEPTED, MENTION, REPLY, DM, MISSED_CALL)
# A message tells a person of itself once, as a mention or a reply: edits that name them again add none.
ONCE_PER_MESSAGE = text("type IN ('MENTION', 'REPLY')")


class Notification(db.Model):
    """What happened, not its words: `type` and `data` (the actor's name and the channel's as they
    were then: `{"name", "channel"}`), made into words in the reader's language whenever it is shown
    (`words.py` on the server, `islands/app/notifications/words.js` in the islands); `link` is the
    /app URL that opens it. The channel, server and message ids are plain numbers, not references: a
    notification outlives what it points at (the link still opens the channel), and no message
    delete has to look through notifications."""
    __tablename__ = "notifications"
    __table_args__ = (Index("ix_notifications_user_id_id", "user_id", "id"),
                      Index("uq_notifications_message_id_user_id", "message_id", "user_id", unique=True,
                            postgresql_where=ONCE_PER_MESSAGE, sqlite_where=ONCE_PER_MESSAGE))

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    type: Mapped[str] = mapped_column(String(20))
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), default=None)
    data: Mapped[dict] = mapped_column(JSON, default=dict)
    link: Mapped[str] = mapped_column(String(300))
    channel_id: Mapped[int | None] = mapped_column(default=None)
    server_id: Mapped[int | None] = mapped_column(default=None)
    message_id: Mapped[int | None] = mapped_column(default=None)
    is_read: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    actor: Mapped[User | None] = relationship(foreign_keys=[actor_id])


ALL, MENTIONS, NOTHING = "all", "mentions", "nothing"
LEVELS = (ALL, MENTIONS, NOTHING)


class ServerNotificationSetting(db.Model):
    """How much one person hears of one server (Discord's per-server notification settings):
    `level` — every message, mentions only (the default: no row), or nothing — and a mute until
    `muted_until` (`FOREVER`: until they turn it back on). Kept per person and server; gone with
    either (the membership's end leaves it: joining again finds the choice as it was)."""
    __tablename__ = "server_notification_settings"
    __table_args__ = (UniqueConstraint("user_id", "server_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    server_id: Mapped[int] = mapped_column(ForeignKey("servers.id", ondelete="CASCADE"), index=True)
    level: Mapped[str] = mapped_column(String(10), default=MENTIONS)
    muted_until: Mapped[datetime | None] = mapped_column(default=None)
