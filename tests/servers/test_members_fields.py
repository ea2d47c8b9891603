"""What the members drawer's profile card reads from `GET /api/servers/{id}/members`: each member's
profile as they chose to show it (display name, bio, pronouns, custom status — their settings'
profile) and their live status, as every member sees it."""
import pytest

from tests.servers.conftest import error_of

PROFILE = {"displayName": "Капитан", "bio": "Рейды по пятницам.\nМикрофон всегда включён.", "pronouns": "он/его",
           "customStatus": "Играю в шахматы"}


def member_named(crew, viewer: str, username: str) -> dict:
    response = crew[viewer].get(f"{crew.url}/members")
    assert response.status_code == 200, response.get_json()
    return next(m for m in response.get_json()["members"] if m["user"]["username"] == username)


@pytest.mark.parametrize("viewer", ["owner", "moderator", "member"])
def test_every_member_reads_the_profile_the_card_shows(cast, viewer):
    crew = cast()
    response = crew["member"].patch("/api/settings", json={"profile": PROFILE})
    assert response.status_code == 200, response.get_json()
    entry = member_named(crew, viewer, "member")
    assert entry["role"] == "member"
    assert {key: entry["user"][key] for key in PROFILE} == PROFILE
    assert entry["user"]["username"] == "member" and entry["user"]["status"] == "OFFLINE"


def test_a_cleared_custom_status_reads_empty(cast):
    crew = cast()
    crew["member"].patch("/api/settings", json={"profile": {"customStatus": "Скоро вернусь"}})
    assert member_named(crew, "owner", "member")["user"]["customStatus"] == "Скоро вернусь"
    crew["member"].patch("/api/settings", json={"profile": {"customStatus": ""}})
    assert member_named(crew, "owner", "member")["user"]["customStatus"] == ""


def test_the_status_is_the_live_one(app, cast):
    crew = cast()
    presence = app.extensions["lobby.presence"]
    presence.connected(crew["member"].id)  # what a socket opening does
    try:
        assert member_named(crew, "owner", "member")["user"]["status"] == "ONLINE"
        presence.set_status(crew["member"].id, "dnd")
        assert member_named(crew, "owner", "member")["user"]["status"] == "DND"
    finally:
        app.config["PRESENCE_GRACE_SECONDS"] = 0  # gone at once, for the next test
        presence.disconnected(crew["member"].id)
    assert member_named(crew, "owner", "member")["user"]["status"] == "OFFLINE"


def test_a_profile_too_long_is_refused_and_the_list_keeps_the_old_one(cast):
    crew = cast()
    crew["member"].patch("/api/settings", json={"profile": {"bio": "Коротко."}})
    response = crew["member"].patch("/api/settings", json={"profile": {"bio": "б" * 5000}})
    assert response.status_code == 422 and {"message", "code"} <= set(response.get_json())
    assert member_named(crew, "owner", "member")["user"]["bio"] == "Коротко."


@pytest.mark.parametrize("role, answer", [
    ("anonymous", (401, "UNAUTHORIZED", "Требуется вход в систему")),
    ("outsider", (403, "NOT_A_MEMBER", "Вы не участник этого сервера")),
])
def test_outsiders_never_read_the_profiles(cast, role, answer):
    crew = cast()
    crew["member"].patch("/api/settings", json={"profile": PROFILE})
    response = crew[role].get(f"{crew.url}/members")
    assert error_of(response) == answer
    assert "Играю в шахматы" not in response.get_data(as_text=True)


def test_an_unknown_server_is_a_json_404(cast):
    crew = cast()
    assert error_of(crew["member"].get("/api/servers/999999/members"))[:2] == (404, "SERVER_NOT_FOUND")
