"""The wire shape of messages (spec §3 Message); reactions and attachments gathered in one query
each per page, never one per message."""
from __future__ import annotations

from collections import defaultdict
from urllib.parse import quote

from sqlalchemy import bindparam, select

from lobby.extensions import db
from lobby.messages.models import Attachment, Message, Reaction
from lobby.people.person import person_dict

author = person_dict  # a message's author is the public person (lobby.people)


# Built once: a statement made per call costs more Python than its round trip to the database.
REACTIONS = (select(Reaction.message_id, Reaction.emoji, Reaction.user_id)
             .where(Reaction.message_id.in_(bindparam("ids", expanding=True))).order_by(Reaction.id))
ATTACHMENTS = select(Attachment).where(Attachment.message_id.in_(bindparam("ids", expanding=True))).order_by(Attachment.id)


def reactions_of(message_ids: list[int]) -> dict[int, list[dict]]:
    return reactions_from(db.session.execute(REACTIONS, {"ids": message_ids})) if message_ids else {}


def reactions_from(rows) -> dict[int, list[dict]]:
    """(message id, emoji, user id) rows, in the order reacted → each message's reactions."""
    grouped: dict[int, dict[str, list[int]]] = defaultdict(dict)
    for message_id, emoji, user_id in rows:
        grouped[message_id].setdefault(emoji, []).append(user_id)
    return {message_id: [{"emoji": emoji, "count": len(users), "users": users} for emoji, users in by_emoji.items()]
            for message_id, by_emoji in grouped.items()}


def attachment_url(attachment: Attachment) -> str:
    return f"/api/attachments/{attachment.id}/{quote(attachment.filename, safe='')}"


def attachment_dict(attachment: Attachment) -> dict:
    body = {"id": attachment.id, "filename": attachment.filename, "size": attachment.size,
            "contentType": attachment.content_type, "url": attachment_url(attachment)}
    if attachment.width is not None:
        body.update(width=attachment.width, height=attachment.height)
    return body


def attachments_of(message_ids: list[int]) -> dict[int, list[dict]]:
    return attachments_from(db.session.scalars(ATTACHMENTS, {"ids": message_ids})) if message_ids else {}


def attachments_from(attachments) -> dict[int, list[dict]]:
    grouped: dict[int, list[dict]] = defaultdict(list)
    for attachment in attachments:
        grouped[attachment.message_id].append(attachment_dict(attachment))
    return grouped


def message_dict(message: Message, reactions: list[dict] | None = None, attachments: list[dict] | None = None) -> dict:
    reply = message.reply_to
    return {
        "id": message.id, "channelId": message.channel_id, "content": message.content,
        "createdAt": message.created_at.isoformat(),
        "editedAt": message.edited_at.isoformat() if message.edited_at else None,
        "replyToId": message.reply_to_id, "messageType": getattr(message, "message_type", None) or "text",
        "call": getattr(message, "call", None), "nonce": message.nonce,
        "author": author(message.author),
        "replyTo": {"id": reply.id, "content": reply.content, "author": person_dict(reply.author)} if reply else None,
        "mentions": message.mentions or [], "mentionsEveryone": bool(message.mentions_everyone),
        "attachments": attachments if attachments is not None else attachments_of([message.id]).get(message.id, []),
        "reactions": reactions if reactions is not None else reactions_of([message.id]).get(message.id, []),
    }


def message_dicts(messages: list[Message]) -> list[dict]:
    ids = [m.id for m in messages]
    reactions, attachments = reactions_of(ids), attachments_of(ids)
    return [message_dict(m, reactions.get(m.id, []), attachments.get(m.id, [])) for m in messages]
