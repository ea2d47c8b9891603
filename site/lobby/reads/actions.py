"""`do_*` for read markers: reading a channel, and the markers a new member starts with. A marker
only ever moves forward (an upsert that keeps the larger id), so two tabs reading at once, or a
late request, never make read messages unread again."""
from __future__ import annotations

from sqlalchemy import exists, func, literal, select
from sqlalchemy.dialects import postgresql, sqlite

from lobby.accounts.models import User
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.messages.models import Message
from lobby.notifications.actions import do_read_channel_notifications
from lobby.reads.counts import states_of
from lobby.reads.models import ReadState
from lobby.realtime.bus import Recipients, publish
from lobby.servers.access import access_channel
from lobby.servers.models import Channel
from lobby.texts import text


def forward_upsert(rows):
    """INSERT of markers (values or a SELECT of user_id, channel_id, last_read_id) that, where a
    marker exists, moves it only forward. The same ON CONFLICT on both databases."""
    dialect = postgresql if db.engine.dialect.name == "postgresql" else sqlite
    table = ReadState.__table__
    statement = dialect.insert(table)
    statement = statement.values(rows) if isinstance(rows, (dict, list)) else statement.from_select(
        ["user_id", "channel_id", "last_read_id"], rows)
    return statement.on_conflict_do_update(
        index_elements=["user_id", "channel_id"], set_={"last_read_id": statement.excluded.last_read_id},
        where=table.c.last_read_id < statement.excluded.last_read_id)


def do_mark_read(user: User, channel_id: int, message_id: int) -> dict:
    """Move the caller's marker in a channel they can read (404 otherwise) to one of its messages
    (404 MESSAGE_NOT_FOUND otherwise); never back. What the caller was notified of there, up to that
    message, is read too. Returns the read state, which every socket of the caller hears as
    `read_state`."""
    channel, _ = access_channel(user, channel_id)
    found = db.session.scalar(select(Message.id).where(Message.id == message_id, Message.channel_id == channel.id))
    if found is None:
        raise ApiError(404, text("message.not_found"), "MESSAGE_NOT_FOUND")
    db.session.execute(forward_upsert({"user_id": user.id, "channel_id": channel.id, "last_read_id": message_id}))
    db.session.commit()
    do_read_channel_notifications(user.id, channel.id, message_id)
    state = states_of(user.id, [channel.id])[channel.id]
    notify_read_state(user.id, state)
    return state


def start_markers(user_id: int, server_id: int) -> None:
    """Inside the transaction that makes someone a member: their markers start at each channel's
    latest message, so the server's history is not unread (a channel still empty needs none).
    One statement; each channel's latest id is one read of the (channel_id, id) index."""
    latest = select(func.max(Message.id)).where(Message.channel_id == Channel.id).scalar_subquery()
    rows = (select(literal(user_id), Channel.id, latest)
            .where(Channel.server_id == server_id, exists().where(Message.channel_id == Channel.id)))
    db.session.execute(forward_upsert(rows))


def notify_read_state(user_id: int, state: dict) -> None:
    """Every tab of the person: the marker and counts of a channel they read. After the commit."""
    publish({"type": "read_state", "data": state}, Recipients.of(users=[user_id]))
