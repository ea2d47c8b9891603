"""A channel's messages a page at a time: the history call and the server-rendered channel page
read the same page: one query for the messages, their authors and the messages they reply to
(read as plain rows: loading ORM objects was most of a page's cost), one for the page's
reactions, one for its files."""
from __future__ import annotations

from types import SimpleNamespace

from sqlalchemy import bindparam, select
from sqlalchemy.orm import aliased

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.messages.models import Attachment, Message, Reaction
from lobby.messages.serialize import attachments_from, message_dict, reactions_from
from lobby.people.person import PUBLIC_COLUMNS

PAGE, MAX_PAGE = 50, 100

Replied, RepliedAuthor = aliased(Message), aliased(User)


def PUBLIC(user):  # noqa: N802 (reads as a column list)
    """The user's public columns (lobby.people), in `PUBLIC_COLUMNS` order."""
    return [getattr(user, name) for name in PUBLIC_COLUMNS]


WIDTH = len(PUBLIC_COLUMNS)
ROWS = (select(Message.id, Message.channel_id, Message.content, Message.created_at, Message.edited_at,
               Message.reply_to_id, Message.nonce, *PUBLIC(User),
               Replied.id, Replied.content, *PUBLIC(RepliedAuthor), Message.mentions, Message.mentions_everyone,
               Message.message_type, Message.call)
        .join(User, User.id == Message.author_id)
        .outerjoin(Replied, Replied.id == Message.reply_to_id)
        .outerjoin(RepliedAuthor, RepliedAuthor.id == Replied.author_id))


# The three pages, built once (a statement made per call costs more Python than its round trip).
_IN_CHANNEL = ROWS.where(Message.channel_id == bindparam("channel"))
NEWEST = _IN_CHANNEL.order_by(Message.id.desc()).limit(bindparam("limit"))
BEFORE = _IN_CHANNEL.where(Message.id < bindparam("before")).order_by(Message.id.desc()).limit(bindparam("limit"))
AFTER = _IN_CHANNEL.where(Message.id > bindparam("after")).order_by(Message.id).limit(bindparam("limit"))


def page_of(channel_id: int, before: int | None = None, after: int | None = None,
            limit: int = PAGE) -> tuple[list[dict], bool]:
    """Up to `limit` messages, oldest → newest, and whether another page lies in that direction:
    the newest ones, those before `before` (scrolling up) or after `after` (catching up)."""
    asked = {"channel": channel_id, "limit": limit + 1}
    if after is not None:
        rows = db.session.execute(AFTER, {**asked, "after": after}).all()
        return as_dicts(rows[:limit]), len(rows) > limit
    if before is not None:
        rows = db.session.execute(BEFORE, {**asked, "before": before}).all()
    else:
        rows = db.session.execute(NEWEST, asked).all()
    return as_dicts(list(reversed(rows[:limit]))), len(rows) > limit


def window_around(channel_id: int, around: int, limit: int = PAGE) -> tuple[list[dict], bool, bool] | None:
    """The message `around` with up to `limit` messages in all, oldest → newest: half before it,
    the rest from it on (a link or a search result opens there, however far back). Whether more lie
    before and after; None when `around` is no message of this channel."""
    older_count = limit // 2
    newer_count = limit - older_count  # the message itself, and those after it
    newer = db.session.execute(AFTER, {"channel": channel_id, "after": around - 1, "limit": newer_count + 1}).all()
    if not newer or newer[0][0] != around:
        return None
    older = db.session.execute(BEFORE, {"channel": channel_id, "before": around, "limit": older_count + 1}).all()
    rows = list(reversed(older[:older_count])) + newer[:newer_count]
    return as_dicts(rows), len(older) > older_count, len(newer) > newer_count


# A page is every message of its channel from its first id to its last: their reactions and files
# are read by that range (three parameters) rather than by an IN list of the page's ids, whose 50
# parameters PostgreSQL's dialect renders again on every call.
_PAGE = {"channel": bindparam("channel"), "first": bindparam("first"), "last": bindparam("last")}
PAGE_REACTIONS = (select(Reaction.message_id, Reaction.emoji, Reaction.user_id)
                  .join(Message, Message.id == Reaction.message_id)
                  .where(Message.channel_id == _PAGE["channel"], Message.id.between(_PAGE["first"], _PAGE["last"]))
                  .order_by(Reaction.id))
PAGE_ATTACHMENTS = (select(Attachment).join(Message, Message.id == Attachment.message_id)
                    .where(Message.channel_id == _PAGE["channel"], Message.id.between(_PAGE["first"], _PAGE["last"]))
                    .order_by(Attachment.id))


def as_dicts(rows) -> list[dict]:
    """Rows of one channel's page, oldest first, as the API's messages."""
    if not rows:
        return []
    page = {"channel": rows[0][1], "first": rows[0][0], "last": rows[-1][0]}
    reactions = reactions_from(db.session.execute(PAGE_REACTIONS, page))
    attachments = attachments_from(db.session.scalars(PAGE_ATTACHMENTS, page))
    return [message_dict(as_message(row), reactions.get(row[0], []), attachments.get(row[0], [])) for row in rows]


def as_message(row) -> SimpleNamespace:
    """A row in the shape `message_dict` reads (the one wire shape of a message)."""
    id_, channel_id, content, created_at, edited_at, reply_to_id, nonce = row[:7]
    author = row[7:7 + WIDTH]
    replied_id, replied_content = row[7 + WIDTH:9 + WIDTH]
    replied_author = row[9 + WIDTH:9 + 2 * WIDTH]
    mentioned, everyone, kind, call = row[9 + 2 * WIDTH:]
    reply = None if replied_id is None else SimpleNamespace(
        id=replied_id, content=replied_content, author=SimpleNamespace(**dict(zip(PUBLIC_COLUMNS, replied_author))))
    return SimpleNamespace(id=id_, channel_id=channel_id, content=content, created_at=created_at, edited_at=edited_at,
                           reply_to_id=reply_to_id, nonce=nonce, reply_to=reply, mentions=mentioned,
                           mentions_everyone=everyone, author=SimpleNamespace(**dict(zip(PUBLIC_COLUMNS, author))),
                           message_type=kind, call=call)
