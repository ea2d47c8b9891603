"""The DM calls' payloads and answers, declared once: they check requests and describe them in
`/api/openapi.json`. A DM's messages are the messages calls' (`/api/messages/{channelId}/...`)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from lobby.friends.schemas import STATUS, FriendStatus
from lobby.friends.models import CUSTOM_STATUS_MAX
from lobby.messages.schemas import Message
from lobby.people.schemas import Person
from lobby.schema import Answer, Id, Payload


class OpenDmBody(Payload):
    user_id: Id = Field(description="The other person's user id.")
    refusals = {"userId": "dms.user_id"}


class DmRecipient(Person):
    """The contract's Person: the other one of a DM."""
    first_name: str
    last_name: str
    status: FriendStatus = Field(description=STATUS)
    custom_status: str | None = Field(description=f"As the person set it (at most {CUSTOM_STATUS_MAX} characters).")


class DmChannel(Answer):
    id: int = Field(description="The channel id the messages calls and the live socket's frames take.")
    server_id: None = Field(description="A DM belongs to no server: always null.")
    name: str = Field(description="The other person's username (each of the two sees the other's).")
    type: Literal["DM"]
    description: None
    position: Literal[0]
    recipient: DmRecipient = Field(description="The other person, with their live status.")


class DmOpened(Answer):
    channel: DmChannel


class Conversation(Answer):
    channel: DmChannel
    last_message: Message | None = Field(description="The newest message, or null when none was sent yet.")
    last_read_id: int | None = Field(description="The newest message the caller has read; null before any.")
    unread: int = Field(description="Messages of the other person after `lastReadId` (at most 100).")
    mentions: int = Field(description="Of those, the ones that mention the caller.")


class Conversations(Answer):
    conversations: list[Conversation] = Field(description=(
        "Newest activity first: by the last message's time, a conversation with no message yet by when it was "
        "opened."))
