"""`notify_*` for the live socket itself: events that change what a connection may hear."""
from __future__ import annotations

from sqlalchemy import select

from lobby.extensions import db
from lobby.realtime.bus import Recipients, publish


def notify_access_revoked(server_id: int, user_id: int) -> None:
    """The user lost a server (kick, ban, leave): every process's hub drops that user's sockets
    from the server's channels at once. Call after the commit."""
    from lobby.servers.models import Channel

    channel_ids = list(db.session.scalars(select(Channel.id).where(Channel.server_id == server_id)))
    publish({"type": "access_revoked", "data": {"serverId": server_id, "userId": user_id, "channelIds": channel_ids}},
            Recipients.of(users=[user_id]))
