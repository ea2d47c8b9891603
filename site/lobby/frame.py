"""What a full load of an `/app` URL shows, rendered on the server: the user's servers, the current
server's channels, and for a channel its latest messages, as plain HTML and links. A person without
JavaScript reads and moves between them; with it, the islands take over the same regions (and the
chat island starts from the messages embedded here instead of fetching them again).

The routes are the ones the client's router knows (`islands/app/router.js`), so a full load of any
URL shows what moving to it in the page shows."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from flask import current_app
from sqlalchemy import select

from lobby.accounts.models import User
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.friends import listing as friends_listing
from lobby.ids import parse_id
from lobby.messages.history import page_of
from lobby.servers import listing
from lobby.servers.access import access_server
from lobby.servers.models import Channel, Membership, Server
from lobby.voice.config import voice_config

SERVER = re.compile(r"servers/(\d+)(?:/(settings|admin)|/channels/(\d+))?")
PLAIN = {"": "home", "servers": "home", "discover": "discover", "create-server": "createServer",
         "friends": "friends", "settings": "settings"}


@dataclass
class Route:
    name: str
    server_id: int | None = None
    channel_id: int | None = None


def route_of(subpath: str) -> Route:
    """`/app/<subpath>` as the client's router reads it (`matchRoute`)."""
    path = subpath.strip("/")
    if path in PLAIN:
        return Route(PLAIN[path])
    found = SERVER.fullmatch(path)
    if found is None:
        return Route("notFound")
    server_id, sub, channel_id = parse_id(found[1]), found[2], found[3] and parse_id(found[3])
    if server_id is None or channel_id is None and found[3] is not None:  # past the id columns' range
        return Route("notFound")
    if channel_id is not None:
        return Route("channel", server_id, channel_id)
    return Route({"settings": "serverSettings", "admin": "serverAdmin"}.get(sub, "server"), server_id)


@dataclass
class Frame:
    route: Route
    servers: list[dict] = field(default_factory=list)
    server: Server | None = None
    server_dict: dict | None = None  # as the API answers it
    membership: Membership | None = None
    channels: list[Channel] = field(default_factory=list)
    channel: Channel | None = None
    messages: list[dict] = field(default_factory=list)
    has_more: bool = False
    friends: dict | None = None  # the friends page's lists, as GET /api/friends answers
    status: int = 200

    @property
    def member(self) -> bool:
        return self.membership is not None

    @staticmethod
    def hue(server: dict) -> str:
        """The class of a letter tile's colour: islands/app/data/format.js `serverColor`'s hue, to
        the nearest 10° (the page's CSP allows no inline style; static/css/rail.css has the 36)."""
        value = 0
        for char in f"{server['id']}{server['name']}":
            value = (value * 31 + ord(char)) & 0xFFFFFFFF
        signed = value - (1 << 32) if value >= 1 << 31 else value
        return f"hue-{round(abs(signed) % 360 / 10) % 36 * 10}"

    def seed(self) -> dict:
        """What the islands would fetch first, as the API answers it: their queries and the chat
        start from it instead of asking again for what the page already shows."""
        if self.server is None:
            seed = {"servers": {"servers": self.servers}, "voice": voice_config(current_app)}
            if self.friends is not None:
                seed["friends"] = self.friends
            return seed
        seed: dict = {"server": {"server": self.server_dict}, "voice": voice_config(current_app),
                      "servers": {"servers": self.servers}}  # the rail's (`listing.rail_servers`)
        if self.member:
            seed["channels"] = {"channels": [channel.to_dict() for channel in self.channels]}
        if self.channel is not None and self.channel.type != "VOICE":
            seed["messages"] = {"channelId": self.channel.id, "messages": self.messages, "hasMore": self.has_more}
        return seed

    @property
    def text_channels(self) -> list[Channel]:
        return [channel for channel in self.channels if channel.type != "VOICE"]

    @property
    def voice_channels(self) -> list[Channel]:
        return [channel for channel in self.channels if channel.type == "VOICE"]


def frame_for(user: User, subpath: str) -> Frame:
    """Everything the page shows for this URL, each object authorized as the API authorizes it: a
    server the user may not see, or a channel not theirs, is a 404 page, like its API call. The
    user's servers with their counts are read only where the cards show them (the home sidebar):
    a server's pages read them for the rail alone, without counts (one statement)."""
    route = route_of(subpath)
    frame = Frame(route, status=404 if route.name == "notFound" else 200)
    if route.server_id is None:
        frame.servers = listing.my_servers(user.id)
        if route.name == "friends":
            frame.friends = friends_listing.overview(user.id)
        return frame
    try:
        frame.server, frame.membership = access_server(user, route.server_id)
    except ApiError:
        frame.status = 404
        frame.servers = listing.my_servers(user.id)  # the sidebar lists them instead
        return frame
    frame.servers = listing.rail_servers(user.id)
    if frame.member:
        frame.channels = db.session.scalars(select(Channel).where(Channel.server_id == frame.server.id)
                                            .order_by(Channel.position, Channel.id)).all()
    stats = listing.stats_for([frame.server.id], frame.channels if frame.member else None)
    frame.server_dict = listing.server_dict(frame.server, stats[frame.server.id], frame.membership)
    if route.channel_id is not None:
        frame.channel = next((c for c in frame.channels if c.id == route.channel_id), None)
        if frame.channel is None:
            frame.status = 404
        elif frame.channel.type != "VOICE":
            frame.messages, frame.has_more = page_of(frame.channel.id)
    return frame
