"""Calls in a DM end with a block: whoever of the two sits in their conversation's voice seat is
dropped (the other hears `rtc_user_left`). Called by `friends.actions.do_block` after its commit."""
from __future__ import annotations

from lobby.dms.actions import chat_of


def end_call_on_block(user_id: int, other_id: int) -> None:
    from lobby.voice.actions import do_drop_seat  # (voice builds on DMs, not the reverse)

    chat = chat_of(user_id, other_id)
    if chat is not None:
        for person in (user_id, other_id):
            do_drop_seat(person, channel_id=chat.channel_id)
