"""'away', the spec's name of the idle status (its profile's choices: online, away, busy, offline),
is taken over the socket and the API as the same status as `idle`; the answers use the spec's
name where the spec gives one: AWAY for server members and user search, the profile's `away`."""
import pytest


@pytest.fixture(autouse=True)
def short_grace(app):
    app.config["PRESENCE_GRACE_SECONDS"] = 0.3


def member_status(person, server_id: int, user_id: int) -> str:
    response = person.get(f"/api/servers/{server_id}/members")
    assert response.status_code == 200, response.get_json()
    found = response.get_json()
    members = found["members"] if isinstance(found, dict) else found
    return next(m for m in members if (m.get("user") or m)["id"] == user_id)["user"]["status"]


def searched_status(person, username: str) -> str:
    users = person.get(f"/api/users/search?q={username}").get_json()["users"]
    return next(u for u in users if u["username"] == username)["status"]


def shows_away(community, bob) -> None:
    bob.expect("user_status", userId=community.alice.id, status="idle")
    assert member_status(community.bob, community.server["id"], community.alice.id) == "AWAY"
    assert searched_status(community.bob, "alice") == "AWAY"
    assert community.alice.get("/api/settings").get_json()["settings"]["profile"]["status"] == "away"


def test_away_over_the_socket_is_the_idle_status(community, connect):
    bob = connect(community.bob)
    alice = connect(community.alice)
    bob.expect("user_status", userId=community.alice.id, status="online")
    alice.send("presence_update", {"status": "away", "customStatus": "отошла"})
    shows_away(community, bob)
    alice.send("presence_update", {"status": "idle"})  # today's name still works, and is the same status
    assert not [f for f in alice.frames_within(0.3) if f["type"] == "error"]


def test_away_over_the_api_is_the_idle_status(community, connect):
    bob = connect(community.bob)
    connect(community.alice)
    bob.expect("user_status", userId=community.alice.id, status="online")
    response = community.alice.patch("/api/settings", json={"profile": {"status": "away"}})
    assert response.status_code == 200, response.get_json()
    shows_away(community, bob)
