"""The messages calls' payloads, declared once: they check requests and describe them in
`/api/openapi.json`. The rules themselves (trimming, what counts as empty, the NUL) stay the
`check_*` of `actions.py`, run here as the fields' validators, so the live socket's frames and the
HTTP calls refuse alike."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BeforeValidator, ConfigDict, Field

from lobby.messages.actions import MAX_LENGTH, MAX_NONCE, check_content, clean_nonce
from lobby.messages.attachments import MAX_FILES
from lobby.messages.reactions import check_emoji
from lobby.people.schemas import Person
from lobby.schema import Answer, Id, Payload, Query, rule


# A message's text, as the send and the edit (over HTTP and the socket alike) take it.
Content = Annotated[str, Field(max_length=MAX_LENGTH, description="Trimmed; not empty; no NUL."),
                    BeforeValidator(rule(check_content))]
# Emptied only if the message has files: the edit itself knows (actions.do_edit_message).
EditedContent = Annotated[str, Field(max_length=MAX_LENGTH, description=(
    "Trimmed; no NUL; empty only when the message has files.")),
    BeforeValidator(rule(lambda value: check_content(value, allow_empty=True)))]
# A reaction: `reactions.check_emoji`, for the HTTP calls and the socket frames alike.
Emoji = Annotated[str, Field(max_length=32, description=(
    "One Unicode emoji (a ZWJ sequence, a skin tone, a flag or a keycap is one), kept in its fully-qualified form "
    "('❤' is '❤️'); no text, no second emoji.")), BeforeValidator(rule(check_emoji))]


class HistoryQuery(Query):
    before: Id | None = Field(None, description="The page before this id (history, scrolling up).")
    after: Id | None = Field(None, description="Messages after this id, oldest first (catching up).")
    around: Id | None = Field(None, description=(
        "A window around this message (opening a search result or a quoted message, however old): up to `limit` "
        "messages, half before it, it and the rest after it; alone, without `before` or `after`."))
    limit: int | None = Field(None, ge=0, description="1–100, default 50; outside that range it is brought in.")


Nonce = Annotated[str | int | None, Field(description=(
    f"The client's id for this send: text, or a whole number taken as its digits; cut to {MAX_NONCE} characters. "
    "Sending again to the same channel with a nonce already used answers with the first message.")),
    BeforeValidator(rule(clean_nonce))]


class SendBody(Payload):
    # The send's own rules (`sending.send_message`, which the live socket calls too), run here so a
    # bad body is refused before anything is looked up.
    content: Content
    reply_to_id: Id | None = Field(None, description="A message of the same channel.")
    nonce: Nonce = None
    refusals = {"content": "message.empty", "replyToId": "message.reply_missing"}


class SendForm(Payload):
    # Described here, read by the view: the body's size limit must be set before the form is parsed.
    content: str = Field("", max_length=MAX_LENGTH, description="May be empty when files come along.")
    reply_to_id: int | None = Field(None, description="As text.")
    nonce: str | None = Field(None, max_length=MAX_NONCE)
    files: list[bytes] = Field([], max_length=MAX_FILES, json_schema_extra={"items": {
        "type": "string", "format": "binary", "description": (
            "At most 10 MB (ATTACHMENT_MAX_BYTES). PNG, JPEG, GIF and WebP pictures, recognised by their bytes, "
            "are re-encoded (metadata dropped) and shown inline; anything else is stored as sent and only "
            "downloaded.")}})


class SearchQuery(Query):
    # `q` is checked by `search.check_query`, which answers 400 with its own codes (too short, too long).
    model_config = ConfigDict(json_schema_extra={"required": ["q"]})
    q: str = Field("", json_schema_extra={"minLength": 2, "maxLength": 200},
                   description="2–200 characters after trimming.")
    server_id: Id | None = Field(None, description="Only this server's channels.")
    channel_id: Id | None = Field(None, description="Only this channel.")
    limit: int | None = Field(None, ge=0, description="1–50, default 25; outside that range it is brought in.")
    before: Id | None = Field(None, description=(
        "Paging: the last id of the page before (matches after it in the order: the same tier, older)."))
    tz_offset: int | None = Field(None, description=(
        "The caller's UTC offset in minutes, for the days of before:/after:/during: (Moscow: 180; in a browser "
        "-new Date().getTimezoneOffset()). Default 0 (UTC); beyond ±840 it is brought in."))


class EditBody(Payload):
    content: EditedContent
    refusals = {"content": "message.empty"}


class ReactionBody(Payload):
    emoji: Emoji
    refusals = {"emoji": "message.emoji"}


class Mentioned(Answer):
    id: int
    username: str = Field(description="As it was when the message was written or last edited.")


class Reaction(Answer):
    """One kind of reaction on a message; a message has at most 20 kinds (`reactions.MAX_KINDS`)."""
    emoji: str
    count: int
    users: list[int] = Field(description="Ids of who reacted.")


class Attachment(Answer):
    id: int
    filename: str = Field(max_length=255)
    size: int = Field(description="Bytes (a re-encoded picture: its new size).")
    content_type: str = Field(description="What `url` serves: an image type, or application/octet-stream.")
    url: str = Field(description="`getAttachment`, relative to the site.")
    width: int | None = Field(None, description="Pictures only.")
    height: int | None = Field(None, description="Pictures only.")


class Quoted(Answer):
    id: int
    content: str
    author: Person


class CallRecord(Answer):
    outcome: Literal["answered", "missed", "declined"] = Field(description=(
        "`answered`: the two talked; `missed`: the caller hung up, or nobody answered within VOICE_RING_SECONDS; "
        "`declined`: the other person said no."))
    seconds: int | None = Field(description="How long an answered call lasted; null otherwise.")


class Message(Answer):
    id: int
    channel_id: int
    content: str
    created_at: datetime
    edited_at: datetime | None = None
    reply_to_id: int | None = None
    message_type: Literal["text", "call"] = Field("text", description=(
        "`call`: the line a DM gets when a call in it ends, by the caller, with an empty `content` and `call` saying "
        "how it went; such a line cannot be edited."))
    call: CallRecord | None = Field(None, description="A `call` line's record; null for text.")
    nonce: str | None = None
    author: Person
    reply_to: Quoted | None = None
    mentions: list[Mentioned] = Field(description=(
        "Who `@username` reached: people who can read the channel (server members, or the two people of a DM), "
        "resolved when the message was sent or edited; a name nobody there has stays plain text."))
    mentions_everyone: bool = Field(description="`@everyone` written by the server's owner or a moderator (from "
                                                "anyone else it is plain text).")
    attachments: list[Attachment] = []
    reactions: list[Reaction]


class OneMessage(Answer):
    message: Message


class Page(Answer):
    messages: list[Message]
    has_more: bool = Field(description="Whether another page exists in that direction (with `around`: before).")
    has_more_before: bool | None = Field(None, description="With `around` only: older messages exist.")
    has_more_after: bool | None = Field(None, description=(
        "With `around` only: newer messages exist (the window does not reach the newest message)."))



class FoundMessage(Answer):
    id: int
    channel_id: int
    server_id: int | None = Field(description="Null for a direct conversation's message.")
    channel_name: str = Field(description="A direct conversation's: the other person's username.")
    server_name: str | None = Field(description="Null for a direct conversation's message.")
    content: str
    created_at: datetime
    timestamp: datetime = Field(description="The same as `createdAt` (the spec names both).")
    edited_at: datetime | None
    sender: Person
    author: Person = Field(description="The same as `sender` (the spec names both).")
    mentions: list[Mentioned]
    mentions_everyone: bool


class Found(Answer):
    messages: list[FoundMessage] = Field(description="The query's exact phrase first, then the other matches; "
                                                     "newest first in each.")
    has_more: bool = Field(description="More matches exist: ask again with `before` = the last id.")
