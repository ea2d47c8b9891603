"""Reactions: what counts as one, how many kinds a message holds, adding one and taking it back.

A reaction is one emoji as Unicode defines them (the `emoji` package's data: single emoji, ZWJ
sequences, skin tones, flags, keycaps), kept in its fully-qualified form, so '❤' and '❤️' are one
reaction. `check_emoji` is the only place that says so: the HTTP calls and the socket frames read
the field with it (`schemas.Emoji`), and custom emoji join the rule here when they come.

A message holds at most `MAX_KINDS` different reactions; adding to one it has is always possible.
The check and the insert are one step: one statement, and on PostgreSQL a lock per message taken
before it reads (SQLite writes one at a time anyway).

Live, a change goes out as the change (`{messageId, channelId, emoji, userId, count}`), never as
the message's whole list: a frame's size does not grow with the message's reactions."""
from __future__ import annotations

from functools import cache

from sqlalchemy import Integer, String, bindparam, delete, func, select, text as sql

from lobby.accounts.models import User
from lobby.database import UtcDateTime, utcnow
from lobby.dms.access import check_may_write
from lobby.errors import ApiError, ValidationError
from lobby.extensions import db
from lobby.messages.actions import message_in_reach, notify_channel
from lobby.messages.models import Message, Reaction
from lobby.messages.serialize import message_dict
from lobby.messages.serial import REACTIONS, hold
from lobby.servers.timeouts import check_member_not_timed_out
from lobby.texts import text

MAX_KINDS = 20  # different reactions on one message


@cache
def known_emoji() -> tuple[dict, dict]:
    """Unicode's emoji (the `emoji` package's data), and each one's fully-qualified form by name.
    Loaded on the first reaction, not with the app (about 0.1 s and 8 MB)."""
    from emoji import EMOJI_DATA, STATUS

    fully = STATUS["fully_qualified"]
    qualified = {entry["en"]: value for value, entry in EMOJI_DATA.items() if entry["status"] == fully}
    # A skin tone or hair swatch alone is a component of other emoji, not one to react with.
    found = {value: entry for value, entry in EMOJI_DATA.items() if entry["status"] != STATUS["component"]}
    return found, qualified


def check_emoji(emoji) -> str:
    """One emoji, as its fully-qualified form ('❤' → '❤️'); anything else is refused (422). The
    one rule for a reaction, over HTTP and the socket alike."""
    value = emoji.strip() if isinstance(emoji, str) else ""
    found, qualified = known_emoji()
    entry = found.get(value)
    if entry is None:
        raise ValidationError({"emoji": text("message.emoji")})
    return qualified.get(entry["en"], value)


def too_many_kinds() -> ApiError:
    return ApiError(409, text("message.reactions_full", limit=MAX_KINDS), "TOO_MANY_REACTIONS")


# Adds the user's reaction unless they gave it already, and only to a kind the message has or while
# it has fewer than MAX_KINDS kinds. Run after `hold` on the message: nobody else adds one between
# the count and the insert.
ADD = sql("""
INSERT INTO reactions (message_id, user_id, emoji, created_at)
SELECT :message_id, :user_id, :emoji, :created_at
WHERE NOT EXISTS (SELECT 1 FROM reactions WHERE message_id = :message_id AND user_id = :user_id AND emoji = :emoji)
  AND (EXISTS (SELECT 1 FROM reactions WHERE message_id = :message_id AND emoji = :emoji)
       OR (SELECT count(*) FROM (SELECT DISTINCT emoji FROM reactions WHERE message_id = :message_id) AS kinds) < :kinds)
""").bindparams(bindparam("created_at", type_=UtcDateTime()), bindparam("emoji", type_=String()),
               bindparam("message_id", type_=Integer()), bindparam("user_id", type_=Integer()))


def count_of(message_id: int, emoji: str) -> int:
    return db.session.scalar(select(func.count()).select_from(Reaction)
                             .where(Reaction.message_id == message_id, Reaction.emoji == emoji))


def given(message_id: int, user_id: int, emoji: str) -> bool:
    return db.session.scalar(select(Reaction.id).where(
        Reaction.message_id == message_id, Reaction.user_id == user_id, Reaction.emoji == emoji)) is not None


def reaction_event(message: Message, emoji: str, user_id: int, count: int) -> dict:
    """The data of `reaction_added` / `reaction_removed`: the change, and how many gave that emoji now."""
    return {"messageId": message.id, "channelId": message.channel_id, "emoji": emoji, "userId": user_id,
            "count": count}


def do_add_reaction(user: User, message_id: int, emoji) -> tuple[dict, bool]:
    """Returns the `reaction_added` event's data and whether it was new (then told to the channel).
    Already given: nothing changes. A new kind on a message with MAX_KINDS of them: 409
    TOO_MANY_REACTIONS. In a DM, not while a block stands either way (taking one's reaction back
    stays possible); not during a timeout."""
    message, membership = message_in_reach(user, message_id)
    check_may_write(membership)
    check_member_not_timed_out(membership)
    value = check_emoji(emoji)
    hold(REACTIONS, message.id)
    added = db.session.execute(ADD, {"message_id": message.id, "user_id": user.id, "emoji": value,
                                     "created_at": utcnow(), "kinds": MAX_KINDS}).rowcount
    if not added and not given(message.id, user.id, value):
        db.session.rollback()
        raise too_many_kinds()
    event = reaction_event(message, value, user.id, count_of(message.id, value))
    db.session.commit()
    if added:
        notify_channel(message.channel_id, "reaction_added", event)
    return event, bool(added)


def do_remove_reaction(user: User, message_id: int, emoji) -> tuple[dict, bool]:
    """Returns the `reaction_removed` event's data and whether there was one to take back (then told
    to the channel)."""
    message, _ = message_in_reach(user, message_id)
    value = check_emoji(emoji)
    removed = db.session.execute(delete(Reaction).where(
        Reaction.message_id == message.id, Reaction.user_id == user.id, Reaction.emoji == value)).rowcount
    event = reaction_event(message, value, user.id, count_of(message.id, value))
    db.session.commit()
    if removed:
        notify_channel(message.channel_id, "reaction_removed", event)
    return event, bool(removed)


def message_now(message_id: int) -> dict:
    """The message as the HTTP reaction calls answer it: whole, with every reaction."""
    return message_dict(db.session.get(Message, message_id))
