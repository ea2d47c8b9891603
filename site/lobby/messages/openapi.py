"""The `/api/messages…` part of `/api/openapi.json`, written by hand next to `api.py` and
`actions.py`; merged by `lobby/openapi.py`."""
from __future__ import annotations

from lobby.input_guard import NUL_FOUND
from lobby.messages.attachments import MAX_FILES, TOO_MANY
from lobby.messages.sending import NONCE_TAKEN
from lobby.openapi import JSON, NOT_JSON, error, invalid, obj, ok, operation, ref, string, throttled

BEARER = [{"bearerAuth": []}]
INTEGER = {"type": "integer"}
UNAUTHORIZED = ("UNAUTHORIZED", "Требуется вход в систему")
CHANNEL_NOT_FOUND = ("CHANNEL_NOT_FOUND", "Канал не найден")
MESSAGE_NOT_FOUND = ("MESSAGE_NOT_FOUND", "Сообщение не найдено")
CONTENT = ["Сообщение не может быть пустым", "Сообщение слишком длинное (максимум 2000 символов)", NUL_FOUND]
TOO_LARGE = "Файл слишком большой. Максимальный размер: 10MB"  # with the default ATTACHMENT_MAX_BYTES
MULTIPART = "multipart/form-data"
ATTACHMENT_NOT_FOUND = ("ATTACHMENT_NOT_FOUND", "Файл не найден")
NOT_VERIFIED = ("EMAIL_NOT_VERIFIED", "Подтвердите email перед входом в систему")


def path_id(name: str, what: str) -> dict:
    return {"name": name, "in": "path", "required": True, "schema": INTEGER, "description": what}


def unauthorized() -> dict:
    return error("No, bad or expired access token", UNAUTHORIZED)


def not_verified(description: str = "E-mail not verified", *cases: tuple[str, str]) -> dict:
    return error(description, *cases, NOT_VERIFIED)


def one_message(description: str) -> dict:
    return ok(description, obj(["message"], message=ref("schemas", "Message")))


def send_body() -> dict:
    fields = {"content": string(maxLength=2000), "replyToId": {"type": ["integer", "null"]},
              "nonce": {"type": ["string", "integer", "null"], "maxLength": 64,
                        "description": "Text, or a whole number taken as its digits; cut to 64 characters."}}
    files = {"type": "array", "maxItems": MAX_FILES, "items": string(format="binary", description=(
        "At most 10 MB (ATTACHMENT_MAX_BYTES). PNG, JPEG, GIF and WebP pictures, recognised by their bytes, are "
        "re-encoded (metadata dropped) and shown inline; anything else is stored as sent and only downloaded."))}
    return {"required": True, "content": {
        JSON: {"schema": obj(["content"], **fields)},
        MULTIPART: {"schema": obj([], **fields, files=files), "encoding": {"files": {"contentType": "*/*"}}},
    }}


def send() -> dict:
    return operation(
        "sendMessage", "Send a message, with or without files",
        "JSON, or `multipart/form-data` with one `files` part per file (and `content`, `replyToId`, `nonce` as text "
        f"fields). The content is trimmed; empty is refused unless a file comes along; at most 2000 characters. At "
        f"most {MAX_FILES} files, each at most 10 MB; a request with files may be up to {MAX_FILES} × 10 MB + 1 MB long, "
        "beyond that the answer is 413. HTML is stored as text and shown as text. `nonce` (the client's id for this "
        "send, ≤ 64 characters): sending again to the same channel with a nonce already used by this user returns "
        "the first message (200) instead of creating another, and stores none of the files sent again, so a resend "
        "after a dropped connection is harmless; the same nonce in another channel is refused (409). The message "
        "reaches the channel's live sockets as `new_message`, attachments included.",
        {201: one_message("Created"), 200: one_message("Already sent with this nonce: the first message"),
         400: error("Body is neither a JSON object nor a multipart form", NOT_JSON),
         401: unauthorized(), 403: not_verified(),
         404: error("No such channel, or not a member", CHANNEL_NOT_FOUND),
         409: error("This user already used the nonce for a message in another channel",
                    ("NONCE_CONFLICT", NONCE_TAKEN)),
         413: error("The request is longer than the limit for a message with files", ("PAYLOAD_TOO_LARGE", TOO_LARGE)),
         422: invalid({"content": CONTENT, "replyToId": ["Сообщение для ответа не найдено"],
                       "nonce": ["Некорректный nonce"], "files": [TOO_MANY, TOO_LARGE]}),
         429: throttled("30 messages in any 10 seconds per user (MESSAGE_SEND_LIMIT), files or not, over HTTP and "
                        "the live socket together, counted from the messages written",
                        " A resend with a nonce already used still answers 200 with its message."),
         503: error("Production only: a large picture waited 60 s for a job worker that did not answer; "
                    "`Retry-After` says when to try again", ("SERVICE_UNAVAILABLE", "Сервис временно недоступен"))},
        send_body(), security=BEARER, parameters=[path_id("channel_id", "The channel.")], tag="messages")


def attachment() -> dict:
    headers = {"X-Content-Type-Options": {"schema": string(const="nosniff")},
               "Content-Disposition": {"schema": string(), "description": (
                   "`inline` for pictures we re-encoded, `attachment` for everything else; the file name as "
                   "`filename` (ASCII) and `filename*` (RFC 5987, UTF-8).")},
               "Content-Security-Policy": {"schema": string(), "description": "`sandbox`, and nothing may load."},
               "Cache-Control": {"schema": string(), "description": "`private` (an hour)."}}
    file = {"description": "The file", "headers": headers, "content": {
        "image/*": {"schema": string(format="binary"), "description": "image/png, image/jpeg, image/gif, image/webp"},
        "application/octet-stream": {"schema": string(format="binary")}}}
    return operation(
        "getAttachment", "A message's file",
        "Signed in by the page session cookie (for `<img>` tags) or a Bearer token; members of the message's "
        "channel only (anyone else: 404). `filename` is for readable addresses and is not checked; the "
        "attachment's `url` gives the right one. Pictures are served as what they are; any other file as "
        "`application/octet-stream`, as a download.",
        {200: file, 401: unauthorized(), 403: not_verified(),
         404: error("No such file, or not a member", ATTACHMENT_NOT_FOUND, CHANNEL_NOT_FOUND)},
        security=[{"sessionCookie": []}, {"bearerAuth": []}], tag="messages",
        parameters=[path_id("attachment_id", "The attachment."),
                    {"name": "filename", "in": "path", "required": True, "schema": string()}])


def paths() -> dict:
    return {
        "/api/messages/{channel_id}/messages": {"post": send()},  # the rest: messages/schemas.py
        "/api/attachments/{attachment_id}/{filename}": {"get": attachment()},
    }


def schemas() -> dict:
    user = obj(["id", "username"], id=INTEGER, username=string(), profileImageUrl={"type": ["string", "null"]})
    reaction = obj(["emoji", "count", "users"], emoji=string(), count=INTEGER,
                   users={"type": "array", "items": INTEGER, "description": "Ids of who reacted."})
    attachment = obj(["id", "filename", "size", "contentType", "url"], id=INTEGER, filename=string(maxLength=255),
                     size={"type": "integer", "description": "Bytes (a re-encoded picture: its new size)."},
                     contentType=string(description="What `url` serves: an image type, or application/octet-stream."),
                     url=string(description="`getAttachment`, relative to the site."),
                     width={"type": "integer", "description": "Pictures only."},
                     height={"type": "integer", "description": "Pictures only."})
    return {"Attachment": attachment, "Message": obj(
        ["id", "channelId", "content", "createdAt", "author", "reactions"],
        id=INTEGER, channelId=INTEGER, content=string(), createdAt=string(format="date-time"),
        editedAt={"type": ["string", "null"], "format": "date-time"}, replyToId={"type": ["integer", "null"]},
        messageType=string(const="text"), nonce={"type": ["string", "null"]}, author=user,
        replyTo={"type": ["object", "null"], "properties": {"id": INTEGER, "content": string(),
                                                            "author": obj(["username"], username=string())}},
        mentions={"type": "array", "items": INTEGER}, attachments={"type": "array", "items": ref("schemas", "Attachment")},
        reactions={"type": "array", "items": reaction})}
