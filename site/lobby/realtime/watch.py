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

from sqlalchemy import select, text

from lobby.extensions import db
from lobby.realtime.bus import Recipients, publish

log = logging.getLogger(__name__)

READABLE = text("""
  SELECT channels.id, channels.server_id FROM memberships JOIN channels ON channels.server_id = memberships.server_id
  WHERE memberships.user_id = :user
  UNION ALL SELECT direct_chats.channel_id, NULL FROM direct_chats WHERE direct_chats.user_low_id = :user
  UNION ALL SELECT direct_chats.channel_id, NULL FROM direct_chats WHERE direct_chats.user_high_id = :user""")


def readable_channels(user_id: int) -> dict[int, int | None]:
    """{channel id: server id (None for a DM)} of every channel the user can read."""
    return dict(db.session.execute(READABLE, {"user": user_id}).all())


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
