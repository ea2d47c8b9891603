"""The friends calls' payloads and answers, declared once: they check requests and describe them in
`/api/openapi.json`; the live socket's friend frames (`realtime/schemas.py`) carry the same
`Friend`, `FriendRequest` and `FriendActivity`."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from lobby.friends.activity import KEPT, RECENT
from lobby.friends.models import CUSTOM_STATUS_MAX, MESSAGE_MAX
from lobby.friends.validation import check_request_message, check_username
from lobby.people.schemas import Person
from lobby.schema import Answer, Payload, Query, rule
from lobby.servers.schemas import Clamped

FriendStatus = Literal["ONLINE", "IDLE", "DO_NOT_DISTURB", "OFFLINE"]
STATUS = ("From live presence: `ONLINE` with a socket open, `IDLE` and `DO_NOT_DISTURB` as the person chose, "
          "`OFFLINE` otherwise and for invisible people.")


class FriendRequestBody(Payload):
    username: Annotated[str, Field(description="Whom to ask, in any letter case. Trimmed."),
                        BeforeValidator(rule(check_username))]
    message: Annotated[str | None, Field(description="Optional. Trimmed; empty means none.", json_schema_extra={
        "maxLength": MESSAGE_MAX}), BeforeValidator(rule(check_request_message))] = None
    refusals = {"username": "auth.username_empty", "message": "request.not_text"}


ACTIVITY = Clamped(1, KEPT, RECENT)


class ActivityQuery(Query):
    limit: ACTIVITY.parameter(f"Clamped to 1–{KEPT}; default {RECENT}; anything but a number is the default.") = None

    @property
    def size(self) -> int:
        return ACTIVITY.of(self.limit)


# Answers

class Friend(Person):
    id: int = Field(description="The person's user id.")
    first_name: str
    last_name: str
    status: FriendStatus = Field(description=STATUS)
    custom_status: str | None = Field(description=f"As the person set it (at most {CUSTOM_STATUS_MAX} characters).")
    is_blocked: bool = Field(description="True in `blocked` (people the caller blocked).")
    friendship_date: datetime | None = Field(description="Since when they are friends; null for a blocked person.")
    game_activity: None = Field(description="No games are tracked yet: always null.")


class RequestParty(Person):
    first_name: str
    last_name: str


class FriendRequest(Answer):
    id: int
    from_user: RequestParty
    to_user: RequestParty
    message: str | None
    created_at: datetime


class FriendsOverview(Answer):
    friends: list[Friend] = Field(description=(
        "By status (ONLINE, IDLE, DO_NOT_DISTURB, OFFLINE), those with a game first, then by username."))
    blocked: list[Friend] = Field(description="People the caller blocked, in the same order.")
    incoming: list[FriendRequest] = Field(description="Requests to the caller, newest first.")
    outgoing: list[FriendRequest] = Field(description="Requests the caller sent, newest first.")


class RequestSent(Answer):
    success: Literal[True]
    message: str
    request: FriendRequest


class FriendAdded(Answer):
    success: Literal[True]
    message: str
    friend: Friend = Field(description="The new friend.")


class FriendsDone(Answer):
    success: Literal[True]
    message: str


class StatusChange(Answer):
    old_status: FriendStatus
    new_status: FriendStatus
    custom_status: str | None


class FriendActivity(Answer):
    id: int = Field(description="Grows with time: the newest entry has the highest.")
    friend_id: int = Field(description="The friend whose status changed.")
    type: Literal["STATUS_CHANGE"] = Field(description="A friend's status or custom status changed.")
    data: StatusChange
    timestamp: datetime


class ActivityLog(Answer):
    activities: list[FriendActivity] = Field(description=(
        f"The caller's current friends' entries since each friendship began, newest first; at most {KEPT} are kept "
        "of each friend."))
