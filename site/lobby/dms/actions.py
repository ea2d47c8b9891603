"""`do_open_dm`: the conversation of two people, made the first time either opens it."""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.dms.access import access_recipient, check_may_start, check_not_blocked
from lobby.dms.models import DM, DirectChat, pair
from lobby.extensions import db
from lobby.realtime.watch import notify_watch
from lobby.servers.models import Channel


def chat_of(a: int, b: int) -> DirectChat | None:
    low, high = pair(a, b)
    return db.session.scalar(select(DirectChat).where(DirectChat.user_low_id == low, DirectChat.user_high_id == high))


def do_open_dm(user: User, user_id: int) -> tuple[Channel, User]:
    """The DM channel of the caller and `user_id`, and the other person. The same channel for the
    pair whoever asks; an existing one is returned even when the recipient's privacy setting would
    no longer let it start, but never across a block (either way)."""
    other = access_recipient(user, user_id)
    check_not_blocked(user.id, other.id)
    chat = chat_of(user.id, other.id)
    if chat is None:
        check_may_start(user.id, other.id)
        chat = start(user.id, other.id)
    return db.session.get(Channel, chat.channel_id), other


def start(a: int, b: int) -> DirectChat:
    """A new channel and its pair row, in one transaction. Two people opening it at the same moment:
    the pair is unique, the second insert fails and reads the first one's."""
    low, high = pair(a, b)
    now = utcnow()
    channel = Channel(server_id=None, type=DM, name=f"dm-{low}-{high}", position=0, created_at=now)
    db.session.add(channel)
    try:
        db.session.flush()
        chat = DirectChat(channel_id=channel.id, user_low_id=low, user_high_id=high, created_at=now)
        db.session.add(chat)
        db.session.commit()
        notify_watch([low, high], [chat.channel_id])  # both people's open sockets hear its messages from now on
    except IntegrityError:
        db.session.rollback()
        chat = chat_of(a, b)
        if chat is None:
            raise
    return chat
