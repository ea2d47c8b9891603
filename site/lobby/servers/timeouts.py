"""Timeouts: a member who may read a server but not write there (send, edit, react) for 60 s … a
week. The send statement checks them itself (`messages/sending.py`); every other write asks
`check_not_timed_out`."""
from __future__ import annotations

import math
from datetime import datetime, timedelta

from sqlalchemy import delete, select

from lobby.database import utcnow
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.i18n import tp
from lobby.servers.actions import audit, check_can_moderate
from lobby.servers.access import membership_of
from lobby.servers.models import Membership, Server, Timeout
from lobby.servers.notify import notify_member_updated
from lobby.texts import text
from lobby.voice.actions import do_mute_by_server


def timed_out_until(user_id: int, server_id: int | None) -> datetime | None:
    """The end of the user's running timeout on the server, or None (always None outside a server)."""
    if server_id is None:
        return None
    until = db.session.scalar(select(Timeout.until).where(Timeout.server_id == server_id, Timeout.user_id == user_id))
    return until if until is not None and until > utcnow() else None


def timeouts_of(server_id: int) -> dict[int, datetime]:
    """user id → the end of their running timeout, for a server's member list."""
    rows = db.session.execute(select(Timeout.user_id, Timeout.until).where(
        Timeout.server_id == server_id, Timeout.until > utcnow())).all()
    return dict(rows)


def time_left(seconds: float) -> str:
    """The wait in words, rounded up to the unit shown: «5 минут», «2 часа», «3 дня»."""
    seconds = max(1, math.ceil(seconds))
    if seconds < 60:
        return tp("{n} секунду|{n} секунды|{n} секунд", seconds)
    if seconds < 3600:
        return tp("{n} минуту|{n} минуты|{n} минут", math.ceil(seconds / 60))
    if seconds < 86400:
        return tp("{n} час|{n} часа|{n} часов", math.ceil(seconds / 3600))
    return tp("{n} день|{n} дня|{n} дней", math.ceil(seconds / 86400))


def timed_out(until: datetime) -> ApiError:
    left = (until - utcnow()).total_seconds()
    return ApiError(403, text("moderation.you_are_timed_out", left=time_left(left)), "TIMED_OUT",
                    headers={"Retry-After": str(max(1, math.ceil(left)))}, until=until.isoformat())


def check_not_timed_out(user_id: int, server_id: int | None) -> None:
    """403 TIMED_OUT (with `until`, and the time left in the message) while a timeout runs."""
    until = timed_out_until(user_id, server_id)
    if until is not None:
        raise timed_out(until)


def check_member_not_timed_out(participant) -> None:
    """`check_not_timed_out` for the second value of `access_channel` (nothing to check in a DM)."""
    if isinstance(participant, Membership):
        check_not_timed_out(participant.user_id, participant.server_id)


def do_timeout(server: Server, actor: Membership, target_id: int, seconds: int, reason: str) -> datetime:
    """Time a member out (a new timeout replaces a running one). As for a kick: not the owner, not
    oneself, and only the owner times out a moderator."""
    target = check_can_moderate(server, actor, target_id)
    membership = membership_of(target, server.id)
    if membership is None:
        raise ApiError(404, text("moderation.not_a_member"), "NOT_A_MEMBER")
    until = utcnow() + timedelta(seconds=seconds)
    db.session.execute(delete(Timeout).where(Timeout.server_id == server.id, Timeout.user_id == target.id))
    db.session.add(Timeout(server_id=server.id, user_id=target.id, until=until, reason=reason,
                           moderator_id=actor.user_id))
    audit(server.id, "TIMEOUT", actor.user, target, f"{seconds}s: {reason}")
    db.session.commit()
    notify_member_updated(server.id, target.id, membership.role, until)
    do_mute_by_server(target.id, server.id, True)  # a seat held in its voice channels: muted until then
    return until


def do_lift_timeout(server: Server, actor: Membership, target_id: int) -> None:
    target = check_can_moderate(server, actor, target_id)
    if timed_out_until(target.id, server.id) is None:
        raise ApiError(404, text("moderation.not_timed_out"), "NOT_TIMED_OUT")
    db.session.execute(delete(Timeout).where(Timeout.server_id == server.id, Timeout.user_id == target.id))
    audit(server.id, "TIMEOUT_LIFT", actor.user, target)
    db.session.commit()
    membership = membership_of(target, server.id)
    notify_member_updated(server.id, target.id, membership.role if membership else None, None)
    do_mute_by_server(target.id, server.id, False)
