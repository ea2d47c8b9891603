"""The notifications friend requests make: one for the person asked, one for the person whose
request was accepted. Called by the friends actions after their commit."""
from __future__ import annotations

from types import SimpleNamespace

from lobby.notifications.actions import Draft, do_notify
from lobby.notifications.models import FRIEND_ACCEPTED, FRIEND_REQUEST
from lobby.texts import text_for

FRIENDS_PAGE = "/app/friends"


def do_notify_friend_request(request: dict) -> None:
    """`request`: the new request as the API answers it."""
    sender = request["fromUser"]
    actor = SimpleNamespace(id=sender["id"], username=sender["username"], profile_image_url=sender["profileImageUrl"])
    do_notify([Draft(request["toUser"]["id"], FRIEND_REQUEST, actor,
                     text_for(request["toUser"]["id"], "notifications.friend_request", username=actor.username),
                     FRIENDS_PAGE)])


def do_notify_friend_accepted(accepter, requester_id: int) -> None:
    """`accepter` (a User) accepted the request `requester_id` had sent."""
    do_notify([Draft(requester_id, FRIEND_ACCEPTED, accepter,
                     text_for(requester_id, "notifications.friend_accepted", username=accepter.username), FRIENDS_PAGE)])
