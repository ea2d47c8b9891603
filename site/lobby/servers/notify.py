"""`notify_*` for what moderators and owners change about members and servers. Call after the
commit; the recipients are the server's members, named one by one."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from lobby.extensions import db
from lobby.realtime.bus import Recipients, publish
from lobby.database import utcnow
from lobby.servers.listing import my_order
from lobby.servers.models import MEMBER, Membership, Timeout


def member_ids(server_id: int) -> list[int]:
    return list(db.session.scalars(select(Membership.user_id).where(Membership.server_id == server_id)))


def notify_member_updated(server_id: int, user_id: int, role: str | None, timed_out_until: datetime | None) -> None:
    """A member's role or timeout changed: the members tab and the drawer of everyone on the
    server update (`role` None: the user is no longer a member)."""
    people = member_ids(server_id)
    if user_id not in people:
        people.append(user_id)  # the one concerned hears it even after leaving (a timeout outlives that)
    publish({"type": "member_updated", "data": {
        "serverId": server_id, "userId": user_id, "role": role,
        "timedOutUntil": timed_out_until.isoformat() if timed_out_until else None}}, Recipients.of(users=people))


def notify_member_joined(server_id: int, user_id: int) -> None:
    """A newcomer appears in the members' drawers and panels at once (with a timeout still running
    from before they left, if any)."""
    until = db.session.scalar(select(Timeout.until).where(Timeout.server_id == server_id, Timeout.user_id == user_id,
                                                          Timeout.until > utcnow()))
    notify_member_updated(server_id, user_id, MEMBER, until)


def notify_member_left(server_id: int, user_id: int) -> None:
    """Gone by leaving, a kick or a ban: out of every member's drawer and panel at once."""
    notify_member_updated(server_id, user_id, None, None)


def notify_server_deleted(server_id: int, people: list[int], channel_ids: list[int]) -> None:
    """The server is gone: every member's sockets drop its channels and their shells leave it, as
    for a kick (`access_revoked`, reason `delete`). Channel ids are read before the deletion."""
    if not people:
        return
    publish({"type": "access_revoked", "data": {"serverId": server_id, "userId": None, "channelIds": channel_ids,
                                                "reason": "delete"}}, Recipients.of(users=people))


def notify_user_servers(user_id: int, reason: str, server_id: int) -> None:
    """The person's list of servers changed (`reason`: joined, created, left, kicked, banned,
    moved): every tab of theirs, on every device, hears `user_servers` with the list's new order
    (the spec's frame). Call after the commit."""
    publish({"type": "user_servers", "data": {"reason": reason, "serverId": server_id,
                                              "serverIds": my_order(user_id)}}, Recipients.of(users=[user_id]))


def notify_server_gone(server_id: int, people: list[int]) -> None:
    """A server was deleted: every former member's tabs drop it from their lists (one frame for
    all, without each one's order). Call after the commit."""
    if people:
        publish({"type": "user_servers", "data": {"reason": "deleted", "serverId": server_id}},
                Recipients.of(users=people))
