"""`notify_*` for the live socket itself: events that change what a connection may hear."""
from __future__ import annotations

from sqlalchemy import select

from lobby.extensions import db
from lobby.realtime.bus import Recipients, publish


def notify_access_revoked(server_id: int, user_id: int, reason: str, server_name: str | None = None,
                          moderator_reason: str | None = None) -> None:
    """The user lost a server (`reason`: kick, ban, leave): every process's hub drops that user's
    sockets from the server's channels at once and tells them, so the app leaves the server's
    screens, saying which server and, for a kick or ban, the moderator's reason. Call after the commit."""
    from lobby.servers.models import Channel

    channel_ids = list(db.session.scalars(select(Channel.id).where(Channel.server_id == server_id)))
    publish({"type": "access_revoked", "data": {"serverId": server_id, "userId": user_id, "channelIds": channel_ids,
                                          "reason": reason, "serverName": server_name,
                                          "moderatorReason": moderator_reason}},
            Recipients.of(users=[user_id]))


def notify_sessions_revoked(user_id: int) -> None:
    """Every session of the user ended (password reset, deactivation): every process closes the
    user's open sockets with 4001, as if their token had expired. Call after the commit."""
    publish({"type": "sessions_revoked", "data": {"userId": user_id}}, Recipients.of(users=[user_id]))


def notify_sign_ins_ended(ended: list[tuple[int, int]]) -> None:
    """These (user id, sign-in id) sessions ended (sign-out): every process closes the sockets
    opened with them, with 4001; the user's other sessions stay. Call after the commit."""
    for user_id, sign_in_id in ended:
        publish({"type": "sessions_revoked", "data": {"userId": user_id, "signInId": sign_in_id}},
                Recipients.of(users=[user_id]))
