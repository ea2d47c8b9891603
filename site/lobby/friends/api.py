"""The friends calls of the spec's section 7 (`/api/friends/*`), plus cancelling one's own request
and the activity log. Each takes its body and query from the models of `schemas.py` and is
described in `/api/openapi.json` by the same declarations."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts.session import api_login_required, json_response, token_user_key
from lobby.extensions import csrf, limiter
from lobby.friends import actions, activity, listing
from lobby.friends import refusals as refused
from lobby.friends.access import access_incoming_request, access_outgoing_request
from lobby.friends.schemas import (ActivityLog, ActivityQuery, FriendAdded, FriendRequestBody, FriendsDone,
                                   FriendsOverview, RequestSent)
from lobby.schema import BEARER, NOT_VERIFIED, UNAUTHORIZED, Response, api, refusals, throttled
from lobby.texts import text

blueprint = Blueprint("friends_api", __name__, url_prefix="/api/friends")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

A_NUMBER = f"A non-integer answers 404 `NOT_FOUND` «{text('http.404')}»."
PATH = {"request_id": f"A friend request's id. {A_NUMBER}", "user_id": f"The other person's user id. {A_NUMBER}"}
SIGNED_IN = {"HTTP_401": UNAUTHORIZED, "HTTP_403": NOT_VERIFIED}
REQUESTS_PER_HOUR = 60  # people asked by one user: enough for anyone, too few to spam with


def declared(operation_id: str, answers: Response, **models):
    """`api.validate` as every friends call uses it."""
    return api.validate(resp=answers, tags=["friends"], security=BEARER, operation_id=operation_id,
                        path_parameter_descriptions=PATH, **models)


def done(code: str):
    return json_response({"success": True, "message": text(code)})


def done_with(code: str) -> tuple:
    return FriendsDone, f"Done: «{text(code)}»"


@blueprint.get("")
@api_login_required
@declared("listFriends", Response(HTTP_200=(FriendsOverview, "The friends page's lists"), **refusals(**SIGNED_IN)))
def overview():
    """Friends, blocked people and pending requests

    The spec polls it every 15 s; the live socket's friend frames keep it fresh in between."""
    return json_response(listing.overview(g.user.id))


@blueprint.post("/request")
@api_login_required
@limiter.limit(f"{REQUESTS_PER_HOUR} per hour", key_func=token_user_key)
@declared("sendFriendRequest", Response(
    HTTP_201=(RequestSent, f"Sent: «{text('friends.request_sent')}»; the addressee hears `friend_request_received`"),
    HTTP_200=(FriendAdded, f"They had already asked the caller: their request is accepted instead, «"
                           f"{text('friends.request_accepted')}»; both hear `friend_request_accepted`"),
    HTTP_422=refused.REQUEST_FIELDS, **refusals(
        HTTP_400=refused.SELF, HTTP_401=UNAUTHORIZED, HTTP_403=refused.CLOSED, HTTP_404=refused.NO_SUCH_PERSON,
        HTTP_409=refused.TAKEN, HTTP_429=throttled(f"{REQUESTS_PER_HOUR} requests an hour per user"))),
    json=FriendRequestBody)
def send():
    """Ask someone to be friends

    By username, with an optional message of at most 200 characters."""
    body = request.context.json
    kind, made = actions.do_send_request(g.user, body.username, body.message)
    if kind == "friend":
        return json_response({"success": True, "message": text("friends.request_accepted"), "friend": made})
    return json_response({"success": True, "message": text("friends.request_sent"), "request": made}, 201)


@blueprint.post("/requests/<int:request_id>/accept")
@api_login_required
@declared("acceptFriendRequest", Response(
    HTTP_200=(FriendAdded, f"Friends now: «{text('friends.request_accepted')}»; both hear `friend_request_accepted`"),
    **refusals(**SIGNED_IN, HTTP_404=refused.REQUEST_NOT_FOUND)))
def accept(request_id: int):
    """Accept a friend request

    Only the person it was sent to. No body."""
    friend = actions.do_accept(g.user, access_incoming_request(g.user, request_id))
    return json_response({"success": True, "message": text("friends.request_accepted"), "friend": friend})


@blueprint.post("/requests/<int:request_id>/decline")
@api_login_required
@declared("declineFriendRequest", Response(HTTP_200=done_with("friends.request_declined"), **refusals(
    **SIGNED_IN, HTTP_404=refused.REQUEST_NOT_FOUND)))
def decline(request_id: int):
    """Decline a friend request

    Only the person it was sent to. The sender may ask again. Both hear `friend_request_removed`."""
    actions.drop(access_incoming_request(g.user, request_id))
    return done("friends.request_declined")


@blueprint.delete("/requests/<int:request_id>")
@api_login_required
@declared("cancelFriendRequest", Response(HTTP_200=done_with("friends.request_cancelled"), **refusals(
    **SIGNED_IN, HTTP_404=refused.REQUEST_NOT_FOUND)))
def cancel(request_id: int):
    """Cancel one's own friend request

    Only its sender. Both hear `friend_request_removed`."""
    actions.drop(access_outgoing_request(g.user, request_id))
    return done("friends.request_cancelled")


@blueprint.get("/activity")
@api_login_required
@declared("listFriendActivity", Response(HTTP_200=(ActivityLog, "Newest first"), **refusals(**SIGNED_IN)),
          query=ActivityQuery)
def activity_log():
    """The friend activity log

    The caller's current friends' status changes since each friendship began, newest first. The newest
    100 of each friend are kept; an unfriended or blocked person's entries leave the log at once."""
    return json_response({"activities": activity.recent(g.user.id, request.context.query.size)})


@blueprint.delete("/<int:user_id>")
@api_login_required
@declared("removeFriend", Response(HTTP_200=done_with("friends.removed"), **refusals(
    **SIGNED_IN, HTTP_404=refused.NOT_FRIENDS)))
def unfriend(user_id: int):
    """Remove a friend

    Both hear `friend_removed`."""
    actions.do_unfriend(g.user, user_id)
    return done("friends.removed")


@blueprint.post("/<int:user_id>/block")
@api_login_required
@declared("blockUser", Response(HTTP_200=done_with("friends.blocked"), **refusals(
    HTTP_400=refused.BLOCK_SELF, **SIGNED_IN, HTTP_404=refused.NO_USER)))
def block(user_id: int):
    """Block someone

    Anyone, friend or not. Ends the friendship (both hear `friend_removed`), drops requests either
    way (both hear `friend_request_removed`), and the blocked person can send the caller no request
    (they are told the caller takes none). Blocking again changes nothing. No body."""
    actions.do_block(g.user, user_id)
    return done("friends.blocked")


@blueprint.post("/<int:user_id>/unblock")
@api_login_required
@declared("unblockUser", Response(HTTP_200=done_with("friends.unblocked"), **refusals(
    **SIGNED_IN, HTTP_404=refused.NOT_BLOCKED)))
def unblock(user_id: int):
    """Lift a block

    The friendship the block ended does not come back. No body."""
    actions.do_unblock(g.user, user_id)
    return done("friends.unblocked")
