"""`GET /api/messages/search` (spec §7): messages found by word, in the channels of the servers the
user belongs to, newest first. How words match is in `search_index.py`."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, g, request
from sqlalchemy import select

from lobby.accounts.models import User
from lobby.accounts.session import api_login_required, json_response, token_user_key
from lobby.errors import ApiError
from lobby.extensions import csrf, db, limiter
from lobby.query import query_number
from lobby.messages.models import Message
from lobby.messages.search_index import matching, terms
from lobby.messages.serialize import author
from lobby.servers.access import access_channel, access_member, channel_not_found
from lobby.servers.models import Channel, Membership, Server

blueprint = Blueprint("messages_search", __name__, url_prefix="/api/messages")
csrf.exempt(blueprint)

MIN_QUERY, MAX_QUERY = 2, 200
PAGE, MAX_PAGE = 25, 50
SHORT = "Введите минимум 2 символа для поиска"
LONG = "Поисковый запрос слишком длинный (максимум 200 символов)"


def check_query(raw: str | None) -> str:
    """The trimmed query, 2–200 characters (the dialog's own minimum), else 400."""
    q = (raw or "").strip()
    if len(q) < MIN_QUERY:
        raise ApiError(400, SHORT, "QUERY_TOO_SHORT")
    if len(q) > MAX_QUERY:
        raise ApiError(400, LONG, "QUERY_TOO_LONG")
    return q


@dataclass
class Scope:
    server_id: int | None = None
    channel_id: int | None = None


def access_scope(user: User, server_id: int | None, channel_id: int | None) -> Scope:
    """The filters, each checked like the calls that read that server or channel."""
    if server_id is not None:
        access_member(user, server_id)
    if channel_id is not None:
        channel, _ = access_channel(user, channel_id)
        if server_id is not None and channel.server_id != server_id:
            raise channel_not_found()
    return Scope(server_id, channel_id)


def found_dict(message: Message, channel_name: str, server_id: int, server_name: str) -> dict:
    sender = author(message.author)
    return {
        "id": message.id, "channelId": message.channel_id, "serverId": server_id,
        "channelName": channel_name, "serverName": server_name, "content": message.content,
        "createdAt": message.created_at.isoformat(), "timestamp": message.created_at.isoformat(),
        "editedAt": message.edited_at.isoformat() if message.edited_at else None,
        "sender": sender, "author": sender,
    }


def find_messages(user: User, raw_query: str, scope: Scope, before: int | None, limit: int) -> tuple[list[dict], bool]:
    found = terms(raw_query)
    if not found.words:
        return [], False  # only punctuation: nothing can match
    readable = select(Membership.server_id).where(Membership.user_id == user.id)
    query = (select(Message, Channel.name, Server.id, Server.name)
             .join(Channel, Channel.id == Message.channel_id).join(Server, Server.id == Channel.server_id)
             .where(Channel.server_id.in_(readable),
                    matching(db.engine.dialect.name, found, Message.id, Message.content)))
    if scope.server_id is not None:
        query = query.where(Channel.server_id == scope.server_id)
    if scope.channel_id is not None:
        query = query.where(Message.channel_id == scope.channel_id)
    if before is not None:
        query = query.where(Message.id < before)
    rows = db.session.execute(query.order_by(Message.id.desc()).limit(limit + 1)).all()
    return [found_dict(*row) for row in rows[:limit]], len(rows) > limit


@blueprint.get("/search")
@api_login_required
@limiter.limit("120 per minute", key_func=token_user_key)
def search():
    """`q` keeps its trailing space for the matcher: 'кот ' is a finished word, 'кот' a prefix."""
    raw = request.args.get("q", "")
    check_query(raw)
    scope = access_scope(g.user, query_number("serverId"), query_number("channelId"))
    limit = min(max(query_number("limit") or PAGE, 1), MAX_PAGE)
    messages, more = find_messages(g.user, raw.lstrip(), scope, query_number("before"), limit)
    return json_response({"messages": messages, "hasMore": more})
