"""`GET /api/friends`: the spec's Friend, statuses from live presence, the spec's order."""
import time

import pytest

from lobby.friends.schemas import FriendsOverview
from tests.friends.conftest import ask, befriend, block, friend_names, overview


@pytest.fixture(autouse=True)
def short_grace(app):
    app.config["PRESENCE_GRACE_SECONDS"] = 0.2


def test_an_empty_page_has_four_empty_lists(alice):
    assert overview(alice) == {"friends": [], "blocked": [], "incoming": [], "outgoing": []}


def test_a_friend_has_the_spec_fields(alice, bob):
    befriend(alice, bob)
    body = overview(alice)
    FriendsOverview.model_validate(body)
    (friend,) = body["friends"]
    assert set(friend) == {"id", "username", "displayName", "firstName", "lastName", "profileImageUrl", "status",
                           "customStatus", "isBlocked", "friendshipDate", "gameActivity"}
    assert (friend["id"], friend["username"], friend["status"], friend["customStatus"], friend["isBlocked"]) == (
        bob.id, "bob", "OFFLINE", None, False)


def wait_until(check, seconds: float = 10.0) -> None:  # returns as soon as it holds; a loaded CI machine needs the room
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.05)


def test_friends_come_by_status_then_by_username(people, connect):
    me = people("me")
    for name in ("zoe", "yan", "xena", "walt", "vera", "anna"):
        befriend(people(name), me)
    chosen = {"zoe": "dnd", "walt": "idle", "xena": "online", "anna": "invisible", "yan": "idle"}
    for name, status in chosen.items():
        socket = connect(people(name))
        socket.send("presence_update", {"status": status})
    expected = ["xena", "walt", "yan", "zoe", "anna", "vera"]  # invisible anna reads offline
    wait_until(lambda: friend_names(me) == expected)
    assert [friend["status"] for friend in overview(me)["friends"]] == [
        "ONLINE", "IDLE", "IDLE", "DO_NOT_DISTURB", "OFFLINE", "OFFLINE"]


def test_a_custom_status_is_kept_after_its_owner_leaves(alice, bob, connect):
    befriend(alice, bob)
    socket = connect(bob)
    socket.send("presence_update", {"status": "dnd", "customStatus": "  играю в шахматы "})
    # The status is live at once; the custom status is stored a moment later, on the socket's thread.
    wait_until(lambda: (overview(alice)["friends"][0]["status"], overview(alice)["friends"][0]["customStatus"])
               == ("DO_NOT_DISTURB", "играю в шахматы"))
    socket.close()
    wait_until(lambda: overview(alice)["friends"][0]["status"] == "OFFLINE")
    assert overview(alice)["friends"][0]["customStatus"] == "играю в шахматы"


def test_requests_come_newest_first(alice, bob, carol, people):
    first, second = ask(bob, alice), ask(carol, alice)
    ask(alice, people("dave"))
    assert [request["id"] for request in overview(alice)["incoming"]] == [second["id"], first["id"]]
    assert [request["toUser"]["username"] for request in overview(alice)["outgoing"]] == ["dave"]


def test_blocked_people_are_listed_only_for_the_blocker(alice, bob, carol):
    block(alice, carol)
    block(alice, bob)
    assert [person["username"] for person in overview(alice)["blocked"]] == ["bob", "carol"]
    assert all(person["isBlocked"] for person in overview(alice)["blocked"])
    assert overview(bob)["blocked"] == []
