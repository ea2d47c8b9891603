"""What the read-state, mention and notification tests share: people (the servers tests'), sockets
(the realtime tests'), a server with members (`guild`), DMs (the friends steps first: a DM needs
friends by default), and the calls most tests make."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.friends.conftest import befriend, block  # noqa: F401 (shared steps)
from tests.realtime.conftest import connect, joined, text_channels  # noqa: F401 (fixtures)
from tests.servers.conftest import (cheap_password_hashing, create_server, in_database, people,  # noqa: F401
                                    set_role)

LIVE_QUIET = {"ping", "user_status", "friend_status_changed", "friend_activity"}


@dataclass
class Guild:
    """A server owned by `owner`, `alice` and `bob` members (`moderator` too, with that role), and
    `mallory` in none of it. `channel`, `other_channel`: its first two text channels."""
    server: dict
    channel: int
    other_channel: int
    owner: object
    moderator: object
    alice: object
    bob: object
    mallory: object


@pytest.fixture
def guild(people, create_server, set_role) -> Guild:
    server = create_server("owner", name="Гильдия", template="gaming")
    for name in ("moderator", "alice", "bob"):
        response = people(name).post(f"/api/servers/join/{server['inviteCode']}")
        assert response.status_code == 200, response.get_json()
    set_role(server["id"], people("moderator"))
    channel, other = text_channels(people("owner"), server["id"])[:2]
    return Guild(server, channel, other, *(people(n) for n in ("owner", "moderator", "alice", "bob", "mallory")))


@pytest.fixture
def connected(connect):
    """`connect`, then a ping answered: the server reads a socket's frames only once it is set up
    (registered, watching its user's channels), so what happens after this reaches it."""
    def open_settled(person):
        socket = connect(person)
        socket.send("ping", message_id="settled")
        socket.expect("pong")
        return socket
    return open_settled


def say(person, channel_id: int, content: str, **extra) -> dict:
    response = person.post(f"/api/messages/{channel_id}/messages", json={"content": content, **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["message"]


def open_dm(person, other) -> int:
    """A DM of the two (friends first, as the default privacy wants): its channel id."""
    befriend(person, other)
    response = person.post("/api/dms", json={"userId": other.id})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["channel"]["id"]


def unread(person) -> dict[int, dict]:
    response = person.get("/api/unread")
    assert response.status_code == 200, response.get_json()
    return {entry["channelId"]: entry for entry in response.get_json()["channels"]}


def mark_read(person, channel_id: int, message_id) -> dict:
    response = person.post(f"/api/channels/{channel_id}/read", json={"messageId": message_id})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def notifications(person, **query) -> dict:
    response = person.get("/api/notifications", query_string=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def refusal(response) -> tuple[int, str]:
    return response.status_code, response.get_json()["code"]


def heard(socket, kind: str, seconds: float = 0.6) -> list[dict]:
    """The data of every `kind` frame arriving within `seconds`."""
    return [frame["data"] for frame in socket.frames_within(seconds) if frame["type"] == kind]
