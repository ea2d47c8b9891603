"""The `/api/servers…` part of `/api/openapi.json`, written by hand next to the code it describes
(`api.py`, `access.py`, `actions.py`, `validation.py`, `icons.py`, `listing.py`, `models.py`).

`paths()` and `schemas()` are merged into the document by `lobby/openapi.py`."""
from __future__ import annotations

from lobby.openapi import JSON, NOT_JSON, error, message, obj, ok, operation, quoted, ref, string
from lobby.servers import access, actions, icons
from lobby.servers.validation import CATEGORIES, MAX_BAN_SECONDS, TEMPLATES

BEARER = [{"bearerAuth": []}]
MULTIPART = "multipart/form-data"
PNG = "image/png"

# What access.py and actions.py answer.
UNAUTHORIZED = ("UNAUTHORIZED", "Требуется вход в систему")
NOT_VERIFIED = ("EMAIL_NOT_VERIFIED", "Подтвердите email перед входом в систему")
SERVER_NOT_FOUND = ("SERVER_NOT_FOUND", access.NOT_FOUND)
NOT_A_MEMBER = ("NOT_A_MEMBER", access.NOT_MEMBER)
NO_RIGHTS = ("FORBIDDEN", access.NO_RIGHTS)
BANNED = ("BANNED", actions.BANNED)
JOINED = "Вы присоединились к серверу"

# A large picture is decoded by the job worker while the request waits (lobby/image_jobs.py).
NO_WORKER = error("Production only: a large picture waited 60 s for a job worker that did not answer; "
                  "`Retry-After` says when to try again", ("SERVICE_UNAVAILABLE", "Сервис временно недоступен"))
# Field messages of validation.py and icons.py.
NAME = ["Введите название сервера", "Название должно содержать минимум 2 символа", "Название слишком длинное",
        "Только буквы, цифры, пробелы и дефисы"]
DESCRIPTION = ["Описание слишком длинное"]
CATEGORY = ["Неизвестная категория"]
ICON = [icons.TOO_BIG, icons.TOO_MANY_PIXELS, icons.NOT_AN_IMAGE]
INVITE_CODE = ["Код приглашения слишком короткий", "Код приглашения слишком длинный"]
USER_ID = ["Укажите пользователя"]
NOT_TEXT = "Ожидается строка"  # a text field sent as a number, an object, …: refused before the rest
NOT_A_FLAG = ["Ожидается true или false"]

NULLABLE_STRING = {"type": ["string", "null"]}
INTEGER = {"type": "integer"}
BOOLEAN = {"type": "boolean"}
TIME = string(format="date-time")


def server_id() -> dict:
    return {"name": "server_id", "in": "path", "required": True, "schema": INTEGER,
            "description": "A server's id. A non-integer answers 404 `NOT_FOUND` «Не найдено»."}


def query(name: str, schema: dict, description: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


def rejected(fields: dict[str, list[str]], description: str) -> dict:
    """A 422 `VALIDATION_ERROR`: `{message, code, errors: {field: message}}`."""
    listing = "\n".join(f"- `{field}`: {quoted(texts)}" for field, texts in fields.items())
    field, texts = next(iter(fields.items()))
    example = {"message": texts[0], "code": "VALIDATION_ERROR", "errors": {field: texts[0]}}
    return {"description": f"{description} (`VALIDATION_ERROR`). Possible messages:\n{listing}",
            "content": {JSON: {"schema": ref("schemas", "ValidationError"), "example": example}}}


def unauthorized() -> dict:
    return error("No, bad or expired access token", UNAUTHORIZED)


def forbidden(description: str, *cases: tuple[str, str]) -> dict:
    return error(f"{description}; or the account's e-mail is not verified", *cases, NOT_VERIFIED)


def not_verified() -> dict:
    return error("The account's e-mail is not verified", NOT_VERIFIED)


def not_found(description: str = "", *more: tuple[str, str]) -> dict:
    text = "No such server, or a private one the caller is not a member of (the same answer for both)"
    return error(text + (f"; {description}" if description else ""), SERVER_NOT_FOUND, *more)


def server_answer(description: str, status_message: str | None = None) -> dict:
    fields = {"server": ref("schemas", "Server")}
    if status_message:
        fields["message"] = string(const=status_message)
    return ok(description, obj(list(fields), **fields))


def too_large() -> dict:
    return error("The whole request is over 25 MB", ("PAYLOAD_TOO_LARGE", "Слишком большой запрос"))


def server_fields(creating: bool) -> dict:
    fields = {
        "name": string(minLength=2, maxLength=100, pattern="^[A-Za-zА-Яа-яЁё0-9 _-]+$",
                       description="Trimmed. Latin or Cyrillic letters, digits, spaces, hyphens, underscores."),
        "description": string(maxLength=500, description="Trimmed; empty means none."),
        "isPublic": {"type": ["boolean", "string", "null"], "default": True,
                     "description": "`true`/`false`, or one of the strings `true`, `1`, `on`, `yes` / `false`, `0`, "
                                    "`off`, `no` (any case); anything else is refused (422). Missing, null or empty "
                                    "keeps " + ("the default, public." if creating else "the current setting.")},
        "category": string(enum=list(CATEGORIES), description=(
            "Default `gaming` for the gaming template, else `community`." if creating else "")),
    }
    if creating:
        fields["template"] = string(enum=list(TEMPLATES), default="custom", description="The channels created: " + "; ".join(
            f"`{name}`: " + ", ".join(f"{channel} ({kind})" for channel, kind in channels)
            for name, channels in TEMPLATES.items()) + ".")
    return fields


def server_body(creating: bool) -> dict:
    fields = server_fields(creating)
    required = ["name"] if creating else []
    icon = string(format="binary", description="An image of at most 5 MB, checked by its content and stored "
                                               "re-encoded as a PNG of at most 256×256. An empty file part (a "
                                               "file input left empty) means no new icon.")
    return {"required": creating, "content": {
        JSON: {"schema": obj(required, **fields)},
        MULTIPART: {"schema": obj(required, **fields, icon=icon)},
    }}


def list_mine() -> dict:
    return operation(
        "listMyServers", "The servers the caller belongs to",
        "Oldest membership first. Each carries `myRole` and `inviteCode`.",
        {200: ok("The caller's servers", obj(["servers"], servers={"type": "array", "items": ref("schemas", "Server")})),
         401: unauthorized(), 403: not_verified()},
        security=BEARER, tag="servers")


def list_public() -> dict:
    page = obj(["servers", "total", "page", "limit"], servers={"type": "array", "items": ref("schemas", "Server")},
               total={"type": "integer", "description": "Matching public servers, all pages."},
               page=INTEGER, limit=INTEGER)
    return operation(
        "listPublicServers", "Browse public servers (discovery, the recommended strip)",
        "Only public servers, whoever asks. Servers the caller belongs to carry `myRole` and `inviteCode`. "
        "Ties in any order fall back to the newest id first.",
        {200: ok("A page of public servers", page), 401: unauthorized(), 403: not_verified()},
        parameters=[
            query("category", string(enum=["all", *CATEGORIES], default="all"), "`all` (or empty) for every category."),
            query("search", string(), "Case-insensitive substring of the name or the description."),
            query("sort", string(enum=["members", "trending", "newest"], default="members"),
                  "`members`: most members first; `trending`: most members who joined in the last 7 days first, then "
                  "most members; `newest`: latest created first. Anything else sorts by members."),
            query("page", {"type": "integer", "minimum": 1, "default": 1}, "Out-of-range values are clamped."),
            query("limit", {"type": "integer", "minimum": 1, "maximum": 100, "default": 24},
                  "Clamped to 1–100; default 24, or 6 with `recommended=true`."),
            query("recommended", string(enum=["true"]),
                  "`true`: the recommended strip — servers the caller has not joined, sorted by `trending` "
                  "whatever `sort` says, default limit 6."),
        ], security=BEARER, tag="servers")


def search() -> dict:
    return operation(
        "searchServers", "Servers whose name contains the query",
        "Public servers and the caller's own (private ones included), by name, case-insensitively, sorted by name, "
        "at most 20. A query shorter than 2 characters (after trimming) answers an empty list.",
        {200: ok("Matches", obj(["servers"], servers={"type": "array", "items": ref("schemas", "Server")})),
         401: unauthorized(), 403: not_verified()},
        parameters=[query("q", string(), "At least 2 characters.")], security=BEARER, tag="servers")


def create() -> dict:
    return operation(
        "createServer", "Create a server from a template",
        "JSON, or `multipart/form-data` when an `icon` file comes along. The caller becomes its owner and only member; "
        "the template's channels are created; a fresh 12-character invite code is drawn.",
        {201: server_answer("Created (the owner's view: `myRole` is `owner`, `inviteCode` is set)"),
         400: error("Body is neither a JSON object nor a multipart form", NOT_JSON),
         401: unauthorized(), 403: not_verified(), 413: too_large(),
         422: rejected({"name": [*NAME, NOT_TEXT], "description": [*DESCRIPTION, NOT_TEXT],
                        "template": ["Неизвестный шаблон", NOT_TEXT], "category": [*CATEGORY, NOT_TEXT],
                        "isPublic": NOT_A_FLAG, "icon": ICON},
                       "Invalid fields; a field of the wrong kind (a number for a text, a text that is no flag) "
                       "alone and first; then `name`, `description`, `template` and `category` together; `icon` "
                       "alone and only once the others pass"),
         503: NO_WORKER},
        server_body(creating=True), BEARER, tag="servers")


def details() -> dict:
    return operation(
        "getServer", "One server",
        "Any public server, or a private one the caller belongs to. `inviteCode` only for members.",
        {200: server_answer("The server"), 401: unauthorized(), 403: not_verified(), 404: not_found()},
        parameters=[server_id()], security=BEARER, tag="servers")


def update(verb: str) -> dict:
    return operation(
        f"updateServer{verb}", f"Change a server's settings ({verb.upper()})",
        "Owner only. Only the fields sent change (PUT and PATCH behave alike). JSON, or `multipart/form-data` with "
        "a new `icon` (the old file is removed). Writes a `SETTINGS` audit entry naming the changed fields.",
        {200: server_answer("The changed server"),
         400: error("Body is neither a JSON object nor a multipart form", NOT_JSON),
         401: unauthorized(),
         403: forbidden("A member who is not the owner (`FORBIDDEN`), or a non-member of a public server",
                        NO_RIGHTS, NOT_A_MEMBER),
         404: not_found(), 413: too_large(),
         422: rejected({"name": [*NAME, NOT_TEXT], "description": [*DESCRIPTION, NOT_TEXT],
                        "category": [*CATEGORY, NOT_TEXT], "isPublic": NOT_A_FLAG, "icon": ICON},
                       "Invalid fields; a field of the wrong kind alone and first; then the sent ones together; "
                       "`icon` alone and only once they pass"),
         503: NO_WORKER},
        server_body(creating=False), BEARER, [server_id()], tag="servers")


def regenerate_invite() -> dict:
    return operation(
        "regenerateInvite", "Draw a new invite code",
        "Owner only. The old code stops working at once. Writes an `INVITE_REGENERATE` audit entry.",
        {200: ok("The new code", obj(["inviteCode"], inviteCode=string(minLength=12, maxLength=12))),
         401: unauthorized(),
         403: forbidden("Not the owner, or not a member of a public server", NO_RIGHTS, NOT_A_MEMBER),
         404: not_found()},
        parameters=[server_id()], security=BEARER, tag="servers")


def icon() -> dict:
    png = {"description": "The icon, a PNG we re-encoded",
           "headers": {"X-Content-Type-Options": {"schema": string(const="nosniff")},
                       "Cache-Control": {"schema": string(), "description": "Cacheable for a day (`max-age=86400`)."}},
           "content": {PNG: {"schema": string(format="binary")}}}
    return operation(
        "getServerIcon", "A server's icon, for `<img>` tags",
        "Signed in by the page session cookie or a Bearer token. A private server's icon only for its members. "
        "`iconUrl` in a Server links here with a `v` query parameter that changes with the picture.",
        {200: png, 401: unauthorized(), 403: not_verified(),
         404: not_found("or the server has no icon (`NOT_FOUND`)", ("NOT_FOUND", "У сервера нет иконки"))},
        parameters=[server_id(), query("v", string(), "Cache buster; ignored.")],
        security=[{"sessionCookie": []}, {"bearerAuth": []}], tag="servers")


def channels() -> dict:
    return operation(
        "listChannels", "A server's channels",
        "Members only. Ordered by `position`.",
        {200: ok("The channels", obj(["channels"], channels={"type": "array", "items": ref("schemas", "Channel")})),
         401: unauthorized(), 403: forbidden("Not a member of this public server", NOT_A_MEMBER), 404: not_found()},
        parameters=[server_id()], security=BEARER, tag="servers")


def create_channel() -> dict:
    fields = {"name": string(maxLength=100, description="Trimmed. No control characters (line breaks among them), "
                                                       "no format characters (zero-width ones, direction overrides), "
                                                       "no line or paragraph separators."),
              "type": string(enum=["TEXT", "VOICE"], default="TEXT", description="Case-insensitive."),
              "description": string(maxLength=500)}
    return operation(
        "createChannel", "Add a text or voice channel",
        "Owner and moderators. The channel goes last. Writes a `CHANNEL_CREATE` audit entry.",
        {201: ok("Created", obj(["channel"], channel=ref("schemas", "Channel"))),
         400: error("Body is not a JSON object", NOT_JSON), 401: unauthorized(),
         403: forbidden("A plain member (`FORBIDDEN`), or a non-member of a public server", NO_RIGHTS, NOT_A_MEMBER),
         404: not_found(),
         422: rejected({"name": ["Введите название канала", "Название слишком длинное",
                                 "Название содержит недопустимые символы", NOT_TEXT],
                        "type": ["Тип канала: TEXT или VOICE", NOT_TEXT], "description": [*DESCRIPTION, NOT_TEXT]},
                       "Invalid fields, reported together (a field of the wrong kind alone and first)")},
        {"required": True, "content": {JSON: {"schema": obj(["name"], **fields)}}}, BEARER, [server_id()],
        tag="servers")


def join() -> dict:
    return operation(
        "joinServer", "Join a public server",
        "Public servers only (private ones answer 404: they are joined by invite code). Idempotent: a member gets "
        "200 and keeps their role. No body.",
        {200: server_answer("Joined (or already a member)", JOINED), 401: unauthorized(),
         403: forbidden("Banned from this server (until the ban expires or is lifted)", BANNED), 404: not_found()},
        parameters=[server_id()], security=BEARER, tag="servers")


def join_by_code() -> dict:
    code = {"name": "code", "in": "path", "required": True, "schema": string(minLength=3, maxLength=50),
            "description": "The invite code (trimmed)."}
    return operation(
        "joinServerByInvite", "Join a server, public or private, by its invite code",
        "Idempotent: a member gets 200 and keeps their role. No body.",
        {200: server_answer("Joined (or already a member)", JOINED), 401: unauthorized(),
         403: forbidden("Banned from this server", BANNED),
         404: error("No server has this code (never had, or it was regenerated)",
                    ("INVITE_INVALID", "Неверный код приглашения или сервер недоступен")),
         422: rejected({"code": INVITE_CODE}, "Code shorter than 3 or longer than 50 characters")},
        parameters=[code], security=BEARER, tag="servers")


def leave() -> dict:
    return operation(
        "leaveServer", "Leave a server", "Any member but the owner. No body.",
        {200: ok("Left", message("Вы покинули сервер")), 401: unauthorized(),
         403: forbidden("Not a member of this public server", NOT_A_MEMBER), 404: not_found(),
         409: error("The owner cannot leave", ("OWNER_CANNOT_LEAVE", "Владелец не может покинуть свой сервер"))},
        parameters=[server_id()], security=BEARER, tag="servers")


def members() -> dict:
    return operation(
        "listMembers", "A server's members", "Members only. Earliest joined first.",
        {200: ok("The members", obj(["members"], members={"type": "array", "items": ref("schemas", "Member")})),
         401: unauthorized(), 403: forbidden("Not a member of this public server", NOT_A_MEMBER), 404: not_found()},
        parameters=[server_id()], security=BEARER, tag="servers")


def moderators_only(op_id: str, summary: str, description: str, answer: dict, parameters: list | None = None,
                    not_found_answer: dict | None = None) -> dict:
    return operation(
        op_id, summary, description,
        {200: answer, 401: unauthorized(),
         403: forbidden("A plain member (`FORBIDDEN`), or a non-member of a public server", NO_RIGHTS, NOT_A_MEMBER),
         404: not_found_answer or not_found()},
        parameters=[server_id(), *(parameters or [])], security=BEARER, tag="servers")


def audit_log() -> dict:
    answer = ok("Latest first", obj(["actions", "monthCount"],
                                    actions={"type": "array", "items": ref("schemas", "AuditEntry")},
                                    monthCount={"type": "integer", "description": "Entries of the last 30 days."}))
    return moderators_only(
        "getAuditLog", "The server's audit log", "Owner and moderators.", answer,
        [query("limit", {"type": "integer", "minimum": 1, "maximum": 200, "default": 50}, "Clamped to 1–200.")])


def bans() -> dict:
    return moderators_only(
        "listBans", "The server's active bans", "Owner and moderators. Expired bans are left out. Latest first.",
        ok("Active bans", obj(["bans"], bans={"type": "array", "items": ref("schemas", "Ban")})))


def unban() -> dict:
    user = {"name": "user_id", "in": "path", "required": True, "schema": INTEGER, "description": "The banned user."}
    return moderators_only(
        "unban", "Lift a ban", "Owner and moderators. The user may join again. Writes an `UNBAN` audit entry.",
        ok("Lifted", message("Блокировка снята")), [user],
        not_found("or the user has no ban here (`NOT_BANNED`, an expired one still counts)",
                  ("NOT_BANNED", "Пользователь не заблокирован")))


def moderation(action: str) -> dict:
    kick = action == "kick"
    fields = {"userId": {"type": ["integer", "string"], "description": "The target's id (digits)."},
              "reason": string(minLength=1, maxLength=500, description="Trimmed.")}
    if kick:
        fields["notify"] = {"type": "boolean", "description": "Accepted, not used yet."}
        order = ["userId", "reason"]
    else:
        fields["duration"] = {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_BAN_SECONDS,
                              "description": "Seconds until the ban expires, at most 10 years; null or missing: "
                                             "for good."}
        fields["deleteMessageDays"] = {"type": "integer", "description": "Accepted, not used yet."}
        order = ["duration", "userId", "reason"]
    reason = "Укажите причину исключения" if kick else "Укажите причину блокировки"
    invalid = {"duration": ["Срок блокировки: число секунд или null",
                            "Срок блокировки не больше 10 лет; для бессрочной блокировки — null"],
               "userId": USER_ID, "reason": [reason, "Причина слишком длинная", NOT_TEXT]}
    return operation(
        f"{action}Member", "Kick a member" if kick else "Ban a user",
        "Owner and moderators. Nobody acts on the owner or on themselves; only the owner acts on a moderator. "
        + ("The member is removed and may join again. Writes a `KICK` audit entry." if kick else
           "The user (member or not) is removed and cannot join again, by id or invite, until the ban expires or is "
           "lifted; a new ban replaces an old one. Writes a `BAN` audit entry."),
        {200: ok("Done", message("Пользователь исключен с сервера" if kick else "Пользователь заблокирован")),
         400: error("Body is not a JSON object, or the target is the caller", NOT_JSON,
                    ("BAD_REQUEST", "Нельзя применить это к себе")),
         401: unauthorized(),
         403: forbidden("A plain member, the target is the owner, or a moderator acting on a moderator "
                        "(`FORBIDDEN`); a non-member of a public server (`NOT_A_MEMBER`)",
                        NO_RIGHTS, ("FORBIDDEN", "Нельзя применить это к владельцу сервера"),
                        ("FORBIDDEN", "Модератора может исключить только владелец"), NOT_A_MEMBER),
         404: not_found("no such user (`USER_NOT_FOUND`)" + ("; the user is not a member (`NOT_A_MEMBER`)" if kick else ""),
                        ("USER_NOT_FOUND", "Пользователь не найден"),
                        *([("NOT_A_MEMBER", "Пользователь не состоит на сервере")] if kick else [])),
         422: rejected({field: invalid[field] for field in order},
                       "Invalid field; checked one at a time in this order: " + ", ".join(f"`{f}`" for f in order))},
        {"required": True, "content": {JSON: {"schema": obj(["userId", "reason"], **fields)}}}, BEARER, [server_id()],
        tag="servers")


def paths() -> dict:
    base = "/api/servers"
    item = f"{base}/{{server_id}}"
    return {
        base: {"get": list_mine(), "post": create()},
        f"{base}/public": {"get": list_public()},
        f"{base}/search": {"get": search()},
        item: {"get": details(), "patch": update("Patch"), "put": update("Put")},
        f"{item}/invite": {"post": regenerate_invite()},
        f"{item}/icon": {"get": icon()},
        f"{item}/channels": {"get": channels(), "post": create_channel()},
        f"{item}/join": {"post": join()},
        f"{base}/join/{{code}}": {"post": join_by_code()},
        f"{item}/leave": {"post": leave()},
        f"{item}/members": {"get": members()},
        f"{item}/audit-log": {"get": audit_log()},
        f"{item}/bans": {"get": bans()},
        f"{item}/bans/{{user_id}}": {"delete": unban()},
        f"{item}/moderation/kick": {"post": moderation("kick")},
        f"{item}/moderation/ban": {"post": moderation("ban")},
    }


def schemas() -> dict:
    someone = obj(["id", "username"], id=INTEGER, username=string())
    maybe_someone = {"oneOf": [someone, {"type": "null"}]}
    return {
        "Server": obj(
            ["id", "name", "description", "iconUrl", "ownerId", "owner", "category", "isPublic", "isVerified",
             "verified", "trending", "memberCount", "channelCount", "textChannelCount", "voiceChannelCount",
             "onlineCount", "voiceActive", "createdAt", "_count", "myRole"],
            id=INTEGER, name=string(), description=NULLABLE_STRING,
            iconUrl={"type": ["string", "null"], "description": "Our own URL (`getServerIcon`), or null."},
            ownerId=INTEGER, owner=someone, category=string(enum=list(CATEGORIES)), isPublic=BOOLEAN,
            isVerified=BOOLEAN, verified={"type": "boolean", "description": "Same as `isVerified`."},
            trending={"type": "boolean", "description": "At least 3 members joined in the last 7 days."},
            memberCount=INTEGER, channelCount=INTEGER, textChannelCount=INTEGER, voiceChannelCount=INTEGER,
            onlineCount={"type": "integer", "description": "Members with a live socket open now (invisible ones "
                                                         "not counted)."},
            voiceActive={"type": "boolean", "description": "false until voice arrives."},
            createdAt=TIME, _count=obj(["members"], members=INTEGER),
            myRole={"type": ["string", "null"], "enum": ["owner", "moderator", "member", None],
                    "description": "The caller's role; null for a non-member."},
            inviteCode=string(description="Only when the caller is a member.")),
        "Channel": obj(["id", "serverId", "name", "type", "description", "position"], id=INTEGER, serverId=INTEGER,
                       name=string(), type=string(enum=["TEXT", "VOICE"]), description=NULLABLE_STRING,
                       position=INTEGER),
        "Member": obj(["id", "role", "joinedAt", "user"], id={"type": "integer", "description": "The membership's id."},
                      role=string(enum=["owner", "moderator", "member"]), joinedAt=TIME,
                      user=obj(["id", "username", "firstName", "lastName", "profileImageUrl", "status"],
                               id=INTEGER, username=string(), firstName=string(), lastName=string(),
                               profileImageUrl=NULLABLE_STRING,
                               status=string(enum=["ONLINE", "AWAY", "DND", "OFFLINE"],
                                             description="From live presence: `ONLINE` with a socket open, `AWAY` (idle) and `DND` as "
                                                         "the user chose, `OFFLINE` otherwise and for invisible users."))),
        "AuditEntry": obj(["id", "type", "target", "moderator", "reason", "createdAt"], id=INTEGER,
                          type=string(enum=["KICK", "BAN", "UNBAN", "SETTINGS", "CHANNEL_CREATE", "INVITE_REGENERATE"]),
                          target=maybe_someone, moderator=maybe_someone,
                          reason={"type": ["string", "null"], "description":
                                  "KICK/BAN: the reason given; SETTINGS: the changed fields; CHANNEL_CREATE: "
                                  "`#name (TYPE)`."},
                          createdAt=TIME),
        "Ban": obj(["id", "user", "reason", "createdAt", "expiresAt"], id=INTEGER, user=someone, reason=string(),
                   createdAt=TIME, expiresAt={"type": ["string", "null"], "format": "date-time",
                                              "description": "null: for good."}),
    }
