"""The sign-in and mail throttles cannot be used to fill the rate-limit storage (Redis in
production): their keys are made from ids and digests, never from what a request sent, an
identifier longer than any account's is refused before any key is made from it, and refused bodies
still count against their address."""
from __future__ import annotations

import pytest
from limits.storage import MemoryStorage

from lobby.extensions import limiter

LONG = 50_000  # characters: far past any field, well under the largest body the API reads
TOO_LONG = {"emailOrUsername": "Email или username не может быть длиннее 254 символов"}
PER_ADDRESS = 30
MAIL_PER_IP = 10


def client_at(app, address: str):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def stored(app) -> dict[str, int]:
    """Every rate-limit key (the limiter is emptied after each test, so all are this test's), with
    the bytes it takes (Redis: MEMORY USAGE of the key and its value; in memory: the key's length)."""
    storage = limiter.storage
    if isinstance(storage, MemoryStorage):
        return {key: len(key) for key in storage.storage}
    client = storage.storage
    return {key.decode(): client.memory_usage(key) for key in client.scan_iter(match=f"{storage.key_prefix}:*")}


def assert_throttled(response) -> None:
    assert response.status_code == 429
    assert response.get_json()["code"] == "RATE_LIMITED"
    assert 0 < int(response.headers["Retry-After"]) <= 3600


@pytest.mark.parametrize("field", ["emailOrUsername", "email", "username"])
def test_an_identifier_longer_than_any_account_is_refused_and_stores_nothing_of_itself(app, client, field):
    for letter in "ABC":
        response = client.post("/api/auth/login", json={field: letter * LONG, "password": ""})
        assert response.status_code == 422
        assert response.get_json() == {"message": TOO_LONG["emailOrUsername"], "code": "VALIDATION_ERROR",
                                       "errors": TOO_LONG}
    keys = stored(app)
    assert len(keys) == 1, keys  # the address's count, and nothing else
    assert all(len(key) < 200 and "AAAA" not in key for key in keys)
    assert sum(keys.values()) < 1_000  # bytes, for three bodies of 50,000 characters


def test_a_sign_in_naming_no_account_stores_its_name_as_a_digest(app, client):
    for identifier in ("mallory.marker@example.com", "mallorymarker", "M" * 254):
        assert client.post("/api/auth/login", json={"emailOrUsername": identifier,
                                                    "password": "guess"}).status_code == 401
    keys = stored(app)
    assert keys and not any("mallory" in key.lower() or "MMMM" in key for key in keys), keys
    assert all(len(key) < 200 for key in keys)


def test_the_mail_throttles_store_no_address(app, client):
    assert client.post("/api/auth/forgot-password", json={"email": "mallory.marker@example.com"}).status_code == 200
    refused = client.post("/api/auth/forgot-password", json={"email": f"{'A' * LONG}@example.com"})
    assert refused.status_code == 422
    keys = stored(app)
    assert not any("mallory" in key.lower() or "AAAA" in key for key in keys), keys
    assert sum(keys.values()) < 2_000


def test_the_reset_mail_limit_per_address_still_holds_by_its_digest(client):
    for _ in range(5):
        assert client.post("/api/auth/forgot-password", json={"email": "anna@example.com"}).status_code == 200
    assert_throttled(client.post("/api/auth/forgot-password", json={"email": " ANNA@example.com "}))


def test_refused_sign_in_bodies_count_against_their_address(app):
    flooder = client_at(app, "203.0.113.40")
    bodies = [{"emailOrUsername": "A" * LONG, "password": ""}, {"emailOrUsername": "anna", "password": ""},
              {"password": "guess"}, ["not", "an", "object"]]
    for number in range(PER_ADDRESS):
        response = flooder.post("/api/auth/login", json=bodies[number % len(bodies)])
        assert response.status_code in (400, 422), number
    assert_throttled(flooder.post("/api/auth/login", json={"emailOrUsername": "A" * LONG, "password": ""}))
    assert_throttled(flooder.post("/api/auth/login", json={"emailOrUsername": "anna", "password": "guess"}))
    assert client_at(app, "203.0.113.41").post(
        "/api/auth/login", json={"emailOrUsername": "anna", "password": "guess"}).status_code == 401


def test_refused_reset_mail_bodies_count_against_their_address(client):
    for number in range(MAIL_PER_IP):
        assert client.post("/api/auth/forgot-password", json={"email": "A" * LONG}).status_code == 422, number
    assert_throttled(client.post("/api/auth/forgot-password", json={"email": "anna@example.com"}))


def test_the_sign_in_form_refuses_a_long_identifier_under_its_field_without_echoing_it(client):
    response = client.post("/auth", data={"emailOrUsername": "Z" * LONG, "password": "guess"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert TOO_LONG["emailOrUsername"] in html and "ZZZZ" not in html
    assert 'action="/auth"' in html  # the form again
