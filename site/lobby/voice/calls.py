"""A call in a DM: the time someone sits in the conversation's voice while the other person does
not. It rings the other person (`rtc_incoming_call`, every tab) once; the callee may decline it
once, while it rings (VOICE_RING_SECONDS, as long as their prompt rings). A new call rings only
VOICE_CALL_COOLDOWN after the last one ended (nobody left in the room): a caller who leaves and
comes back at once, or again and again, rings nobody. The ring is kept with the seats (`store.py`:
memory, or Redis shared by every process), each step one atomic change."""
from __future__ import annotations

from flask import current_app

from lobby.errors import ApiError
from lobby.texts import text
from lobby.voice.notify import notify_call_declined, notify_incoming_call
from lobby.voice.store import JOINED, MOVED, Seat, Taken


def after_join(user_id: int, username: str, seat: Seat, taken: Taken) -> None:
    """A seat taken in a DM: the first of the two rings the other (unless the call has rung
    already); the second answers the ring."""
    store = current_app.extensions["lobby.voice"].store
    if len(taken.states) == 1 and taken.outcome in (JOINED, MOVED):
        if store.ring(seat.channel_id, user_id, float(current_app.config["VOICE_RING_SECONDS"])):
            notify_incoming_call(user_id, username, seat)
    elif len(taken.states) > 1:
        store.answered(seat.channel_id)


def after_leave(seat: Seat | None) -> None:
    """A seat left (or dropped) in a DM: if nobody sits there now, its call ended."""
    if seat is not None and seat.peer is not None:
        current_app.extensions["lobby.voice"].store.call_ended(
            seat.channel_id, float(current_app.config["VOICE_CALL_COOLDOWN"]))


def do_decline_call(user_id: int, channel_id: int, caller_id: int) -> None:
    """Decline the other person's call in their DM: the caller's sockets hear `rtc_call_declined`.
    Only a call that rings now, once: otherwise 409 NO_CALL, and the caller hears nothing."""
    store = current_app.extensions["lobby.voice"].store
    if not store.decline(channel_id, caller_id):
        raise ApiError(409, text("voice.no_call"), "NO_CALL")
    notify_call_declined(user_id, channel_id, caller_id)
