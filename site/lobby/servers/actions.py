"""`do_*`: every change to servers, channels, memberships and bans. One transaction each, with
an audit entry for what moderators and owners do."""
from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import delete, func, select

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.i18n import _
from lobby.reads.actions import start_markers
from lobby.realtime.notify import notify_access_revoked
from lobby.servers.notify import notify_member_joined, notify_member_left, notify_user_servers
from lobby.realtime.watch import notify_channel_created, notify_server_channels
from lobby.servers import icons
from lobby.servers.access import active_ban, membership_of
from lobby.servers.models import MEMBER, MODERATOR, OWNER, AuditEntry, Ban, Channel, Membership, Server
from lobby.servers.validation import TEMPLATES
from lobby.texts import text
from lobby.voice.actions import do_drop_seat

BANNED = text("server.banned")  # Russian, for the API document; an answer asks text() then


def new_invite_code() -> str:
    return secrets.token_urlsafe(9)  # 12 characters, 72 random bits: not guessable


def audit(server_id: int, kind: str, moderator: User, target: User | None = None, reason: str | None = None) -> None:
    db.session.add(AuditEntry(server_id=server_id, type=kind, moderator_id=moderator.id,
                              target_user_id=target.id if target else None, reason=reason))


def do_create_server(owner: User, fields: dict, icon_upload=None) -> Server:
    icon_file = icons.save_icon(icon_upload) if icon_upload else None
    server = Server(name=fields["name"], description=fields["description"], owner_id=owner.id,
                    category=fields["category"], is_public=fields["is_public"], icon_file=icon_file,
                    invite_code=new_invite_code())
    db.session.add(server)
    db.session.flush()
    for position, (name, kind) in enumerate(TEMPLATES[fields["template"]]):
        db.session.add(Channel(server_id=server.id, name=_(name), type=kind, position=position))
    db.session.add(Membership(server_id=server.id, user_id=owner.id, role=OWNER))
    db.session.commit()
    notify_server_channels(owner.id, server.id)
    notify_user_servers(owner.id, "created", server.id)
    return server


def do_update_server(server: Server, by: User, changes: dict, icon_upload=None) -> Server:
    old_icon = None
    if icon_upload:  # an empty file part (a form's untouched file input) is no new icon, as in create
        old_icon, server.icon_file = server.icon_file, icons.save_icon(icon_upload)
    for field, value in changes.items():
        setattr(server, field, value)
    audit(server.id, "SETTINGS", by, reason=", ".join(sorted(changes) + (["icon"] if icon_upload else [])) or None)
    db.session.commit()
    icons.remove_icon(old_icon)
    return server


def do_regenerate_invite(server: Server, by: User) -> str:
    server.invite_code = new_invite_code()
    audit(server.id, "INVITE_REGENERATE", by)
    db.session.commit()
    return server.invite_code


def do_join(server: Server, user: User) -> Membership:
    """Join a server (the caller checked how: public, or by its invite code). Idempotent."""
    existing = membership_of(user, server.id)
    if existing is not None:
        return existing
    if active_ban(user.id, server.id):
        raise ApiError(403, text("server.banned"), "BANNED")
    membership = Membership(server_id=server.id, user_id=user.id, role=MEMBER)
    db.session.add(membership)
    start_markers(user.id, server.id)  # the server's history is not unread to a newcomer
    db.session.commit()
    notify_server_channels(user.id, server.id)
    notify_member_joined(server.id, user.id)
    notify_user_servers(user.id, "joined", server.id)
    return membership


def do_leave(server: Server, membership: Membership) -> None:
    if membership.role == OWNER:
        raise ApiError(409, text("server.owner_cannot_leave"), "OWNER_CANNOT_LEAVE")
    user_id = membership.user_id
    db.session.delete(membership)
    db.session.commit()
    notify_access_revoked(server.id, user_id, "leave", server.name)
    notify_member_left(server.id, user_id)
    notify_user_servers(user_id, "left", server.id)
    do_drop_seat(user_id, server_id=server.id)  # a seat in its voice channels goes at once


def do_create_channel(server: Server, by: User, fields: dict) -> Channel:
    last = db.session.scalar(select(func.max(Channel.position)).where(Channel.server_id == server.id))
    channel = Channel(server_id=server.id, name=fields["name"], type=fields["type"],
                      description=fields["description"], position=(last if last is not None else -1) + 1)
    db.session.add(channel)
    audit(server.id, "CHANNEL_CREATE", by, reason=f"#{fields['name']} ({fields['type']})")
    db.session.commit()
    notify_channel_created(channel)
    return channel


def check_can_moderate(server: Server, actor: Membership, target_id: int) -> User:
    """Nobody acts on the owner or on themselves; moderators do not act on other moderators."""
    target = db.session.get(User, target_id)
    if target is None:
        raise ApiError(404, text("moderation.user_not_found"), "USER_NOT_FOUND")
    if target.id == server.owner_id:
        raise ApiError(403, text("moderation.not_on_owner"), "FORBIDDEN")
    if target.id == actor.user_id:
        raise ApiError(400, text("moderation.not_on_self"), "BAD_REQUEST")
    target_membership = membership_of(target, server.id)
    if target_membership is not None and target_membership.role == MODERATOR and actor.role != OWNER:
        raise ApiError(403, text("moderation.not_on_moderator"), "FORBIDDEN")
    return target


def do_kick(server: Server, actor: Membership, target_id: int, reason: str) -> User:
    target = check_can_moderate(server, actor, target_id)
    membership = membership_of(target, server.id)
    if membership is None:
        raise ApiError(404, text("moderation.not_a_member"), "NOT_A_MEMBER")
    db.session.delete(membership)
    audit(server.id, "KICK", actor.user, target, reason)
    db.session.commit()
    notify_access_revoked(server.id, target.id, "kick", server.name, reason)
    notify_member_left(server.id, target.id)
    notify_user_servers(target.id, "kicked", server.id)
    do_drop_seat(target.id, server_id=server.id)  # a seat in its voice channels goes at once
    return target


def do_ban(server: Server, actor: Membership, target_id: int, reason: str, duration_seconds: int | None) -> User:
    target = check_can_moderate(server, actor, target_id)
    db.session.execute(delete(Membership).where(Membership.server_id == server.id, Membership.user_id == target.id))
    db.session.execute(delete(Ban).where(Ban.server_id == server.id, Ban.user_id == target.id))
    expires = utcnow() + timedelta(seconds=duration_seconds) if duration_seconds else None
    db.session.add(Ban(server_id=server.id, user_id=target.id, reason=reason, banned_by_id=actor.user_id,
                       expires_at=expires))
    audit(server.id, "BAN", actor.user, target, reason)
    db.session.commit()
    notify_access_revoked(server.id, target.id, "ban", server.name, reason)
    notify_member_left(server.id, target.id)
    notify_user_servers(target.id, "banned", server.id)
    do_drop_seat(target.id, server_id=server.id)  # a seat in its voice channels goes at once
    return target


def do_unban(server: Server, actor: Membership, target_id: int) -> None:
    ban = db.session.scalar(select(Ban).where(Ban.server_id == server.id, Ban.user_id == target_id))
    if ban is None:
        raise ApiError(404, text("moderation.not_banned"), "NOT_BANNED")
    target = ban.user
    db.session.delete(ban)
    audit(server.id, "UNBAN", actor.user, target)
    db.session.commit()
