"""Sending a message: the hot path of the chat, shared by `POST /api/messages/{channelId}/messages`
and the live socket's `send_message`.

A text message is checked and written by one statement in autocommit (`SEND_TEXT`): it inserts
only where the author's session still stands (the access token's sign-in is open, the account's
session version is the token's, not deactivated, verified), the author is a member of the
channel's server (or one of the two people of a DM, with no block between them) and, for a
client's send (HTTP or socket), under the send rate (`rate.py`: messages and edits); it returns the
author's name and picture for the answer. So a send is one database round trip (on PostgreSQL a
rated send's statement goes in one pipeline after the author's lock: `serial.SerialStatement`),
with no transaction to open or commit, no ORM unit of work and no rate-limit call to Redis: measured with py-spy under `bench/chat_load.py --scenarios http`, the
token's user lookup, the BEGIN/COMMIT round trips and the limiter were most of a send's cost. When no row comes back,
`explain_refusal` works out which error it was, off the hot path.

A message with files or a reply takes another path (`send_with_extras`): it is rarer and does
more (files stored, their rows written), but its message is written by the same statement, inside
its transaction, so the send rate holds for it as for text. With a rate, the statement runs after
`serial.hold(SENDS, author)`: on PostgreSQL, sends of one author at once take turns (see serial.py)."""
from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace

from sqlalchemy import bindparam, select, text as sql
from sqlalchemy.exc import IntegrityError

from lobby.accounts.models import User
from lobby.accounts.session import check_session
from lobby.accounts.tokens import Claims
from lobby.database import HotStatement, UtcDateTime, utcnow
from lobby.dms.access import check_may_write
from lobby import fastjson
from lobby.errors import ApiError, ValidationError
from lobby.extensions import db
from lobby.ids import parse_id
from lobby.texts import text
from lobby.messages import attachments, mentions
from lobby.messages.actions import check_content, clean_nonce, notify_channel
from lobby.messages.models import Message
from lobby.messages.rate import RECENT, SendRate, check_rate, send_rate  # noqa: F401 (send_rate: callers import it here)
from lobby.messages.serial import SENDS, SerialStatement, hold
from lobby.messages.serialize import attachment_dict, message_dict
from lobby.notifications.messages import do_notify_message
from lobby.servers.access import access_channel, channel_not_found
from lobby.servers.timeouts import check_not_timed_out


NONCE_TAKEN = text("message.nonce_taken")  # Russian, for the API document; an answer asks text() then


# Written out rather than composed: SQLAlchemy renders RETURNING columns unqualified, which inside
# a subquery on `users` would read ambiguously. The same text runs on PostgreSQL and SQLite (3.35+).
SEND_TEXT = """
    INSERT INTO messages (channel_id, author_id, content, nonce, created_at, mentions, mentions_everyone, reply_to_id)
    SELECT channels.id, users.id, :content, :nonce, :created_at, :mentions, :mentions_everyone, :reply_to_id
    FROM channels
    JOIN users ON users.id = :author_id
    WHERE channels.id = :channel_id AND users.session_version = :session_version
      AND NOT users.is_deactivated AND users.is_email_verified AND ({member} OR channels.server_id IS NULL AND {in_dm})
      AND {not_timed_out} {sign_in} {rate}
    RETURNING id,
      (SELECT author.username FROM users AS author WHERE author.id = messages.author_id),
      (SELECT author.profile_image_url FROM users AS author WHERE author.id = messages.author_id),
      (SELECT author.display_name FROM users AS author WHERE author.id = messages.author_id),
      (SELECT author.first_name FROM users AS author WHERE author.id = messages.author_id),
      (SELECT author.last_name FROM users AS author WHERE author.id = messages.author_id)
"""
# The author is a member of the channel's server: one read of the (server_id, user_id) unique index,
# as the join it replaces did. (As an EXISTS, not a LEFT JOIN: PostgreSQL planned that join as a
# hash of all the author's memberships.)
MEMBER = """EXISTS (SELECT 1 FROM memberships WHERE memberships.server_id = channels.server_id
             AND memberships.user_id = users.id)"""
# Or the channel is a DM (no server) of which the author is one of the two people, the other one
# still has an account, and no block stands either way between them: read only for a channel with
# no server.
IN_DM = """EXISTS (SELECT 1 FROM direct_chats WHERE direct_chats.channel_id = channels.id
             AND (direct_chats.user_low_id = users.id OR direct_chats.user_high_id = users.id)
             AND NOT EXISTS (SELECT 1 FROM users AS gone WHERE gone.is_deactivated
               AND gone.id IN (direct_chats.user_low_id, direct_chats.user_high_id))
             AND NOT EXISTS (SELECT 1 FROM blocks
               WHERE blocks.blocker_id = direct_chats.user_low_id AND blocks.blocked_id = direct_chats.user_high_id
                  OR blocks.blocker_id = direct_chats.user_high_id AND blocks.blocked_id = direct_chats.user_low_id))"""
# No timeout runs for the author on the channel's server (one read of the (server_id, user_id) unique
# index; none for a DM, whose server_id is NULL).
NOT_TIMED_OUT = """NOT EXISTS (SELECT 1 FROM timeouts WHERE timeouts.server_id = channels.server_id
             AND timeouts.user_id = users.id AND timeouts.until > :created_at)"""
# The sign-in the access token names is still open (a primary-key read).
SIGNED_IN = """AND EXISTS (SELECT 1 FROM sign_ins WHERE sign_ins.id = :sign_in_id AND sign_ins.user_id = users.id
             AND sign_ins.ended_at IS NULL AND sign_ins.expires_at > :created_at)"""
TIMES = {"created_at": UtcDateTime(), "window_start": UtcDateTime()}


def send_sql(rated: bool, signed_in: bool) -> str:
    return SEND_TEXT.format(member=MEMBER, in_dm=IN_DM, not_timed_out=NOT_TIMED_OUT,
                            sign_in=SIGNED_IN if signed_in else "", rate=f"AND {RECENT} < :window_count" if rated else "")


# By (rated, signed in): a client's send names its sign-in; the server sending for a user does not.
# A rated send takes its turn among the author's (serial.py).
SEND = {(rated, signed_in): SerialStatement(send_sql(rated, signed_in), TIMES, SENDS, "author_id") if rated
        else HotStatement(send_sql(rated, signed_in), TIMES)
        for rated in (False, True) for signed_in in (False, True)}
# The same statements, run in a session's transaction (a message with files or a reply).
SEND_IN_SESSION = {key: sql(send_sql(*key)).bindparams(*(bindparam(name, type_=kind) for name, kind in TIMES.items()
                                                         if key[0] or name != "window_start"))
                   for key in SEND}


def do_send_message(user: User, channel_id: int, content, reply_to_id=None, nonce=None) -> dict:
    """Send as the server, for a user already loaded (seed data, operators): no sign-in is
    checked. A client's send goes through `send_message` with its token's claims."""
    return send_message(Claims(user.id, user.session_version), channel_id, content, reply_to_id, nonce)[0]


def send_message(author: Claims, channel_id: int, content, reply_to_id=None, nonce=None,
                 files: list | None = None, rate: SendRate | None = None) -> tuple[dict, bool]:
    """Returns (message, created). A nonce seen before returns the first message, unchanged (and
    stores none of the files sent again). `files`: uploaded file parts (werkzeug FileStorage).
    `rate`: the author's limit (`send_rate()` for a client's send), 429 past it."""
    sent = attachments.sent_files(files or [])
    if not sent and reply_to_id is None:
        return send_text(author, channel_id, content, nonce, rate)
    return send_with_extras(author, channel_id, content, reply_to_id, nonce, sent, rate)


def send_params(author: Claims, channel_id: int, content: str, nonce: str | None, created_at: datetime,
                mentioned: mentions.Mentions, rate: SendRate | None, reply_to_id: int | None = None) -> dict:
    """The parameters of the SEND statements."""
    return {"channel_id": channel_id, "author_id": author.user_id, "session_version": author.session_version,
            "sign_in_id": author.sign_in_id, "content": content, "nonce": nonce, "created_at": created_at,
            "mentions": fastjson.dumps(mentioned.people).decode() if mentioned.people else None,
            "mentions_everyone": mentioned.everyone, "reply_to_id": reply_to_id,
            **(rate.window(created_at) if rate else {})}


def send_text(author: Claims, channel_id: int, content, nonce, rate: SendRate | None = None) -> tuple[dict, bool]:
    trimmed, nonce, created_at = check_content(content), clean_nonce(nonce), utcnow()
    mentioned = mentions.resolve(channel_id, author.user_id, trimmed, release=True)  # no statement without '@'
    params = send_params(author, channel_id, trimmed, nonce, created_at, mentioned, rate)
    try:
        row = SEND[rate is not None, author.sign_in_id is not None].first(db.engine, params)
    except IntegrityError as error:  # the nonce was used before: that first message stands
        return first_with_nonce(author.user_id, channel_id, nonce, error)
    if row is None:
        return explain_refusal(author, channel_id, nonce, rate, created_at)
    # The answer is built from what is in hand, not read back (a new message has no reactions).
    written = SimpleNamespace(id=row[0], channel_id=channel_id, content=trimmed, created_at=created_at, edited_at=None,
                              reply_to_id=None, reply_to=None, nonce=nonce, author=author_of(author.user_id, row),
                              mentions=mentioned.stored, mentions_everyone=mentioned.everyone)
    body = message_dict(written, [], [])
    if mentions.counted(mentioned):  # the unread counts see the mention before the sockets hear of it
        mentions.write_rows(written.id, channel_id, mentioned)
        db.session.commit()
    notify_channel(channel_id, "new_message", body)
    do_notify_message(body, mentioned.ids)
    return body, True


def author_of(user_id: int, row) -> SimpleNamespace:
    """The author's public attributes as the send's statement returned them."""
    return SimpleNamespace(id=user_id, username=row[1], profile_image_url=row[2], display_name=row[3],
                           first_name=row[4], last_name=row[5])


def explain_refusal(author: Claims, channel_id: int, nonce: str | None, rate: SendRate | None,
                    now: datetime) -> tuple[dict, bool]:
    """Nothing was written: say why. The session ended (401), the e-mail is unverified (403), the
    channel is not one of the author's (404), a block stands in a DM (403), a timeout runs on the
    server (403 TIMED_OUT), or the author is over the limit (429), unless this is a resend of a
    message that was written: then that message stands."""
    channel, participant = access_channel(check_session(author), channel_id)
    earlier = existing_by_nonce(author.user_id, channel_id, nonce)
    if earlier is not None:
        return message_dict(earlier), False
    check_may_write(participant)
    check_not_timed_out(author.user_id, channel.server_id)
    if rate is not None:
        check_rate(author.user_id, rate, now)
    raise channel_not_found()  # left the server between the insert and this check


def send_with_extras(author: Claims, channel_id: int, content, reply_to_id, nonce, sent: list,
                     rate: SendRate | None) -> tuple[dict, bool]:
    user = check_session(author)
    channel, participant = access_channel(user, channel_id)
    check_may_write(participant)
    check_not_timed_out(user.id, channel.server_id)
    channel_id = channel.id
    trimmed = check_content(content, allow_empty=bool(sent))
    nonce = clean_nonce(nonce)
    if sent and nonce:  # files are costly to check and write: a resend of them is looked up first
        earlier = existing_by_nonce(user.id, channel_id, nonce)
        if earlier is not None:
            return message_dict(earlier), False
    replied = check_reply(channel_id, reply_to_id)
    if rate is not None:  # before the costly part; what holds the limit is the statement below
        check_rate(user.id, rate, utcnow())
    prepared = attachments.check_files(sent)
    mentioned = mentions.resolve(channel_id, user.id, trimmed)
    reply_id = replied.id if replied is not None else None
    written, files = attachments.store_files(prepared)
    created_at = utcnow()
    try:
        if rate is not None:
            hold(SENDS, user.id)
        params = send_params(author, channel_id, trimmed, nonce, created_at, mentioned, rate, reply_id)
        row = db.session.execute(SEND_IN_SESSION[rate is not None, author.sign_in_id is not None], params).first()
        if row is None:  # refused: as for text, work out why (or find the message a resend made)
            db.session.rollback()
            attachments.remove_paths(written)
            return explain_refusal(author, channel_id, nonce, rate, created_at)
        for file in files:
            file.message_id = row[0]
        db.session.add_all(files)
        db.session.flush()  # the attachments' ids, for the answer
        mentions.write_rows(row[0], channel_id, mentioned)
        message = SimpleNamespace(id=row[0], channel_id=channel_id, content=trimmed, created_at=created_at,
                                  edited_at=None, reply_to_id=reply_id, reply_to=replied, nonce=nonce,
                                  author=author_of(user.id, row),
                                  mentions=mentioned.stored, mentions_everyone=mentioned.everyone)
        body = message_dict(message, [], [attachment_dict(file) for file in files])
        db.session.commit()
    except BaseException as error:
        db.session.rollback()
        attachments.remove_paths(written)
        return first_with_nonce(user.id, channel_id, nonce, error)
    notify_channel(channel_id, "new_message", body)
    do_notify_message(body, mentioned.ids, replied.author_id if replied is not None else None)
    return body, True


def existing_by_nonce(author_id: int, channel_id: int, nonce: str | None) -> Message | None:
    """The author's earlier message with this nonce, if it is in this channel: the caller has just
    checked that the author may read this channel, and only here. A nonce is unique per author, so
    the same nonce sent to another channel must never answer with the message it names there (the
    author may have lost access to it: a ban, a private channel)."""
    if not nonce:
        return None
    earlier = db.session.scalar(select(Message).where(Message.author_id == author_id, Message.nonce == nonce))
    if earlier is not None and earlier.channel_id != channel_id:
        raise ApiError(409, text("message.nonce_taken"), "NONCE_CONFLICT")
    return earlier


def first_with_nonce(author_id: int, channel_id: int, nonce: str | None, error: BaseException) -> tuple[dict, bool]:
    """After a failed insert: a unique-constraint clash on this nonce was a resend (or a race),
    and the first message stands. Anything else goes on up."""
    if isinstance(error, IntegrityError):
        earlier = existing_by_nonce(author_id, channel_id, nonce)
        if earlier is not None:
            return message_dict(earlier), False
    raise error


def check_reply(channel_id: int, reply_to_id) -> Message | None:
    """The message replied to: one of the same channel."""
    if reply_to_id is None:
        return None
    found = parse_id(reply_to_id)
    replied = db.session.get(Message, found) if found is not None else None
    if replied is None or replied.channel_id != channel_id:
        raise ValidationError({"replyToId": text("message.reply_missing")})
    return replied
