"""Who is what to whom: friends, blocks, pending requests. Read-only; the DM and mention rules use
`are_friends` and `is_blocked_either_way` too."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import exists, or_, select

from lobby.extensions import db
from lobby.friends.models import Block, Friendship, FriendRequest, pair_of


def are_friends(a: int, b: int) -> bool:
    return bool(db.session.scalar(select(exists().where(Friendship.user_id == a, Friendship.friend_id == b))))


def has_blocked(blocker_id: int, blocked_id: int) -> bool:
    return bool(db.session.scalar(select(exists().where(Block.blocker_id == blocker_id,
                                                        Block.blocked_id == blocked_id))))


def is_blocked_either_way(a: int, b: int) -> bool:
    return bool(db.session.scalar(select(exists().where(or_(
        (Block.blocker_id == a) & (Block.blocked_id == b), (Block.blocker_id == b) & (Block.blocked_id == a))))))


def pending_between(a: int, b: int) -> FriendRequest | None:
    """The request between the two, whoever sent it (there is at most one)."""
    return db.session.scalar(select(FriendRequest).where(FriendRequest.pair == pair_of(a, b)))


def friend_ids_of(user_id: int) -> list[int]:
    return list(db.session.scalars(select(Friendship.friend_id).where(Friendship.user_id == user_id)))


def blocker_ids_of(user_id: int) -> set[int]:
    """Everyone who blocked the user (one read of the `blocked_id` index)."""
    return set(db.session.scalars(select(Block.blocker_id).where(Block.blocked_id == user_id)))


def blocked_ids_of(user_id: int) -> set[int]:
    """Everyone the user blocked (one read of the pair's unique index)."""
    return set(db.session.scalars(select(Block.blocked_id).where(Block.blocker_id == user_id)))


def blocked_either_way_ids(user_id: int) -> set[int]:
    """Everyone the user blocked or who blocked them."""
    rows = db.session.execute(select(Block.blocker_id, Block.blocked_id).where(
        or_(Block.blocker_id == user_id, Block.blocked_id == user_id))).all()
    return {blocked if blocker == user_id else blocker for blocker, blocked in rows}


@dataclass
class Relations:
    """How the viewer stands with some people: their ids by relation."""
    friends: set[int] = field(default_factory=set)
    blocked: set[int] = field(default_factory=set)  # by the viewer (who blocked the viewer stays unsaid)
    pending: set[int] = field(default_factory=set)  # a request either way


def relations_with(viewer_id: int, user_ids: list[int]) -> Relations:
    """Three queries, whatever the number of people (the users search marks each result)."""
    if not user_ids:
        return Relations()
    friends = db.session.scalars(select(Friendship.friend_id).where(
        Friendship.user_id == viewer_id, Friendship.friend_id.in_(user_ids)))
    blocked = db.session.scalars(select(Block.blocked_id).where(
        Block.blocker_id == viewer_id, Block.blocked_id.in_(user_ids)))
    requests = db.session.execute(select(FriendRequest.from_user_id, FriendRequest.to_user_id).where(or_(
        (FriendRequest.from_user_id == viewer_id) & FriendRequest.to_user_id.in_(user_ids),
        (FriendRequest.to_user_id == viewer_id) & FriendRequest.from_user_id.in_(user_ids)))).all()
    pending = {sender if receiver == viewer_id else receiver for sender, receiver in requests}
    return Relations(set(friends), set(blocked), pending)
