"""`notify_*` for friends: live events to every tab of the people concerned, through the bus (so
across processes). Call each after the commit of the change it reports."""
from __future__ import annotations

from lobby.realtime.bus import Recipients, publish


def notify_request_received(request: dict) -> None:
    """To both: the addressee's tabs list it as incoming, the sender's other tabs as outgoing
    (`fromUser.id` tells which)."""
    people = [request["fromUser"]["id"], request["toUser"]["id"]]
    publish({"type": "friend_request_received", "data": {"request": request}}, Recipients.of(users=people))


def notify_request_removed(request_id: int, people: list[int]) -> None:
    """A request was declined, cancelled or dropped by a block: both sides forget it."""
    publish({"type": "friend_request_removed", "data": {"requestId": request_id}}, Recipients.of(users=people))


def notify_request_accepted(friends: list[tuple[int, dict]]) -> None:
    """`friends`: (user id, their new friend as a Friend), one for each side."""
    for user_id, friend in friends:
        publish({"type": "friend_request_accepted", "data": {"friend": friend}}, Recipients.of(users=[user_id]))


def notify_friend_removed(a: int, b: int) -> None:
    """Unfriended (or blocked): each side drops the other from its list."""
    publish({"type": "friend_removed", "data": {"userId": b}}, Recipients.of(users=[a]))
    publish({"type": "friend_removed", "data": {"userId": a}}, Recipients.of(users=[b]))


def notify_status_changed(user_id: int, status: str, custom_status: str | None, friend_ids: list[int]) -> None:
    if friend_ids:
        publish({"type": "friend_status_changed", "data": {
            "friendId": user_id, "status": status, "customStatus": custom_status}}, Recipients.of(users=friend_ids))
