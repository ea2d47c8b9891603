"""The online counts the server lists show, and the member statuses of the moderation list, come
from live presence: a user with an open socket counts, a user whose last socket closed (after the
grace) or who chose to be invisible does not."""
import time

import pytest


@pytest.fixture(autouse=True)
def short_grace(app):
    app.config["PRESENCE_GRACE_SECONDS"] = 0.2


def online_count(person, server_id: int) -> int:
    servers = person.get("/api/servers").get_json()["servers"]
    return next(s["onlineCount"] for s in servers if s["id"] == server_id)


def member_status(person, server_id: int, user_id: int) -> str:
    members = person.get(f"/api/servers/{server_id}/members").get_json()["members"]
    return next(m["user"]["status"] for m in members if m["user"]["id"] == user_id)


def eventually(read, expected, seconds: float = 3.0):
    deadline = time.monotonic() + seconds
    while (value := read()) != expected and time.monotonic() < deadline:
        time.sleep(0.05)
    return value


def test_nobody_counts_as_online_without_a_socket(community):
    assert online_count(community.owner, community.server["id"]) == 0
    assert member_status(community.owner, community.server["id"], community.alice.id) == "OFFLINE"


def test_an_open_socket_counts_in_every_list_and_shows_online(community, connect):
    server_id = community.server["id"]
    connect(community.alice)
    connect(community.bob)
    assert eventually(lambda: online_count(community.owner, server_id), 2) == 2
    assert member_status(community.owner, server_id, community.alice.id) == "ONLINE"
    assert member_status(community.owner, server_id, community.owner.id) == "OFFLINE"
    public = community.mallory.get("/api/servers/public?limit=50").get_json()["servers"]
    assert next(s["onlineCount"] for s in public if s["id"] == server_id) == 2
    details = community.owner.get(f"/api/servers/{server_id}").get_json()
    assert (details.get("server") or details)["onlineCount"] == 2


def test_two_tabs_count_once_and_the_count_drops_after_the_last_closes(community, connect):
    server_id = community.server["id"]
    first, second = connect(community.alice), connect(community.alice)
    assert eventually(lambda: online_count(community.owner, server_id), 1) == 1
    first.close()
    time.sleep(0.4)
    assert online_count(community.owner, server_id) == 1
    second.close()
    assert eventually(lambda: online_count(community.owner, server_id), 0) == 0
    assert member_status(community.owner, server_id, community.alice.id) == "OFFLINE"


@pytest.mark.parametrize("chosen, shown, counted", [("idle", "AWAY", 1), ("dnd", "DND", 1), ("invisible", "OFFLINE", 0)])
def test_a_chosen_status_shows_in_the_member_list(community, connect, chosen, shown, counted):
    server_id = community.server["id"]
    alice = connect(community.alice)
    # Counted first: "invisible" reads OFFLINE and 0 before her arrival too, which proves nothing.
    assert eventually(lambda: online_count(community.owner, server_id), 1) == 1
    alice.send("presence_update", {"status": chosen})
    seen = (shown, counted)
    assert eventually(lambda: (member_status(community.owner, server_id, community.alice.id),
                               online_count(community.owner, server_id)), seen) == seen


def test_a_kicked_socket_is_told_it_lost_the_server(community, connect):
    server_id = community.server["id"]
    alice = connect(community.alice)
    response = community.owner.post(f"/api/servers/{server_id}/moderation/kick",
                                     json={"userId": community.alice.id, "reason": "флуд", "notify": True})
    assert response.status_code == 200, response.get_json()
    frame = alice.expect("server_access_revoked")
    # The kicked tab's toast names the server and the moderator's reason.
    assert frame["data"] == {"serverId": server_id, "reason": "kick", "serverName": "Гильдия", "moderatorReason": "флуд"}
