"""The voice frames of the live socket (the contract of issue 16): a model for the `data` of each
frame a client sends, read like every other frame (`realtime.frame_model.Frame`), and of each frame
the server sends. `realtime/schemas.py` adds them to the socket's tables and document.

An offer's or answer's SDP (either form) is checked by `actions.check_description`, against
VOICE_MAX_SDP of the running app."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, Strict

from lobby.realtime.frame_model import Frame, FrameId
from lobby.people.schemas import DISPLAY_NAME
from lobby.schema import Answer

SESSION_LENGTH = 64
CANDIDATE_LENGTH = 1024
Flag = Annotated[bool, Strict()]
Text = Annotated[str, Strict()]

# Frame types that share the signalling token bucket (VOICE_SIGNAL_RATE) instead of the general one.
SIGNALLING = frozenset({"rtc_join_channel", "rtc_leave_channel", "rtc_offer", "rtc_answer", "rtc_ice_candidate",
                        "user_state_update", "user_state_request", "voice_activity", "rtc_decline_call"})


class VoiceFrame(Frame):
    refusals = {**Frame.refusals, "targetUserId": "frame.id", "sessionId": "voice.session",
                "muted": "request.not_flag", "deafened": "request.not_flag", "isSpeaking": "request.not_flag",
                "payload": "request.not_flag", "sdp": "voice.sdp_missing", "offer": "voice.sdp_type",
                "answer": "voice.sdp_type", "candidate": "voice.candidate", "callType": "voice.call_type"}


class RtcJoinChannelFrame(VoiceFrame):
    """Take a seat in a server's voice channel or a DM (a call). One seat per user: a seat elsewhere
    is left. The same `sessionId` again within VOICE_GRACE_SECONDS of a dropped socket resumes the
    seat silently; another `sessionId` moves the seat to this tab. Refused: 403 `TIMED_OUT` (with
    `until`, `retryAfter`) while a timeout runs on the channel's server; 429 `RATE_LIMITED` (with
    `retryAfter`) past VOICE_JOIN_LIMIT joins (10) in VOICE_JOIN_WINDOW (60 s), a resume excepted."""
    answer = "rtc_voice_state"
    channel_id: FrameId
    session_id: Annotated[str, Strict(), Field(min_length=1, max_length=SESSION_LENGTH)] | None = Field(
        None, description="The client's id of this join (crypto.randomUUID()); made by the server when absent.")
    muted: Flag = False
    deafened: Flag = False


class RtcLeaveChannelFrame(VoiceFrame):
    """Leave the seat, if it is in this channel (from any of the user's sockets)."""
    answer = "rtc_voice_state"
    channel_id: FrameId


class SessionDescription(BaseModel):
    type: Text
    sdp: Text


class Signal(VoiceFrame):
    target_user_id: FrameId = Field(description="Someone seated in the sender's channel.")


class RtcOfferFrame(Signal):
    """An offer for a person in the same voice channel: `sdp`, or `offer: {type: "offer", sdp}`."""
    sdp: Text | None = None
    offer: SessionDescription | None = None
    call_type: Annotated[str, Strict(), Field(max_length=16)] | None = Field(None, description="Passed on as sent.")

    def description(self) -> SessionDescription | None:
        return self.offer


class RtcAnswerFrame(Signal):
    """The answer to an offer: `sdp`, or `answer: {type: "answer", sdp}`."""
    sdp: Text | None = None
    answer_: SessionDescription | None = Field(None, alias="answer")

    def description(self) -> SessionDescription | None:
        return self.answer_


class IceCandidate(BaseModel):
    model_config = {"populate_by_name": True}
    candidate: Annotated[str, Strict(), Field(max_length=CANDIDATE_LENGTH)]
    sdp_mid: Annotated[str, Strict(), Field(max_length=64)] | None = Field(None, alias="sdpMid")
    sdp_m_line_index: Annotated[int, Strict(), Field(ge=0, le=1023)] | None = Field(None, alias="sdpMLineIndex")
    username_fragment: Annotated[str, Strict(), Field(max_length=256)] | None = Field(None, alias="usernameFragment")


class RtcIceCandidateFrame(Signal):
    """A candidate for a person in the same voice channel; null is the end of candidates."""
    candidate: IceCandidate | None


class StateChanges(BaseModel):
    muted: Flag | None = None
    deafened: Flag | None = None
    video: Flag | None = None
    screen: Flag | None = None


class UserStateUpdateFrame(VoiceFrame):
    """Change one's own state in the seat this socket holds; the audience hears `user_state_broadcast`
    (at most once per VOICE_STATE_GAP, 0.5 s: changes within it are told together at its end).
    Deafened implies muted. `muted: false` while a timeout runs on the server is refused 403
    `TIMED_OUT` (with `until` and `retryAfter`)."""
    channel_id: FrameId
    payload: StateChanges


class UserStateRequestFrame(VoiceFrame):
    """Who sits in the voice channels: of the server of this channel (any channel of it), or of this DM."""
    answer = "channel_states"
    channel_id: FrameId


class VoiceActivityFrame(VoiceFrame):
    """Started or stopped speaking (sent on a change only); the audience hears `user_state_broadcast`."""
    channel_id: FrameId
    is_speaking: Flag


class RtcDeclineCallFrame(VoiceFrame):
    """Decline the call ringing in a DM: the caller's sockets hear `rtc_call_declined`, then the
    caller's seat goes (the call is over; a line in the DM says it was declined). Once a ring, and
    only while the other person's call rings (unanswered, at most VOICE_RING_SECONDS, 30 s):
    otherwise 409 `NO_CALL`, and nothing is sent."""
    channel_id: FrameId


VOICE_FRAMES: dict[str, type[Frame]] = {
    "rtc_join_channel": RtcJoinChannelFrame,
    "rtc_leave_channel": RtcLeaveChannelFrame,
    "rtc_offer": RtcOfferFrame,
    "rtc_answer": RtcAnswerFrame,
    "rtc_ice_candidate": RtcIceCandidateFrame,
    "user_state_update": UserStateUpdateFrame,
    "user_state_request": UserStateRequestFrame,
    "voice_activity": VoiceActivityFrame,
    "rtc_decline_call": RtcDeclineCallFrame,
}


# What the server sends (never checked on the way out; the suite checks what it hears).

class ParticipantState(Answer):
    user_id: int
    username: str
    display_name: str | None = Field(None, description=DISPLAY_NAME + " As when they took the seat.")
    profile_image_url: str | None = Field(description="The person's avatar when they took the seat; null: none.")
    muted: bool = Field(description="Deafened, or muted by the server, implies muted.")
    deafened: bool = Field(description="Deafened implies muted.")
    video: bool
    screen: bool
    speaking: bool = Field(description="Never while muted by the server.")
    server_muted: bool = Field(description=(
        "Muted by the server: a timeout on the server given while seated. The person cannot unmute (403 `TIMED_OUT`) "
        "until it ends or is lifted; the others' clients do not play their sound meanwhile."))


class VoiceStateFrame(Answer):
    channel_id: int | None = Field(description="Where the user sits now; null: nowhere.")
    server_id: int | None = Field(description="The channel's server; null for a DM or nowhere.")
    session_id: str | None = Field(description="The join that holds the seat. A tab in voice with another one "
                                               "stops its media without sending anything.")
    participants: list[ParticipantState]
    limit: int = Field(description="VOICE_CHANNEL_LIMIT.")


class UserJoinedFrame(Answer):
    channel_id: int
    server_id: int | None
    user_id: int
    username: str
    state: ParticipantState


class UserLeftFrame(Answer):
    channel_id: int
    server_id: int | None
    user_id: int


class StateBroadcastFrame(Answer):
    channel_id: int
    server_id: int | None
    user_id: int
    state: ParticipantState


class ChannelStatesFrame(Answer):
    server_id: int | None
    channels: dict[str, list[ParticipantState]] = Field(description=(
        "Channel id → who sits there: every voice channel of the server with someone in it; for a DM, that channel "
        "(an empty list when nobody)."))


class SessionDescriptionOut(Answer):
    type: Literal["offer", "answer"]
    sdp: str


class OfferFrame(Answer):
    channel_id: int
    from_user_id: int
    from_username: str
    offer: SessionDescriptionOut
    call_type: str | None = None


class AnswerFrame(Answer):
    channel_id: int
    from_user_id: int
    answer: SessionDescriptionOut


class CandidateFrame(Answer):
    channel_id: int
    from_user_id: int
    candidate: dict | None = Field(description="As sent: {candidate, sdpMid, sdpMLineIndex, usernameFragment}, or null.")


class IncomingCallFrame(Answer):
    channel_id: int
    from_user_id: int
    from_username: str
    from_display_name: str | None = Field(None, description="The caller's display name: the prompt names the person.")


class CallDeclinedFrame(Answer):
    channel_id: int
    user_id: int = Field(description="Who declined.")


class CallEndedFrame(Answer):
    channel_id: int
    reason: Literal["ended", "unanswered"] = Field(description=(
        "`ended`: one of the two hung up (or lost the seat) after the call was answered, and the call ends for both; "
        "`unanswered`: nobody answered within VOICE_RING_SECONDS (30 s), and the call ends for the caller."))
    user_id: int | None = Field(description="Who hung up (`ended`); null when the server ended the call.")


VOICE_SERVER_FRAMES: dict[str, tuple[type[BaseModel], str]] = {
    "rtc_voice_state": (VoiceStateFrame, "Every socket of the user whose seat changed (join, leave, move, drop after "
                                         "grace, kick, ban, block); the answer to `rtc_join_channel` and "
                                         "`rtc_leave_channel`."),
    "rtc_user_joined": (UserJoinedFrame, "The channel's audience (a server's connected members; a DM's two people), "
                                         "the joiner too."),
    "rtc_user_left": (UserLeftFrame, "The channel's audience."),
    "user_state_broadcast": (StateBroadcastFrame, "The channel's audience: someone's full state after a change (at "
                                                  "most one per person every VOICE_STATE_GAP, 0.5 s)."),
    "channel_states": (ChannelStatesFrame, "The answer to `user_state_request`."),
    "rtc_offer": (OfferFrame, "The target's sockets."),
    "rtc_answer": (AnswerFrame, "The target's sockets."),
    "rtc_ice_candidate": (CandidateFrame, "The target's sockets."),
    "rtc_incoming_call": (IncomingCallFrame, "The other person of a DM, every tab, when the first of the two takes a "
                                             "seat there: once a call, and not within VOICE_CALL_COOLDOWN (10 s) "
                                             "after the last call ended (its room emptied)."),
    "rtc_call_declined": (CallDeclinedFrame, "The caller's sockets; the caller's seat goes right after."),
    "rtc_call_ended": (CallEndedFrame, "A DM's call is over: `ended` to both people, `unanswered` to the caller; the "
                                       "seat of whoever still sits there goes right after. Every call also leaves a "
                                       "line in the DM (a message with `messageType` `call`)."),
}
