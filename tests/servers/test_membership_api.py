"""Joining and leaving: `POST /api/servers/{id}/join` (public servers), `POST /api/servers/join/{code}`
(any server, by invite code) and `POST /api/servers/{id}/leave`."""
import pytest

from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")
BANNED = (403, "BANNED", "Вы заблокированы на этом сервере")
INVITE_INVALID = (404, "INVITE_INVALID", "Неверный код приглашения или сервер недоступен")


def my_role(person, server_id: int):
    return person.get(f"/api/servers/{server_id}").get_json()["server"]["myRole"]


def member_count(person, server_id: int) -> int:
    return person.get(f"/api/servers/{server_id}").get_json()["server"]["memberCount"]


# POST /api/servers/{id}/join


def test_joining_a_public_server_makes_you_a_member(people, create_server):
    server = create_server()
    guest = people("guest")
    response = guest.post(f"/api/servers/{server['id']}/join")
    assert response.status_code == 200
    body = response.get_json()
    assert body["message"] == "Вы присоединились к серверу"
    assert (body["server"]["myRole"], body["server"]["memberCount"]) == ("member", 2)
    assert body["server"]["inviteCode"] == server["inviteCode"]
    assert guest.get(f"/api/servers/{server['id']}/channels").status_code == 200
    assert [s["id"] for s in guest.get("/api/servers").get_json()["servers"]] == [server["id"]]


@pytest.mark.parametrize("role, status, role_after", [
    ("outsider", 200, "member"), ("member", 200, "member"), ("moderator", 200, "moderator"), ("owner", 200, "owner"),
])
def test_joining_a_public_server_is_idempotent_and_keeps_your_role(cast, role, status, role_after):
    crew = cast()
    before = member_count(crew["owner"], crew.server["id"])
    response = crew[role].post(f"{crew.url}/join")
    assert response.status_code == status
    assert response.get_json()["server"]["myRole"] == role_after
    assert member_count(crew["owner"], crew.server["id"]) == before + (role == "outsider")
    crew[role].post(f"{crew.url}/join")
    assert member_count(crew["owner"], crew.server["id"]) == before + (role == "outsider")


@pytest.mark.parametrize("role, answer", [("anonymous", UNAUTHORIZED), ("banned", BANNED)])
def test_anonymous_and_banned_callers_cannot_join_a_public_server(cast, role, answer):
    crew = cast()
    assert error_of(crew[role].post(f"{crew.url}/join")) == answer


@pytest.mark.parametrize("role, answer", [("anonymous", UNAUTHORIZED), ("outsider", NOT_FOUND), ("banned", NOT_FOUND)])
def test_a_private_server_cannot_be_joined_by_id(cast, role, answer):
    crew = cast(is_public=False)
    assert error_of(crew[role].post(f"{crew.url}/join")) == answer
    assert member_count(crew["owner"], crew.server["id"]) == 3


@pytest.mark.parametrize("role", ["member", "moderator", "owner"])
def test_members_of_a_private_server_joining_by_id_stay_as_they_are(cast, role):
    crew = cast(is_public=False)
    assert crew[role].post(f"{crew.url}/join").status_code == 200
    assert member_count(crew["owner"], crew.server["id"]) == 3


def test_joining_an_unknown_server_answers_404(people):
    assert error_of(people("guest").post("/api/servers/424242/join")) == NOT_FOUND


# POST /api/servers/join/{code}


def test_a_private_server_is_joined_by_its_invite_code(people, create_server):
    server = create_server(isPublic=False)
    response = people("guest").post(f"/api/servers/join/{server['inviteCode']}")
    assert response.status_code == 200
    assert response.get_json()["message"] == "Вы присоединились к серверу"
    assert response.get_json()["server"]["myRole"] == "member"
    assert people("guest").get(f"/api/servers/{server['id']}/channels").status_code == 200


def test_a_public_server_is_joined_by_its_invite_code_too(people, create_server):
    server = create_server()
    assert people("guest").post(f"/api/servers/join/{server['inviteCode']}").get_json()["server"]["memberCount"] == 2


@pytest.mark.parametrize("is_public", [True, False])
@pytest.mark.parametrize("role, status, role_after", [
    ("outsider", 200, "member"), ("member", 200, "member"), ("moderator", 200, "moderator"), ("owner", 200, "owner"),
])
def test_joining_by_code_is_idempotent_and_keeps_your_role(cast, is_public, role, status, role_after):
    crew = cast(is_public=is_public)
    for _ in range(2):
        response = crew[role].post(f"/api/servers/join/{crew.server['inviteCode']}")
        assert response.status_code == status
        assert response.get_json()["server"]["myRole"] == role_after
    assert member_count(crew["owner"], crew.server["id"]) == 3 + (role == "outsider")


@pytest.mark.parametrize("is_public", [True, False])
@pytest.mark.parametrize("role, answer", [("anonymous", UNAUTHORIZED), ("banned", BANNED)])
def test_anonymous_and_banned_callers_cannot_join_by_code(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(crew[role].post(f"/api/servers/join/{crew.server['inviteCode']}")) == answer


@pytest.mark.parametrize("code, message", [
    ("ab", "Код приглашения слишком короткий"),
    ("x" * 51, "Код приглашения слишком длинный"),
])
def test_an_invite_code_must_be_3_to_50_characters(people, code, message):
    response = people("guest").post(f"/api/servers/join/{code}")
    assert response.status_code == 422
    assert response.get_json() == {"message": message, "code": "VALIDATION_ERROR", "errors": {"code": message}}


@pytest.mark.parametrize("code", ["abc", "x" * 50, "not-a-real-code", "a/b/c"])
def test_an_unknown_invite_code_answers_the_spec_message(people, create_server, code):
    create_server()
    assert error_of(people("guest").post(f"/api/servers/join/{code}")) == INVITE_INVALID


def test_an_invite_code_is_exact(people, create_server):
    code = create_server(isPublic=False)["inviteCode"]
    changed = code.swapcase() if code.swapcase() != code else code[:-1] + ("a" if code[-1] != "a" else "b")
    assert error_of(people("guest").post(f"/api/servers/join/{changed}")) == INVITE_INVALID


# POST /api/servers/{id}/leave


@pytest.mark.parametrize("role", ["member", "moderator"])
def test_a_member_leaves_and_loses_access_at_once(cast, role):
    crew = cast()
    response = crew[role].post(f"{crew.url}/leave")
    assert response.status_code == 200 and response.get_json() == {"message": "Вы покинули сервер"}
    assert error_of(crew[role].get(f"{crew.url}/channels")) == NOT_A_MEMBER
    assert crew[role].get("/api/servers").get_json()["servers"] == []
    assert member_count(crew["owner"], crew.server["id"]) == 2


def test_leaving_a_private_server_makes_it_vanish(cast):
    crew = cast(is_public=False)
    crew["member"].post(f"{crew.url}/leave")
    assert error_of(crew["member"].get(crew.url)) == NOT_FOUND


def test_the_owner_cannot_leave(cast):
    crew = cast()
    assert error_of(crew["owner"].post(f"{crew.url}/leave")) == (
        409, "OWNER_CANNOT_LEAVE", "Владелец не может покинуть свой сервер")
    assert crew["owner"].get(crew.url).get_json()["server"]["myRole"] == "owner"


@pytest.mark.parametrize("is_public, role, answer", [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "banned", NOT_A_MEMBER),
    (False, "outsider", NOT_FOUND), (False, "banned", NOT_FOUND),
])
def test_non_members_have_nothing_to_leave(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(crew[role].post(f"{crew.url}/leave")) == answer


def test_someone_who_left_can_join_again(cast):
    crew = cast()
    crew["member"].post(f"{crew.url}/leave")
    assert crew["member"].post(f"{crew.url}/join").get_json()["server"]["myRole"] == "member"


def test_a_moderator_who_leaves_and_returns_is_a_plain_member(cast):
    crew = cast()
    crew["moderator"].post(f"{crew.url}/leave")
    assert crew["moderator"].post(f"{crew.url}/join").get_json()["server"]["myRole"] == "member"
