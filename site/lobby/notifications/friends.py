"""The notifications friend requests make: one for the person asked, one for the person whose
request was accepted; and the first is read once the request is answered or withdrawn. Called by
the friends actions after their commit."""
from __future__ import annotations

from lobby.notifications.actions import Draft, do_notify, do_read_friend_request
from lobby.notifications.models import FRIEND_ACCEPTED, FRIEND_REQUEST
from lobby.notifications.words import what_happened
from lobby.people.person import person_dict

FRIENDS_PAGE = "/app/friends"


def do_notify_friend_request(request: dict) -> None:
    """`request`: the new request as the API answers it (its people are public persons)."""
    sender = request["fromUser"]
    do_notify([Draft(request["toUser"]["id"], FRIEND_REQUEST, sender, what_happened(sender), FRIENDS_PAGE)])


def do_notify_friend_accepted(accepter, requester_id: int) -> None:
    """`accepter` (a User) accepted the request `requester_id` had sent."""
    actor = person_dict(accepter)
    do_notify([Draft(requester_id, FRIEND_ACCEPTED, actor, what_happened(actor), FRIENDS_PAGE)])


def do_settle_friend_request(addressee_id: int, requester_id: int) -> None:
    """The request is accepted, declined or cancelled: the addressee's notification of it is read."""
    do_read_friend_request(addressee_id, requester_id)
