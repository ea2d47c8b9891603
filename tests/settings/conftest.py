"""People (the servers tests'), sockets (the realtime tests'), the friends tests' steps, and the few
settings calls most tests make."""
from __future__ import annotations

import pytest

from tests.friends.conftest import alice, ask, befriend, bob, carol  # noqa: F401 (fixtures)
from tests.realtime.conftest import community, connect  # noqa: F401 (fixtures)
from tests.servers.conftest import cheap_password_hashing, create_server, error_of, people  # noqa: F401


def settings(person) -> dict:
    response = person.get("/api/settings")
    assert response.status_code == 200, response.get_json()
    return response.get_json()["settings"]


def change(person, patch: dict) -> dict:
    response = person.patch("/api/settings", json=patch)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["settings"]


def refused(person, patch) -> dict:
    """The `errors` of a refused PATCH (422 VALIDATION_ERROR)."""
    response = person.patch("/api/settings", json=patch)
    body = response.get_json()
    assert (response.status_code, body["code"]) == (422, "VALIDATION_ERROR"), body
    assert body["message"] in body["errors"].values()
    return body["errors"]
