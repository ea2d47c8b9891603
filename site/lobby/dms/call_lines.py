"""The line a call leaves in its DM when it ends: a message by the caller of type `call`, with no
content and `call` = {outcome, seconds} — 'Звонок, 12 мин', 'Пропущенный звонок', 'Отклонённый
звонок' are its words, made when it is shown, in the reader's language (the islands' CallLine, the
DM list's preview). It reaches both people's open views as any message does (`new_message`), counts
as unread for the callee, and a missed one also makes the callee a notification. Called by the
voice calls (`voice/calls.py`) when a call ends, outside any request."""
from __future__ import annotations

from sqlalchemy import select

from lobby.dms.models import DirectChat
from lobby.extensions import db
from lobby.messages.actions import notify_channel
from lobby.messages.models import Message
from lobby.messages.serialize import message_dict

ANSWERED, MISSED, DECLINED = "answered", "missed", "declined"


def do_record_call(channel_id: int, caller_id: int, outcome: str, seconds: int | None = None) -> dict | None:
    """Write the call's line in the DM and tell its people; a missed call also notifies the callee.
    The line as the API answers it (None when the conversation is gone)."""
    chat = db.session.scalar(select(DirectChat).where(DirectChat.channel_id == channel_id))
    if chat is None or caller_id not in (chat.user_low_id, chat.user_high_id):
        return None
    line = Message(channel_id=channel_id, author_id=caller_id, content="", message_type="call",
                   call={"outcome": outcome, "seconds": seconds if outcome == ANSWERED else None})
    db.session.add(line)
    db.session.commit()
    body = message_dict(line, [], [])
    notify_channel(channel_id, "new_message", body)
    if outcome == MISSED:
        from lobby.notifications.calls import do_notify_missed_call  # (notifications read DMs, not the reverse)

        do_notify_missed_call(chat.other_than(caller_id), line.author, channel_id, line.id)
    return body
