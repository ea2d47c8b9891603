"""How much a person hears of a server, as in Discord: a level — every message, mentions only
(the default), nothing — and a mute for a while (15 minutes, an hour, 8 hours, a day) or until
they turn it back on. Kept per person and server (`ServerNotificationSetting`; the default is no
row), pushed to the person's other tabs (`server_notifications`).

What they do: the server makes no mention or reply notification for someone who set nothing or
muted the server (`not_quiet_on`), so the bell, its sound and the browser notification stay
silent; the islands hide the server's unread badges while it is muted and its mention counts at
`nothing`, and sound every message of it at `all` (`islands/app/notifications/serverLevels.js`)."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, exists, or_, select

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.errors import ValidationError
from lobby.extensions import db
from lobby.notifications.models import LEVELS, MENTIONS, NOTHING, ServerNotificationSetting
from lobby.realtime.bus import Recipients, publish
from lobby.servers.models import Channel
from lobby.texts import text

# How long a mute lasts, by the name the API takes; None: until turned back on. 'off' unmutes.
MUTES: dict[str, timedelta | None] = {"15m": timedelta(minutes=15), "1h": timedelta(hours=1),
                                      "8h": timedelta(hours=8), "24h": timedelta(hours=24), "forever": None}
UNMUTE = "off"
FOREVER = datetime(9999, 12, 31, tzinfo=UTC)  # kept for "until turned back on": one column compares


def check_level(value) -> str:
    if value not in LEVELS:
        raise ValidationError({"level": text("notifications.level")})
    return value


def check_mute(value) -> str:
    if value != UNMUTE and value not in MUTES:
        raise ValidationError({"mute": text("notifications.mute")})
    return value


def setting_dict(server_id: int, row: ServerNotificationSetting | None, now: datetime | None = None) -> dict:
    """`{serverId, level, muted, mutedUntil}`: `mutedUntil` null with `muted` true is until turned
    back on; a mute that has run out reads as none."""
    now = now or utcnow()
    until = row.muted_until if row is not None else None
    muted = until is not None and until > now
    return {"serverId": server_id, "level": row.level if row is not None else MENTIONS, "muted": muted,
            "mutedUntil": until.isoformat() if muted and until < FOREVER else None}


def setting_of(user_id: int, server_id: int) -> ServerNotificationSetting | None:
    return db.session.scalar(select(ServerNotificationSetting).where(
        ServerNotificationSetting.user_id == user_id, ServerNotificationSetting.server_id == server_id))


def settings_of(user_id: int) -> list[dict]:
    """Every server the person set apart from the default (mutes that ran out read as none)."""
    now = utcnow()
    rows = db.session.scalars(select(ServerNotificationSetting).where(ServerNotificationSetting.user_id == user_id)
                              .order_by(ServerNotificationSetting.server_id))
    return [setting_dict(row.server_id, row, now) for row in rows]


def do_set_server_notifications(user: User, server_id: int, level: str | None, mute: str | None) -> dict:
    """Change the level and/or the mute (each left as it is when None); the default (mentions,
    not muted) keeps no row. Every tab of the person hears `server_notifications`."""
    now = utcnow()
    row = setting_of(user.id, server_id)
    level = level or (row.level if row is not None else MENTIONS)
    if mute is None:
        until = row.muted_until if row is not None and row.muted_until and row.muted_until > now else None
    else:
        until = None if mute == UNMUTE else (now + MUTES[mute] if MUTES[mute] else FOREVER)
    if level == MENTIONS and until is None:
        db.session.execute(delete(ServerNotificationSetting).where(
            ServerNotificationSetting.user_id == user.id, ServerNotificationSetting.server_id == server_id))
        row = None
    else:
        row = row or ServerNotificationSetting(user_id=user.id, server_id=server_id)
        row.level, row.muted_until = level, until
        db.session.add(row)
    db.session.commit()
    body = setting_dict(server_id, row, now)
    notify_server_notifications(user.id, body)
    return body


def notify_server_notifications(user_id: int, body: dict) -> None:
    """After the commit: every tab of the person follows (badges, sounds, the menu's marks)."""
    publish({"type": "server_notifications", "data": body}, Recipients.of(users=[user_id]))


def not_quiet_on(channel_id: int, now: datetime):
    """SQL: the `User` row has not set this channel's server to nothing, nor muted it now."""
    server = select(Channel.server_id).where(Channel.id == channel_id).scalar_subquery()
    return ~exists().where(ServerNotificationSetting.user_id == User.id, ServerNotificationSetting.server_id == server,
                           or_(ServerNotificationSetting.level == NOTHING, ServerNotificationSetting.muted_until > now))
