"""Managing a server's channels: rename (`PATCH`), move (`POST …/move`), delete (`DELETE`)
`/api/servers/{id}/channels/{channelId}`. Creating one is `createChannel` (servers/api.py).

Who may: the server's owner and its moderators, as for creating a channel: channels are the
server's furniture, not its settings (name, privacy, icon: the owner's alone). Every change is
written to the audit log and reaches every connected member at once (`structure_notify.py`)."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts.session import api_login_required, json_response
from lobby.extensions import csrf
from lobby.schema import BEARER, NOT_OBJECT, UNAUTHORIZED, Response, api, invalid, refusals, refused_with
from lobby.servers import channel_actions as actions
from lobby.servers import refusals as refused
from lobby.servers.channel_schemas import ChannelChanges, ChannelMove
from lobby.servers.schemas import ChannelList, OneChannel
from lobby.texts import text

blueprint = Blueprint("server_channels_api", __name__, url_prefix="/api/servers/<int:server_id>/channels")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

PATH = {"server_id": f"A server's id. A non-integer answers 404 `NOT_FOUND` «{text('http.404')}».",
        "channel_id": "A channel of that server. A channel of another server, or none, answers 404 "
                      "`CHANNEL_NOT_FOUND`."}
NOT_FOUND = (f"{refused.NOT_FOUND}; or no such channel on this server: "
             + refused_with(("CHANNEL_NOT_FOUND", "channel.not_found")))
NOT_TEXT = text("request.not_text")
CHANGES = invalid(dict(
    name=[text("channel.name_empty"), text("channel.name_too_long"), text("channel.name_unseen"),
          text("channel.name_letters"), NOT_TEXT],
    description=[text("server.description_too_long"), NOT_TEXT]),
    lead="Invalid fields, reported together (a field of the wrong kind alone and first).")
MOVE = invalid(dict(position=[text("channel.position")]), lead="`position` missing, negative or not a whole number.")
LAST_TEXT = ("The server's last text channel stays: "
             + refused_with(("LAST_TEXT_CHANNEL", "channel.last_text")))


def declared(operation_id: str, answers: Response, **models):
    return api.validate(resp=answers, tags=["servers"], security=BEARER, operation_id=operation_id,
                        path_parameter_descriptions=PATH, **models)


def managers_only(**answers) -> dict:
    return refusals(**{"HTTP_401": UNAUTHORIZED, "HTTP_403": refused.MODERATORS_ONLY, "HTTP_404": NOT_FOUND,
                       **answers})


@blueprint.patch("/<int:channel_id>")
@api_login_required
@declared("updateChannel", Response(HTTP_200=(OneChannel, "The changed channel"), HTTP_422=CHANGES,
                                    **managers_only(HTTP_400=NOT_OBJECT)), json=ChannelChanges)
def update(server_id: int, channel_id: int):
    """Rename a channel, or change its description

    Owner and moderators (as for `createChannel`). Only the fields sent change, with the rules of
    `createChannel`; an empty body changes nothing. Writes a `CHANNEL_UPDATE` audit entry (reason
    `#old → #new`). Every connected member hears `channel_updated`."""
    _, _, channel = actions.access_managed_channel(g.user, server_id, channel_id)
    channel = actions.do_update_channel(channel, g.user, request.context.json.changes())
    return json_response({"channel": channel.to_dict()})


@blueprint.post("/<int:channel_id>/move")
@api_login_required
@declared("moveChannel", Response(HTTP_200=(ChannelList, "The channel's list (text or voice) in its new order"),
                                  HTTP_422=MOVE, **managers_only(HTTP_400=NOT_OBJECT)), json=ChannelMove)
def move(server_id: int, channel_id: int):
    """Move a channel within its list

    Owner and moderators (as for `createChannel`). Text and voice channels are two lists, each
    numbered from 0 at the top: `position` is the channel's new place in its own list (past the
    end: last), and the list is renumbered 0, 1, 2… Answers that list. Writes a `CHANNEL_MOVE` audit
    entry (none when the channel is already there). Every connected member hears
    `channels_reordered`."""
    _, _, channel = actions.access_managed_channel(g.user, server_id, channel_id)
    order = actions.do_move_channel(channel, g.user, request.context.json.position)
    return json_response({"channels": [row.to_dict() for row in order]})


@blueprint.delete("/<int:channel_id>")
@api_login_required
@declared("deleteChannel", Response(HTTP_200=(OneChannel, "Deleted: the channel as it was"),
                                    **managers_only(HTTP_409=LAST_TEXT)))
def delete(server_id: int, channel_id: int):
    """Delete a channel and its messages

    Owner and moderators (as for `createChannel`). The channel's messages go with it (their
    reactions, attachments and read markers too); anyone seated in a voice channel leaves it. A
    server keeps at least one text channel. No body. Writes a `CHANNEL_DELETE` audit entry. Every
    connected member hears `channel_deleted`."""
    _, _, channel = actions.access_managed_channel(g.user, server_id, channel_id)
    gone = channel.to_dict()
    actions.do_delete_channel(channel, g.user)
    return json_response({"channel": gone})
