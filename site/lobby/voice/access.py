"""`access_*` for voice: where a user may take a seat, and whose rooms they may look at. Built on
`servers.access.access_channel` (members of a server; the two people of a DM, 404 to others)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from sqlalchemy import select

from lobby.database import utcnow
from lobby.dms.access import check_may_call
from lobby.dms.models import DmParticipant
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.i18n import language, plural_form
from lobby.servers.access import access_channel
from lobby.servers.models import VOICE, Channel
from lobby.texts import text


@dataclass(frozen=True)
class Room:
    """A channel one may sit in: a server's voice channel (`server_id`), or a DM (`peer`: the other
    person)."""
    channel_id: int
    server_id: int | None
    peer: int | None = None


def access_voice_channel(user, channel_id: int) -> Room:
    """A seat's channel: a VOICE channel of a server the user belongs to (404 otherwise, as any
    channel; 400 NOT_VOICE_CHANNEL for a text one), or a DM of theirs with no block between the two
    (403 FORBIDDEN)."""
    channel, participant = access_channel(user, channel_id)
    if isinstance(participant, DmParticipant):
        check_may_call(participant)
        return Room(channel.id, None, participant.other_id)
    if channel.type != VOICE:
        raise ApiError(400, text("voice.not_voice_channel"), "NOT_VOICE_CHANNEL")
    return Room(channel.id, channel.server_id)


def access_voice_rooms(user, channel_id: int) -> tuple[int | None, list[int]]:
    """Whose seats the user may see from a channel: (server id, its voice channel ids) for any
    channel of a server of theirs, (None, [the DM]) for a DM of theirs; 404 otherwise."""
    channel, participant = access_channel(user, channel_id)
    if isinstance(participant, DmParticipant):
        return None, [channel.id]
    return channel.server_id, voice_channel_ids(channel.server_id)


def access_call(user, channel_id: int) -> Room:
    """A DM of the user's, for declining a call in it (400 NOT_A_DM for a server's channel), with
    no block between the two (403 FORBIDDEN, as a seat there is refused)."""
    channel, participant = access_channel(user, channel_id)
    if not isinstance(participant, DmParticipant):
        raise ApiError(400, text("voice.not_dm"), "NOT_A_DM")
    check_may_call(participant)
    return Room(channel.id, None, participant.other_id)


def check_seat_not_timed_out(user_id: int, room) -> None:
    """A timeout covers a server's voice as it covers its text: no seat in its voice channels, and
    no unmuting one, while it runs (403 TIMED_OUT with `until`, and `retryAfter` in seconds, as a
    send is refused). `room`: a `Room` or a `Seat` (a DM has no server, hence no timeout)."""
    from lobby.servers.timeouts import time_left, timed_out_until

    until = timed_out_until(user_id, room.server_id)
    if until is None:
        return
    left = (until - utcnow()).total_seconds()
    wait = max(1, math.ceil(left))
    raise ApiError(403, text("voice.timed_out", left=time_left(left)), "TIMED_OUT", headers={"Retry-After": str(wait)},
                   until=until.isoformat(), retryAfter=wait)  # a frame has no headers: the wait goes in the data


def voice_channel_ids(server_id: int) -> list[int]:
    return list(db.session.scalars(select(Channel.id).where(Channel.server_id == server_id, Channel.type == VOICE)
                                   .order_by(Channel.position, Channel.id)))


def channel_full(limit: int) -> ApiError:
    return ApiError(409, text("voice.full", limit=limit, participants=participants(limit)), "VOICE_CHANNEL_FULL")


def participants(number: int) -> str:
    """The noun agreeing with its number, by the reader's language's rule: 1 участник, 2 участника,
    8 участников, 21 участник (English: 1 participant, 21 participants)."""
    forms = [text("voice.participants_one"), text("voice.participants_few"), text("voice.participants_many")]
    return plural_form(forms, number, language())


def not_in_voice() -> ApiError:
    return ApiError(409, text("voice.not_in_voice"), "NOT_IN_VOICE")


def peer_not_found() -> ApiError:
    return ApiError(404, text("voice.peer_not_found"), "VOICE_PEER_NOT_FOUND")
