"""`notify_*` for a server's structure: its channels and its settings reach every member's open app
at once (the sidebar, the channel header). Call each after its commit.

The recipients are the server's connected members: the sockets watching a channel of the server
(`Recipients.servers`, as voice's audience is), which is exactly who belongs to it now — a join
adds its sockets, a kick, a ban or leaving takes them away (`realtime/watch.py`). No query of the
member list, whatever the server's size; nobody else hears it."""
from __future__ import annotations

from lobby.realtime.bus import Recipients, publish
from lobby.servers.listing import icon_url
from lobby.servers.models import Channel, Server


def members_of(server_id: int) -> Recipients:
    return Recipients.of(servers=[server_id])


def notify_channel_created(channel: Channel) -> None:
    publish({"type": "channel_created", "data": {"serverId": channel.server_id, "channel": channel.to_dict()}},
            members_of(channel.server_id))


def notify_channel_updated(channel: Channel) -> None:
    publish({"type": "channel_updated", "data": {"serverId": channel.server_id, "channel": channel.to_dict()}},
            members_of(channel.server_id))


def notify_channel_deleted(server_id: int, channel_id: int, kind: str) -> None:
    publish({"type": "channel_deleted", "data": {"serverId": server_id, "channelId": channel_id, "type": kind}},
            members_of(server_id))


def notify_channels_reordered(server_id: int, kind: str, channel_ids: list[int]) -> None:
    publish({"type": "channels_reordered", "data": {"serverId": server_id, "type": kind, "channelIds": channel_ids}},
            members_of(server_id))


def notify_server_updated(server: Server) -> None:
    publish({"type": "server_updated", "data": {
        "serverId": server.id, "name": server.name, "description": server.description, "iconUrl": icon_url(server),
        "isPublic": server.is_public, "category": server.category}}, members_of(server.id))
