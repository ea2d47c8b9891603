"""The DM wire shapes and `GET /api/dms`: a user's conversations, each with the other person (their
live status), its last message and its read state, newest activity first."""
from __future__ import annotations

from sqlalchemy import func, or_, select

from lobby.accounts.models import User
from lobby.dms.models import DirectChat
from lobby.extensions import db
from lobby.friends.listing import OFFLINE, custom_statuses, live_statuses
from lobby.messages.models import Message
from lobby.messages.serialize import message_dicts
from lobby.reads.counts import unread_for
from lobby.servers.models import Channel
from lobby.people.person import person_dict as public


def person_dict(user: User, status: str, custom_status: str | None) -> dict:
    """The contract's Person: the public person (lobby.people) with their names and live status."""
    return {**public(user), "firstName": user.first_name, "lastName": user.last_name, "status": status,
            "customStatus": custom_status}


def person_of(user: User, viewer: int) -> dict:
    """One person with their status now as `viewer` sees it (the friends' wire statuses, from live presence)."""
    return person_dict(user, live_statuses([user.id], viewer).get(user.id, OFFLINE),
                       custom_statuses([user.id], viewer).get(user.id))


def dm_channel_dict(channel: Channel, recipient: dict) -> dict:
    """A DM as a channel, seen by one of its two people: named after the other one."""
    return {"id": channel.id, "serverId": None, "name": recipient["username"], "type": channel.type,
            "description": None, "position": 0, "recipient": recipient}


def dm_unread(user_id: int, channel_ids: list[int]) -> dict[int, dict]:
    """{channel id: {lastReadId, unread, mentions}} for the user's DMs: the read markers'
    (`lobby.reads`, one statement for all of them); nothing read where none is known."""
    found = unread_for(user_id, channel_ids)
    return {channel_id: found.get(channel_id, {"lastReadId": None, "unread": 0, "mentions": 0})
            for channel_id in channel_ids}


def conversations(user_id: int) -> list[dict]:
    """Every DM of the user: newest activity first (the last message's time, or the conversation's
    own for one with no message yet). A handful of queries whatever their number: the pairs with
    their channels and the other people, the last messages (and their reactions and files), the
    custom statuses, the read state."""
    rows = db.session.execute(
        select(DirectChat, Channel, User)
        .join(Channel, Channel.id == DirectChat.channel_id)
        .join(User, or_((DirectChat.user_low_id == user_id) & (User.id == DirectChat.user_high_id),
                        (DirectChat.user_high_id == user_id) & (User.id == DirectChat.user_low_id)))
        .where(or_(DirectChat.user_low_id == user_id, DirectChat.user_high_id == user_id))).all()
    channel_ids = [chat.channel_id for chat, _, _ in rows]
    last = last_messages(channel_ids)
    people = [other.id for _, _, other in rows]
    statuses, customs = live_statuses(people, user_id), custom_statuses(people, user_id)
    reads = dm_unread(user_id, channel_ids)

    def activity(row) -> tuple:
        chat = row[0]
        message = last.get(chat.channel_id)
        return (message.created_at if message is not None else chat.created_at, chat.channel_id)

    ordered = sorted(rows, key=activity, reverse=True)
    bodies = {body["channelId"]: body for body in message_dicts(list(last.values()))}
    found = []
    for chat, channel, other in ordered:
        recipient = person_dict(other, statuses.get(other.id, OFFLINE), customs.get(other.id))
        found.append({"channel": dm_channel_dict(channel, recipient), "lastMessage": bodies.get(chat.channel_id),
                      **reads[chat.channel_id]})
    return found


def last_messages(channel_ids: list[int]) -> dict[int, Message]:
    """Each channel's newest message (by the (channel_id, id) index)."""
    if not channel_ids:
        return {}
    newest = select(func.max(Message.id)).where(Message.channel_id.in_(channel_ids)).group_by(Message.channel_id)
    found = db.session.scalars(select(Message).where(Message.id.in_(newest)))
    return {message.channel_id: message for message in found}
