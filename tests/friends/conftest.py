"""People for the friends tests (the servers tests' `people`), sockets (the realtime tests'
`connect`), and the few steps most tests take: asking, befriending, blocking."""
from __future__ import annotations

import pytest

from tests.realtime.conftest import connect  # noqa: F401 (fixtures)
from tests.servers.conftest import cheap_password_hashing, create_server, error_of, in_database, people  # noqa: F401


def ask(sender, receiver, message=None) -> dict:
    """`sender` sends `receiver` a friend request; the request as the answer gives it."""
    body = {"username": receiver.username, **({"message": message} if message is not None else {})}
    response = sender.post("/api/friends/request", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["request"]


def befriend(a, b) -> dict:
    """`a` asks, `b` accepts: `b`'s answer (the new friend, `a`)."""
    request = ask(a, b)
    response = b.post(f"/api/friends/requests/{request['id']}/accept")
    assert response.status_code == 200, response.get_json()
    return response.get_json()["friend"]


def block(blocker, blocked) -> None:
    response = blocker.post(f"/api/friends/{blocked.id}/block")
    assert response.status_code == 200, response.get_json()


def overview(person) -> dict:
    response = person.get("/api/friends")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def friend_names(person) -> list[str]:
    return [friend["username"] for friend in overview(person)["friends"]]


@pytest.fixture
def alice(people):
    return people("alice")


@pytest.fixture
def bob(people):
    return people("bob")


@pytest.fixture
def carol(people):
    return people("carol")
