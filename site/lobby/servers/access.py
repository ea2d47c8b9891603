"""`access_*`: load and authorize. The one place that answers 404 and 403 for servers.

A private server the user is not a member of answers 404, as if it did not exist."""
from __future__ import annotations

from sqlalchemy import and_, bindparam, or_, select
from sqlalchemy.orm import lazyload

from lobby.accounts.models import User
from lobby.dms.models import DirectChat, DmParticipant
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.servers.models import Ban, Channel, Membership, Server
from lobby.texts import text

# Russian, for the API document (built at import); an answer asks text() when it is made.
NOT_FOUND = text("server.not_found")
NOT_MEMBER = text("server.not_member")
NO_RIGHTS = text("server.no_rights")


def membership_of(user: User, server_id: int) -> Membership | None:
    # `membership.user` is the caller, already in the session: no join needed to get it.
    return db.session.scalar(select(Membership).where(Membership.server_id == server_id, Membership.user_id == user.id)
                             .options(lazyload(Membership.user)))


def active_ban(user_id: int, server_id: int) -> Ban | None:
    ban = db.session.scalar(select(Ban).where(Ban.server_id == server_id, Ban.user_id == user_id))
    return ban if ban is not None and ban.active() else None


# One statement, built once: the server (with its owner) and the caller's membership, if any.
SERVER_WITH_MEMBERSHIP = (
    select(Server, Membership).where(Server.id == bindparam("server"))
    .outerjoin(Membership, and_(Membership.server_id == Server.id, Membership.user_id == bindparam("user")))
    .options(lazyload(Membership.user))
)


def access_server(user: User, server_id: int) -> tuple[Server, Membership | None]:
    """A server the user may see: any public one, or one they belong to."""
    row = db.session.execute(SERVER_WITH_MEMBERSHIP, {"server": server_id, "user": user.id}).first()
    server, membership = row if row is not None else (None, None)
    if server is None or (not server.is_public and membership is None):
        raise ApiError(404, text("server.not_found"), "SERVER_NOT_FOUND")
    return server, membership


def access_member(user: User, server_id: int) -> tuple[Server, Membership]:
    """A server the user belongs to (channels, members, messages)."""
    server, membership = access_server(user, server_id)
    if membership is None:
        raise ApiError(403, text("server.not_member"), "NOT_A_MEMBER")
    return server, membership


def access_moderator(user: User, server_id: int) -> tuple[Server, Membership]:
    server, membership = access_member(user, server_id)
    if not membership.moderates:
        raise ApiError(403, text("server.no_rights"), "FORBIDDEN")
    return server, membership


def access_owner(user: User, server_id: int) -> tuple[Server, Membership]:
    server, membership = access_member(user, server_id)
    if server.owner_id != user.id:
        raise ApiError(403, text("server.no_rights"), "FORBIDDEN")
    return server, membership


# One statement, built once, for every message sent and read: the channel, the caller's membership
# of its server, and whether the caller is one of the two people of a DM channel (a primary-key
# read of `direct_chats`; nothing for a server's channel).
CHANNEL_WITH_ACCESS = (
    select(Channel, Membership, DirectChat.user_low_id, DirectChat.user_high_id)
    .where(Channel.id == bindparam("channel"))
    .outerjoin(Membership, and_(Membership.server_id == Channel.server_id, Membership.user_id == bindparam("user")))
    .outerjoin(DirectChat, and_(DirectChat.channel_id == Channel.id, or_(DirectChat.user_low_id == bindparam("user"),
                                                                         DirectChat.user_high_id == bindparam("user"))))
    .options(lazyload(Membership.user))
)


def access_channel(user: User, channel_id: int) -> tuple[Channel, Membership | DmParticipant]:
    """A channel of a server the user belongs to, or a DM of which the user is one of the two
    people; 404 otherwise (channels are never public). For a DM the second value answers `role`
    and `moderates` like a membership (`DmParticipant`). One query: every message sent goes
    through here."""
    row = db.session.execute(CHANNEL_WITH_ACCESS, {"channel": channel_id, "user": user.id}).first()
    channel, membership, low, high = row if row is not None else (None, None, None, None)
    if channel is not None and channel.server_id is None and low is not None:
        return channel, DmParticipant(user.id, high if low == user.id else low)
    if channel is None or membership is None:
        raise channel_not_found()
    return channel, membership


def channel_not_found() -> ApiError:
    return ApiError(404, text("channel.not_found"), "CHANNEL_NOT_FOUND")
