"""`GET /api/messages/search` (spec §7): messages found by word and by operator, in the channels of
the servers the user belongs to, the query's phrase first, then newest first. How words match is in
`search_index.py`; the operators (`from:@name`, `has:file`, ...) in `search_operators.py`."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from flask import Blueprint, g, request
from sqlalchemy import and_, case, literal, not_, null, or_, select

from lobby.accounts.models import User
from lobby.accounts.session import api_login_required, json_response, token_user_key
from lobby.database import utcnow
from lobby.errors import ApiError
from lobby.extensions import csrf, db, limiter
from lobby.messages.models import Message
from lobby.messages.schemas import Found, SearchQuery
from lobby.messages.search_clauses import operator_clauses
from lobby.messages.search_index import matching, phrase, terms
from lobby.messages.search_operators import BAD_OPERATOR, parse
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


def find_messages(user: User, raw_query: str, scope: Scope, before: int | None, limit: int,
                  offset_minutes: int = 0) -> tuple[list[dict], bool]:
    today = (utcnow() + timedelta(minutes=offset_minutes)).date()
    parsed = parse(raw_query, today, offset_minutes)
    found = terms(parsed.words)
    if not found.words and not parsed.filtered:
        return [], False  # only punctuation, or an operator still being typed: nothing can match
    dialect = db.engine.dialect.name
    wanted = [matching(dialect, found, Message.id, Message.content)] if found.words else []
    exact = phrase(dialect, found, Message.id, Message.content) if found.words else None
    if scope.dm_with is not None:  # one DM of the caller's (access_scope checked it): no server to join
        query = (select(Message, literal(scope.dm_with), null(), null())
                 .where(Message.channel_id == scope.channel_id, *wanted, *operator_clauses(parsed, in_server=False)))
        return page_found(query, before, limit, exact)
    # Without a channel: the servers the caller belongs to, never a DM (no DM has a server).
    readable = select(Membership.server_id).where(Membership.user_id == user.id)
    query = (select(Message, Channel.name, Server.id, Server.name)
             .join(Channel, Channel.id == Message.channel_id).join(Server, Server.id == Channel.server_id)
             .where(Channel.server_id.in_(readable), *wanted, *operator_clauses(parsed, in_server=True)))
    if scope.server_id is not None:
        query = query.where(Channel.server_id == scope.server_id)
    if scope.channel_id is not None:
        query = query.where(Message.channel_id == scope.channel_id)
    return page_found(query, before, limit, exact)


def page_found(query, before: int | None, limit: int, exact=None) -> tuple[list[dict], bool]:
    """Newest first; with words, the messages holding them as one phrase (`exact`) before the
    others. The `before` cursor is the last id of the page before: whether that message was one of
    the phrase's says which tier the next page continues."""
    order = [Message.id.desc()]
    if exact is not None:
        order.insert(0, case((exact, 0), else_=1))
    if before is not None:
        if exact is None:
            query = query.where(Message.id < before)
        elif db.session.scalar(select(Message.id).where(Message.id == before, exact)) is not None:
            query = query.where(or_(and_(exact, Message.id < before), not_(exact)))
        else:
            query = query.where(not_(exact), Message.id < before)
    rows = db.session.execute(query.order_by(*order).limit(limit + 1)).all()
    return [found_dict(*row) for row in rows[:limit]], len(rows) > limit


BAD_OPERATORS = (f"a `before:`/`after:`/`during:` value that is no date or period: `{BAD_OPERATOR}` "
                 f"«{text('search.bad_date', value='завтра')}»; a `has:` value other than link, file, image: "
                 f"`{BAD_OPERATOR}` «{text('search.bad_has', value='video')}»")
MAX_OFFSET = 14 * 60  # minutes: the widest UTC offsets are −12:00 and +14:00


@blueprint.get("/search")
@api_login_required
@limiter.limit("120 per minute", key_func=token_user_key)
@api.validate(query=SearchQuery, resp=Response(HTTP_200=(Found, "Matches: the phrase first, then newest first"), **refusals(
    HTTP_400=f"{BAD_QUERY}; {BAD_OPERATORS}; a filter or cursor that is not a number: `BAD_REQUEST` "
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
    """Messages found by word and by operator

    Only messages in channels of servers the caller is a member of, or, with `channelId` naming one
    of the caller's direct conversations, in that DM (its `serverId` and `serverName` are null, its
    `channelName` the other person's username; a search without `channelId` never looks in DMs).

    **Operators** (the spec's search hints), anywhere in `q`, each narrowing the search:
    `in:#name` (a channel of that name, any case, in the caller's servers — every server's channel of
    that name; a name with spaces quoted: `in:"#общий чат"`), `from:@username`, `mentions:@username`
    (any case), `has:link` (an http:// or https:// address), `has:file` (any attached file, pictures
    included), `has:image` (an attached picture), `before:WHEN` (before that day or period began),
    `after:WHEN` (after it ended), `during:WHEN` (within it). WHEN: `2024-05-31`, `31.05.2024`, a month
    `2024-05`, or today/сегодня, yesterday/вчера, this week/на этой неделе, last week/на прошлой
    неделе, this month/в этом месяце, last month/в прошлом месяце, this year/в этом году, last
    year/в прошлом году (weeks start on Monday; days are the caller's, by `tzOffset`). The same
    operator twice means either (`from:@a from:@b`), except `has:` (both). A query of operators
    alone lists everything they match. Malformed values: a date or `has:` value that means nothing
    is a 400 `BAD_SEARCH_OPERATOR` naming it; a username or channel name nobody has finds nothing
    (200, no messages: whether a name exists is not told). An operator with no value yet (`from:`
    while typing) is left out; any other `word:word` is words.

    **Words**: the rest of the query is cut into words (letters and digits; every other character
    only separates words, so no query syntax reaches the database). A message matches when it holds
    every word, case-insensitively, with 'ё' read as 'е'. Every word is a whole word except the
    last one, which matches as a prefix ('прив' finds 'привет') because the dialog searches while
    the user types; a `q` ending in a space (or in an operator) has no unfinished word ('кот ' does
    not find 'котлета'). PostgreSQL (production) also finds the forms of a word by the Russian
    stemmer ('кот' finds 'кота'); SQLite (embedded mode) matches words as written. A `q` with
    neither a letter or digit nor an operator finds nothing.

    **Order** (the spec's "exact title match first, then newest first"; a message has no title):
    first the messages holding the query's words as one exact phrase — all of them whole, next to
    each other, in the order typed, any case — newest first; then the other matches, newest first.
    Without words: newest first. Paging: `before` = the last id of the page before; the next page
    goes on in the same tier (the server knows whether that message held the phrase), so pages
    never repeat or skip a match."""
    asked = request.context.query
    check_query(asked.q)  # `q` keeps its trailing space for the matcher: 'кот ' is a finished word, 'кот' a prefix
    scope = access_scope(g.user, asked.server_id, asked.channel_id)
    limit = min(max(asked.limit or PAGE, 1), MAX_PAGE)
    offset = min(max(asked.tz_offset or 0, -MAX_OFFSET), MAX_OFFSET)
    messages, more = find_messages(g.user, asked.q.lstrip(), scope, asked.before, limit, offset)
    return json_response({"messages": messages, "hasMore": more})
