"""`/api/dms`: opening a direct conversation and listing one's conversations. What is written in
one goes through the messages calls and the live socket, on the DM's channel id."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts.session import api_login_required, json_response, token_user_key
from lobby.dms import listing
from lobby.dms.actions import do_open_dm
from lobby.dms.schemas import Conversations, DmOpened, OpenDmBody
from lobby.extensions import csrf, limiter
from lobby.schema import (BEARER, NOT_OBJECT, NOT_VERIFIED, UNAUTHORIZED, Response, api, invalid, refusals, refused_with,
                          throttled)
from lobby.texts import text

blueprint = Blueprint("dms_api", __name__, url_prefix="/api/dms")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

OPENS_PER_MINUTE = 30  # a client opens the same conversation again and again; new ones are rarer
SELF = f"{NOT_OBJECT}; or `userId` is the caller's: {refused_with(('DM_SELF', 'dms.yourself'))}"
CLOSED = (f"The caller blocked the other person: `USER_BLOCKED` «{text('friends.you_blocked')}»; or the other "
          f"person blocked the caller, or no conversation exists yet and the other person's `directMessages` privacy "
          f"setting (everyone, friends — the default —, none) does not let the caller start one (one answer for "
          f"both, so a block is not revealed): {refused_with(('DM_NOT_ALLOWED', 'dms.not_allowed'))}; or "
          f"{NOT_VERIFIED[0].lower()}{NOT_VERIFIED[1:]}")
NO_USER = ("No verified, active account has this id: " + refused_with(("USER_NOT_FOUND", "friends.user_not_found")))


@blueprint.post("")
@api_login_required
@limiter.limit(f"{OPENS_PER_MINUTE} per minute", key_func=token_user_key)
@api.validate(json=OpenDmBody, resp=Response(
    HTTP_200=(DmOpened, "The pair's conversation (the same channel whoever opens it)"),
    HTTP_422=invalid({"userId": [text("dms.user_id")]}),
    **refusals(HTTP_400=SELF, HTTP_401=UNAUTHORIZED, HTTP_403=CLOSED, HTTP_404=NO_USER,
               HTTP_429=throttled(f"{OPENS_PER_MINUTE} per minute per user"))),
    tags=["dms"], security=BEARER, operation_id="openDm")
def open_dm():
    """Open a direct conversation

    Made the first time either person opens it; afterwards the same channel for both. An existing
    conversation is returned even when the other person's privacy setting would no longer let it
    start, but not across a block. Its messages: `listMessages`, `sendMessage` and the live
    socket's frames on `channel.id`; sending in it is refused 403 while a block stands either way
    (`USER_BLOCKED` to the blocker, `DM_NOT_ALLOWED` to the blocked one)."""
    channel, other = do_open_dm(g.user, request.context.json.user_id)
    return json_response({"channel": listing.dm_channel_dict(channel, listing.person_of(other, g.user.id))})


@blueprint.get("")
@api_login_required
@api.validate(resp=Response(HTTP_200=(Conversations, "Newest activity first"),
                            **refusals(HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED)),
              tags=["dms"], security=BEARER, operation_id="listDms")
def conversations():
    """The caller's direct conversations

    Each with the other person (live status), its last message and the caller's read state."""
    return json_response({"conversations": listing.conversations(g.user.id)})
