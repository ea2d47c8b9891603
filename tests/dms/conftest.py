"""People for the DM tests (the servers tests' `people`), sockets (the realtime tests' `connect`),
the friends steps (befriend, block), and the few DM steps most tests take."""
from __future__ import annotations

import pytest

from lobby.friends.privacy import do_change_privacy
from tests.friends.conftest import befriend, block  # noqa: F401 (shared steps)
from tests.realtime.conftest import connect, joined  # noqa: F401 (fixtures)
from tests.servers.conftest import cheap_password_hashing, create_server, people  # noqa: F401 (fixtures)


def open_dm(person, other) -> dict:
    """`person` opens the conversation with `other`: the DM channel as the answer gives it."""
    response = person.post("/api/dms", json={"userId": other.id})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["channel"]


def say(person, channel_id: int, content: str, **extra) -> dict:
    response = person.post(f"/api/messages/{channel_id}/messages", json={"content": content, **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["message"]


def refusal(response) -> tuple[int, str, str]:
    body = response.get_json()
    return response.status_code, body["code"], body["message"]


def conversations(person) -> list[dict]:
    response = person.get("/api/dms")
    assert response.status_code == 200, response.get_json()
    return response.get_json()["conversations"]


@pytest.fixture
def set_privacy(app):
    def change(person, **settings):
        with app.app_context():
            return do_change_privacy(person.id, **settings)
    return change


@pytest.fixture
def alice(people):
    return people("alice")


@pytest.fixture
def bob(people):
    return people("bob")


@pytest.fixture
def mallory(people):
    return people("mallory")


@pytest.fixture
def friends(alice, bob):
    """alice and bob are friends (the default privacy lets friends write)."""
    befriend(alice, bob)
    return alice, bob


@pytest.fixture
def dm(friends):
    """The conversation of alice and bob, opened by alice: (alice, bob, its channel id)."""
    alice, bob = friends
    return alice, bob, open_dm(alice, bob)["id"]
