"""`GET /api/messages/search` (spec §7): messages found by word, in the channels of the servers the
user belongs to, newest first. How words match is in `search_index.py`."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, g, request
from sqlalchemy import literal, null, select

from lobby.accounts.models import User
from lobby.accounts.session import api_login_required, json_response, token_user_key
from lobby.errors import ApiError
from lobby.extensions import csrf, db, limiter
from lobby.messages.models import Message
from lobby.messages.schemas import Found, SearchQuery
from lobby.messages.search_index import matching, terms
from lobby.messages.serialize import author
from lobby.servers import access
from lobby.servers.access import access_channel, access_member, channel_not_found
from lobby.servers.models import Channel, Membership, Server
from lobby.schema import BEARER, NOT_VERIFIED, UNAUTHORIZED, Response, api, refusals
from lobby.texts import text

blueprint = Blueprint("messages_search", __name__, url_prefix="/api/messages")
csrf.exempt(blueprint)

MIN_QUERY, MAX_QUERY = 2, 200
PAGE, MAX_PAGE = 25, 50
# Russian, for the API document (built at import); an answer asks text() when it is made.
SHORT = text("search.too_short")
LONG = text("search.too_long", limit=MAX_QUERY)
# Both searches (messages, people) refuse a query alike.
BAD_QUERY = (f"`q` shorter than 2 or longer than 200 characters after trimming: `QUERY_TOO_SHORT` «{SHORT}», "
             f"`QUERY_TOO_LONG` «{LONG}»")


def check_query(raw: str | None) -> str:
    """The trimmed query, 2–200 characters (the dialog's own minimum), else 400."""
    q = (raw or "").strip()
    if len(q) < MIN_QUERY:
        raise ApiError(400, text("search.too_short"), "QUERY_TOO_SHORT")
    if len(q) > MAX_QUERY:
        raise ApiError(400, text("search.too_long", limit=MAX_QUERY), "QUERY_TOO_LONG")
    return q


@dataclass
class Scope:
    server_id: int | None = None
    channel_id: int | None = None
    dm_with: str | None = None  # the channel is a DM of the caller's: the other person's username


def access_scope(user: User, server_id: int | None, channel_id: int | None) -> Scope:
    """The filters, each checked like the calls that read that server or channel. A DM is no
    server's channel: with `serverId` it is not found."""
    if server_id is not None:
        access_member(user, server_id)
    dm_with = None
    if channel_id is not None:
        channel, participant = access_channel(user, channel_id)
        if server_id is not None and channel.server_id != server_id:
            raise channel_not_found()
        if channel.server_id is None:
            dm_with = db.session.scalar(select(User.username).where(User.id == participant.other_id))
    return Scope(server_id, channel_id, dm_with)


def found_dict(message: Message, channel_name: str, server_id: int | None, server_name: str | None) -> dict:
    sender = author(message.author)
    return {
        "id": message.id, "channelId": message.channel_id, "serverId": server_id,
        "channelName": channel_name, "serverName": server_name, "content": message.content,
        "createdAt": message.created_at.isoformat(), "timestamp": message.created_at.isoformat(),
        "editedAt": message.edited_at.isoformat() if message.edited_at else None,
        "sender": sender, "author": sender,
        "mentions": message.mentions or [], "mentionsEveryone": bool(message.mentions_everyone),
    }


def find_messages(user: User, raw_query: str, scope: Scope, before: int | None, limit: int) -> tuple[list[dict], bool]:
    found = terms(raw_query)
    if not found.words:
        return [], False  # only punctuation: nothing can match
    if scope.dm_with is not None:  # one DM of the caller's (access_scope checked it): no server to join
        query = (select(Message, literal(scope.dm_with), null(), null())
                 .where(Message.channel_id == scope.channel_id,
                        matching(db.engine.dialect.name, found, Message.id, Message.content)))
        return page_found(query, before, limit)
    # Without a channel: the servers the caller belongs to, never a DM (no DM has a server).
    readable = select(Membership.server_id).where(Membership.user_id == user.id)
    query = (select(Message, Channel.name, Server.id, Server.name)
             .join(Channel, Channel.id == Message.channel_id).join(Server, Server.id == Channel.server_id)
             .where(Channel.server_id.in_(readable),
                    matching(db.engine.dialect.name, found, Message.id, Message.content)))
    if scope.server_id is not None:
        query = query.where(Channel.server_id == scope.server_id)
    if scope.channel_id is not None:
        query = query.where(Message.channel_id == scope.channel_id)
    return page_found(query, before, limit)


def page_found(query, before: int | None, limit: int) -> tuple[list[dict], bool]:
    if before is not None:
        query = query.where(Message.id < before)
    rows = db.session.execute(query.order_by(Message.id.desc()).limit(limit + 1)).all()
    return [found_dict(*row) for row in rows[:limit]], len(rows) > limit


@blueprint.get("/search")
@api_login_required
@limiter.limit("120 per minute", key_func=token_user_key)
@api.validate(query=SearchQuery, resp=Response(HTTP_200=(Found, "Matches, newest first"), **refusals(
    HTTP_400=f"{BAD_QUERY}; a filter or cursor that is not a number: `BAD_REQUEST` "
             f"«{text('request.not_number', name='serverId')}»",
    HTTP_401=UNAUTHORIZED,
    HTTP_403=f"`serverId` names a public server the caller is not a member of: `NOT_A_MEMBER` «{access.NOT_MEMBER}»; "
             f"or {NOT_VERIFIED}",
    HTTP_404="`serverId` names no server or a private one the caller is not in; `channelId` names no channel, one of "
             "a server the caller is not in, a DM of others, or (with `serverId`) one of another server or a DM: "
             "`SERVER_NOT_FOUND` "
             f"«{access.NOT_FOUND}», `CHANNEL_NOT_FOUND` «{channel_not_found().message}»",
    HTTP_429="120 searches per minute per user: `RATE_LIMITED`")),
    tags=["messages"], security=BEARER, operation_id="searchMessages")
def search():
    """Messages found by word

    Only messages in channels of servers the caller is a member of, or, with `channelId` naming one
    of the caller's direct conversations, in that DM (its `serverId` and `serverName` are null, its
    `channelName` the other person's username; a search without `channelId` never looks in DMs);
    newest first. The query is cut
    into words (letters and digits; every other character — quotes, operators, punctuation — only
    separates words, so no query syntax reaches the database). A message matches when it holds every
    word, case-insensitively, with 'ё' read as 'е'. Every word is a whole word except the last one,
    which matches as a prefix ('прив' finds 'привет') because the dialog searches while the user
    types; a `q` ending in a space has no unfinished word ('кот ' does not find 'котлета').
    PostgreSQL (production) also finds the forms of a word by the Russian stemmer ('кот' finds
    'кота'); SQLite (embedded mode) matches words as written. A `q` with no letter or digit finds
    nothing."""
    asked = request.context.query
    check_query(asked.q)  # `q` keeps its trailing space for the matcher: 'кот ' is a finished word, 'кот' a prefix
    scope = access_scope(g.user, asked.server_id, asked.channel_id)
    limit = min(max(asked.limit or PAGE, 1), MAX_PAGE)
    messages, more = find_messages(g.user, asked.q.lstrip(), scope, asked.before, limit)
    return json_response({"messages": messages, "hasMore": more})
