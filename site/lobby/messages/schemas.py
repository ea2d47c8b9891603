"""The messages calls' payloads, declared once: they check requests and describe them in
`/api/openapi.json`. The rules themselves (trimming, what counts as empty, the NUL) stay the
`check_*` of `actions.py`, run here as the fields' validators, so the live socket's frames and the
HTTP calls refuse alike."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BeforeValidator, Field

from lobby.errors import ValidationError
from lobby.messages.actions import MAX_LENGTH, check_content, check_emoji
from lobby.schema import Answer, Id, Payload, Query, refused


def rule(check):
    """A field validator from a `check_*` (which raises Lobby's ValidationError): its message
    becomes the field's refusal."""
    def validate(value):
        try:
            return check(value)
        except ValidationError as error:
            raise refused(error.message) from None
    return validate


Emoji = Annotated[str, Field(max_length=32, description="One emoji, no spaces."), BeforeValidator(rule(check_emoji))]


class HistoryQuery(Query):
    before: Id | None = Field(None, description="The page before this id (history, scrolling up).")
    after: Id | None = Field(None, description="Messages after this id, oldest first (catching up).")
    limit: int | None = Field(None, ge=0, description="1–100, default 50; outside that range it is brought in.")


class EditBody(Payload):
    # Emptied only if the message has files: the edit itself knows (actions.do_edit_message).
    content: Annotated[str, Field(max_length=MAX_LENGTH, description=(
        "Trimmed; no NUL; empty only when the message has files.")),
        BeforeValidator(rule(lambda value: check_content(value, allow_empty=True)))]
    refusals = {"content": "message.empty"}


class ReactionBody(Payload):
    emoji: Emoji
    refusals = {"emoji": "message.emoji"}


class Author(Answer):
    id: int
    username: str
    profile_image_url: str | None


class Reaction(Answer):
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


class QuotedAuthor(Answer):
    username: str


class Quoted(Answer):
    id: int
    content: str
    author: QuotedAuthor


class Message(Answer):
    id: int
    channel_id: int
    content: str
    created_at: datetime
    edited_at: datetime | None = None
    reply_to_id: int | None = None
    message_type: str = "text"
    nonce: str | None = None
    author: Author
    reply_to: Quoted | None = None
    mentions: list[int] = []
    attachments: list[Attachment] = []
    reactions: list[Reaction]


class OneMessage(Answer):
    message: Message


class Page(Answer):
    messages: list[Message]
    has_more: bool = Field(description="Whether another page exists in that direction.")


class Done(Answer):
    message: str
