"""The live frames of roles and timeouts (`servers/notify.py`), for the socket's document."""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from lobby.schema import Answer


class MemberUpdatedFrame(Answer):
    """A member's role or timeout changed (an owner or moderator did it, or ownership moved)."""
    server_id: int
    user_id: int
    role: Literal["owner", "moderator", "member"] | None = Field(description="null: no longer a member.")
    timed_out_until: datetime | None = Field(description="The end of a running timeout; null: none.")


class ReportsChangedFrame(Answer):
    """A report was made or resolved on a server the user moderates."""
    server_id: int
    open_count: int = Field(description="The server's open reports now.")


STAFF_SERVER_FRAMES: dict[str, tuple[type[BaseModel], str]] = {
    "member_updated": (MemberUpdatedFrame, "To a server's members (and the member concerned): a member's role "
                                           "or timeout changed."),
    "reports_changed": (ReportsChangedFrame, "To a server's owner and moderators: a report was made or resolved."),
}
