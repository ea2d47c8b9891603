"""`check_*` and `do_*` for messages and reactions, and `notify_*` after each commit. The same
functions serve the JSON API and the live socket."""
from __future__ import annotations

from sqlalchemy import and_, delete, insert, literal, select
from sqlalchemy.exc import IntegrityError

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.errors import ApiError, ValidationError
from lobby.extensions import db
from lobby.jobs.queue import enqueue
from lobby.jobs.tasks import remove_attachment_files
from lobby.messages import attachments
from lobby.messages.models import Attachment, Message, Reaction
from lobby.messages.serialize import attachment_dict, message_dict
from lobby.realtime.bus import Recipients, publish
from lobby.servers.access import access_channel, channel_not_found
from lobby.servers.models import Channel, Membership

MAX_LENGTH = 2000
MAX_NONCE = 64


def check_content(content, allow_empty: bool = False) -> str:
    """Trimmed text; empty only when files come with it."""
    text = content.strip() if isinstance(content, str) else ""
    if not text and not allow_empty:
        raise ValidationError({"content": "Сообщение не может быть пустым"})
    if len(text) > MAX_LENGTH:
        raise ValidationError({"content": f"Сообщение слишком длинное (максимум {MAX_LENGTH} символов)"})
    return text


def clean_nonce(nonce) -> str | None:
    return str(nonce)[:MAX_NONCE] if nonce else None


def check_emoji(emoji) -> str:
    value = emoji.strip() if isinstance(emoji, str) else ""
    if not value or len(value) > 32 or any(ch.isspace() for ch in value):
        raise ValidationError({"emoji": "Неверная реакция"})
    return value


def notify_channel(channel_id: int, kind: str, data: dict) -> None:
    publish({"type": kind, "data": data}, Recipients.of(channels=[channel_id]))


def message_in_reach(user: User, message_id: int) -> tuple[Message, object]:
    """A message of a channel the user may read (404 otherwise), with the user's membership."""
    message = db.session.get(Message, message_id)
    if message is None:
        raise ApiError(404, "Сообщение не найдено", "MESSAGE_NOT_FOUND")
    _, membership = access_channel(user, message.channel_id)
    return message, membership


def existing_by_nonce(user: User, nonce: str | None) -> Message | None:
    if not nonce:
        return None
    return db.session.scalar(select(Message).where(Message.author_id == user.id, Message.nonce == nonce))


def do_send_message(user: User, channel_id: int, content, reply_to_id=None, nonce=None) -> dict:
    return send_message_once(user, channel_id, content, reply_to_id, nonce)[0]


def send_message_once(user: User, channel_id: int, content, reply_to_id=None, nonce=None,
                      files: list | None = None) -> tuple[dict, bool]:
    """Returns (message, created). A nonce seen before returns the first message, unchanged (and
    stores none of the files sent again). `files`: uploaded file parts (werkzeug FileStorage).

    The hot path of the chat, so it keeps to few round trips: a repeated nonce is caught by the
    unique constraint, not looked up first, and the answer is built from what is in hand, not read
    back. The usual message (text only) is checked and written by one statement."""
    sent = attachments.sent_files(files or [])
    if not sent and reply_to_id is None:
        return send_text(user, channel_id, content, nonce)
    channel, _ = access_channel(user, channel_id)
    channel_id = channel.id
    text = check_content(content, allow_empty=bool(sent))
    nonce = clean_nonce(nonce)
    if sent and nonce:  # files are costly to check and write: a resend of them is looked up first
        earlier = existing_by_nonce(user, nonce)
        if earlier is not None:
            return message_dict(earlier), False
    replied = check_reply(channel_id, reply_to_id)
    prepared = attachments.check_files(sent)
    message = Message(channel_id=channel_id, author=user, content=text, reply_to=replied, nonce=nonce,
                      created_at=utcnow())
    db.session.add(message)
    written, rows = attachments.store_files(message, prepared)
    try:
        db.session.flush()  # the id and the attachments' ids, for the answer
        body = message_dict(message, [], [attachment_dict(row) for row in rows])
        db.session.commit()
    except BaseException as error:
        db.session.rollback()
        attachments.remove_paths(written)
        return first_with_nonce(user, nonce, error)
    notify_channel(channel_id, "new_message", body)
    return body, True


def send_text(user: User, channel_id: int, content, nonce) -> tuple[dict, bool]:
    """A text message: the membership check and the insert are one `INSERT … SELECT … RETURNING`,
    so a send needs no query of its own for access. No row back: not a member (or no such channel),
    and `access_channel` says which error."""
    text = check_content(content)
    # Never added to the session: the statement below writes it; it is kept for `message_dict`.
    message = Message(channel_id=channel_id, author_id=user.id, author=user, content=text, reply_to=None,
                      nonce=clean_nonce(nonce), created_at=utcnow())
    try:
        message.id = db.session.scalar(insert_as_member(message))
        if message.id is None:
            access_channel(user, channel_id)
            raise channel_not_found()  # left the server meanwhile
        body = message_dict(message, [], [])
        db.session.commit()
    except BaseException as error:
        db.session.rollback()
        return first_with_nonce(user, message.nonce, error)
    notify_channel(channel_id, "new_message", body)
    return body, True


def insert_as_member(message: Message):
    """INSERT the message only where its author is a member of the channel's server."""
    given = [literal(getattr(message, name), getattr(Message, name).type) for name in ("content", "nonce", "created_at")]
    values = select(Channel.id, Membership.user_id, *given).join(
        Membership, and_(Membership.server_id == Channel.server_id, Membership.user_id == message.author_id)
    ).where(Channel.id == message.channel_id)
    columns = ["channel_id", "author_id", "content", "nonce", "created_at"]
    return insert(Message).from_select(columns, values).returning(Message.id)


def first_with_nonce(user: User, nonce: str | None, error: BaseException) -> tuple[dict, bool]:
    """After a failed insert: a unique-constraint clash on this nonce was a resend (or a race),
    and the first message stands. Anything else goes on up."""
    if isinstance(error, IntegrityError):
        earlier = existing_by_nonce(user, nonce)
        if earlier is not None:
            return message_dict(earlier), False
    raise error


def check_reply(channel_id: int, reply_to_id) -> Message | None:
    """The message replied to: one of the same channel."""
    if reply_to_id is None:
        return None
    replied = db.session.get(Message, reply_to_id) if isinstance(reply_to_id, int) else None
    if replied is None or replied.channel_id != channel_id:
        raise ValidationError({"replyToId": "Сообщение для ответа не найдено"})
    return replied


def do_edit_message(user: User, message_id: int, content) -> dict:
    message, _ = message_in_reach(user, message_id)
    if message.author_id != user.id:
        raise ApiError(403, "Можно изменять только свои сообщения", "FORBIDDEN")
    has_files = db.session.scalar(select(Attachment.id).where(Attachment.message_id == message.id).limit(1))
    message.content = check_content(content, allow_empty=has_files is not None)
    message.edited_at = utcnow()
    db.session.commit()
    body = message_dict(message)
    notify_channel(message.channel_id, "message_edited", body)
    return body


def do_delete_message(user: User, message_id: int) -> dict:
    """The author deletes their own; the server's owner and moderators delete any. Returns the
    `message_deleted` event's data."""
    message, membership = message_in_reach(user, message_id)
    if message.author_id != user.id and not membership.moderates:
        raise ApiError(403, "Недостаточно прав для удаления сообщения", "FORBIDDEN")
    channel_id = message.channel_id
    stored = list(db.session.scalars(select(Attachment.stored_name).where(Attachment.message_id == message.id)))
    db.session.delete(message)  # its attachment rows go with it (ON DELETE CASCADE)
    db.session.commit()
    if stored:  # after the commit: a failed delete must not lose the files of a message that stays
        enqueue(remove_attachment_files, stored)
    event = {"id": message_id, "messageId": message_id, "channelId": channel_id}
    notify_channel(channel_id, "message_deleted", event)
    return event


def reaction_event(body: dict, emoji: str, user_id: int) -> dict:
    """The data of `reaction_added` / `reaction_removed`, from the message's wire shape."""
    return {"messageId": body["id"], "channelId": body["channelId"], "emoji": emoji, "userId": user_id,
            "reactions": body["reactions"]}


def do_add_reaction(user: User, message_id: int, emoji) -> tuple[dict, dict]:
    """Returns the message and the `reaction_added` event's data."""
    message, _ = message_in_reach(user, message_id)
    value = check_emoji(emoji)
    db.session.add(Reaction(message_id=message.id, user_id=user.id, emoji=value))
    try:
        db.session.commit()
    except IntegrityError:  # already reacted with it: nothing changes
        db.session.rollback()
        body = message_dict(message)
        return body, reaction_event(body, value, user.id)
    body = message_dict(message)
    event = reaction_event(body, value, user.id)
    notify_channel(message.channel_id, "reaction_added", event)
    return body, event


def do_remove_reaction(user: User, message_id: int, emoji) -> tuple[dict, dict]:
    """Returns the message and the `reaction_removed` event's data."""
    message, _ = message_in_reach(user, message_id)
    value = check_emoji(emoji)
    removed = db.session.execute(delete(Reaction).where(
        Reaction.message_id == message.id, Reaction.user_id == user.id, Reaction.emoji == value)).rowcount
    db.session.commit()
    body = message_dict(message)
    event = reaction_event(body, value, user.id)
    if removed:
        notify_channel(message.channel_id, "reaction_removed", event)
    return body, event
