"""Voice over HTTP: who sits in a server's voice channels (`GET /api/servers/{id}/voice`, the
sidebar's first paint; live changes come on the socket) and what a client needs before it joins
(`GET /api/voice/config`)."""
from __future__ import annotations

from flask import Blueprint, current_app, g
from pydantic import Field

from lobby.accounts.session import api_login_required, json_response
from lobby.errors import ApiError
from lobby.extensions import csrf
from lobby.schema import BEARER, NOT_VERIFIED, UNAUTHORIZED, Answer, Response, api, refusals
from lobby.servers.access import access_server
from lobby.servers.refusals import SERVER_NOT_FOUND
from lobby.texts import text
from lobby.voice.access import voice_channel_ids
from lobby.voice.config import voice_config
from lobby.voice.frames import ChannelStatesFrame
from lobby.voice.handlers import channel_states

blueprint = Blueprint("voice_api", __name__, url_prefix="/api")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

SIGNED_IN = {"HTTP_401": UNAUTHORIZED, "HTTP_403": NOT_VERIFIED}
MEMBERS_ONLY = f"No such server, or one the caller is not a member of (the same answer for all): {SERVER_NOT_FOUND}"


class VoiceConfig(Answer):
    ice_servers: list[dict] = Field(description="RTCIceServer objects: `urls`, and `username`/`credential` for TURN.")
    limit: int = Field(description="Seats per voice channel; the next one is refused 409 `VOICE_CHANNEL_FULL`.")
    loopback_only: bool = Field(description="Tests only: keep loopback ICE candidates alone.")
    ring_seconds: float = Field(description=(
        "How long a call in a DM rings (VOICE_RING_SECONDS): unanswered, it ends for the caller and is a missed call."))


@blueprint.get("/servers/<int:server_id>/voice")
@api_login_required
@api.validate(resp=Response(HTTP_200=(ChannelStatesFrame, "Who sits in each voice channel with someone in it"),
                            **refusals(**SIGNED_IN, HTTP_404=MEMBERS_ONLY)),
              tags=["servers"], security=BEARER, operation_id="listVoiceStates",
              path_parameter_descriptions={"server_id": "A server's id. A non-integer answers 404."})
def rooms(server_id: int):
    """Who is in the server's voice channels

    The data of the socket's `channel_states`: channel id → the states of the people seated there,
    for every voice channel of the server with someone in it. Members only; anyone else gets 404, a
    public server too (a seat is no business of someone who has not joined)."""
    _, membership = access_server(g.user, server_id)
    if membership is None:
        raise ApiError(404, text("server.not_found"), "SERVER_NOT_FOUND")
    return json_response(channel_states(server_id, voice_channel_ids(server_id)))


@blueprint.get("/voice/config")
@api_login_required
@api.validate(resp=Response(HTTP_200=(VoiceConfig, "ICE servers and the seat limit"), **refusals(**SIGNED_IN)),
              tags=["voice"], security=BEARER, operation_id="getVoiceConfig")
def config():
    """What a client needs before it joins a voice channel

    `iceServers` go to `RTCPeerConnection` as they are (ICE_SERVERS; the three public STUN servers by
    default). `limit`: seats per channel (VOICE_CHANNEL_LIMIT). `loopbackOnly` is for tests: the
    client keeps only 127.0.0.1 / ::1 candidates, and there are no ICE servers."""
    return json_response(voice_config(current_app))
