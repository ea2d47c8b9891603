"""Which typing frames are told to the channel: one person's "started typing" at most once every
TYPING_GAP seconds per channel, and a "stopped" only after a start that was told (and not yet
stopped). Every frame in between would reach every member of the channel and tell them nothing new.

The islands fit this (islands/app/chat/useTypingSignal.js): a typist's start is repeated every 4 s
while they type (more than the gap, so each repeat is told) and a start within the gap of the last
one waits for the gap's end; the others' indicator keeps an entry 5 s after its last start, so a
start told every 4 s keeps it on, and a stop that was not told changes nothing it shows.
"""
from __future__ import annotations

from flask import current_app

from lobby.realtime.throttle import Rate, flag_taken_down, flag_up, key

TYPING_GAP = 3.0  # seconds between two told starts of one person in one channel (TYPING_GAP_SECONDS)
# How long a told start may still be followed by its stop: longer than the indicator's 5 s, after
# which every client has dropped the entry anyway.
STOP_WITHIN = 10.0


def worth_telling(user_id: int, channel_id: int, is_typing: bool) -> bool:
    """Whether this typing frame of the user's in the channel is told to the channel; counts it if so."""
    started = key("typing-told", user_id, channel_id)
    if not is_typing:
        return flag_taken_down(started)
    if not Rate("typing", 1, float(current_app.config.get("TYPING_GAP_SECONDS", TYPING_GAP))).take(user_id, channel_id):
        return False
    flag_up(started, STOP_WITHIN)
    return True


def closed_dm(conn, channel_id: int, participant) -> bool:
    """Whether the channel is a DM in which nothing may be written now (a block either way, or the
    other account gone): there a typist is told to nobody, as a send is refused. `participant`:
    `access_channel`'s second value when the frame's handler asked it, else None (a joined channel:
    its socket's `watched` says whether it is a DM, mapping it to no server). A server's channel is
    never closed to typing by a block: both people read it, and the blocked one sees the blocker's
    messages there anyway; hiding a typist from some readers would also cost a frame per reader
    instead of one per channel."""
    from lobby.accounts.models import User
    from lobby.dms.access import check_may_write
    from lobby.dms.models import DmParticipant
    from lobby.errors import ApiError
    from lobby.extensions import db
    from lobby.servers.access import access_channel

    if participant is None:
        if conn.watched.get(channel_id, -1) not in (None, -1):
            return False  # a server's channel
        participant = access_channel(db.session.get(User, conn.user_id), channel_id)[1]
    if not isinstance(participant, DmParticipant):
        return False
    try:
        check_may_write(participant)
    except ApiError:
        return True
    return False
