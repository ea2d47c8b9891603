"""`do_*`: every change to friendships, requests and blocks. One transaction each; the live events
go out after its commit.

Races are settled by the tables: one request a pair (`FriendRequest.pair`), one friendship row a
side, one block per blocker and blocked; a request is answered by deleting it, and only the answer
that deleted it goes on."""
from __future__ import annotations

from flask import current_app
from sqlalchemy import delete, or_
from sqlalchemy.exc import IntegrityError

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.dms.calls import end_call_on_block
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.friends.access import access_requestable, access_user, request_not_found
from lobby.friends.listing import friend_of
from lobby.friends.models import Block, Friendship, FriendRequest, pair_of
from lobby.friends.notify import (notify_friend_removed, notify_request_accepted, notify_request_received,
                                  notify_request_removed)
from lobby.friends.privacy import accepts_requests_from
from lobby.notifications.friends import do_notify_friend_accepted, do_notify_friend_request, do_settle_friend_request
from lobby.friends.relations import are_friends, has_blocked, is_blocked_either_way, pending_between
from lobby.texts import text

REFUSED = "FRIEND_REQUESTS_CLOSED"  # a block by the target reads the same as their privacy setting


def refused() -> ApiError:
    return ApiError(403, text("friends.requests_closed"), REFUSED)


def do_send_request(sender: User, username: str, message: str | None) -> tuple[str, dict]:
    """Ask someone to be friends: ("request", the new request), or ("friend", the new friend) when
    they had already asked the sender — their request is accepted instead. Two people asking each
    other at once: the second insert fails on the pair and, tried again, accepts the first."""
    try:
        return send_request(sender, username, message)
    except IntegrityError:
        db.session.rollback()
        return send_request(sender, username, message)


def send_request(sender: User, username: str, message: str | None) -> tuple[str, dict]:
    target = access_requestable(username)
    if target.id == sender.id:
        raise ApiError(400, text("friends.not_yourself"), "CANNOT_ADD_SELF")
    if has_blocked(sender.id, target.id):
        raise ApiError(403, text("friends.you_blocked"), "USER_BLOCKED")
    if has_blocked(target.id, sender.id):
        raise refused()  # the blocked person does not learn of the block
    if are_friends(sender.id, target.id):
        raise ApiError(409, text("friends.already_friends"), "ALREADY_FRIENDS")
    pending = pending_between(sender.id, target.id)
    if pending is not None and pending.from_user_id == sender.id:
        raise ApiError(409, text("friends.request_pending"), "REQUEST_PENDING")
    if pending is not None:
        return "friend", do_accept(sender, pending)
    if not accepts_requests_from(target.id, sender.id):
        raise refused()
    request = FriendRequest(from_user_id=sender.id, to_user_id=target.id, pair=pair_of(sender.id, target.id),
                            message=message, from_user=sender, to_user=target)
    db.session.add(request)
    db.session.flush()
    sent = request.to_dict()
    db.session.commit()
    notify_request_received(sent)
    do_notify_friend_request(sent)
    return "request", sent


def do_accept(user: User, request: FriendRequest) -> dict:
    """Accept a request sent to the user (the caller checked that): the new friend, as a Friend."""
    other = request.from_user
    if is_blocked_either_way(user.id, other.id):  # sent in the instant of a block: it died with it
        drop(request)
        raise request_not_found()
    since = utcnow()
    try:
        if not db.session.execute(delete(FriendRequest).where(FriendRequest.id == request.id)).rowcount:
            raise request_not_found()  # answered meanwhile, in another tab
        db.session.add_all([Friendship(user_id=user.id, friend_id=other.id, created_at=since),
                            Friendship(user_id=other.id, friend_id=user.id, created_at=since)])
        db.session.commit()
    except IntegrityError:  # already friends (a request slipped in while they became friends)
        db.session.rollback()
        db.session.execute(delete(FriendRequest).where(FriendRequest.id == request.id))
        db.session.commit()
        do_settle_friend_request(user.id, other.id)
        return friend_of(other, since, user.id)
    except ApiError:
        db.session.rollback()
        raise
    friends = [(user.id, friend_of(other, since, user.id)), (other.id, friend_of(user, since, other.id))]
    notify_request_accepted(friends)
    do_settle_friend_request(user.id, other.id)  # its notification is read, on every device
    do_notify_friend_accepted(user, other.id)
    return friends[0][1]


def drop(request: FriendRequest) -> None:
    """Decline, cancel, or clear a dead request: gone for both sides."""
    request_id, people = request.id, [request.from_user_id, request.to_user_id]
    gone = db.session.execute(delete(FriendRequest).where(FriendRequest.id == request_id)).rowcount
    db.session.commit()
    if not gone:
        raise request_not_found()
    notify_request_removed(request_id, people)
    do_settle_friend_request(people[1], people[0])  # declined or withdrawn: nothing left to answer


def end_friendship(a: int, b: int) -> bool:
    """Delete both sides' rows (inside the caller's transaction); whether they were friends."""
    return bool(db.session.execute(delete(Friendship).where(or_(
        (Friendship.user_id == a) & (Friendship.friend_id == b),
        (Friendship.user_id == b) & (Friendship.friend_id == a)))).rowcount)


def do_unfriend(user: User, other_id: int) -> None:
    if not end_friendship(user.id, other_id):
        db.session.rollback()
        raise ApiError(404, text("friends.not_friends"), "NOT_FRIENDS")
    db.session.commit()
    notify_friend_removed(user.id, other_id)


def do_block(user: User, target_id: int) -> None:
    """Block anyone, friend or not: the friendship ends, requests either way are dropped, and the
    blocked person cannot ask again. Blocking twice is no error."""
    if target_id == user.id:
        raise ApiError(400, text("friends.block_yourself"), "CANNOT_BLOCK_SELF")
    target = access_user(target_id)
    were_friends = end_friendship(user.id, target.id)
    pending = pending_between(user.id, target.id)
    dropped = (pending.id, [pending.from_user_id, pending.to_user_id]) if pending is not None else None
    if pending is not None:
        db.session.delete(pending)
    if not has_blocked(user.id, target.id):
        db.session.add(Block(blocker_id=user.id, blocked_id=target.id))
    try:
        db.session.commit()
    except IntegrityError:  # the same block from another tab, in the same instant: it did all this
        db.session.rollback()
        return
    if were_friends:
        notify_friend_removed(user.id, target.id)
    if dropped is not None:
        notify_request_removed(*dropped)
        do_settle_friend_request(dropped[1][1], dropped[1][0])
    end_call_on_block(user.id, target.id)
    notify_presence_shown(user, target.id)  # the blocked one reads the blocker offline, no custom status


def do_unblock(user: User, target_id: int) -> None:
    """Lift a block. The friendship it ended does not come back."""
    gone = db.session.execute(delete(Block).where(Block.blocker_id == user.id, Block.blocked_id == target_id)).rowcount
    db.session.commit()
    if not gone:
        raise ApiError(404, text("friends.not_blocked"), "NOT_BLOCKED")
    notify_presence_shown(user, target_id)  # their status again, as their settings let the other see it


def notify_presence_shown(user: User, viewer_id: int) -> None:
    """A block given or lifted changes what `viewer_id` may see of the user's presence (presence's
    rule): their open views are told at once (`user_status`), as presence announces a change."""
    current_app.extensions["lobby.presence"].show_to(user.id, viewer_id, user.custom_status or "")
