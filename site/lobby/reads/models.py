"""`read_states`: the last message a person read in a channel. `message_mentions`: who a message
mentions by name, so a person's unread mentions are counted by index (an `@everyone` is a flag on
the message itself, counted through the messages' partial index; see messages/models.py)."""
from __future__ import annotations

from sqlalchemy import ForeignKey, Index
from sqlalchemy.orm import Mapped, mapped_column

from lobby.extensions import db


class ReadState(db.Model):
    __tablename__ = "read_states"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    # Channels are never deleted by the app (a DM's only by the DMs migration's downgrade).
    channel_id: Mapped[int] = mapped_column(ForeignKey("channels.id", ondelete="CASCADE"), primary_key=True)
    # An id, not a reference: the message read may be deleted later, the marker stays where it was.
    last_read_id: Mapped[int] = mapped_column(default=0)


class MessageMention(db.Model):
    """One row per person named in a message (never the author). Deleted with the message."""
    __tablename__ = "message_mentions"
    __table_args__ = (Index("ix_message_mentions_user_id_channel_id_message_id",
                            "user_id", "channel_id", "message_id"),)

    message_id: Mapped[int] = mapped_column(ForeignKey("messages.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    channel_id: Mapped[int]  # the message's, copied so a person's mentions in a channel are one index range
