"""A call in a DM: the time someone sits in the conversation's voice while the other person does
not, until the call ends. It rings the other person (`rtc_incoming_call`, every tab) once; the
callee may decline it once, while it rings. Unanswered for VOICE_RING_SECONDS (30 s), or declined,
it ends for the caller (`rtc_call_ended` / `rtc_call_declined`, then the seat goes); once answered,
the first of the two to hang up ends it for both. Every call leaves a line in the DM (answered with
its length, missed, declined: `dms.call_lines`), and a missed one a notification for the callee.

A new call rings only VOICE_CALL_COOLDOWN after the last one ended: a caller who leaves and comes
back at once, or again and again, rings nobody. The call's state is kept with the seats
(`store.py`: memory, or Redis shared by every process), each step one atomic change; the timer that
ends an unanswered call runs in the process that seated the caller (a process that dies takes its
seats along: the reaper's drop ends the call the same way)."""
from __future__ import annotations

import logging
import threading

from flask import current_app

from lobby.accounts.models import User
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.realtime.bus import Recipients, publish
from lobby.texts import text
from lobby.voice.notify import notify_call_declined, notify_incoming_call
from lobby.voice.store import JOINED, MOVED, Seat, Taken, now_ms

log = logging.getLogger(__name__)

# How long a ring's state outlives its timer, so the timer always finds it (a lost timer's ring
# still goes by itself).
RING_MARGIN = 30.0


def voice():
    return current_app.extensions["lobby.voice"]


def ring_seconds() -> float:
    return float(current_app.config["VOICE_RING_SECONDS"])


def after_join(user_id: int, seat: Seat, taken: Taken) -> None:
    """A seat taken in a DM: the first of the two rings the other (unless the call has rung
    already) and waits at most VOICE_RING_SECONDS; the second answers."""
    store = voice().store
    if len(taken.states) == 1 and taken.outcome in (JOINED, MOVED):
        token = store.ring(seat.channel_id, user_id, ring_seconds() + RING_MARGIN)
        if token:
            notify_incoming_call(db.session.get(User, user_id), seat)
        start_unanswered_timer(seat.channel_id, user_id, seat.session_id, token)
    elif len(taken.states) > 1:
        store.answered(seat.channel_id, seat.peer)


def start_unanswered_timer(channel_id: int, caller_id: int, session_id: str, token: str | None) -> None:
    """`session_id`: the caller's join (a tab that comes back after a drop keeps it, with a new socket)."""
    app = current_app._get_current_object()
    timer = threading.Timer(ring_seconds(), unanswered, args=(app, channel_id, caller_id, session_id, token))
    timer.daemon = True
    timer.start()


def unanswered(app, channel_id: int, caller_id: int, session_id: str, token: str | None) -> None:
    """VOICE_RING_SECONDS after the caller sat down alone: a ring still ringing is missed (a line and
    a notification), and a caller still alone on that seat hears `rtc_call_ended` and loses it."""
    try:
        with app.app_context():  # a timer thread: no request around it
            do_end_unanswered(channel_id, caller_id, session_id, token)
    except Exception:  # on a timer nobody else would see it
        log.exception("voice: the unanswered call in channel %s was not ended", channel_id)


def do_end_unanswered(channel_id: int, caller_id: int, session_id: str, token: str | None) -> None:
    from lobby.dms.call_lines import MISSED, do_record_call
    from lobby.voice.actions import do_drop_seat  # (actions call this module)

    store = voice().store
    if token and store.miss(channel_id, token):
        do_record_call(channel_id, caller_id, MISSED)
    seat = store.seat_of(caller_id)
    alone = [state["userId"] for state in store.rooms([channel_id]).get(channel_id, ())] == [caller_id]
    if seat is not None and seat.session_id == session_id and seat.channel_id == channel_id and alone:
        notify_call_ended(channel_id, [caller_id], "unanswered", None)
        do_drop_seat(caller_id, channel_id=channel_id, owner=seat.owner)


def after_leave(seat: Seat | None, user_id: int | None = None) -> None:
    """A seat left (or dropped) in a DM: when the call is over, its line is written, and after an
    answered call the one still there hears `rtc_call_ended` and loses the seat too."""
    if seat is None or seat.peer is None:
        return
    from lobby.dms.call_lines import ANSWERED, MISSED, do_record_call
    from lobby.voice.actions import do_drop_seat

    before = voice().store.call_left(seat.channel_id, float(current_app.config["VOICE_CALL_COOLDOWN"]))
    kind, caller, since = parse_state(before)
    if kind == "answered":
        do_record_call(seat.channel_id, caller, ANSWERED, seconds=max(0, (now_ms() - since) // 1000))
        people = [user_id, seat.peer] if user_id is not None else [seat.peer]
        notify_call_ended(seat.channel_id, people, "ended", user_id)
        do_drop_seat(seat.peer, channel_id=seat.channel_id)
    elif kind == "ringing":  # the caller gave up (or lost the seat) before an answer: missed
        do_record_call(seat.channel_id, caller, MISSED)


def parse_state(state: str | None) -> tuple[str | None, int | None, int]:
    """("answered" | "ringing" | None, the caller, since when in epoch ms) of a call's state."""
    if not state:
        return None, None, 0
    kind, _, rest = state.partition(":")
    if kind not in ("answered", "ringing"):
        return None, None, 0
    caller, _, since = rest.partition(":")
    return kind, int(caller), int(since or 0)


def notify_call_ended(channel_id: int, people: list[int], reason: str, by: int | None) -> None:
    """`rtc_call_ended` to these people's sockets: the call is over, and why."""
    publish({"type": "rtc_call_ended", "data": {"channelId": channel_id, "reason": reason, "userId": by}},
            Recipients.of(users=people))


def do_decline_call(user_id: int, channel_id: int, caller_id: int) -> None:
    """Decline the other person's call in their DM: the caller's sockets hear `rtc_call_declined`,
    and the caller's seat goes (the call is over: a line says it was declined). Only a call that
    rings now, once: otherwise 409 NO_CALL, and the caller hears nothing."""
    from lobby.dms.call_lines import DECLINED, do_record_call
    from lobby.voice.actions import do_drop_seat

    if not voice().store.decline(channel_id, caller_id):
        raise ApiError(409, text("voice.no_call"), "NO_CALL")
    do_record_call(channel_id, caller_id, DECLINED)
    notify_call_declined(user_id, channel_id, caller_id)
    do_drop_seat(caller_id, channel_id=channel_id)
