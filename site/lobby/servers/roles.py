"""Roles and ownership: the owner appoints and removes moderators, hands the server to a member,
or deletes it. Only `access_owner` callers reach these; each writes an audit entry (but deletion:
its log goes with it)."""
from __future__ import annotations

from sqlalchemy import select, update

from lobby.accounts.models import User
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.jobs.queue import enqueue
from lobby.messages.jobs import remove_attachment_files
from lobby.messages.models import Attachment, Message
from lobby.servers import icons
from lobby.servers.access import membership_of
from lobby.servers.actions import audit
from lobby.servers.models import MODERATOR, OWNER, Channel, Membership, Server
from lobby.servers.notify import member_ids, notify_member_updated, notify_server_deleted, notify_server_gone
from lobby.servers.timeouts import timed_out_until
from lobby.texts import text
from lobby.voice.actions import do_drop_seat


def member_to_change(server: Server, actor: Membership, target_id: int) -> Membership:
    """The target's membership: a member other than the owner (and so other than the caller)."""
    target = db.session.get(User, target_id)
    if target is None or target.is_deactivated:
        raise ApiError(404, text("moderation.user_not_found"), "USER_NOT_FOUND")
    if target.id == actor.user_id:
        raise ApiError(400, text("moderation.not_on_self"), "BAD_REQUEST")
    membership = membership_of(target, server.id)
    if membership is None:
        raise ApiError(404, text("moderation.not_a_member"), "NOT_A_MEMBER")
    return membership


def do_set_role(server: Server, actor: Membership, target_id: int, role: str) -> Membership:
    """`role`: moderator or member. The owner's own role never changes here (a transfer does)."""
    if target_id == server.owner_id:
        raise ApiError(403, text("moderation.not_on_owner_role"), "FORBIDDEN")
    membership = member_to_change(server, actor, target_id)
    if membership.role == OWNER:  # a row out of step with servers.owner_id: never demote it here
        raise ApiError(403, text("moderation.not_on_owner_role"), "FORBIDDEN")
    if membership.role != role:
        membership.role = role
        audit(server.id, "ROLE_CHANGE", actor.user, membership.user, role)
        db.session.commit()
        notify_member_updated(server.id, membership.user_id, role, timed_out_until(membership.user_id, server.id))
    return membership


def do_transfer(server: Server, actor: Membership, target_id: int) -> Membership:
    """The member becomes the owner; the former owner stays on as a moderator. The owner id moves
    only if it is still the caller's (two transfers at once: one wins, the other is refused)."""
    heir = member_to_change(server, actor, target_id)
    moved = db.session.execute(update(Server).where(Server.id == server.id, Server.owner_id == actor.user_id)
                               .values(owner_id=heir.user_id).execution_options(synchronize_session=False))
    if moved.rowcount != 1:
        db.session.rollback()
        raise ApiError(403, text("server.no_rights"), "FORBIDDEN")
    heir.role, actor.role = OWNER, MODERATOR
    audit(server.id, "TRANSFER", actor.user, heir.user)
    db.session.commit()
    db.session.refresh(server)
    for membership in (heir, actor):
        notify_member_updated(server.id, membership.user_id, membership.role,
                              timed_out_until(membership.user_id, server.id))
    return heir


def do_delete_server(server: Server) -> None:
    """The server, its channels, messages, memberships, bans, timeouts, reports and audit log go
    (ON DELETE CASCADE); its files after the commit. Every member's shell leaves it."""
    server_id = server.id
    people = member_ids(server_id)
    channel_ids = list(db.session.scalars(select(Channel.id).where(Channel.server_id == server_id)))
    files = list(db.session.scalars(
        select(Attachment.stored_name).join(Message, Message.id == Attachment.message_id)
        .where(Message.channel_id.in_(channel_ids)))) if channel_ids else []
    icon = server.icon_file
    db.session.delete(server)
    db.session.commit()
    if files:
        enqueue(remove_attachment_files, files)
    icons.remove_icon(icon)
    notify_server_deleted(server_id, people, channel_ids)
    notify_server_gone(server_id, people)
    for user_id in people:
        do_drop_seat(user_id, server_id=server_id)
