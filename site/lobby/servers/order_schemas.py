"""Payloads of moving a server in one's own list (`order_api.py`) and the `user_servers` frame
(`notify.py`), declared once."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, Field

from lobby.schema import Answer, refusal
from lobby.servers.schemas import ServersBody


def whole_position(value):
    """A JSON whole number from 0 (not a bool, a float or digits in a string). Past the end is no
    mistake: the server goes last."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise refusal("server.position")
    return value


class ServerMove(ServersBody):
    position: Annotated[int, Field(ge=0, description=(
        "The server's new place in the caller's list, from 0 at the top. A place past the end puts it last.")),
        BeforeValidator(whole_position)]
    refusals = {"position": "server.position"}


class ServerOrder(Answer):
    """The caller's servers, top first, as every list of theirs shows them."""
    server_ids: list[int]


REASONS = Literal["joined", "created", "left", "kicked", "banned", "deleted", "moved"]


class UserServersFrame(Answer):
    """The person's list of servers changed, on this tab or another, on any device: a server was
    joined or created (it goes last), left, lost by a kick or a ban, deleted, or moved."""
    reason: REASONS
    server_id: int = Field(description="The server that came, went or moved.")
    server_ids: list[int] | None = Field(None, description=(
        "The person's servers after the change, top first. Absent for `deleted`, which every member hears at "
        "once: drop `serverId`."))


USER_SERVERS_FRAMES: dict[str, tuple[type[BaseModel], str]] = {
    "user_servers": (UserServersFrame, "To every socket of the person whose list of servers changed: joined, "
                                       "created, left, kicked, banned, deleted (every member), moved."),
}
