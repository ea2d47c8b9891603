"""What a live socket watches: every channel its user can read, so a new message in one it has not
joined reaches it as `channel_activity` (the hub makes it from the channel's own event).

Voice channels are watched too: the audience of a server's voice channels is every socket watching
a channel of that server (`Recipients.servers`), which must hold for a server of voice channels
alone. The set is read once when the socket connects (one statement: the channels of the user's
servers and the user's DMs) and kept current by internal bus events: `watch_channels` (a channel
made in a server of theirs, a server joined, a DM started) adds to it, and `access_revoked` (a
kick, a ban, leaving) takes a server's channels away. Call each `notify_*` after its commit."""
from __future__ import annotations

import logging

from sqlalchemy import null, select, text, union_all

from lobby.database import AmongIds
from lobby.extensions import db
from lobby.realtime.bus import Recipients, publish

log = logging.getLogger(__name__)

READABLE = text("""
  SELECT channels.id, channels.server_id FROM memberships JOIN channels ON channels.server_id = memberships.server_id
  WHERE memberships.user_id = :user
  UNION ALL SELECT direct_chats.channel_id, NULL FROM direct_chats WHERE direct_chats.user_low_id = :user
  UNION ALL SELECT direct_chats.channel_id, NULL FROM direct_chats WHERE direct_chats.user_high_id = :user""")


_READABLE_BY_MANY = []  # the statement below, made on first use (the models import the bus)


def readable_by_many():
    """READABLE for the users a round of connects admits (`admission.py`): `:users`, a list."""
    if not _READABLE_BY_MANY:
        from lobby.dms.models import DirectChat
        from lobby.servers.models import Channel, Membership

        _READABLE_BY_MANY.append(union_all(
            select(Membership.user_id, Channel.id, Channel.server_id)
            .join(Channel, Channel.server_id == Membership.server_id).where(AmongIds(Membership.user_id, "users")),
            select(DirectChat.user_low_id, DirectChat.channel_id, null()).where(AmongIds(DirectChat.user_low_id, "users")),
            select(DirectChat.user_high_id, DirectChat.channel_id, null()).where(AmongIds(DirectChat.user_high_id, "users"))))
    return _READABLE_BY_MANY[0]


def readable_channels(user_id: int) -> dict[int, int | None]:
    """{channel id: server id (None for a DM)} of every channel the user can read."""
    return dict(db.session.execute(READABLE, {"user": user_id}).all())


def readable_channels_of(user_ids) -> dict[int, dict[int, int | None]]:
    """`readable_channels` of each user, in one statement: {user id: {channel id: server id}}."""
    found: dict[int, dict[int, int | None]] = {user_id: {} for user_id in user_ids}
    if found:
        for user_id, channel_id, server_id in db.session.execute(readable_by_many(), {"users": list(found)}):
            found[user_id][channel_id] = server_id
    return found


def register_watching(hub, conn, greeting: bytes) -> None:
    """At connect: register the socket with its greeting (`connected`) and the channels it watches
    in one step of the hub, so a message sent once the client holds `connected` (it then reads
    its unread state) reaches it live. The channels are read before (one indexed query, ~1 ms) and
    again if the user lost some meanwhile. A failure to read them leaves the socket up without
    channel activity (the client still has GET /api/unread)."""
    try:
        for _ in range(3):
            mark = hub.revocation_mark(conn.user_id)
            if hub.register(conn, greeting, readable_channels(conn.user_id), mark):
                return
    except Exception:
        log.exception("watched channels not loaded for user %s", conn.user_id)
    finally:
        db.session.remove()
    hub.register(conn, greeting)
    watch_on_connect(hub, conn)


def watch_on_connect(hub, conn) -> None:
    """At connect, after `hub.register`: the socket's watched set. Read again if access was revoked
    while it was read (as a join does); events adding channels meanwhile are kept either way. A
    failure leaves the socket up without channel activity (the client still has GET /api/unread)."""
    try:
        for _ in range(3):
            mark = conn.revocations
            if hub.watch(conn, readable_channels(conn.user_id), mark) or conn.closed:
                return
    except Exception:
        log.exception("watched channels not loaded for user %s", conn.user_id)
    finally:
        db.session.remove()


def notify_watch(user_ids, channel_ids, server_id: int | None = None) -> None:
    """These users can now read these channels (all of one server, or DMs with `server_id` None):
    their sockets start watching them. After the commit that gave the access."""
    users, channels = list(user_ids), [int(c) for c in channel_ids]
    if users and channels:
        publish({"type": "watch_channels", "data": {"channelIds": channels, "serverId": server_id}},
                Recipients.of(users=users))


def notify_server_channels(user_id: int, server_id: int) -> None:
    """The user joined (or made) a server: its channels."""
    from lobby.servers.models import Channel

    channel_ids = db.session.scalars(select(Channel.id).where(Channel.server_id == server_id))
    notify_watch([user_id], channel_ids, server_id)


def notify_channel_created(channel) -> None:
    """A channel was made in a server: every member's sockets watch it."""
    from lobby.servers.models import Membership

    members = db.session.scalars(select(Membership.user_id).where(Membership.server_id == channel.server_id))
    notify_watch(members, [channel.id], channel.server_id)
