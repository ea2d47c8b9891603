"""Managing a server's channels: rename, move, delete (creating one is `actions.do_create_channel`).
Who may: the owner and moderators, as for creating one. Each `do_*` is one transaction with its
audit entry, then tells the members (`structure_notify.py`).

Positions are kept per list: a server's text channels are numbered 0, 1, 2… and so are its voice
channels (the sidebar shows the two lists apart). A move renumbers the channel's list."""
from __future__ import annotations

from sqlalchemy import delete, select

from lobby.accounts.models import User
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.jobs.queue import enqueue
from lobby.messages.jobs import remove_attachment_files
from lobby.messages.models import Attachment, Message
from lobby.servers.access import access_moderator, channel_not_found
from lobby.servers.actions import audit
from lobby.servers.models import TEXT, Channel, Membership, Server
from lobby.servers.structure_notify import notify_channel_deleted, notify_channel_updated, notify_channels_reordered
from lobby.texts import text
from lobby.voice.actions import do_drop_seat
from lobby.voice.seats import current_voice


def access_managed_channel(user: User, server_id: int, channel_id: int) -> tuple[Server, Membership, Channel]:
    """A channel of a server the user manages channels of (owner or moderator). A channel of
    another server, a DM or none at all answers 404, as an unknown channel does."""
    server, membership = access_moderator(user, server_id)
    channel = db.session.scalar(select(Channel).where(Channel.id == channel_id, Channel.server_id == server.id))
    if channel is None:
        raise channel_not_found()
    return server, membership, channel


def do_update_channel(channel: Channel, by: User, changes: dict) -> Channel:
    """Rename a channel or change its description; nothing sent, nothing changes (no audit entry)."""
    if not changes:
        return channel
    old_name = channel.name
    for field, value in changes.items():
        setattr(channel, field, value)
    renamed = f"#{old_name} → #{channel.name}" if channel.name != old_name else f"#{channel.name}"
    audit(channel.server_id, "CHANNEL_UPDATE", by, reason=renamed)
    db.session.commit()
    notify_channel_updated(channel)
    return channel


def channels_of_list(server_id: int, kind: str) -> list[Channel]:
    """A server's channels of one type, top first, locked for the change (PostgreSQL: a concurrent
    move or delete waits; SQLite writes one at a time anyway)."""
    return list(db.session.scalars(select(Channel).where(Channel.server_id == server_id, Channel.type == kind)
                                   .order_by(Channel.position, Channel.id).with_for_update()))


def do_move_channel(channel: Channel, by: User, position: int) -> list[Channel]:
    """Put the channel at `position` of its list (past the end: last). Returns the list, top first."""
    listed = channels_of_list(channel.server_id, channel.type)
    order = [row for row in listed if row.id != channel.id]
    order.insert(min(position, len(order)), channel)
    if order == listed and all(row.position == index for index, row in enumerate(order)):
        return order  # already there: nothing to record
    for index, row in enumerate(order):
        row.position = index
    audit(channel.server_id, "CHANNEL_MOVE", by, reason=f"#{channel.name} → {order.index(channel) + 1}")
    db.session.commit()
    notify_channels_reordered(channel.server_id, channel.type, [row.id for row in order])
    return order


def do_delete_channel(channel: Channel, by: User) -> None:
    """Delete a channel with its messages (their reactions, attachments and read markers go with
    them; the files after the commit). Anyone seated in a voice channel leaves it. A server keeps
    at least one text channel: deleting the last one is refused (409)."""
    server_id, channel_id, kind, name = channel.server_id, channel.id, channel.type, channel.name
    if kind == TEXT and len(channels_of_list(server_id, TEXT)) <= 1:
        raise ApiError(409, text("channel.last_text"), "LAST_TEXT_CHANNEL")
    stored = list(db.session.scalars(select(Attachment.stored_name).join(Message, Attachment.message_id == Message.id)
                                     .where(Message.channel_id == channel_id)))
    # The messages first and by name: their own cascades (and SQLite's search index triggers) run
    # for a plain DELETE of them, whatever the channel's cascade would do.
    db.session.execute(delete(Message).where(Message.channel_id == channel_id))
    db.session.delete(channel)
    audit(server_id, "CHANNEL_DELETE", by, reason=f"#{name} ({kind})")
    db.session.commit()
    if stored:
        enqueue(remove_attachment_files, stored)
    for state in current_voice().store.rooms([channel_id]).get(channel_id, ()):
        do_drop_seat(state["userId"], channel_id=channel_id)
    notify_channel_deleted(server_id, channel_id, kind)

