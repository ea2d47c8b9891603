from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, String, Text, UniqueConstraint, false, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.extensions import db


class Message(db.Model):
    __tablename__ = "messages"
    # A client nonce makes a resend after a dropped connection create the message only once.
    # (author_id, created_at): the send rate counts an author's recent messages (sending.py).
    __table_args__ = (UniqueConstraint("author_id", "nonce"), Index("ix_messages_channel_id_id", "channel_id", "id"),
                      Index("ix_messages_author_id_created_at", "author_id", "created_at"),
                      # The few messages with @everyone, by channel: a person's unread mentions count them.
                      Index("ix_messages_everyone", "channel_id", "id", postgresql_where=text("mentions_everyone"),
                            sqlite_where=text("mentions_everyone")))

    id: Mapped[int] = mapped_column(primary_key=True)
    channel_id: Mapped[int] = mapped_column(ForeignKey("channels.id", ondelete="CASCADE"))
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    content: Mapped[str] = mapped_column(Text)
    reply_to_id: Mapped[int | None] = mapped_column(ForeignKey("messages.id", ondelete="SET NULL"), default=None)
    nonce: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    edited_at: Mapped[datetime | None] = mapped_column(default=None)
    # Who `@name` reached, resolved at send (and edit) among the people who can read the channel:
    # [{id, username}], or None for none. `@everyone` from an owner or moderator sets the flag.
    mentions: Mapped[list | None] = mapped_column(JSON(none_as_null=True), default=None)
    mentions_everyone: Mapped[bool] = mapped_column(default=False, server_default=false())
    # 'text' (what people send), or 'call': the line a DM gets when a call in it ends
    # (`dms/call_lines.py`), by the caller, with no content and `call` = {outcome, seconds}.
    message_type: Mapped[str] = mapped_column(String(16), default="text", server_default="text")
    call: Mapped[dict | None] = mapped_column(JSON(none_as_null=True), default=None)

    author: Mapped[User] = relationship(lazy="joined")
    reply_to: Mapped[Message | None] = relationship(remote_side=[id], lazy="joined", join_depth=1)


class Reaction(db.Model):
    __tablename__ = "reactions"
    __table_args__ = (UniqueConstraint("message_id", "user_id", "emoji"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("messages.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    emoji: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class MessageEdit(db.Model):
    """An edit made lately: edits count against the send rate as sends do (`rate.py`). A mark
    older than the rate's window is dropped at the author's next edit."""
    __tablename__ = "message_edits"
    __table_args__ = (Index("ix_message_edits_author_id_edited_at", "author_id", "edited_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    edited_at: Mapped[datetime] = mapped_column()


class Attachment(db.Model):
    """A file sent with a message. It lives under UPLOAD_FOLDER/attachments/<stored_name>, a name
    we made (never the sender's); `filename` is the sender's name, cleaned, for display only.
    Removing the files of a deleted message is the job of `do_delete_message`, not of a hook."""
    __tablename__ = "attachments"

    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("messages.id", ondelete="CASCADE"), index=True)
    filename: Mapped[str] = mapped_column(String(255))
    stored_name: Mapped[str] = mapped_column(String(64), unique=True)
    content_type: Mapped[str] = mapped_column(String(100))  # what we serve it as
    size: Mapped[int] = mapped_column(BigInteger)  # bytes, as stored (a re-encoded image's own size)
    width: Mapped[int | None] = mapped_column(default=None)  # images only
    height: Mapped[int | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    message: Mapped[Message] = relationship()
