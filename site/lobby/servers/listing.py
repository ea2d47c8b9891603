"""Reading servers: counts from the database in one query per list, and the wire shape."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app, url_for
from sqlalchemy import bindparam, func, or_, select

from lobby.database import utcnow
from lobby.extensions import db
from lobby.people.person import person_dict
from lobby.servers.models import VOICE, Channel, Membership, Server

TRENDING_WINDOW = timedelta(days=7)
TRENDING_JOINS = 3  # a server with this many new members in a week is marked trending


@dataclass
class Stats:
    members: int = 0
    text_channels: int = 0
    voice_channels: int = 0
    recent_joins: int = 0
    online: int = 0
    voice_active: bool = False


def visible_statuses(user_ids, viewer: int | None = None) -> dict[int, str]:
    """{user id: online|idle|dnd} for those of these users `viewer` sees online (no viewer, as in
    online counts: those who show themselves to everyone)."""
    return current_app.extensions["lobby.presence"].visible_statuses(user_ids, viewer)


_MEMBER_ROWS = select(Membership.server_id, Membership.user_id, Membership.joined_at)
MEMBERS = _MEMBER_ROWS.where(Membership.server_id.in_(bindparam("servers", expanding=True)))
# One server's (every server page): an expanding IN list is rendered again on each call, this is not.
MEMBERS_OF_ONE = _MEMBER_ROWS.where(Membership.server_id == bindparam("server"))


def stats_for(server_ids: list[int], channels: list[Channel] | None = None) -> dict[int, Stats]:
    """Members, recent joins and who is online from one read of the servers' memberships (the
    online count needs every member id anyway, and one presence lookup: one Redis round trip in
    production), channel counts from a second, whatever the number of servers; or from
    `channels`, every channel of these servers, when the caller has them already. Which servers
    have someone in voice: one more round trip."""
    stats = {server_id: Stats() for server_id in server_ids}
    if not server_ids:
        return stats
    for server_id in current_app.extensions["lobby.voice"].store.active_servers(server_ids):
        stats[server_id].voice_active = True
    since = utcnow() - TRENDING_WINDOW
    members = (db.session.execute(MEMBERS_OF_ONE, {"server": server_ids[0]}) if len(server_ids) == 1
               else db.session.execute(MEMBERS, {"servers": server_ids})).all()
    online = visible_statuses(user_id for _, user_id, _ in members)
    for server_id, user_id, joined_at in members:
        counted = stats[server_id]
        counted.members += 1
        counted.recent_joins += joined_at > since
        counted.online += user_id in online
    if channels is None:
        counts = db.session.execute(select(Channel.server_id, Channel.type, func.count())
                                    .where(Channel.server_id.in_(server_ids)).group_by(Channel.server_id, Channel.type)).all()
    else:
        counts = [(*key, n) for key, n in Counter((channel.server_id, channel.type) for channel in channels).items()]
    for server_id, kind, count in counts:
        if kind == VOICE:
            stats[server_id].voice_channels = count
        else:
            stats[server_id].text_channels = count
    return stats


def icon_url(server: Server) -> str | None:
    if not server.icon_file:
        return None
    return url_for("servers_api.icon", server_id=server.id, v=server.icon_file[:8])


def server_dict(server: Server, stats: Stats, membership: Membership | None = None) -> dict:
    body = {
        "id": server.id, "name": server.name, "description": server.description, "iconUrl": icon_url(server),
        "ownerId": server.owner_id, "owner": person_dict(server.owner),
        "category": server.category, "isPublic": server.is_public,
        "isVerified": server.is_verified, "verified": server.is_verified,
        "trending": stats.recent_joins >= TRENDING_JOINS,
        "memberCount": stats.members, "channelCount": stats.text_channels + stats.voice_channels,
        "textChannelCount": stats.text_channels, "voiceChannelCount": stats.voice_channels,
        "onlineCount": stats.online, "voiceActive": stats.voice_active,
        "createdAt": server.created_at.isoformat(), "_count": {"members": stats.members},
        "myRole": membership.role if membership else None,
    }
    if membership is not None:
        body["inviteCode"] = server.invite_code  # only members learn the code
    return body


def dicts(servers: list[Server], memberships: dict[int, Membership]) -> list[dict]:
    stats = stats_for([server.id for server in servers])
    return [server_dict(server, stats[server.id], memberships.get(server.id)) for server in servers]


# A person's servers in their own order (the rail): placed ones by their place, then those never
# placed (None), oldest membership first — a server joined goes last without a write.
MY_ORDER = (Membership.position.is_(None), Membership.position, Membership.joined_at, Membership.server_id)


def my_servers(user_id: int) -> list[dict]:
    rows = db.session.execute(
        select(Server, Membership).join(Membership, Membership.server_id == Server.id)
        .where(Membership.user_id == user_id).order_by(*MY_ORDER)
    ).all()
    return dicts([server for server, _ in rows], {server.id: membership for server, membership in rows})


RAIL = (select(Server.id, Server.name, Server.description, Server.icon_file, Server.owner_id, Server.is_public,
               Server.invite_code, Membership.role)
        .join(Membership, Membership.server_id == Server.id).where(Membership.user_id == bindparam("user"))
        .order_by(*MY_ORDER))


def rail_servers(user_id: int) -> list[dict]:
    """The person's servers as the rail, its menus and the server cards show them, in their order:
    one statement, no counts (a channel page draws the rail without reading every server's members).
    The fields are those of `server_dict` they need (the invite code: they are all members)."""
    servers = []
    for server_id, name, description, icon_file, owner_id, public, code, role in db.session.execute(RAIL, {"user": user_id}):
        icon = url_for("servers_api.icon", server_id=server_id, v=icon_file[:8]) if icon_file else None
        servers.append({"id": server_id, "name": name, "description": description, "iconUrl": icon,
                        "ownerId": owner_id, "isPublic": public, "inviteCode": code, "myRole": role})
    return servers


def my_order(user_id: int) -> list[int]:
    """The person's server ids, top first."""
    return list(db.session.scalars(select(Membership.server_id).where(Membership.user_id == user_id)
                                   .order_by(*MY_ORDER)))


SORTS = {"members", "trending", "newest"}


def public_servers(user_id: int, category: str, search: str, sort: str, page: int, limit: int,
                   not_joined: bool = False) -> tuple[list[dict], int]:
    """`not_joined`: leave out the user's own servers (recommendations: something new)."""
    query = select(Server).where(Server.is_public.is_(True))
    if not_joined:
        query = query.where(Server.id.not_in(select(Membership.server_id).where(Membership.user_id == user_id)))
    if category and category != "all":
        query = query.where(Server.category == category)
    if search:
        pattern = f"%{search.lower()}%"
        query = query.where(or_(func.lower(Server.name).like(pattern), func.lower(Server.description).like(pattern)))
    total = db.session.scalar(select(func.count()).select_from(query.subquery()))
    members = select(func.count()).where(Membership.server_id == Server.id).correlate(Server).scalar_subquery()
    since = utcnow() - TRENDING_WINDOW
    recent = (select(func.count()).where(Membership.server_id == Server.id, Membership.joined_at > since)
              .correlate(Server).scalar_subquery())
    order = {"members": [members.desc()], "trending": [recent.desc(), members.desc()],
             "newest": [Server.created_at.desc()]}[sort if sort in SORTS else "members"]
    servers = db.session.scalars(query.order_by(*order, Server.id.desc()).offset((page - 1) * limit).limit(limit)).all()
    mine = {m.server_id: m for m in db.session.scalars(
        select(Membership).where(Membership.user_id == user_id, Membership.server_id.in_([s.id for s in servers])))}
    return dicts(list(servers), mine), total


def search_servers(user_id: int, q: str, limit: int = 20) -> list[dict]:
    """Public servers and the user's own servers whose name matches."""
    pattern = f"%{q.lower()}%"
    mine = select(Membership.server_id).where(Membership.user_id == user_id)
    servers = db.session.scalars(
        select(Server).where(func.lower(Server.name).like(pattern), or_(Server.is_public.is_(True), Server.id.in_(mine)))
        .order_by(Server.name).limit(limit)
    ).all()
    memberships = {m.server_id: m for m in db.session.scalars(
        select(Membership).where(Membership.user_id == user_id, Membership.server_id.in_([s.id for s in servers])))}
    return dicts(list(servers), memberships)
