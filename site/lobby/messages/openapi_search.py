"""The search part of `/api/openapi.json` (`/api/messages/search`, `/api/users/search`), written by
hand next to `messages/search.py`, `messages/search_index.py` and `accounts/search_api.py`; merged
by `lobby/openapi.py`."""
from __future__ import annotations

from lobby.openapi import error, obj, ok, operation, ref, string, throttled

BEARER = [{"bearerAuth": []}]
INTEGER = {"type": "integer"}
NULLABLE_STRING = {"type": ["string", "null"]}
UNAUTHORIZED = ("UNAUTHORIZED", "Требуется вход в систему")
NOT_VERIFIED = ("EMAIL_NOT_VERIFIED", "Подтвердите email перед входом в систему")
BAD_QUERY = (("QUERY_TOO_SHORT", "Введите минимум 2 символа для поиска"),
             ("QUERY_TOO_LONG", "Поисковый запрос слишком длинный (максимум 200 символов)"))
Q = {"name": "q", "in": "query", "required": True, "schema": string(minLength=2, maxLength=200),
     "description": "2–200 characters after trimming."}


def query(name: str, description: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": INTEGER, "description": description}


def common_errors() -> dict:
    return {400: error("`q` shorter than 2 or longer than 200 characters after trimming; a filter or cursor "
                       "that is not a number", *BAD_QUERY, ("BAD_REQUEST", "Параметр serverId должен быть числом")),
            401: error("No, bad or expired access token", UNAUTHORIZED),
            429: throttled("120 searches per minute per user")}


def search_messages() -> dict:
    return operation(
        "searchMessages", "Messages found by word",
        "Only messages in channels of servers the caller is a member of; newest first. The query is cut into "
        "words (letters and digits; every other character — quotes, operators, punctuation — only separates "
        "words, so no query syntax reaches the database). A message matches when it holds every word, "
        "case-insensitively, with 'ё' read as 'е'. Every word is a whole word except the last one, which matches "
        "as a prefix ('прив' finds 'привет') because the dialog searches while the user types; a `q` ending in "
        "a space has no unfinished word ('кот ' does not find 'котлета'). PostgreSQL (production) also finds "
        "the forms of a word by the Russian stemmer ('кот' finds 'кота'); SQLite (embedded mode) matches "
        "words as written. A `q` with no letter or digit finds nothing.",
        {200: ok("Matches, newest first", obj(
            ["messages", "hasMore"], messages={"type": "array", "items": ref("schemas", "FoundMessage")},
            hasMore={"type": "boolean", "description": "Older matches exist: ask again with `before` = the "
                                                       "last id."})),
         **common_errors(),
         403: error("`serverId` names a public server the caller is not a member of; or the e-mail is not "
                    "verified", ("NOT_A_MEMBER", "Вы не участник этого сервера"), NOT_VERIFIED),
         404: error("`serverId` names no server or a private one the caller is not in; `channelId` names no "
                    "channel, one of a server the caller is not in, or (with `serverId`) one of another server",
                    ("SERVER_NOT_FOUND", "Сервер не найден"), ("CHANNEL_NOT_FOUND", "Канал не найден"))},
        parameters=[Q, query("serverId", "Only this server's channels."), query("channelId", "Only this channel."),
                    query("limit", "1–50, default 25."), query("before", "Paging: only matches older than this "
                                                                        "message id.")],
        security=BEARER, tag="messages")


def search_users() -> dict:
    return operation(
        "searchUsers", "People by username or name",
        "Verified, active accounts whose username, first name or last name contains `q`, case-insensitively in "
        "any alphabet; the exact username first, then usernames starting with `q`, then by username; at most 20. "
        "Never an e-mail address.",
        {200: ok("Matches", obj(["users"], users={"type": "array", "items": ref("schemas", "UserCard")})),
         **common_errors(), 403: error("The account's e-mail is not verified", NOT_VERIFIED)},
        parameters=[Q], security=BEARER, tag="users")


def paths() -> dict:
    return {"/api/messages/search": {"get": search_messages()}, "/api/users/search": {"get": search_users()}}


def schemas() -> dict:
    sender = obj(["id", "username"], id=INTEGER, username=string(), profileImageUrl=NULLABLE_STRING)
    return {
        "FoundMessage": obj(
            ["id", "channelId", "serverId", "channelName", "serverName", "content", "createdAt", "timestamp",
             "sender", "author"],
            id=INTEGER, channelId=INTEGER, serverId=INTEGER, channelName=string(), serverName=string(),
            content=string(), createdAt=string(format="date-time"),
            timestamp=string(format="date-time", description="The same as `createdAt` (the spec names both)."),
            editedAt={"type": ["string", "null"], "format": "date-time"},
            sender=sender, author={**sender, "description": "The same as `sender` (the spec names both)."}),
        "UserCard": obj(
            ["id", "username", "firstName", "lastName", "bio", "profileImageUrl", "avatar"],
            id=INTEGER, username=string(), firstName=string(), lastName=string(),
            bio={"type": "null", "description": "Profiles have no bio yet."}, profileImageUrl=NULLABLE_STRING,
            avatar={**NULLABLE_STRING, "description": "The same as `profileImageUrl`."}),
    }
