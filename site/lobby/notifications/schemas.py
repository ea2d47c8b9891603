"""The notification calls' query and answers, and the `notification` / `notifications_read` frames."""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from lobby.notifications.actions import KEPT
from lobby.notifications.listing import MAX_PAGE, PAGE
from lobby.notifications.models import TYPES
from lobby.schema import Answer, Id, Query
from lobby.servers.schemas import Clamped
from lobby.texts import stored_text

LISTED = Clamped(1, MAX_PAGE, PAGE)


class NotificationsQuery(Query):
    before: Id | None = Field(None, description="Only notifications older than this id (the next page).")
    limit: LISTED.parameter(f"Clamped to 1–{MAX_PAGE}; default {PAGE}; anything but a number is the default.") = None

    @property
    def size(self) -> int:
        return LISTED.of(self.limit)


class Actor(Answer):
    id: int
    username: str
    profile_image_url: str | None


class Notification(Answer):
    id: int
    type: Literal[*TYPES]
    is_read: bool
    created_at: datetime
    actor: Actor | None = Field(description="Who caused it; null once their account is gone.")
    text: str = Field(description=(
        "Ready to show; stored in Russian when made, whatever the reader's language "
        f"(e.g. «{stored_text('notifications.mention', username='vera', channel='general')}»)."))
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
