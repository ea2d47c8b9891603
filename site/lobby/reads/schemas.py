"""The read-state calls' payloads and answers, and the `read_state` / `channel_activity` frames."""
from __future__ import annotations

from pydantic import Field

from lobby.reads.counts import UNREAD_CAP
from lobby.schema import Answer, Id, Payload


class MarkReadBody(Payload):
    message_id: Id = Field(description="The newest message read: one of this channel's.")
    refusals = {"messageId": "reads.message_id"}


class ReadState(Answer):
    channel_id: int
    server_id: int | None = Field(description="Null for a DM.")
    last_read_id: int | None = Field(description="The newest message read; null when nothing is read yet.")
    unread: int = Field(description=f"Messages of others after `lastReadId`, at most {UNREAD_CAP} (show \"99+\").")
    mentions: int = Field(description="Of the messages after `lastReadId`, those that mention the caller by name or "
                                      "with @everyone.")


class Unread(Answer):
    channels: list[ReadState] = Field(description="Every channel and DM of the caller with `unread` or `mentions` "
                                                  "above 0, by channel id.")


class ChannelActivityFrame(Answer):
    """A new message in a channel the user can read but this socket has not joined."""
    channel_id: int
    server_id: int | None = Field(description="Null for a DM.")
    message_id: int
    author_id: int
    mentioned: bool = Field(description="The message mentions this socket's user, by name or with @everyone.")
