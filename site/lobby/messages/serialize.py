"""The wire shape of messages (spec §3 Message), reactions gathered in one query per page."""
from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select

from lobby.extensions import db
from lobby.messages.models import Message, Reaction


def author(user) -> dict:
    return {"id": user.id, "username": user.username, "profileImageUrl": user.profile_image_url}


def reactions_of(message_ids: list[int]) -> dict[int, list[dict]]:
    grouped: dict[int, dict[str, list[int]]] = defaultdict(dict)
    if message_ids:
        rows = db.session.execute(select(Reaction.message_id, Reaction.emoji, Reaction.user_id)
                                  .where(Reaction.message_id.in_(message_ids)).order_by(Reaction.id))
        for message_id, emoji, user_id in rows:
            grouped[message_id].setdefault(emoji, []).append(user_id)
    return {message_id: [{"emoji": emoji, "count": len(users), "users": users} for emoji, users in by_emoji.items()]
            for message_id, by_emoji in grouped.items()}


def message_dict(message: Message, reactions: list[dict] | None = None) -> dict:
    reply = message.reply_to
    return {
        "id": message.id, "channelId": message.channel_id, "content": message.content,
        "createdAt": message.created_at.isoformat(),
        "editedAt": message.edited_at.isoformat() if message.edited_at else None,
        "replyToId": message.reply_to_id, "messageType": "text", "nonce": message.nonce,
        "author": author(message.author),
        "replyTo": {"id": reply.id, "content": reply.content, "author": {"username": reply.author.username}} if reply else None,
        "mentions": [], "attachments": [],
        "reactions": reactions if reactions is not None else reactions_of([message.id]).get(message.id, []),
    }


def message_dicts(messages: list[Message]) -> list[dict]:
    reactions = reactions_of([m.id for m in messages])
    return [message_dict(m, reactions.get(m.id, [])) for m in messages]
