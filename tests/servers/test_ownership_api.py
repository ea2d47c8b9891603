"""Ownership: the owner hands the server to a member (`POST /api/servers/{id}/transfer`) or
deletes it (`DELETE /api/servers/{id}`); nobody else may."""
import pytest
from sqlalchemy import func, select

from lobby.extensions import db
from lobby.messages.models import Message
from lobby.servers.models import Channel, Membership, Server
from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")
NO_RIGHTS = (403, "FORBIDDEN", "Недостаточно прав")
WHO_MAY_NOT = [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "banned", NOT_A_MEMBER),
    (True, "member", NO_RIGHTS), (True, "moderator", NO_RIGHTS),
    (False, "anonymous", UNAUTHORIZED), (False, "outsider", NOT_FOUND), (False, "banned", NOT_FOUND),
    (False, "member", NO_RIGHTS), (False, "moderator", NO_RIGHTS),
]


def transfer(actor, crew, target_id):
    return actor.post(f"{crew.url}/transfer", json={"userId": target_id})


def roles(person, crew) -> dict:
    return {m["user"]["username"]: m["role"] for m in person.get(f"{crew.url}/members").get_json()["members"]}


# Transfer


@pytest.mark.parametrize("heir", ["member", "moderator"])
def test_the_owner_hands_the_server_to_a_member_and_stays_as_a_moderator(cast, heir):
    crew = cast()
    response = transfer(crew["owner"], crew, crew[heir].id)
    assert response.status_code == 200
    body = response.get_json()
    assert body["message"] == "Владение сервером передано"
    assert (body["server"]["myRole"], body["server"]["ownerId"]) == ("moderator", crew[heir].id)
    assert roles(crew[heir], crew)[heir] == "owner" and roles(crew[heir], crew)["owner"] == "moderator"
    assert crew[heir].get(crew.url).get_json()["server"]["myRole"] == "owner"
    entry = crew[heir].get(f"{crew.url}/audit-log").get_json()["actions"][0]
    assert (entry["type"], entry["target"]["username"], entry["moderator"]["username"]) == ("TRANSFER", heir, "owner")


def test_the_former_owner_loses_the_owners_calls_and_the_new_one_gains_them(cast):
    crew = cast()
    transfer(crew["owner"], crew, crew["member"].id)
    assert error_of(crew["owner"].patch(crew.url, json={"name": "Назад"})) == NO_RIGHTS
    assert error_of(transfer(crew["owner"], crew, crew["owner"].id)) == NO_RIGHTS
    assert crew["member"].patch(crew.url, json={"name": "Новый"}).status_code == 200
    # the former owner, now a moderator, is no longer protected from the new owner
    response = crew["member"].post(f"{crew.url}/moderation/kick", json={"userId": crew["owner"].id, "reason": "ушёл"})
    assert response.status_code == 200


def test_the_former_owner_may_leave_and_the_new_one_may_not(cast):
    crew = cast()
    transfer(crew["owner"], crew, crew["member"].id)
    assert crew["owner"].post(f"{crew.url}/leave").status_code == 200
    assert error_of(crew["member"].post(f"{crew.url}/leave"))[1] == "OWNER_CANNOT_LEAVE"


def test_the_heir_must_be_a_member_and_not_the_owner(cast):
    crew = cast()
    assert error_of(transfer(crew["owner"], crew, crew["outsider"].id)) == (
        404, "NOT_A_MEMBER", "Пользователь не состоит на сервере")
    assert error_of(transfer(crew["owner"], crew, crew["banned"].id))[1] == "NOT_A_MEMBER"
    assert error_of(transfer(crew["owner"], crew, 999999))[1] == "USER_NOT_FOUND"
    assert error_of(transfer(crew["owner"], crew, crew["owner"].id)) == (400, "BAD_REQUEST", "Нельзя применить это к себе")
    assert roles(crew["owner"], crew)["owner"] == "owner"


@pytest.mark.parametrize("body", [{}, {"userId": "abc"}, {"userId": 0}, {"userId": True}])
def test_a_transfer_needs_a_user_id(cast, body):
    crew = cast()
    response = crew["owner"].post(f"{crew.url}/transfer", json=body)
    assert response.status_code == 422 and response.get_json()["errors"] == {"userId": "Укажите пользователя"}


@pytest.mark.parametrize("is_public, role, answer", WHO_MAY_NOT)
def test_only_the_owner_transfers(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(transfer(crew[role], crew, crew[role].id or crew["member"].id)) == answer
    assert roles(crew["owner"], crew)["owner"] == "owner"


# Deletion


def test_the_owner_deletes_the_server_with_everything_in_it(app, cast):
    crew = cast()
    channel = crew["owner"].get(f"{crew.url}/channels").get_json()["channels"][0]["id"]
    crew["member"].post(f"/api/messages/{channel}/messages", json={"content": "прощай"})
    response = crew["owner"].delete(crew.url)
    assert response.status_code == 200 and response.get_json() == {"message": "Сервер удалён"}
    for role in ("owner", "member", "outsider"):
        assert error_of(crew[role].get(crew.url)) == NOT_FOUND
    assert crew["member"].get("/api/servers").get_json()["servers"] == []
    with app.app_context():
        server_id = crew.server["id"]
        assert db.session.get(Server, server_id) is None
        assert db.session.scalar(select(func.count()).select_from(Channel).where(Channel.server_id == server_id)) == 0
        assert db.session.scalar(select(func.count()).select_from(Message).where(Message.channel_id == channel)) == 0
        assert db.session.scalar(select(func.count()).select_from(Membership)
                                 .where(Membership.server_id == server_id)) == 0


@pytest.mark.parametrize("is_public, role, answer", WHO_MAY_NOT)
def test_only_the_owner_deletes(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(crew[role].delete(crew.url)) == answer
    assert crew["owner"].get(crew.url).status_code == 200


def test_deleting_an_unknown_server_answers_404(people):
    assert error_of(people("owner").delete("/api/servers/999999")) == NOT_FOUND
