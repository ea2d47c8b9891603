"""`GET /api/invites/<code>`: what an invite opens, before one joins by it (the join dialog shows
it under the typed link). Joining stays `POST /api/servers/join/<code>`."""
from __future__ import annotations

from typing import Literal

from flask import Blueprint, g
from pydantic import Field

from lobby.accounts.session import api_login_required, json_response
from lobby.errors import ApiError
from lobby.extensions import csrf
from lobby.schema import BEARER, NOT_VERIFIED, UNAUTHORIZED, Answer, Response, api, documented, refusals
from lobby.servers import invites
from lobby.servers import refusals as refused
from lobby.servers.validation import INVITE_MAX, INVITE_MIN
from lobby.texts import text

blueprint = Blueprint("invites_api", __name__, url_prefix="/api/invites")
csrf.exempt(blueprint)  # a read with a Bearer token


class InviteServer(Answer):
    id: int
    name: str
    description: str | None
    icon_url: str | None = Field(description="Through the invite (`/invite/<code>/icon`): a private server's own "
                                             "icon address answers only its members.")
    is_public: bool
    member_count: int
    online_count: int = Field(description="Members who show themselves online to everyone.")


class Invite(Answer):
    code: str
    state: Literal["open", "member", "banned"] = Field(description=(
        "`open`: the caller may join; `member`: already in it (`landing` says where the app opens it); `banned`: "
        "a ban stops them (`banExpiresAt`: when it ends, null for good)."))
    server: InviteServer
    ban_expires_at: str | None
    landing: str | None


class OneInvite(Answer):
    invite: Invite


@blueprint.get("/<code>")
@api_login_required
@api.validate(resp=Response(HTTP_200=(OneInvite, "The invite's server and what the caller may do"), **refusals(
    HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED, HTTP_404=refused.INVITE_INVALID)),
    tags=["servers"], security=BEARER, operation_id="getInvite")
@documented(parameters=[{"name": "code", "in": "path", "required": True, "description": "The invite code.",
                         "schema": {"type": "string", "minLength": INVITE_MIN, "maxLength": INVITE_MAX}}])
def preview(code: str):
    """An invite's server

    Anyone signed in who holds the code, a private server's too: its name, description, icon and
    member and online counts, and whether the caller may join. Nothing else of the server."""
    server = invites.server_for_code(code)
    if server is None:
        raise ApiError(404, text("server.invite_invalid"), "INVITE_INVALID")
    return json_response({"invite": invites.preview(server, code, g.user)})
