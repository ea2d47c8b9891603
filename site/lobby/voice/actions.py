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
from lobby.voice.access import access_voice_channel, channel_full, not_in_voice, peer_not_found
from lobby.voice.notify import notify_incoming_call, notify_joined, notify_left, notify_seat, notify_state, voice_state
from lobby.voice.seats import current_voice
from lobby.voice.store import FULL, JOINED, MOVED, RESUMED, RETABBED, Seat

log = logging.getLogger(__name__)


def user_of(conn) -> User:
    """The socket's User row (it keeps only its id and name: `realtime.connection.SocketUser`)."""
    return db.session.get(User, conn.user_id)


def fresh_state(conn, muted: bool, deafened: bool) -> dict:
    # The picture as it is now (the socket's user was read when it connected; an avatar may have changed since).
    picture = db.session.get(User, conn.user_id).profile_image_url
    return {"userId": conn.user_id, "username": conn.user.username, "profileImageUrl": picture, "muted": muted or deafened,
            "deafened": deafened, "video": False, "screen": False, "speaking": False}


def do_join_voice(conn, channel_id: int, session_id: str | None, muted: bool,
                  deafened: bool) -> tuple[dict, Callable[[], None]]:
    """Seat the socket's user in a channel: `rtc_voice_state`'s data, and what tells the others,
    to call once the answer is queued (so the joiner hears its seat before the room's news). A
    full room refuses (409) and changes nothing, the user's old seat included."""
    voice = current_voice()
    room = access_voice_channel(user_of(conn), channel_id)
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
            notify_left(conn.user_id, taken.left or seat)
        mine = next(s for s in taken.states if s["userId"] == conn.user_id)
        notify_joined(conn.user_id, seat, mine)
        if seat.peer is not None and taken.outcome in (JOINED, MOVED) and len(taken.states) == 1:
            notify_incoming_call(conn.user_id, conn.user.username, seat)

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
        notify_left(conn.user_id, seat)

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
        notify_left(user_id, seat)


def owned_seat(conn, channel_id: int) -> Seat:
    """The seat this socket holds in `channel_id` (409 NOT_IN_VOICE otherwise), known without a
    round trip: the hub forgets it when another socket takes the seat."""
    seat = conn.voice
    if seat is None or seat.channel_id != channel_id:
        raise not_in_voice()
    return seat


def do_update_voice_state(conn, channel_id: int, changes: dict) -> None:
    """Change the user's state in the seat this socket holds; the room hears the whole state."""
    seat = owned_seat(conn, channel_id)
    if not changes:
        return
    state = current_voice().store.update(conn.user_id, seat.owner, channel_id, changes)
    if state is None:
        conn.voice = None
        raise not_in_voice()
    notify_state(conn.user_id, seat, state)


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
