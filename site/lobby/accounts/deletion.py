"""Deleting an account. The person goes; what they said stays.

The `users` row is kept as a tombstone, «Удалённый пользователь» with no name, address, picture or
password, so messages (and reactions, replies, DMs the other person keeps) still have an author.
Its username and address keys become `deleted:<id>`, which no registration can produce (a colon
is not allowed in either), so the name and the address are free for anyone at once. Servers the
person owns pass to someone else or are deleted (`servers/handover.py`). Friendships, requests,
blocks, memberships, bans, notifications, read markers, codes and settings are deleted; every
session ends (sockets close with 4001) and a voice seat is taken away."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import current_app
from sqlalchemy import delete, or_, select

from lobby.accounts.actions import end_every_session
from lobby.accounts.models import EmailCode, PasswordReset, User
from lobby.accounts.password_change import check_current_password
from lobby.database import utcnow
from lobby.errors import ValidationError
from lobby.extensions import db
from lobby.friends.models import Block, FriendActivity, FriendRequest, Friendship, Privacy, ProfileStatus
from lobby.friends.notify import notify_friend_removed, notify_request_removed
from lobby.i18n import N_, _
from lobby.jobs.queue import enqueue
from lobby.messages.jobs import remove_attachment_files
from lobby.notifications.models import FRIEND_REQUEST, Notification
from lobby.reads.models import MessageMention, ReadState
from lobby.realtime.notify import notify_sessions_revoked
from lobby.servers import icons
from lobby.servers.handover import hand_over_servers
from lobby.servers.models import Ban, Membership
from lobby.texts import stored_text, text
from lobby.voice.actions import do_drop_seat

CONFIRMATION_WORD = N_("УДАЛИТЬ")  # the spec's word; the reader's language may have its own
UNUSABLE_PASSWORD = "!deleted"  # not an argon2 hash: nothing ever verifies against it


def confirmation_word() -> str:
    """The word to type, in the reader's language."""
    return _(CONFIRMATION_WORD)


def check_confirmation(value) -> None:
    """The spec's word always does (API clients send it), and so does the reader's own."""
    typed = value.strip().upper() if isinstance(value, str) else None
    if typed not in (CONFIRMATION_WORD, confirmation_word().upper()):
        raise ValidationError({"confirmation": text("account.confirmation_wrong", word=confirmation_word())})


@dataclass
class Goodbyes:
    """Who must hear of the deletion, gathered before the rows go."""
    friend_ids: list[int]
    requests: list[tuple[int, list[int]]]


def do_delete_account(user: User, password, confirmation) -> None:
    check_current_password(user, password)
    check_confirmation(confirmation)
    goodbyes = Goodbyes(
        friend_ids=list(db.session.scalars(select(Friendship.friend_id).where(Friendship.user_id == user.id))),
        requests=[(r.id, [r.from_user_id, r.to_user_id]) for r in db.session.scalars(select(FriendRequest).where(
            or_(FriendRequest.from_user_id == user.id, FriendRequest.to_user_id == user.id)))])
    handover = hand_over_servers(user.id)
    forget_relations(user.id)
    avatar = user.avatar_file
    release(user)
    end_every_session(user)
    db.session.commit()
    after_commit(user.id, goodbyes, handover, avatar)


def forget_relations(user_id: int) -> None:
    """Every row that ties the person to others or keeps their state (inside the transaction)."""
    either = {Friendship: (Friendship.user_id, Friendship.friend_id),
              FriendRequest: (FriendRequest.from_user_id, FriendRequest.to_user_id),
              Block: (Block.blocker_id, Block.blocked_id)}
    for model, (one, other) in either.items():
        db.session.execute(delete(model).where(or_(one == user_id, other == user_id)))
    for column in (Membership.user_id, Ban.user_id, FriendActivity.actor_id, ProfileStatus.user_id, Privacy.user_id,
                   Notification.user_id, ReadState.user_id, MessageMention.user_id, EmailCode.user_id,
                   PasswordReset.user_id):
        db.session.execute(delete(column.class_).where(column == user_id))
    # A request notification points at a request that is gone; the others (mentions, replies) stay.
    db.session.execute(delete(Notification).where(Notification.actor_id == user_id, Notification.type == FRIEND_REQUEST))
    settings = db.metadata.tables.get("user_settings")  # the settings' table, where it exists
    if settings is not None:
        db.session.execute(delete(settings).where(settings.c.user_id == user_id))


def release(user: User) -> None:
    """Make the row a tombstone: nameless, unreachable, its username and address free again."""
    user.username = stored_text("account.deleted_user")  # stored: Russian, whoever deletes (others read it)
    user.username_key = user.email_key = user.email = f"deleted:{user.id}"
    user.first_name = user.last_name = ""
    user.password_hash = UNUSABLE_PASSWORD
    user.profile_image_url = user.avatar_file = None
    user.display_name = user.bio = user.pronouns = user.custom_status = None
    user.is_deactivated = True
    user.deleted_at = utcnow()


def after_commit(user_id: int, goodbyes: Goodbyes, handover, avatar: str | None) -> None:
    notify_sessions_revoked(user_id)
    do_drop_seat(user_id)
    for friend_id in goodbyes.friend_ids:
        notify_friend_removed(user_id, friend_id)
    for request_id, people in goodbyes.requests:
        notify_request_removed(request_id, people)
    if handover.attachment_files:
        enqueue(remove_attachment_files, handover.attachment_files)
    for name in handover.icon_files:
        icons.remove_icon(name)
    if avatar and Path(avatar).name == avatar:
        (Path(current_app.config["UPLOAD_FOLDER"]) / "avatars" / avatar).unlink(missing_ok=True)
