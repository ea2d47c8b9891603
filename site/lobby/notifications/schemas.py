"""The notification calls' query and answers, and the `notification` / `notifications_read` frames."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, Field, model_validator

from lobby.notifications.actions import KEPT
from lobby.notifications.levels import MUTES, UNMUTE, check_level, check_mute
from lobby.notifications.listing import MAX_PAGE, PAGE
from lobby.notifications.models import LEVELS, TYPES
from lobby.people.schemas import Person
from lobby.schema import Answer, Id, Payload, Query, refusal, rule
from lobby.servers.schemas import Clamped
from lobby.texts import stored_text

LISTED = Clamped(1, MAX_PAGE, PAGE)


class NotificationsQuery(Query):
    before: Id | None = Field(None, description="Only notifications older than this id (the next page).")
    limit: LISTED.parameter(f"Clamped to 1–{MAX_PAGE}; default {PAGE}; anything but a number is the default.") = None

    @property
    def size(self) -> int:
        return LISTED.of(self.limit)


class NotificationData(Answer):
    """What happened, as it was then: the words are made from it when shown, in the reader's language."""
    name: str | None = Field(None, description="The actor's display name then (shown once their account is gone).")
    channel: str | None = Field(None, description="The channel's name then (a mention or a reply).")


class Notification(Answer):
    id: int
    type: Literal[*TYPES]
    is_read: bool
    created_at: datetime
    actor: Person | None = Field(description="Who caused it, as they are now; null once their account is gone.")
    text: str = Field(description=(
        "Made when it is answered, in the caller's language now, from `type`, `data` and the actor's display name "
        f"(e.g. «{stored_text('notifications.mention', username='Vera', channel='general')}»)."))
    data: NotificationData
    link: str = Field(description="The /app URL that opens it.")
    channel_id: int | None
    server_id: int | None
    message_id: int | None


class Notifications(Answer):
    notifications: list[Notification] = Field(description=f"Newest first; the newest {KEPT} are kept.")
    unread_count: int


class NotificationRead(Answer):
    notification: Notification
    unread_count: int


class AllRead(Answer):
    unread_count: Literal[0]


class NotificationFrame(Answer):
    """A new notification of the user's."""
    notification: Notification
    unread_count: int


class NotificationsReadFrame(Answer):
    """Some of the user's notifications were read (in any tab, or by reading a DM)."""
    ids: list[int] | None = Field(description="Those read now; null: all of them.")
    unread_count: int


# Per-server notification settings (levels.py)

class ServerNotificationsBody(Payload):
    level: Annotated[Literal[*LEVELS], BeforeValidator(rule(check_level))] | None = Field(None, description=(
        "`all`: every message of the server sounds (and shows in the browser while the tab is hidden); `mentions` "
        "(the default): only mentions and replies notify; `nothing`: no notification, and no mention counts on its "
        "badges."))
    mute: Annotated[Literal[*MUTES, UNMUTE], BeforeValidator(rule(check_mute))] | None = Field(None, description=(
        "Mute the server for 15 minutes, 1, 8 or 24 hours, or `forever` (until turned back on); `off` unmutes. "
        "A muted server shows no unread badge and makes no notification."))
    refusals = {"level": "notifications.level", "mute": "notifications.mute"}

    @model_validator(mode="after")
    def something(self):
        if self.level is None and self.mute is None:
            raise refusal("notifications.nothing_to_change")
        return self


class ServerNotifications(Answer):
    """One server's notification settings for the caller."""
    server_id: int
    level: Literal[*LEVELS]
    muted: bool = Field(description="Muted now.")
    muted_until: datetime | None = Field(description="When the mute ends; null: not muted, or (with `muted`) until "
                                                     "turned back on.")


class AllServerNotifications(Answer):
    servers: list[ServerNotifications] = Field(description="Only the caller's servers set apart from the default "
                                                           "(`mentions`, not muted).")


SERVER_NOTIFICATIONS_FRAMES: dict[str, tuple[type[BaseModel], str]] = {
    "server_notifications": (ServerNotifications, "To every socket of the person: their notification settings of "
                                                  "a server changed (on this tab or another device)."),
}
