"""The notification a missed call makes: the callee is told who called (a call in their DM that
rang unanswered, or that the caller gave up on). It opens the conversation, and is read with it
(reading a channel reads the notifications it holds up to there). Called by `dms/call_lines.py`
after the call's line is committed."""
from __future__ import annotations

from lobby.notifications.actions import Draft, do_notify
from lobby.notifications.models import MISSED_CALL
from lobby.notifications.words import what_happened
from lobby.people.person import person_dict


def do_notify_missed_call(user_id: int, caller, channel_id: int, message_id: int) -> None:
    """`caller`: the User who called; `message_id`: the call's line in the DM."""
    actor = person_dict(caller)
    do_notify([Draft(user_id, MISSED_CALL, actor, what_happened(actor), f"/app/friends?dm={caller.id}",
                     channel_id=channel_id, message_id=message_id)])
