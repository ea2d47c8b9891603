"""What each incoming frame type does: `handle(conn, type, data) -> reply | None`.

The frame's `data` is read by its model (`schemas.FRAMES`, the rules the HTTP calls use), and the
handler, `HANDLERS[type](conn, frame)`, gets the model. It calls the same `access_*`/`do_*` the HTTP
API calls, and returns the `(type, data)` of the answer to the sender, if any. Changes reach
everyone else through the bus, published by the `do_*` after its commit. Problems are raised as
`ApiError`/`ValidationError`; the gateway turns them into `error` frames.
"""
from __future__ import annotations

from typing import Callable

from flask import current_app

from lobby.accounts.models import User
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.texts import text
from lobby.realtime.bus import Recipients, publish
from lobby.realtime.schemas import (FRAMES, DeleteMessageFrame, EditMessageFrame, JoinChannelFrame,
                                    LeaveChannelFrame, PresenceUpdateFrame, ReactionFrame, SendMessageFrame,
                                    TypingFrame)
from lobby.servers.access import access_channel, channel_not_found
from lobby.voice.handlers import HANDLERS as VOICE_HANDLERS

# (type, data) of the answer; a third item, if any, is called once the answer is queued.
Reply = tuple[str, dict] | tuple[str, dict, Callable[[], None]] | None


def handle(conn, kind: str, data: dict) -> Reply:
    """Read the frame's `data` with its model (a refusal raises `ValidationError`), then do it."""
    handler = HANDLERS.get(kind)
    if handler is None:
        raise ApiError(400, text("frame.unknown_type"), "UNKNOWN_TYPE")
    return handler(conn, FRAMES[kind].read(data))


def user_of(conn) -> User:
    """The connection's User row, read in this frame's session (a socket keeps only its id and
    name: `connection.SocketUser`)."""
    return db.session.get(User, conn.user_id)


def hub():
    return current_app.extensions["lobby.hub"]


def ping(conn, frame) -> Reply:
    return "pong", {}


def pong(conn, frame) -> Reply:
    return None  # only proves the client is alive; the gateway already noted it


def join_channel(conn, frame: JoinChannelFrame) -> Reply:
    channel_id = frame.channel_id
    for _ in range(3):  # a kick that lands between the check and the join makes us check again
        mark = conn.revocations
        # The watched channels are the ones the user can read, kept current by the bus (watch.py):
        # one of them is joined without a query; any other is asked of the database (it may be
        # a channel made a moment ago whose `watch_channels` has not arrived yet).
        if channel_id not in conn.watched:
            access_channel(user_of(conn), channel_id)
        if hub().join(conn, channel_id, mark):
            return "channel_joined", {"channelId": channel_id}
    raise channel_not_found()


def leave_channel(conn, frame: LeaveChannelFrame) -> Reply:
    hub().leave(conn, frame.channel_id)
    return "channel_left", {"channelId": frame.channel_id}


def send_message(conn, frame: SendMessageFrame) -> Reply:
    from lobby.messages.sending import send_message as send, send_rate

    nonce = frame.nonce
    try:
        message, _ = send(conn.claims, frame.channel_id, frame.content, reply_to_id=frame.reply_to_id,
                          nonce=nonce, rate=send_rate())
    except ApiError as error:
        error.extra = {**error.extra, "nonce": nonce}  # the client marks its optimistic copy failed
        raise
    return "message_sent", {"nonce": nonce, "message": message}


def unless_joined(conn, channel_id: int, kind: str, data: dict) -> Reply:
    """The sender's answer to a change: its sockets in the channel hear it from the bus like
    everyone else; a socket that has not joined the channel gets it as the direct reply, so a
    sender always learns that its change happened."""
    return None if channel_id in conn.channels else (kind, data)


def edit_message(conn, frame: EditMessageFrame) -> Reply:
    from lobby.messages.actions import do_edit_message

    message = do_edit_message(user_of(conn), frame.message_id, frame.content)
    return unless_joined(conn, message["channelId"], "message_edited", message)


def delete_message(conn, frame: DeleteMessageFrame) -> Reply:
    from lobby.messages.actions import do_delete_message

    event = do_delete_message(user_of(conn), frame.message_id)
    return unless_joined(conn, event["channelId"], "message_deleted", event)


def reaction_add(conn, frame: ReactionFrame) -> Reply:
    from lobby.messages.reactions import do_add_reaction

    event, told = do_add_reaction(user_of(conn), frame.message_id, frame.emoji)
    return unless_joined(conn, event["channelId"], "reaction_added", event) if told else ("reaction_added", event)


def reaction_remove(conn, frame: ReactionFrame) -> Reply:
    from lobby.messages.reactions import do_remove_reaction

    event, told = do_remove_reaction(user_of(conn), frame.message_id, frame.emoji)
    # Nothing changed (already given, or never given): nobody else hears of it, so the sender is
    # answered directly, whether or not its socket is in the channel.
    return unless_joined(conn, event["channelId"], "reaction_removed", event) if told else ("reaction_removed", event)


def typing(conn, frame: TypingFrame) -> Reply:
    """Told to the channel at most once per person and channel every few seconds, and never in a
    DM closed by a block (`typing_news`). A frame that is not told answers nothing either: typing
    never has an answer."""
    from lobby.realtime.typing_news import closed_dm, worth_telling

    channel_id = frame.channel_id
    participant = None
    if channel_id not in conn.channels:  # a joined channel was checked at the join: no query
        participant = access_channel(user_of(conn), channel_id)[1]
    if not worth_telling(conn.user_id, channel_id, frame.is_typing) or closed_dm(conn, channel_id, participant):
        return None
    event = {"channelId": channel_id, "userId": conn.user_id, "username": conn.user.username,
             "user": conn.user.person, "isTyping": frame.is_typing}
    publish({"type": "typing", "data": event}, Recipients.of(channels=[channel_id]))
    return None


def presence_update(conn, frame: PresenceUpdateFrame) -> Reply:
    from lobby.settings.actions import do_choose_status  # kept as the profile's status, then announced

    do_choose_status(user_of(conn), frame.status, frame.custom_status)
    return None


HANDLERS = {
    "ping": ping,
    "pong": pong,
    "join_channel": join_channel,
    "leave_channel": leave_channel,
    "send_message": send_message,
    "edit_message": edit_message,
    "delete_message": delete_message,
    "reaction_add": reaction_add,
    "reaction_remove": reaction_remove,
    "typing": typing,
    "presence_update": presence_update,
    **VOICE_HANDLERS,
}
