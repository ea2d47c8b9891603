"""`check_*` and `do_*` for messages, and `notify_*` after each commit. The same functions serve
the JSON API and the live socket. Sending is in `sending.py`, reactions in `reactions.py`."""
from __future__ import annotations

import unicodedata

from sqlalchemy import select

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.dms.access import check_may_write
from lobby.errors import ApiError, ValidationError
from lobby.extensions import db
from lobby.texts import text
from lobby.jobs.queue import enqueue
from lobby.messages import mentions
from lobby.messages.jobs import remove_attachment_files
from lobby.messages.models import Attachment, Message
from lobby.messages.rate import send_rate, spend_on_edit
from lobby.messages.serialize import message_dict
from lobby.notifications.messages import do_notify_message
from lobby.realtime.bus import Recipients, publish
from lobby.servers.access import access_channel
from lobby.servers.timeouts import check_member_not_timed_out

MAX_LENGTH = 2000
MAX_NONCE = 64


# Characters that show nothing: a message of only these (and spaces) is empty. Categories: control,
# format (zero-width space and joiners, direction marks), separators; and letters and symbols that
# fonts draw blank (Hangul fillers, the blank Braille pattern).
BLANK_CATEGORIES = {"Cc", "Cf", "Zs", "Zl", "Zp"}
BLANK_LETTERS = set("\u115f\u1160\u3164\uffa0\u2800")


def shows_something(text: str) -> bool:
    """Whether a stripped text has a visible character (the first one, almost always)."""
    return any(unicodedata.category(ch) not in BLANK_CATEGORIES and ch not in BLANK_LETTERS for ch in text)


def check_content(content, allow_empty: bool = False) -> str:
    """Trimmed text; empty (nothing visible) only when files come with it. No NUL: a database text
    cannot hold one."""
    trimmed = content.strip() if isinstance(content, str) else ""
    if trimmed and not shows_something(trimmed):
        trimmed = ""
    if not trimmed and not allow_empty:
        raise ValidationError({"content": text("message.empty")})
    if "\x00" in trimmed:
        raise ValidationError({"content": text("request.nul")})
    if len(trimmed) > MAX_LENGTH:
        raise ValidationError({"content": text("message.too_long", limit=MAX_LENGTH)})
    return trimmed


def clean_nonce(nonce) -> str | None:
    """The client's nonce, a string or a number, as text; anything else is refused (422)."""
    if nonce is None or nonce == "":
        return None
    if isinstance(nonce, bool) or not isinstance(nonce, (str, int)) or "\x00" in str(nonce):
        raise ValidationError({"nonce": text("message.nonce")})
    return str(nonce)[:MAX_NONCE]


def notify_channel(channel_id: int, kind: str, data: dict) -> None:
    publish({"type": kind, "data": data}, Recipients.of(channels=[channel_id]))


def message_in_reach(user: User, message_id: int) -> tuple[Message, object]:
    """A message of a channel the user may read (404 otherwise), with the user's membership."""
    message = db.session.get(Message, message_id)
    if message is None:
        raise ApiError(404, text("message.not_found"), "MESSAGE_NOT_FOUND")
    _, membership = access_channel(user, message.channel_id)
    return message, membership


def do_edit_message(user: User, message_id: int, content) -> dict:
    message, membership = message_in_reach(user, message_id)
    if message.author_id != user.id:
        raise ApiError(403, text("message.not_yours"), "FORBIDDEN")
    if message.message_type != "text":  # a call's line is the server's record, not the author's words
        raise ApiError(403, text("message.not_editable"), "FORBIDDEN")
    # An edit writes as much as a send: not in a DM under a block (an old message rewritten would
    # reach the person who blocked its author), nor during a timeout. Deleting one's own stays open.
    check_may_write(membership)
    check_member_not_timed_out(membership)
    has_files = db.session.scalar(select(Attachment.id).where(Attachment.message_id == message.id).limit(1))
    content = check_content(content, allow_empty=has_files is not None)
    now = utcnow()
    spend_on_edit(user.id, send_rate(), now)  # an edit is a send for the rate (429 past it)
    message.content, message.edited_at = content, now
    before, after = mentions.of_message(message), mentions.resolve(message.channel_id, user.id, message.content)
    message.mentions, message.mentions_everyone = after.stored, after.everyone
    if mentions.counted(before) != mentions.counted(after):  # a removed mention stops counting
        mentions.write_rows(message.id, message.channel_id, after, replace=True)
    db.session.commit()
    body = message_dict(message)
    notify_channel(message.channel_id, "message_edited", body)
    newly = [user_id for user_id in after.ids if user_id not in before.ids]
    if newly:
        do_notify_message(body, newly, edited=True)
    return body


def do_delete_message(user: User, message_id: int) -> dict:
    """The author deletes their own; the server's owner and moderators delete any. Returns the
    `message_deleted` event's data."""
    message, membership = message_in_reach(user, message_id)
    if message.author_id != user.id and not membership.moderates:
        raise ApiError(403, text("message.cannot_delete"), "FORBIDDEN")
    channel_id = message.channel_id
    stored = list(db.session.scalars(select(Attachment.stored_name).where(Attachment.message_id == message.id)))
    db.session.delete(message)  # its attachment rows go with it (ON DELETE CASCADE)
    db.session.commit()
    if stored:  # after the commit: a failed delete must not lose the files of a message that stays
        enqueue(remove_attachment_files, stored)
    event = {"id": message_id, "messageId": message_id, "channelId": channel_id}
    notify_channel(channel_id, "message_deleted", event)
    return event
