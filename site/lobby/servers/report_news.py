"""Reports reach the moderators live: a new report, or one resolved, tells the server's owner and
moderators (every tab) `reports_changed {serverId, openCount}`, so the moderation panel's queue and
its count follow without a reload. Call after the commit."""
from __future__ import annotations

from sqlalchemy import select

from lobby.extensions import db
from lobby.realtime.bus import Recipients, publish
from lobby.servers.models import MODERATOR, OWNER, Membership


def staff_ids(server_id: int) -> list[int]:
    return list(db.session.scalars(select(Membership.user_id).where(
        Membership.server_id == server_id, Membership.role.in_((OWNER, MODERATOR)))))


def notify_reports_changed(server_id: int, open_count: int) -> None:
    people = staff_ids(server_id)
    if people:
        publish({"type": "reports_changed", "data": {"serverId": server_id, "openCount": open_count}},
                Recipients.of(users=people))
