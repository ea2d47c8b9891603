"""The notifications a message makes, after it is written: in a server's channel, one for each person
it newly mentions and one for the author of the message it replies to; in a DM, the conversation's
DM notification (one while unread; a mention or a reply there is the conversation itself).

Who may be told of a message is one rule, `hears_channel`: someone with an account who can read
the channel now (a member of its server, or one of a DM's two people), and no block either way
with the author (`do_notify`, for every notification; the DM's own statement checks it too).
Someone who set the channel's server to nothing, or muted it, is not told (`levels.py`).
Mentions are resolved by it (`messages/mentions.py`) and mentions and replies are filtered by it
here: a banned, kicked or departed author of the message replied to hears nothing of the channel.
A person is told of one message once (mention or reply), however often edits name them again: the
notifications' unique index on (message, person) for these types.

A message that mentions nobody and replies to nothing, in a server's channel, makes no statement
here: whether a channel is a DM is remembered per process (a channel never changes server, and a DM
never stops being one), so only the first message of a channel in a process asks."""
from __future__ import annotations

from flask import current_app
from sqlalchemy import and_, exists, or_, select

from lobby.accounts.models import User
from lobby.dms.models import DirectChat
from lobby.extensions import db
from lobby.database import utcnow
from lobby.notifications.actions import Draft, do_notify, do_notify_dm
from lobby.notifications.levels import not_quiet_on
from lobby.notifications.models import MENTION, REPLY
from lobby.notifications.words import what_happened
from lobby.servers.models import Channel, Membership

REMEMBERED = 100_000  # channels; past it the memory starts again (a cheap bound, not an LRU)


def dm_pair(channel_id: int) -> tuple[int, int] | None:
    """The two people of a DM channel, or None for a server's channel."""
    known = current_app.extensions.setdefault("lobby.dm-pairs", {})
    if channel_id in known:
        return known[channel_id]
    row = db.session.execute(select(DirectChat.user_low_id, DirectChat.user_high_id)
                             .where(DirectChat.channel_id == channel_id)).first()
    if len(known) >= REMEMBERED:
        known.clear()
    found = known[channel_id] = tuple(row) if row is not None else None
    return found


def hears_channel(channel):
    """SQL: the `User` row may be told of messages of this channel (an id or a bind parameter): it
    is an account in use that can read the channel now, a member of its server or one of the two
    people of a DM."""
    return and_(User.is_deactivated.is_(False), or_(
        exists().where(Channel.id == channel, Membership.server_id == Channel.server_id, Membership.user_id == User.id),
        exists().where(DirectChat.channel_id == channel,
                       or_(DirectChat.user_low_id == User.id, DirectChat.user_high_id == User.id))))


def who_hears(channel_id: int, user_ids: list[int]) -> set[int]:
    """Of these people, those who may be told of a message of this server's channel and want to be:
    not those who set the server to nothing or muted it (`levels.py`). One query."""
    return set(db.session.scalars(select(User.id).where(User.id.in_(user_ids), hears_channel(channel_id),
                                                        not_quiet_on(channel_id, utcnow()))))


def do_notify_message(message: dict, mentioned: list[int], replied_author_id: int | None = None,
                      edited: bool = False) -> None:
    """After the commit of a new message (or an edit: `edited`), as the API answers it. `mentioned`:
    the people it newly names; `replied_author_id`: the author of the message it replies to, if any."""
    channel_id = message["channelId"]
    pair = dm_pair(channel_id)
    if pair is None and not mentioned and replied_author_id is None:
        return  # most messages: nothing more to do, and nothing asked of the database
    actor = message["author"]  # the public person (lobby.people)
    if pair is not None:
        if not edited:
            do_notify_dm(pair[1] if pair[0] == actor["id"] else pair[0], actor, channel_id, message["id"])
        return
    replied = replied_author_id if replied_author_id not in (None, actor["id"]) else None
    named = [user_id for user_id in mentioned if user_id != replied]
    if not named and replied is None:
        return
    hearing = who_hears(channel_id, named + ([replied] if replied is not None else []))
    named = [user_id for user_id in named if user_id in hearing]
    replied = replied if replied in hearing else None
    if not named and replied is None:
        return
    name, server_id = db.session.execute(select(Channel.name, Channel.server_id)
                                         .where(Channel.id == channel_id)).one()
    about = {"channel_id": channel_id, "server_id": server_id, "message_id": message["id"], "actor": actor,
             "link": f"/app/servers/{server_id}/channels/{channel_id}", "data": what_happened(actor, name)}
    drafts = [Draft(user_id, MENTION, **about) for user_id in named]
    if replied is not None:
        drafts.append(Draft(replied, REPLY, **about))
    do_notify(drafts)
