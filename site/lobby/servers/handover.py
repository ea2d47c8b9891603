"""What becomes of the servers a person owns when their account is deleted.

A server with other (active) members goes to its oldest moderator, else its oldest member: the
people who kept it going keep it, and nobody is left in a server no one can administer. A server
with nobody else in it is deleted with its channels and messages: no one could ever read them."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import case, select

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.messages.models import Attachment, Message
from lobby.servers.models import MODERATOR, OWNER, Channel, Membership, Server


@dataclass
class Handover:
    transferred: list[tuple[int, int]] = field(default_factory=list)  # (server id, new owner id)
    deleted: list[int] = field(default_factory=list)
    attachment_files: list[str] = field(default_factory=list)  # to remove after the commit
    icon_files: list[str] = field(default_factory=list)


def successor_of(server: Server) -> Membership | None:
    """The oldest moderator, else the oldest member, among active accounts other than the owner."""
    moderators_first = case((Membership.role == MODERATOR, 0), else_=1)
    return db.session.scalar(
        select(Membership).join(User, User.id == Membership.user_id)
        .where(Membership.server_id == server.id, Membership.user_id != server.owner_id,
               User.is_deactivated.is_(False))
        .order_by(moderators_first, Membership.joined_at, Membership.id).limit(1))


def hand_over_servers(owner_id: int) -> Handover:
    """Inside the deletion's transaction: pass on or delete every server `owner_id` owns."""
    done = Handover()
    for server in db.session.scalars(select(Server).where(Server.owner_id == owner_id)).all():
        heir = successor_of(server)
        if heir is not None:
            server.owner_id, heir.role = heir.user_id, OWNER
            done.transferred.append((server.id, heir.user_id))
            continue
        done.attachment_files += db.session.scalars(
            select(Attachment.stored_name).join(Message, Message.id == Attachment.message_id)
            .join(Channel, Channel.id == Message.channel_id).where(Channel.server_id == server.id)).all()
        if server.icon_file:
            done.icon_files.append(server.icon_file)
        done.deleted.append(server.id)
        db.session.delete(server)  # channels, messages, memberships, bans go with it (ON DELETE CASCADE)
    db.session.flush()
    return done
