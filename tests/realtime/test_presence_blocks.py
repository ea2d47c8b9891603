"""Presence and blocks, one rule everywhere: to someone she blocked, alice is offline with no custom
status — in `user_status` frames, the server's member list, the DM list and the users search — while
her own view of them, and everyone else's view of her, stay as they were."""
import pytest

from tests.dms.conftest import open_dm
from tests.friends.conftest import befriend, block
from tests.realtime.conftest import QUIET

@pytest.fixture(autouse=True)
def short_grace(app):
    app.config["PRESENCE_GRACE_SECONDS"] = 0.3


def got(response) -> dict:
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def member_of(viewer, server_id: int, person) -> dict:
    members = got(viewer.get(f"/api/servers/{server_id}/members"))["members"]
    return next(m["user"] for m in members if m["user"]["id"] == person.id)


def found_by(viewer, person) -> dict:
    users = got(viewer.get("/api/users/search", query_string={"q": person.username}))["users"]
    return next(u for u in users if u["id"] == person.id)


def dm_recipient(viewer, person) -> dict:
    conversations = got(viewer.get("/api/dms"))["conversations"]
    return next(c["channel"]["recipient"] for c in conversations if c["channel"]["recipient"]["id"] == person.id)


def status_news(socket, person) -> dict:
    """The next `user_status` about `person` (anything else is stepped over)."""
    while True:
        frame = socket.next(3)
        assert frame is not None, f"no user_status of {person.username}; saw {socket.seen[-5:]}"
        if frame["type"] == "user_status" and frame["data"]["userId"] == person.id:
            return frame["data"]


def about(frames: list[dict], person) -> list[dict]:
    return [f for f in frames if f["type"] == "user_status" and f["data"]["userId"] == person.id]


@pytest.fixture
def alice_away(community, connect):
    """alice and bob are friends with a DM; both online; alice chose dnd with a custom status."""
    befriend(community.alice, community.bob)
    open_dm(community.alice, community.bob)
    bob = connect(community.bob)
    alice = connect(community.alice)
    alice.send("presence_update", {"status": "dnd", "customStatus": "в отпуске"})
    bob.expect("friend_status_changed", skip=QUIET, friendId=community.alice.id, customStatus="в отпуске")
    return alice, bob


def test_to_the_blocked_person_the_blocker_reads_offline_with_no_custom_status(community, alice_away):
    server_id = community.server["id"]
    block(community.alice, community.bob)
    bob = community.bob
    assert (member_of(bob, server_id, community.alice)["status"],
            member_of(bob, server_id, community.alice)["customStatus"]) == ("OFFLINE", "")
    assert found_by(bob, community.alice)["status"] == "OFFLINE"
    assert (dm_recipient(bob, community.alice)["status"], dm_recipient(bob, community.alice)["customStatus"]) == (
        "OFFLINE", None)
    # Everyone else sees her as she is; and so does she see him.
    owner_view = member_of(community.owner, server_id, community.alice)
    assert (owner_view["status"], owner_view["customStatus"]) == ("DND", "в отпуске")
    assert found_by(community.owner, community.alice)["status"] == "DND"
    assert member_of(community.alice, server_id, community.bob)["status"] == "ONLINE"
    assert found_by(community.alice, community.bob)["status"] == "ONLINE"
    assert dm_recipient(community.alice, community.bob)["status"] == "ONLINE"


def test_the_blocked_person_hears_the_blocker_go_offline_and_nothing_more_until_unblocked(
        community, connect, alice_away):
    alice, bob = alice_away
    owner = connect(community.owner)
    block(community.alice, community.bob)
    assert status_news(bob, community.alice) == {"userId": community.alice.id, "status": "offline", "customStatus": ""}

    alice.send("presence_update", {"status": "idle", "customStatus": "скоро вернусь"})
    while status_news(owner, community.alice).get("customStatus") != "скоро вернусь":
        pass
    alice.close()  # she leaves: the owner hears it, bob does not
    while status_news(owner, community.alice)["status"] != "offline":
        pass
    assert about(bob.frames_within(0.7), community.alice) == []

    again = connect(community.alice)
    while status_news(owner, community.alice)["status"] != "idle":
        pass
    assert about(bob.frames_within(0.5), community.alice) == []
    response = community.alice.post(f"/api/friends/{community.bob.id}/unblock")
    assert response.status_code == 200, response.get_json()
    assert status_news(bob, community.alice) == {"userId": community.alice.id, "status": "idle",
                                                 "customStatus": "скоро вернусь"}
    again.close()
