"""`notify_*` for voice: who hears a seat taken, left or changed. The audience of a server's voice
channel is every socket watching a channel of that server (its connected members: the sidebar
shows who is in voice); of a DM, its two people."""
from __future__ import annotations

from lobby.people.person import person_dict
from lobby.realtime.bus import Recipients, publish
from lobby.voice.store import Seat


def audience(user_id: int, seat: Seat) -> Recipients:
    if seat.server_id is not None:
        return Recipients.of(servers=[seat.server_id])
    return Recipients.of(users=[user_id, *([seat.peer] if seat.peer else [])])


def voice_state(seat: Seat | None, states, limit: int) -> dict:
    """`rtc_voice_state`'s data: where the user sits now (nowhere: nulls)."""
    return {"channelId": seat.channel_id if seat else None, "serverId": seat.server_id if seat else None,
            "sessionId": seat.session_id if seat else None, "participants": list(states), "limit": limit}


def notify_seat(user_id: int, state: dict, answered: str | None) -> None:
    """The user's other sockets hear their `rtc_voice_state` (the hub makes them forget a seat they
    held); `answered`: the socket that had it as its answer."""
    publish({"type": "voice_seat", "data": {"answered": answered, "state": state}}, Recipients.of(users=[user_id]))


def notify_joined(user_id: int, seat: Seat, state: dict) -> None:
    publish({"type": "rtc_user_joined", "data": {
        "channelId": seat.channel_id, "serverId": seat.server_id, "userId": user_id, "username": state["username"],
        "state": state}}, audience(user_id, seat))


def notify_left(user_id: int, seat: Seat) -> None:
    publish({"type": "rtc_user_left", "data": {"channelId": seat.channel_id, "serverId": seat.server_id,
                                              "userId": user_id}}, audience(user_id, seat))


def notify_state(user_id: int, seat: Seat, state: dict) -> None:
    publish({"type": "user_state_broadcast", "data": {
        "channelId": seat.channel_id, "serverId": seat.server_id, "userId": user_id, "state": state}},
        audience(user_id, seat))


def notify_incoming_call(caller, seat: Seat) -> None:
    """The other person of a DM, every tab: the first of the two (`caller`, a User) sat down in their
    conversation; the prompt names them as everyone sees them."""
    person = person_dict(caller)
    publish({"type": "rtc_incoming_call", "data": {"channelId": seat.channel_id, "fromUserId": person["id"],
                                                  "fromUsername": person["username"],
                                                  "fromDisplayName": person["displayName"]}},
            Recipients.of(users=[seat.peer]))


def notify_call_declined(user_id: int, channel_id: int, caller_id: int) -> None:
    publish({"type": "rtc_call_declined", "data": {"channelId": channel_id, "userId": user_id}},
            Recipients.of(users=[caller_id]))
