"""`do_*` for voice: taking, leaving and changing seats, and relaying signalling between two
people seated in the same channel. Each change is one atomic step of the store; its `notify_*`
follow it. Frames call these with the socket (`conn`) they came on: a seat belongs to a socket."""
from __future__ import annotations

import logging
import secrets
from typing import Callable

from redis.exceptions import RedisError

from lobby.accounts.models import User
from lobby.errors import ApiError, ValidationError
from lobby.extensions import db
from lobby.realtime.bus import Recipients, current_bus
from lobby.texts import text
from lobby.voice import calls
from lobby.voice.access import (access_voice_channel, channel_full, check_seat_not_timed_out, not_in_voice,
                                peer_not_found)
from lobby.people.person import person_dict
from lobby.voice.news import check_join_rate
from lobby.voice.notify import notify_joined, notify_left, notify_seat, voice_state
from lobby.voice.seats import current_voice
from lobby.voice.store import FULL, MOVED, RESUMED, RETABBED, Seat

log = logging.getLogger(__name__)


def user_of(conn) -> User:
    """The socket's User row (it keeps only its id and name: `realtime.connection.SocketUser`)."""
    return db.session.get(User, conn.user_id)


def fresh_state(conn, muted: bool, deafened: bool) -> dict:
    # The person as they are now (the socket's user was read when it connected; an avatar may have changed since).
    person = person_dict(db.session.get(User, conn.user_id))
    return {"userId": conn.user_id, "username": conn.user.username, "displayName": person["displayName"],
            "profileImageUrl": person["profileImageUrl"], "muted": muted or deafened,
            "deafened": deafened, "video": False, "screen": False, "speaking": False, "serverMuted": False}


def resuming(user_id: int, channel_id: int, session_id: str | None) -> bool:
    """Whether a join is the same tab claiming its seat back after a drop (nobody hears of it)."""
    seat = current_voice().store.seat_of(user_id) if session_id else None
    return seat is not None and seat.channel_id == channel_id and seat.session_id == session_id


def do_join_voice(conn, channel_id: int, session_id: str | None, muted: bool,
                  deafened: bool) -> tuple[dict, Callable[[], None]]:
    """Seat the socket's user in a channel: `rtc_voice_state`'s data, and what tells the others,
    to call once the answer is queued (so the joiner hears its seat before the room's news). A
    full room refuses (409) and changes nothing, the user's old seat included; so do a timeout on
    the channel's server (403 TIMED_OUT) and too many joins (429 RATE_LIMITED), except for a
    resume, which keeps the seat as it was."""
    voice = current_voice()
    room = access_voice_channel(user_of(conn), channel_id)
    if not resuming(conn.user_id, room.channel_id, session_id):
        check_seat_not_timed_out(conn.user_id, room)
        check_join_rate(conn.user_id)
    seat = Seat(room.channel_id, room.server_id, session_id or secrets.token_hex(16), voice.owner_of(conn), room.peer)
    taken = voice.store.take(conn.user_id, seat, fresh_state(conn, muted, deafened), voice.limit)
    if taken.outcome == FULL:
        raise channel_full(voice.limit)
    try:  # a kick committed while the seat was taken: the kick's drop may have run before it
        access_voice_channel(user_of(conn), channel_id)
    except ApiError:
        do_drop_seat(conn.user_id, owner=seat.owner)
        raise
    conn.voice = seat
    answer = voice_state(seat, taken.states, voice.limit)

    def announce() -> None:
        notify_seat(conn.user_id, answer, seat.owner)
        if taken.outcome == RESUMED:
            return  # the same tab is back: nobody else notices
        if taken.outcome in (MOVED, RETABBED):  # a move leaves the first room; another tab renegotiates
            voice.news.forget(conn.user_id)
            notify_left(conn.user_id, taken.left or seat)
            if taken.outcome == MOVED:
                calls.after_leave(taken.left, conn.user_id)
        mine = next(s for s in taken.states if s["userId"] == conn.user_id)
        notify_joined(conn.user_id, seat, mine)
        if seat.peer is not None:
            calls.after_join(conn.user_id, seat, taken)

    return answer, announce


def do_leave_voice(conn, channel_id: int) -> tuple[dict, Callable[[], None]]:
    """Leave the user's seat if it is in this channel, from any of their sockets: `rtc_voice_state`'s
    data (where the user sits now), and what tells the others (as for a join)."""
    voice = current_voice()
    seat = voice.store.leave(conn.user_id, channel_id=channel_id)
    if seat is None:
        now = voice.store.seat_of(conn.user_id)
        states = voice.store.rooms([now.channel_id]).get(now.channel_id, ()) if now else ()
        return voice_state(now, states, voice.limit), lambda: None
    conn.voice = None
    answer = voice_state(None, (), voice.limit)

    def announce() -> None:
        notify_seat(conn.user_id, answer, voice.owner_of(conn))
        voice.news.forget(conn.user_id)
        notify_left(conn.user_id, seat)
        calls.after_leave(seat, conn.user_id)

    return answer, announce


def do_drop_seat(user_id: int, channel_id: int | None = None, owner: str | None = None,
                 server_id: int | None = None) -> None:
    """The server takes a seat away: after grace (`owner`: unless resumed), a kick, ban or leaving
    (`server_id`), a block (`channel_id`: their DM). The room hears `rtc_user_left`, every socket
    of the user `rtc_voice_state` with nowhere. Call after the commit."""
    voice = current_voice()
    try:
        seat = voice.store.leave(user_id, channel_id=channel_id, owner=owner, server_id=server_id)
    except RedisError:  # the change that took the seat away is committed; it must not fail for this
        log.warning("voice seat of user %s not dropped: Redis is away", user_id, exc_info=True)
        return
    if seat is not None:
        notify_seat(user_id, voice_state(None, (), voice.limit), None)
        voice.news.forget(user_id)
        notify_left(user_id, seat)
        calls.after_leave(seat, user_id)


def owned_seat(conn, channel_id: int) -> Seat:
    """The seat this socket holds in `channel_id` (409 NOT_IN_VOICE otherwise), known without a
    round trip: the hub forgets it when another socket takes the seat."""
    seat = conn.voice
    if seat is None or seat.channel_id != channel_id:
        raise not_in_voice()
    return seat


def do_update_voice_state(conn, channel_id: int, changes: dict) -> None:
    """Change the user's state in the seat this socket holds; the room hears the whole state (at
    most once per VOICE_STATE_GAP: `news.py`). Unmuting while the server mutes the seat (a
    timeout on the server) is refused 403 TIMED_OUT; once the timeout is over it also ends that
    mute."""
    seat = owned_seat(conn, channel_id)
    if not changes:
        return
    if changes.get("muted") is False and seat.server_id is not None:
        check_seat_not_timed_out(conn.user_id, seat)
        changes = {**changes, "serverMuted": False}
    voice = current_voice()
    state = voice.store.update(conn.user_id, seat.owner, channel_id, changes)
    if state is None:
        conn.voice = None
        raise not_in_voice()
    voice.news.tell(conn.user_id, seat, state)


def do_mute_by_server(user_id: int, server_id: int, muted: bool) -> None:
    """A timeout given (`muted`) or lifted on a server: the user's seat in one of its voice
    channels, if any, is muted by the server until then (they cannot unmute it: see
    `do_update_voice_state`), and the room hears it. Lifting it leaves their own mute on: they
    switch it off themselves. Call after the commit."""
    voice = current_voice()
    try:
        seat = voice.store.seat_of(user_id)
        if seat is None or seat.server_id != server_id:
            return
        state = voice.store.update(user_id, None, seat.channel_id, {"serverMuted": muted})
    except RedisError:  # the timeout is committed; it must not fail for this
        log.warning("voice seat of user %s not muted by the server: Redis is away", user_id, exc_info=True)
        return
    if state is not None:
        voice.news.tell(user_id, seat, state)


def check_description(sdp: str | None, given, kind: str, limit: int) -> str:
    """The SDP of an offer or answer, sent as `sdp` or as `{kind: {type, sdp}}`."""
    if given is not None:
        if given.type != kind:
            raise ValidationError({kind: text("voice.sdp_type")})
        sdp, field = given.sdp, kind
    else:
        field = "sdp"
    if not sdp:
        raise ValidationError({field: text("voice.sdp_missing")})
    if len(sdp) > limit:
        raise ValidationError({field: text("voice.sdp_too_long", limit=limit)})
    return sdp


def relay(conn, target_id: int, kind: str, data: dict) -> None:
    """Pass a signal to a person seated in the same channel as the sender's seat on this socket.
    One round trip: the store checks both seats and publishes together."""
    if target_id == conn.user_id:
        raise ApiError(400, text("voice.self"), "BAD_REQUEST")
    seat = conn.voice
    if seat is None:
        raise not_in_voice()
    event = {"type": kind, "data": {"channelId": seat.channel_id, "fromUserId": conn.user_id, **data}}
    found = current_voice().store.relay(current_bus(), conn.user_id, seat.owner, target_id, seat.channel_id, event,
                                        Recipients.of(users=[target_id]))
    if found < 0:
        conn.voice = None  # the seat went (a drop the hub has not told this socket yet)
        raise not_in_voice()
    if found == 0:
        raise peer_not_found()
