"""Payloads of the calls that manage a server's channels (`channels_api.py`) and the live frames
that tell its members about its structure (`structure_notify.py`), declared once. A channel's
fields keep the rules of channel creation (`validation.py`, run as the fields' validators)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from lobby.schema import Answer, refusal
from lobby.servers.schemas import Channel, Description, ServersBody, changes_only, rule
from lobby.servers.validation import CHANNEL_TYPES, NAME_MAX, check_channel_name

ChannelName = Annotated[str, Field(description=(
    "Trimmed. 1–100 characters: letters of any alphabet (with their marks), digits, emoji, spaces, hyphens and "
    "underscores. No control characters (line breaks among them), no format characters (zero-width ones, direction "
    "overrides), no line or paragraph separators."), json_schema_extra={"maxLength": NAME_MAX}),
    BeforeValidator(rule(check_channel_name))]


class ChannelChanges(ServersBody):
    """Only the fields sent change; an empty body changes nothing."""
    model_config = ConfigDict(json_schema_extra=changes_only)
    name: ChannelName = None
    description: Description = None
    refusals = {"name": "channel.name_empty"}

    def changes(self) -> dict:
        """The channel's columns to change: the fields sent."""
        return {field: getattr(self, field) for field in ChannelChanges.model_fields if field in self.model_fields_set}


def whole_position(value):
    """A JSON whole number from 0 (not a bool, a float or digits in a string). Past the end is no
    mistake: the channel goes last."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise refusal("channel.position")
    return value


class ChannelMove(ServersBody):
    position: Annotated[int, Field(ge=0, description=(
        "The channel's new place in its own list (text channels and voice channels are ordered apart), from 0 at "
        "the top. A place past the end puts it last.")), BeforeValidator(whole_position)]
    refusals = {"position": "channel.position"}


# Frames (the members' sockets hear them; listed in `lobby/realtime/schemas.py`)

class ChannelChangedFrame(Answer):
    server_id: int
    channel: Channel


class ChannelDeletedFrame(Answer):
    server_id: int
    channel_id: int
    type: Literal[CHANNEL_TYPES]


class ChannelsReorderedFrame(Answer):
    server_id: int
    type: Literal[CHANNEL_TYPES] = Field(description="Which list changed: its channels' ids, top first.")
    channel_ids: list[int]


class ServerUpdatedFrame(Answer):
    server_id: int
    name: str
    description: str | None
    icon_url: str | None
    is_public: bool
    category: str


STRUCTURE_SERVER_FRAMES: dict[str, tuple[type[BaseModel], str]] = {
    "channel_created": (ChannelChangedFrame, "Every connected member of the server: a channel was added."),
    "channel_updated": (ChannelChangedFrame, "Every connected member of the server: a channel was renamed or its "
                                      "description changed."),
    "channel_deleted": (ChannelDeletedFrame, "Every connected member of the server: a channel and its messages "
                                             "were deleted (anyone seated in it left voice)."),
    "channels_reordered": (ChannelsReorderedFrame, "Every connected member of the server: the order of its text or "
                                                   "voice channels changed."),
    "server_updated": (ServerUpdatedFrame, "Every connected member of the server: its settings or icon changed."),
}
