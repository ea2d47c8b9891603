"""`POST /api/channels/{channelId}/read` and `GET /api/unread`."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts.session import api_login_required, json_response
from lobby.extensions import csrf
from lobby.reads.actions import do_mark_read
from lobby.reads.counts import unread_of
from lobby.reads.schemas import MarkReadBody, ReadState, Unread
from lobby.schema import BEARER, NOT_OBJECT, NOT_VERIFIED, UNAUTHORIZED, Response, api, invalid, refusals
from lobby.servers.access import channel_not_found
from lobby.texts import text

blueprint = Blueprint("reads_api", __name__, url_prefix="/api")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

NOT_FOUND = (f"No channel the caller can read: `CHANNEL_NOT_FOUND` «{channel_not_found().message}»; or `messageId` "
             f"names no message of this channel: `MESSAGE_NOT_FOUND` «{text('message.not_found')}»")


@blueprint.post("/channels/<int:channel_id>/read")
@api_login_required
@api.validate(json=MarkReadBody, resp=Response(
    HTTP_200=(ReadState, "The marker and counts now"), HTTP_422=invalid({"messageId": [text("reads.message_id")]}),
    **refusals(HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED, HTTP_404=NOT_FOUND)),
    tags=["reads"], security=BEARER, operation_id="markChannelRead",
    path_parameter_descriptions={"channel_id": "A server channel or a DM of the caller's. A non-integer answers 404."})
def mark_read(channel_id: int):
    """Mark a channel read up to a message

    The marker never moves back: an older `messageId` changes nothing and answers the marker as it
    is. Every socket of the caller hears `read_state` with the same body. Reading a DM also reads
    its DM notifications (`notifications_read`)."""
    return json_response(do_mark_read(g.user, channel_id, request.context.json.message_id))


@blueprint.get("/unread")
@api_login_required
@api.validate(resp=Response(HTTP_200=Unread, **refusals(HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED)),
              tags=["reads"], security=BEARER, operation_id="listUnread")
def unread():
    """What the caller has not read

    Every channel of the caller's servers and every DM with messages of others after the caller's
    marker, or mentions of the caller there. Own messages are never unread; a new member's markers
    start at each channel's latest message. Live: `channel_activity` for channels a socket has not
    joined, `read_state` when any tab reads."""
    return json_response({"channels": unread_of(g.user.id)})
