"""The voice frames' handlers (`realtime.handlers.HANDLERS` takes them): read by their models
(`frames.py`), done by `actions.py`. A reply is `(type, data)` for the sender."""
from __future__ import annotations

from flask import current_app

from lobby.voice import actions
from lobby.voice.access import access_call, access_voice_rooms
from lobby.voice.frames import (RtcAnswerFrame, RtcDeclineCallFrame, RtcIceCandidateFrame, RtcJoinChannelFrame,
                                RtcLeaveChannelFrame, RtcOfferFrame, UserStateRequestFrame, UserStateUpdateFrame,
                                VoiceActivityFrame)
from lobby.voice.calls import do_decline_call
from lobby.voice.seats import current_voice


def rtc_join_channel(conn, frame: RtcJoinChannelFrame):
    answer, announce = actions.do_join_voice(conn, frame.channel_id, frame.session_id, frame.muted, frame.deafened)
    return "rtc_voice_state", answer, announce


def rtc_leave_channel(conn, frame: RtcLeaveChannelFrame):
    return "rtc_voice_state", *actions.do_leave_voice(conn, frame.channel_id)


def max_sdp() -> int:
    return int(current_app.config["VOICE_MAX_SDP"])


def rtc_offer(conn, frame: RtcOfferFrame):
    sdp = actions.check_description(frame.sdp, frame.offer, "offer", max_sdp())
    data = {"fromUsername": conn.user.username, "offer": {"type": "offer", "sdp": sdp}}
    if frame.call_type is not None:
        data["callType"] = frame.call_type
    actions.relay(conn, frame.target_user_id, "rtc_offer", data)


def rtc_answer(conn, frame: RtcAnswerFrame):
    sdp = actions.check_description(frame.sdp, frame.description(), "answer", max_sdp())
    actions.relay(conn, frame.target_user_id, "rtc_answer", {"answer": {"type": "answer", "sdp": sdp}})


def rtc_ice_candidate(conn, frame: RtcIceCandidateFrame):
    candidate = None if frame.candidate is None else frame.candidate.model_dump(by_alias=True)
    actions.relay(conn, frame.target_user_id, "rtc_ice_candidate", {"candidate": candidate})


def user_state_update(conn, frame: UserStateUpdateFrame):
    actions.do_update_voice_state(conn, frame.channel_id, frame.payload.model_dump(exclude_none=True))


def voice_activity(conn, frame: VoiceActivityFrame):
    actions.do_update_voice_state(conn, frame.channel_id, {"speaking": frame.is_speaking})


def user_state_request(conn, frame: UserStateRequestFrame):
    server_id, channel_ids = access_voice_rooms(actions.user_of(conn), frame.channel_id)
    return "channel_states", channel_states(server_id, channel_ids)


def channel_states(server_id: int | None, channel_ids: list[int]) -> dict:
    """`channel_states`' data: one store round trip whatever the number of channels. A DM's one
    channel is always there (an empty list when nobody sits in it)."""
    rooms = current_voice().store.rooms(channel_ids)
    if server_id is None:
        rooms = {channel_id: rooms.get(channel_id, ()) for channel_id in channel_ids}
    return {"serverId": server_id, "channels": {str(c): list(states) for c, states in rooms.items()}}


def rtc_decline_call(conn, frame: RtcDeclineCallFrame):
    room = access_call(actions.user_of(conn), frame.channel_id)
    do_decline_call(conn.user_id, room.channel_id, room.peer)


HANDLERS = {
    "rtc_join_channel": rtc_join_channel,
    "rtc_leave_channel": rtc_leave_channel,
    "rtc_offer": rtc_offer,
    "rtc_answer": rtc_answer,
    "rtc_ice_candidate": rtc_ice_candidate,
    "user_state_update": user_state_update,
    "user_state_request": user_state_request,
    "voice_activity": voice_activity,
    "rtc_decline_call": rtc_decline_call,
}
