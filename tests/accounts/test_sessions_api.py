"""The sessions list and signing sessions out through `/api/account/sessions`."""
from __future__ import annotations

from tests.accounts.conftest import PHONE
from tests.servers.conftest import cheap_password_hashing, people  # noqa: F401 (fixtures; cheap hashing here only)


def test_sessions_are_listed_with_their_device_and_this_one_marked(device):
    laptop, phone = device(), device(PHONE)
    response = laptop.get("/api/account/sessions")
    assert response.status_code == 200
    sessions = response.get_json()["sessions"]
    assert [s["current"] for s in sessions] == [True, False]
    assert sessions[0]["device"] == "Firefox, Windows" and sessions[1]["device"] == "Chrome, Android"
    assert sessions[1]["userAgent"] == PHONE
    assert all(s["createdAt"] and s["lastSeenAt"] for s in sessions)
    assert [s["current"] for s in phone.get("/api/account/sessions").get_json()["sessions"]] == [True, False]


def test_signing_one_session_out_ends_it_and_nothing_else(device):
    laptop, phone, tablet = device(), device(PHONE), device()
    phone_id = next(s["id"] for s in phone.get("/api/account/sessions").get_json()["sessions"] if s["current"])
    response = laptop.delete(f"/api/account/sessions/{phone_id}")
    assert response.status_code == 200 and response.get_json() == {"message": "Сеанс завершён"}
    assert phone.me().status_code == 401
    assert phone.client.post("/api/auth/refresh").status_code == 401
    assert laptop.me().status_code == 200 and tablet.me().status_code == 200
    assert phone_id not in [s["id"] for s in laptop.get("/api/account/sessions").get_json()["sessions"]]
    again = laptop.delete(f"/api/account/sessions/{phone_id}")
    assert again.status_code == 404 and again.get_json()["code"] == "SESSION_NOT_FOUND"


def test_signing_out_everywhere_else_keeps_only_this_session(device):
    laptop, phone, tablet = device(), device(PHONE), device()
    response = laptop.delete("/api/account/sessions/others")
    assert response.status_code == 200 and response.get_json()["ended"] == 2
    assert phone.me().status_code == 401 and tablet.me().status_code == 401
    assert laptop.me().status_code == 200
    assert [s["current"] for s in laptop.get("/api/account/sessions").get_json()["sessions"]] == [True]


def test_one_person_can_never_touch_anothers_sessions(device, people):
    laptop = device()
    anna_session = laptop.get("/api/account/sessions").get_json()["sessions"][0]["id"]
    boris = people("boris")
    refused = boris.delete(f"/api/account/sessions/{anna_session}")
    assert refused.status_code == 404 and refused.get_json()["code"] == "SESSION_NOT_FOUND"
    assert anna_session not in [s["id"] for s in boris.get("/api/account/sessions").get_json()["sessions"]]
    assert boris.delete("/api/account/sessions/others").status_code == 200
    assert laptop.me().status_code == 200  # untouched


def test_anonymous_callers_see_no_sessions(client):
    assert client.get("/api/account/sessions").status_code == 401
    assert client.delete("/api/account/sessions/1").status_code == 401
    assert client.delete("/api/account/sessions/others").status_code == 401
