from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.extensions import db

FRIEND_REQUEST, FRIEND_ACCEPTED, MENTION, REPLY, DM = "FRIEND_REQUEST", "FRIEND_ACCEPTED", "MENTION", "REPLY", "DM"
TYPES = (FRIEND_REQUEST, FRIEND_ACCEPTED, MENTION, REPLY, DM)
# A message tells a person of itself once, as a mention or a reply: edits that name them again add none.
ONCE_PER_MESSAGE = text("type IN ('MENTION', 'REPLY')")


class Notification(db.Model):
    """`text` is made when the notification is (Russian, ready to show) and `link` is the /app URL
    that opens it. The channel, server and message ids are plain numbers, not references: a
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
    text: Mapped[str] = mapped_column(String(300))
    link: Mapped[str] = mapped_column(String(300))
    channel_id: Mapped[int | None] = mapped_column(default=None)
    server_id: Mapped[int | None] = mapped_column(default=None)
    message_id: Mapped[int | None] = mapped_column(default=None)
    is_read: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    actor: Mapped[User | None] = relationship(foreign_keys=[actor_id])
