"""Roles: the owner appoints and removes moderators (`PATCH /api/servers/{id}/members/{userId}`);
nobody else may, and nobody changes the owner's role this way."""
import pytest

from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")
NO_RIGHTS = (403, "FORBIDDEN", "Недостаточно прав")
OWNER_ROLE = (403, "FORBIDDEN", "Роль владельца сервера не меняется: передайте владение")


def set_role(actor, crew, target_id, role="moderator"):
    return actor.patch(f"{crew.url}/members/{target_id}", json={"role": role})


def roles(person, crew) -> dict:
    return {m["user"]["username"]: m["role"] for m in person.get(f"{crew.url}/members").get_json()["members"]}


def log_types(person, crew) -> list:
    return [(a["type"], (a["target"] or {}).get("username"), a["reason"])
            for a in person.get(f"{crew.url}/audit-log").get_json()["actions"]]


@pytest.mark.parametrize("is_public", [True, False])
def test_the_owner_appoints_a_moderator_and_the_log_says_so(cast, is_public):
    crew = cast(is_public=is_public)
    response = set_role(crew["owner"], crew, crew["member"].id)
    assert response.status_code == 200
    body = response.get_json()
    assert body["message"] == "Роль участника изменена"
    assert (body["member"]["role"], body["member"]["user"]["username"]) == ("moderator", "member")
    assert roles(crew["member"], crew)["member"] == "moderator"
    assert log_types(crew["owner"], crew)[0] == ("ROLE_CHANGE", "member", "moderator")


def test_the_owner_removes_a_moderator(cast):
    crew = cast()
    response = set_role(crew["owner"], crew, crew["moderator"].id, "member")
    assert response.status_code == 200 and response.get_json()["member"]["role"] == "member"
    assert roles(crew["owner"], crew)["moderator"] == "member"
    # and the former moderator can no longer see the log
    assert error_of(crew["moderator"].get(f"{crew.url}/audit-log")) == NO_RIGHTS


def test_a_new_moderator_may_then_moderate(cast):
    crew = cast()
    set_role(crew["owner"], crew, crew["member"].id)
    assert crew["member"].get(f"{crew.url}/audit-log").status_code == 200
    response = crew["member"].post(f"{crew.url}/moderation/ban", json={"userId": crew["outsider"].id, "reason": "спам"})
    assert response.status_code == 200


def test_the_same_role_again_changes_nothing_and_writes_no_entry(cast):
    crew = cast()
    before = log_types(crew["owner"], crew)
    response = set_role(crew["owner"], crew, crew["moderator"].id, "moderator")
    assert response.status_code == 200 and response.get_json()["member"]["role"] == "moderator"
    assert log_types(crew["owner"], crew) == before


@pytest.mark.parametrize("role", ["MODERATOR", " member "])
def test_the_role_is_read_case_insensitively(cast, role):
    crew = cast()
    assert set_role(crew["owner"], crew, crew["member"].id, role).status_code == 200


@pytest.mark.parametrize("role", ["owner", "admin", "", None, 5, ["moderator"]])
def test_an_unknown_role_is_refused(cast, role):
    crew = cast()
    response = set_role(crew["owner"], crew, crew["member"].id, role)
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"role": "Роль: moderator или member"}
    assert roles(crew["owner"], crew)["member"] == "member"


def test_a_missing_body_is_refused(cast):
    crew = cast()
    response = crew["owner"].patch(f"{crew.url}/members/{crew['member'].id}")
    assert response.status_code == 422 and response.get_json()["code"] == "VALIDATION_ERROR"


def test_the_owner_cannot_demote_themselves(cast):
    crew = cast()
    assert error_of(set_role(crew["owner"], crew, crew["owner"].id, "member")) == OWNER_ROLE
    assert roles(crew["owner"], crew)["owner"] == "owner"


def test_the_target_must_be_a_member(cast, people):
    crew = cast()
    assert error_of(set_role(crew["owner"], crew, crew["outsider"].id)) == (
        404, "NOT_A_MEMBER", "Пользователь не состоит на сервере")
    assert error_of(set_role(crew["owner"], crew, crew["banned"].id))[1] == "NOT_A_MEMBER"
    assert error_of(set_role(crew["owner"], crew, 999999)) == (404, "USER_NOT_FOUND", "Пользователь не найден")


@pytest.mark.parametrize("target", ["member", "moderator", "owner"])
def test_a_moderator_cannot_appoint_remove_or_demote_the_owner(cast, target):
    crew = cast()
    for role in ("moderator", "member"):
        assert error_of(set_role(crew["moderator"], crew, crew[target].id, role)) == NO_RIGHTS
    assert roles(crew["owner"], crew) == {"owner": "owner", "moderator": "moderator", "member": "member"}


def test_a_member_cannot_appoint_themselves(cast):
    crew = cast()
    assert error_of(set_role(crew["member"], crew, crew["member"].id)) == NO_RIGHTS


@pytest.mark.parametrize("is_public, role, answer", [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "banned", NOT_A_MEMBER),
    (False, "anonymous", UNAUTHORIZED), (False, "outsider", NOT_FOUND), (False, "banned", NOT_FOUND),
])
def test_non_members_cannot_change_roles(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(set_role(crew[role], crew, crew["member"].id)) == answer


def test_an_unknown_server_answers_404(people):
    assert error_of(people("owner").patch("/api/servers/999999/members/1", json={"role": "member"})) == NOT_FOUND


def test_a_moderator_cannot_touch_server_settings_or_the_invite(cast):
    crew = cast()
    response = crew["moderator"].patch(crew.url, json={"name": "Захват"})
    assert error_of(response) == NO_RIGHTS
    assert error_of(crew["moderator"].post(f"{crew.url}/invite")) == NO_RIGHTS
    assert error_of(crew["moderator"].delete(crew.url)) == NO_RIGHTS
    assert error_of(crew["moderator"].post(f"{crew.url}/transfer", json={"userId": crew["moderator"].id})) == NO_RIGHTS
    assert crew["owner"].get(crew.url).get_json()["server"]["name"] == "Мой сервер"
