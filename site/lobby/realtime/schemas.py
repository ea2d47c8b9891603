"""The live socket's frames, declared once: a model for the `data` of each frame a client may send
(the gateway reads every frame with it) and of each frame the server sends, and the socket's part
of `/api/openapi.json` made from them (`socket_document`).

A client frame is refused like an HTTP body, with the same rules: the `check_*` of
`messages/actions.py` run as the fields' validators, so a message, an edit or a reaction is
refused alike over HTTP and over the socket. What differs is the socket's own: an id is a JSON
number, never digits in a string (a JSON client has numbers), and a send's nonce comes back as
it was sent (the client finds its optimistic copy by it)."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, Strict
from pydantic.json_schema import models_json_schema

from lobby.errors import ValidationError
from lobby.friends.schemas import Friend, FriendActivity, FriendRequest, FriendStatus
from lobby.messages.actions import MAX_NONCE, clean_nonce
from lobby.messages.schemas import Content, EditedContent, Emoji, Message
from lobby.people.schemas import Person, UserUpdatedFrame
from lobby.notifications.schemas import SERVER_NOTIFICATIONS_FRAMES, NotificationFrame, NotificationsReadFrame
from lobby.reads.schemas import ChannelActivityFrame, ReadState
from lobby.realtime.frame_model import Frame, FrameId
from lobby.realtime.presence import STATUSES
from lobby.schema import Answer, Error, rule
from lobby.servers.channel_schemas import STRUCTURE_SERVER_FRAMES
from lobby.servers.order_schemas import USER_SERVERS_FRAMES
from lobby.servers.staff_frames import STAFF_SERVER_FRAMES
from lobby.settings.schemas import SettingsAnswer
from lobby.voice.frames import VOICE_FRAMES, VOICE_SERVER_FRAMES

CUSTOM_STATUS_LENGTH = 50

def sound_nonce(nonce):
    """The nonce as sent, once `clean_nonce` (the HTTP send's rule) finds nothing wrong with it."""
    clean_nonce(nonce)
    return nonce


class PingFrame(Frame):
    """Are you there? Either side may ask; the other answers `pong`."""
    answer = "pong"


class PongFrame(Frame):
    """The answer to `ping`. Any frame proves a socket alive; this one does nothing else."""


class ResyncFrame(Frame):
    """Live events may have been lost (Redis, which carries them between processes, was away):
    catch up over HTTP as after a reconnect (`GET /api/messages/{channelId}/messages?after=`, unread,
    notifications). The socket stays open, its session and channels checked again."""


class JoinChannelFrame(Frame):
    """Hear a channel's events from now on: new messages, edits, deletions, reactions, typing."""
    answer = "channel_joined"
    channel_id: FrameId


class LeaveChannelFrame(Frame):
    """Stop hearing a channel."""
    answer = "channel_left"
    channel_id: FrameId


class SendMessageFrame(Frame):
    """Send a text message, as `POST /api/messages/{channelId}/messages` does (files go over HTTP).
    A resend with the same nonce answers with the first message. Everyone joined to the channel,
    the sender's sockets too, hears `new_message`."""
    answer = "message_sent"
    channel_id: FrameId
    content: Content
    reply_to_id: FrameId | None = Field(None, description="A message of the same channel.")
    nonce: Annotated[str | int | None, BeforeValidator(rule(sound_nonce)), Field(description=(
        f"The client's id for this send, text or a whole number; the first {MAX_NONCE} characters count. "
        "It comes back as sent in `message_sent`, and in the `error` of a send that failed."))] = None
    message_type: Any = Field("text", description="Only `text` messages exist; accepted and not read.")
    refusals = {**Frame.refusals, "content": "message.empty"}

    @classmethod
    def read(cls, data: dict) -> "SendMessageFrame":
        try:
            return super().read(data)
        except ValidationError as error:
            nonce = data.get("nonce")
            if nonce is None or isinstance(nonce, (str, int)):  # one the client can know its copy by
                error.extra["nonce"] = nonce
            raise


class EditMessageFrame(Frame):
    """Change the text of one's own message. The reply comes only to a socket that has not joined
    the message's channel; joined sockets hear it from the channel, like everyone."""
    answer = "message_edited"
    message_id: FrameId
    # Empty (or absent, as before the models) is refused by the edit itself, unless the message has
    # files: the edit knows, the frame does not.
    content: EditedContent = ""


class DeleteMessageFrame(Frame):
    """Delete a message: one's own, or any in a server one owns or moderates. Replied to like an edit."""
    answer = "message_deleted"
    message_id: FrameId


class ReactionFrame(Frame):
    message_id: FrameId
    emoji: Emoji
    refusals = {**Frame.refusals, "emoji": "message.emoji"}


class ReactionAddFrame(ReactionFrame):
    """React to a message, as `addReaction` does: one emoji; a new kind on a message that has 20
    already gets `error` `TOO_MANY_REACTIONS`. Replied to like an edit."""
    answer = "reaction_added"


class ReactionRemoveFrame(ReactionFrame):
    """Take one's reaction back. Replied to like an edit."""
    answer = "reaction_removed"


class TypingFrame(Frame):
    """Started or stopped typing in a channel; its members hear `typing` (the sender's sockets too): a
    start at most once per person and channel every 3 s (TYPING_GAP_SECONDS), a stop only after a start
    they heard; nothing in a DM closed by a block. Never answered."""
    channel_id: FrameId
    is_typing: Annotated[bool, BeforeValidator(lambda value: value is not False),
                         Field(description="Only `false` means stopped.")] = True


# The spec's name of the idle status (its profile's choices, its member and search results): the
# socket takes it as the very same status.
SPEC_STATUS_NAMES = {"away": "idle"}


class PresenceUpdateFrame(Frame):
    """Choose one's status; people who share a server of at most PRESENCE_LARGE_SERVER members hear
    `user_status` (an invisible user reads as offline). `away` (the spec's name) is `idle`."""
    status: Annotated[Literal[*STATUSES], BeforeValidator(lambda value: SPEC_STATUS_NAMES.get(value, value))] = Field(
        description="online, idle (or the spec's `away`: the same status), dnd or invisible.")
    custom_status: Annotated[str, Strict(), Field(max_length=CUSTOM_STATUS_LENGTH)] | None = None
    refusals = {"status": "frame.status", "customStatus": "frame.custom_status"}


# Every frame a client may send: its type → the model of its `data`.
FRAMES: dict[str, type[Frame]] = {
    "ping": PingFrame,
    "pong": PongFrame,
    "join_channel": JoinChannelFrame,
    "leave_channel": LeaveChannelFrame,
    "send_message": SendMessageFrame,
    "edit_message": EditMessageFrame,
    "delete_message": DeleteMessageFrame,
    "reaction_add": ReactionAddFrame,
    "reaction_remove": ReactionRemoveFrame,
    "typing": TypingFrame,
    "presence_update": PresenceUpdateFrame,
    **VOICE_FRAMES,
}


# What the server sends. Never checked on the way out (fan-out is the hot path); the suite checks
# the frames it hears against these (tests/realtime/test_frame_models.py).

class ConnectedFrame(Answer):
    """Who the socket belongs to, and the status they chose last (it outlives their sockets)."""
    user_id: int
    username: str
    status: Literal[*STATUSES]


class ChannelFrame(Answer):
    channel_id: int


class MessageSentFrame(Answer):
    """A resend (a nonce seen before) answers with the first message, unchanged."""
    nonce: str | int | None = Field(description="As the client sent it.")
    message: Message


class MessageDeletedFrame(Answer):
    id: int = Field(description="The same as `messageId`.")
    message_id: int
    channel_id: int


class ReactionChangedFrame(Answer):
    """One reaction given or taken back: the change, never the message's whole list (a client applies
    it to the message it holds; the HTTP history has the whole list)."""
    message_id: int
    channel_id: int
    emoji: str = Field(description="In its fully-qualified form, as stored.")
    user_id: int = Field(description="Who reacted, or took the reaction back.")
    count: int = Field(description="How many have given this emoji now; 0: it is gone from the message.")


class SomeoneTypingFrame(Answer):
    channel_id: int
    user_id: int
    username: str
    user: Person | None = Field(description="Who types, as every payload names a person (null only from a socket "
                                            "admitted before this field existed).")
    is_typing: bool


class UserStatusFrame(Answer):
    """Someone who shares a server with the user came, went or changed status (an invisible user
    reads as offline)."""
    user_id: int
    status: Literal["online", "idle", "dnd", "offline"]
    custom_status: str | None = Field(None, description=(
        "When the `presence_update` announced set one; '' to someone the user blocked (to them the user is offline, "
        "with no custom status), and the custom status again when the block is lifted."))


class ServerAccessRevokedFrame(Answer):
    """The user left a server, or was kicked or banned, or the server was deleted: the socket hears
    its channels no more."""
    server_id: int
    reason: Literal["leave", "kick", "ban", "delete"]
    server_name: str | None = Field(None, description="The server's name (the app's toast names it).")
    moderator_reason: str | None = Field(None, description="For a kick or ban: the reason the moderator gave.")


class FriendRequestReceivedFrame(Answer):
    """A friend request was sent. Both its people hear it: the addressee lists it as incoming, the
    sender's other tabs as outgoing (`request.fromUser.id` tells which)."""
    request: FriendRequest


class FriendRequestRemovedFrame(Answer):
    """A request was declined, cancelled, or dropped by a block: both of its people forget it."""
    request_id: int


class FriendRequestAcceptedFrame(Answer):
    """Friends now (either side accepted): each side hears the other as its new friend."""
    friend: Friend


class FriendRemovedFrame(Answer):
    """No longer friends (either side removed or blocked the other)."""
    user_id: int = Field(description="The former friend.")


class FriendStatusChangedFrame(Answer):
    """A friend's status or custom status changed (an invisible friend reads as offline)."""
    friend_id: int
    status: FriendStatus
    custom_status: str | None


class FriendActivityFrame(Answer):
    """A new entry of the user's own friend activity log (`GET /api/friends/activity`)."""
    activity: FriendActivity


class ErrorFrame(Error):
    """A frame was refused or failed; the socket carries on. The frame's `messageId` comes back
    with it. Codes: the socket's own (`MALFORMED_FRAME`, `UNKNOWN_TYPE`, `PAYLOAD_TOO_LARGE`,
    `RATE_LIMITED`, `VALIDATION_ERROR`, `INTERNAL_ERROR`), and those the HTTP call doing the same
    answers (`CHANNEL_NOT_FOUND`, `MESSAGE_NOT_FOUND`, `FORBIDDEN`, `NONCE_CONFLICT`, …)."""
    errors: dict[str, str] | None = Field(None, description="`VALIDATION_ERROR`: each refused field → its message.")
    nonce: str | int | None = Field(None, description="Any failed `send_message`: its nonce, as sent.")
    retry_after: int | None = Field(None, description=(
        "Seconds to wait: a `send_message` past the send rate, an `rtc_join_channel` past the join limit, a refusal "
        "for a timeout (`TIMED_OUT`)."))
    until: str | None = Field(None, description="`TIMED_OUT`: when the timeout ends (ISO 8601).")


class Envelope(Answer):
    """Every frame, both ways."""
    type: str
    data: dict = Field({}, description="The frame's own fields: see its type's schema. Absent or null: `{}`.")
    message_id: Annotated[str, Field(max_length=64)] | int | None = Field(None, description=(
        "The client's id for a frame: the server's answer to it (its reply or `error`) carries it back; "
        "one of another kind, or longer, is ignored. Frames the server sends on its own have none."))


# Every frame the server sends: its type → the model of its `data`, and when it comes.
SERVER_FRAMES: dict[str, tuple[type[BaseModel], str]] = {
    "connected": (ConnectedFrame, "First, right after the handshake."),
    "ping": (PingFrame, "Every SOCKET_PING_SECONDS (25 s); answer `pong`."),
    "pong": (PongFrame, "The answer to `ping`."),
    "channel_joined": (ChannelFrame, "The answer to `join_channel`."),
    "channel_left": (ChannelFrame, "The answer to `leave_channel`."),
    "message_sent": (MessageSentFrame, "The answer to `send_message`."),
    "new_message": (Message, "A message in a joined channel, sent over HTTP or a socket."),
    "message_edited": (Message, "A message of a joined channel was edited; the answer to `edit_message` too."),
    "message_deleted": (MessageDeletedFrame, "A message of a joined channel was deleted; the answer to "
                                             "`delete_message` too."),
    "reaction_added": (ReactionChangedFrame, "In a joined channel; the answer to `reaction_add` too."),
    "reaction_removed": (ReactionChangedFrame, "In a joined channel; the answer to `reaction_remove` too."),
    "typing": (SomeoneTypingFrame, "Someone started or stopped typing in a joined channel."),
    "user_status": (UserStatusFrame, "Presence of people who share a server of at most PRESENCE_LARGE_SERVER "
                                     "(250) members with the user."),
    "server_access_revoked": (ServerAccessRevokedFrame, "The user lost a server."),
    "friend_request_received": (FriendRequestReceivedFrame, "To both people of a new friend request, every tab."),
    "friend_request_removed": (FriendRequestRemovedFrame, "To both people of a request declined, cancelled or "
                                                          "dropped by a block."),
    "friend_request_accepted": (FriendRequestAcceptedFrame, "To both new friends, each with the other."),
    "friend_removed": (FriendRemovedFrame, "To both former friends, each with the other's id."),
    "friend_status_changed": (FriendStatusChangedFrame, "To a user's friends, when the user's status or custom "
                                                        "status changes."),
    "friend_activity": (FriendActivityFrame, "To every friend of the user whose status changed: the new "
                                             "entry of their activity logs."),
    "channel_activity": (ChannelActivityFrame, "A new message in a channel the user can read (a server's text "
                                               "channel or a DM) that this socket has not joined."),
    "read_state": (ReadState, "To every socket of the user, when any of them (or the HTTP call) moved a read marker: "
                              "the same body as `markChannelRead` answers."),
    "notification": (NotificationFrame, "To every socket of the user: a new notification."),
    "notifications_read": (NotificationsReadFrame, "To every socket of the user: notifications were read."),
    "settings_changed": (SettingsAnswer, "To every socket of the user, when their settings changed (any device, "
                                         "the settings pages too): the whole document, as `getSettings` answers."),
    **VOICE_SERVER_FRAMES,
    **STRUCTURE_SERVER_FRAMES,
    **STAFF_SERVER_FRAMES,
    **USER_SERVERS_FRAMES,
    **SERVER_NOTIFICATIONS_FRAMES,
    "user_updated": (UserUpdatedFrame, "Someone's display name or avatar changed: to the people who share a server "
                                       "of at most PRESENCE_LARGE_SERVER (250) members with them, their friends, the "
                                       "other people of their DMs and their own sockets."),
    "resync": (ResyncFrame, "After Redis, which carries live events between processes, was away."),
    "error": (ErrorFrame, "The answer to a frame refused or failed."),
}

COMPONENT = "#/components/schemas/{model}"


def socket_document() -> tuple[dict, dict]:
    """The `x-websocket` section of `/api/openapi.json`, and the component schemas it refers to
    (`#/components/schemas/<Name>`). Shared models (`Message`, `Reaction`, …) are described as the
    HTTP document describes them (an answer in serialization mode), so one name is one schema."""
    from lobby.realtime import gateway  # not at the top: the gateway imports the handlers, which import this
    from lobby.realtime.connection import CLOSE_CROWDED, CLOSE_UNAUTHORIZED

    settings = gateway.SETTINGS
    read = [(model, "validation") for model in (Envelope, *FRAMES.values())]
    written = [(model, "serialization") for model, _ in SERVER_FRAMES.values()]
    refs, found = models_json_schema(list(dict.fromkeys(read + written)), ref_template=COMPONENT)
    section = {
        "path": "/ws",
        "description": (
            "The live socket (WebSocket), frames of JSON text both ways. Each frame is an `envelope`; its `data` "
            "is described by its type's schema. An unknown type gets `error` `UNKNOWN_TYPE`; so does a frame type "
            "that only the server sends."),
        "authentication": {
            "in": "query", "name": "token",
            "description": (
                "`GET /ws?token=<access token>`: the access token of `Authorization: Bearer` (a browser cannot set "
                "headers on a WebSocket). A missing, bad or expired token opens the socket and closes it at once "
                f"with {CLOSE_UNAUTHORIZED}: refresh the token (`POST /api/auth/refresh`), then connect again. A "
                "browser's `Origin` must be this site's (else 403 `FORBIDDEN` before the handshake). "
                "permessage-deflate is never negotiated.")},
        "envelope": refs[(Envelope, "validation")],
        "clientFrames": {kind: {"data": refs[(model, "validation")], "answer": model.answer}
                         for kind, model in FRAMES.items()},
        "serverFrames": {kind: {"data": refs[(model, "serialization")], "description": when}
                         for kind, (model, when) in SERVER_FRAMES.items()},
        "limits": {
            "maxFrameBytes": settings["SOCKET_MAX_FRAME"],
            "framesPerSecond": settings["SOCKET_RATE"], "burst": settings["SOCKET_BURST"],
            "idleSeconds": settings["SOCKET_IDLE_SECONDS"], "pingSeconds": settings["SOCKET_PING_SECONDS"],
            "signallingFramesPerSecond": settings["VOICE_SIGNAL_RATE"], "signallingBurst": settings["VOICE_SIGNAL_BURST"],
            "maxSdpCharacters": settings["VOICE_MAX_SDP"], "voiceChannelLimit": settings["VOICE_CHANNEL_LIMIT"],
            "voiceGraceSeconds": settings["VOICE_GRACE_SECONDS"], "socketsPerUser": settings["SOCKETS_PER_USER"],
            "description": (
                "Defaults (the app's configuration may change them). A larger frame gets `error` "
                "`PAYLOAD_TOO_LARGE` (beyond four times the limit, the socket is closed with 1009); more frames "
                "a second than allowed get `error` `RATE_LIMITED` — the rate is a person's, shared by all their "
                "sockets (in each server process), not each socket's; voice frames (`rtc_*`, `user_state_*`, "
                "`voice_activity`) count against their own signalling rate instead. A client that does not read its frames as "
                "fast as they come is disconnected without a close frame: it catches up over HTTP.")},
        "closeCodes": {
            str(CLOSE_UNAUTHORIZED): "unauthorized: the token was missing, bad or expired, or the session ended "
                                     "(sign-out, password reset, deactivation). Refresh the token, then reconnect.",
            str(gateway.CLOSE_IDLE): f"timeout: no frame for SOCKET_IDLE_SECONDS ({settings['SOCKET_IDLE_SECONDS']:g} s).",
            "1009": "A frame beyond four times SOCKET_MAX_FRAME: closed without reading it.",
            str(gateway.CLOSE_TRY_AGAIN): "try again later: the database did not answer while the socket was "
                                          "admitted. Reconnect after the usual delay with the same token.",
            str(CLOSE_CROWDED): f"too many connections: the person opened more than {settings['SOCKETS_PER_USER']} "
                                "sockets (across every tab and device); the oldest is closed. Do not reconnect on "
                                "your own: say why, and let the person reconnect (which closes their next oldest).",
        },
    }
    return section, found["$defs"]
