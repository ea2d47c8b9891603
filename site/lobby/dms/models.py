"""The `direct_chats` table: which two people a DM channel belongs to, lower id first, so a pair
has exactly one conversation (the pair is unique) whoever opened it."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ForeignKey, Index, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from lobby.database import utcnow
from lobby.extensions import db

DM = "DM"  # the channel type of a direct conversation (its server_id is NULL)


class DirectChat(db.Model):
    __tablename__ = "direct_chats"
    # A person's conversations: the pair's unique index serves the low side, this one the high side.
    __table_args__ = (UniqueConstraint("user_low_id", "user_high_id"),
                      Index("ix_direct_chats_user_high_id", "user_high_id"))

    channel_id: Mapped[int] = mapped_column(ForeignKey("channels.id", ondelete="CASCADE"), primary_key=True)
    user_low_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    user_high_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def other_than(self, user_id: int) -> int:
        return self.user_high_id if self.user_low_id == user_id else self.user_low_id


def pair(a: int, b: int) -> tuple[int, int]:
    """(low, high): the same pair whoever asks."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class DmParticipant:
    """What `access_channel` returns for a DM where a server channel gives the caller's membership:
    it answers `role` and `moderates` like one (a DM has no moderators: each deletes only their own
    messages), and names the other person for the block check before a send."""
    user_id: int
    other_id: int
    role: str = "member"
    server_id: None = None

    @property
    def moderates(self) -> bool:
        return False
