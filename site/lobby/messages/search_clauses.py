"""The search operators (`search_operators.Parsed`) as WHERE clauses on `messages`, every value a
bound parameter. Names are looked up case-insensitively: usernames by their lower-cased key,
channel names by `lower()` (Unicode-aware on both databases, see lobby.database)."""
from __future__ import annotations

from sqlalchemy import cast, exists, false, func, literal, or_, select
from sqlalchemy.dialects.postgresql import JSONB

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.messages.attachments import IMAGE_TYPES
from lobby.messages.models import Attachment, Message
from lobby.messages.search_operators import Parsed
from lobby.servers.models import Channel


def operator_clauses(parsed: Parsed, in_server: bool) -> list:
    """One clause per operator used. `in_server`: the query joins `channels` (a server's
    channels); a DM has no channel name, so `in:` finds nothing there."""
    clauses = []
    if parsed.channels:
        clauses.append(func.lower(Channel.name).in_(parsed.channels) if in_server else false())
    if parsed.authors:
        # A name nobody has finds nothing (and says nothing about who exists).
        clauses.append(Message.author_id.in_(
            select(User.id).where(User.username_key.in_(parsed.authors)).correlate(None)))
    if parsed.mentioned:
        clauses.append(mentioning(parsed.mentioned))
    if "link" in parsed.has:
        clauses.append(or_(Message.content.ilike("%http://%"), Message.content.ilike("%https://%")))
    if "file" in parsed.has:
        clauses.append(exists().where(Attachment.message_id == Message.id))
    if "image" in parsed.has:
        clauses.append(exists().where(Attachment.message_id == Message.id, Attachment.content_type.in_(IMAGE_TYPES)))
    if parsed.since is not None:
        clauses.append(Message.created_at >= parsed.since)
    if parsed.until is not None:
        clauses.append(Message.created_at < parsed.until)
    return clauses


def mentioning(names: list[str]):
    """Messages whose `@name` reached one of these people (`Message.mentions`, [{id, username}],
    by id: a person renamed since is still found under the new name)."""
    ids = list(db.session.scalars(select(User.id).where(User.username_key.in_(names))))
    if not ids:
        return false()
    if db.engine.dialect.name == "postgresql":
        held = cast(Message.mentions, JSONB)
        return or_(*(held.contains([{"id": user_id}]) for user_id in ids))
    each = func.json_each(Message.mentions).table_valued("value")
    return exists(select(literal(1)).select_from(each).where(func.json_extract(each.c.value, "$.id").in_(ids)))
