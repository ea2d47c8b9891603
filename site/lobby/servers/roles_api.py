"""The owner's and moderators' calls beyond kick and ban (issue 18): roles, ownership transfer,
deleting a server, timeouts. Who may call each is settled by `access_owner` / `access_moderator`
before anything else is read; the rules about the target are the actions'."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts.session import api_login_required, json_response
from lobby.extensions import csrf
from lobby.schema import BEARER, UNAUTHORIZED, Done, Response, api, refusals
from lobby.servers import refusals as refused
from lobby.servers import roles, timeouts
from lobby.servers.access import access_moderator, access_owner
from lobby.servers.api import moderators_only, server_body
from lobby.servers.schemas import RoleBody, RoleChanged, TimedOut, TimeoutBody, TransferBody, Transferred
from lobby.texts import text

blueprint = Blueprint("server_roles_api", __name__, url_prefix="/api/servers")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

PATH = {"server_id": f"A server's id. A non-integer answers 404 `NOT_FOUND` «{text('http.404')}».",
        "user_id": "The member concerned (a user id)."}


def declared(operation_id: str, answers: Response, **models):
    return api.validate(resp=answers, tags=["servers"], security=BEARER, operation_id=operation_id,
                        path_parameter_descriptions=PATH, **models)


def owner_only(**answers: str) -> dict:
    return refusals(**{"HTTP_401": UNAUTHORIZED, "HTTP_403": refused.OWNER_ONLY, "HTTP_404": refused.NOT_FOUND,
                       **answers})


@blueprint.patch("/<int:server_id>/members/<int:user_id>")
@api_login_required
@declared("setMemberRole", Response(HTTP_200=(RoleChanged, f"Done (or already so): «{text('moderation.role_changed')}»"),
                                    HTTP_422=refused.ROLE, **owner_only(
    HTTP_400=refused.NOT_ON_SELF, HTTP_403=refused.ROLE_REFUSED, HTTP_404=refused.NOT_ON_THE_SERVER)), json=RoleBody)
def set_role(server_id: int, user_id: int):
    """Appoint or remove a moderator

    Owner only. `role`: `moderator` or `member`; the owner's own role is changed only by a transfer.
    Writes a `ROLE_CHANGE` audit entry (none when nothing changes). Live: `member_updated` to the
    server's members."""
    server, membership = access_owner(g.user, server_id)
    changed = roles.do_set_role(server, membership, user_id, request.context.json.role)
    return json_response({"message": text("moderation.role_changed"), "member": changed.to_dict(
        timed_out_until=timeouts.timed_out_until(changed.user_id, server_id))})


@blueprint.post("/<int:server_id>/transfer")
@api_login_required
@declared("transferOwnership", Response(HTTP_200=(Transferred, f"Done: «{text('server.transferred')}»"),
                                        HTTP_422=refused.TRANSFER, **owner_only(
    HTTP_400=refused.NOT_ON_SELF, HTTP_403=refused.TRANSFER_REFUSED, HTTP_404=refused.NOT_ON_THE_SERVER)),
    json=TransferBody)
def transfer(server_id: int):
    """Hand the server to a member

    Owner only; the new owner must be a member (not the caller). The former owner stays as a
    moderator. Writes a `TRANSFER` audit entry. Live: `member_updated` for both."""
    server, membership = access_owner(g.user, server_id)
    roles.do_transfer(server, membership, request.context.json.user_id)
    return json_response({"message": text("server.transferred"), "server": server_body(server, membership)})


@blueprint.delete("/<int:server_id>")
@api_login_required
@declared("deleteServer", Response(HTTP_200=(Done, f"Deleted: «{text('server.deleted')}»"), **owner_only()))
def delete(server_id: int):
    """Delete a server

    Owner only; no body (the app asks the owner to type the server's name first). Its channels,
    messages, members, bans, timeouts, reports and log go with it. Live: every member hears
    `server_access_revoked` with reason `delete`."""
    server, _ = access_owner(g.user, server_id)
    roles.do_delete_server(server)
    return json_response({"message": text("server.deleted")})


@blueprint.post("/<int:server_id>/moderation/timeout")
@api_login_required
@declared("timeoutMember", Response(HTTP_200=(TimedOut, f"Done: «{text('moderation.timed_out')}»"),
                                    HTTP_422=refused.TIMEOUT, **moderators_only(
    HTTP_400=refused.NOT_ON_SELF, HTTP_403=refused.NOT_ON_THEM, HTTP_404=refused.NOT_ON_THE_SERVER)), json=TimeoutBody)
def timeout(server_id: int):
    """Time a member out

    Owner and moderators, with a kick's rules (not the owner, not oneself; only the owner times out
    a moderator). For `duration` seconds (60 s … 1 week) the member may read the server but not
    send, edit or react there: those answer 403 `TIMED_OUT` with `until` and the time left in the
    message. A new timeout replaces a running one; leaving and joining again does not end it.
    Writes a `TIMEOUT` audit entry. Live: `member_updated`."""
    server, membership = access_moderator(g.user, server_id)
    body = request.context.json
    until = timeouts.do_timeout(server, membership, body.user_id, body.duration, body.reason)
    return json_response({"message": text("moderation.timed_out"), "until": until.isoformat()})


@blueprint.delete("/<int:server_id>/moderation/timeout/<int:user_id>")
@api_login_required
@declared("liftTimeout", Response(HTTP_200=(Done, f"Lifted: «{text('moderation.timeout_lifted')}»"), **moderators_only(
    HTTP_400=refused.NOT_ON_SELF, HTTP_403=refused.NOT_ON_THEM, HTTP_404=refused.NOT_TIMED_OUT)))
def lift_timeout(server_id: int, user_id: int):
    """Lift a timeout

    Owner and moderators, with a kick's rules. Writes a `TIMEOUT_LIFT` audit entry. Live:
    `member_updated`."""
    server, membership = access_moderator(g.user, server_id)
    timeouts.do_lift_timeout(server, membership, user_id)
    return json_response({"message": text("moderation.timeout_lifted")})


