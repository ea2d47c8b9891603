"""Moving a server in one's own list of servers (`POST /api/servers/{id}/move`): the rail's drag
and keyboard reorder. Any member, whatever their role: the order is theirs alone."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts.session import api_login_required, json_response
from lobby.extensions import csrf
from lobby.schema import BEARER, NOT_OBJECT, UNAUTHORIZED, Response, api, invalid, refusals
from lobby.servers import refusals as refused
from lobby.servers.access import access_member
from lobby.servers.order import do_move_server
from lobby.servers.order_schemas import ServerMove, ServerOrder
from lobby.texts import text

blueprint = Blueprint("server_order_api", __name__, url_prefix="/api/servers")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

PATH = {"server_id": f"A server's id. A non-integer answers 404 `NOT_FOUND` «{text('http.404')}»."}
MOVE = invalid(dict(position=[text("server.position")]), lead="`position` missing, negative or not a whole number.")


@blueprint.post("/<int:server_id>/move")
@api_login_required
@api.validate(resp=Response(HTTP_200=(ServerOrder, "The caller's servers in their new order"), HTTP_422=MOVE,
                            **refusals(HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED, HTTP_403=refused.MEMBERS_ONLY,
                                       HTTP_404=refused.NOT_FOUND)),
              json=ServerMove, tags=["servers"], security=BEARER, operation_id="moveServer",
              path_parameter_descriptions=PATH)
def move(server_id: int):
    """Move a server in your own list

    Any member. The caller's servers are numbered from 0 at the top: `position` is the server's new
    place (past the end: last). Only the caller's list changes (the rail, the server cards,
    `listMyServers`); a server joined later goes last. Every socket of the caller hears
    `user_servers` (`moved`); nothing is written when the server is already there."""
    _, membership = access_member(g.user, server_id)
    return json_response({"serverIds": do_move_server(membership, request.context.json.position)})
