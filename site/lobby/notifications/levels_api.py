"""Per-server notification settings: `GET /api/notifications/servers` (all of the caller's set
apart from the default), `GET` and `PUT /api/notifications/servers/{serverId}` (one server's, any
member's own). Nobody reads or sets anyone else's: each person's are theirs alone."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts.session import api_login_required, json_response
from lobby.extensions import csrf
from lobby.notifications import levels
from lobby.notifications.schemas import AllServerNotifications, ServerNotifications, ServerNotificationsBody
from lobby.schema import BEARER, NOT_OBJECT, UNAUTHORIZED, Response, api, invalid, refusals
from lobby.servers import refusals as refused
from lobby.servers.access import access_member
from lobby.texts import text

blueprint = Blueprint("notification_levels_api", __name__, url_prefix="/api/notifications/servers")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

PATH = {"server_id": f"One of the caller's servers. A non-integer answers 404 `NOT_FOUND` «{text('http.404')}»."}
SIGNED_IN = {"HTTP_401": UNAUTHORIZED, "HTTP_403": refused.or_not_verified("Signed in")}
A_MEMBERS = {"HTTP_401": UNAUTHORIZED, "HTTP_403": refused.MEMBERS_ONLY, "HTTP_404": refused.NOT_FOUND}
CHANGES = invalid({"level": [text("notifications.level")], "mute": [text("notifications.mute")],
                   "body": [text("notifications.nothing_to_change")]},
                  lead="A `level` or a `mute` not among those listed, or neither given.")


@blueprint.get("")
@api_login_required
@api.validate(resp=Response(HTTP_200=AllServerNotifications, **refusals(**SIGNED_IN)),
              tags=["notifications"], security=BEARER, operation_id="listServerNotificationSettings")
def listing():
    """Your notification settings of every server

    Only those set apart from the default (`mentions`, not muted); a mute that ran out is listed as
    not muted. Live: `server_notifications` when any tab or device changes one."""
    return json_response({"servers": levels.settings_of(g.user.id)})


@blueprint.get("/<int:server_id>")
@api_login_required
@api.validate(resp=Response(HTTP_200=ServerNotifications, **refusals(**A_MEMBERS)),
              tags=["notifications"], security=BEARER, operation_id="getServerNotificationSettings",
              path_parameter_descriptions=PATH)
def one(server_id: int):
    """Your notification settings of a server

    Any member, their own."""
    access_member(g.user, server_id)
    return json_response(levels.setting_dict(server_id, levels.setting_of(g.user.id, server_id)))


@blueprint.put("/<int:server_id>")
@api_login_required
@api.validate(json=ServerNotificationsBody, resp=Response(HTTP_200=ServerNotifications, HTTP_422=CHANGES, **refusals(
    HTTP_400=NOT_OBJECT, **A_MEMBERS)), tags=["notifications"], security=BEARER,
              operation_id="setServerNotificationSettings", path_parameter_descriptions=PATH)
def change(server_id: int):
    """Set how much you hear of a server

    Any member, their own: a `level` (`all`, `mentions`, `nothing`) and/or a `mute` (`15m`, `1h`,
    `8h`, `24h`, `forever` until turned back on, `off`); what is not given stays. A muted server, or
    one set to `nothing`, makes no mention or reply notification for the caller; the islands hide
    its unread badge while muted, its mention counts at `nothing`, and sound each of its messages at
    `all`. Every tab of the caller hears `server_notifications`."""
    access_member(g.user, server_id)
    body = request.context.json
    return json_response(levels.do_set_server_notifications(g.user, server_id, body.level, body.mute))
