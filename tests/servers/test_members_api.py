"""A server's members: `GET /api/servers/{id}/members`."""
import pytest

from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")


@pytest.mark.parametrize("is_public", [True, False])
@pytest.mark.parametrize("role", ["member", "moderator", "owner"])
def test_members_see_who_is_on_the_server_with_roles_earliest_first(cast, is_public, role):
    crew = cast(is_public=is_public)
    response = crew[role].get(f"{crew.url}/members")
    assert response.status_code == 200
    members = response.get_json()["members"]
    assert [(m["user"]["username"], m["role"]) for m in members] == [
        ("owner", "owner"), ("moderator", "moderator"), ("member", "member")]  # the banned one is gone


def test_a_member_entry_has_the_user_and_an_offline_status(cast):
    crew = cast()
    entry = crew["member"].get(f"{crew.url}/members").get_json()["members"][2]
    assert set(entry) == {"id", "role", "joinedAt", "timedOutUntil", "user"}
    assert entry["user"] == {"id": crew["member"].id, "username": "member", "firstName": "Тест", "lastName": "Тестов",
                             "profileImageUrl": None, "status": "OFFLINE",
                             "displayName": "Тест Тестов",  # the shown name (lobby.people): no display name set
                             "bio": "", "pronouns": "", "customStatus": ""}  # settings' profile


@pytest.mark.parametrize("is_public, role, answer", [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "banned", NOT_A_MEMBER),
    (False, "anonymous", UNAUTHORIZED), (False, "outsider", NOT_FOUND), (False, "banned", NOT_FOUND),
])
def test_non_members_do_not_see_the_members(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(crew[role].get(f"{crew.url}/members")) == answer


def test_the_member_list_follows_joins_and_leaves(cast, people):
    crew = cast()
    people("newcomer").post(f"{crew.url}/join")
    crew["member"].post(f"{crew.url}/leave")
    members = crew["owner"].get(f"{crew.url}/members").get_json()["members"]
    assert [m["user"]["username"] for m in members] == ["owner", "moderator", "newcomer"]
