"""Moderation: kick and ban (`POST /api/servers/{id}/moderation/kick|ban`), bans and unbans
(`GET /api/servers/{id}/bans`, `DELETE /api/servers/{id}/bans/{userId}`) and the audit log
(`GET /api/servers/{id}/audit-log`)."""
from datetime import datetime, timedelta

import pytest
from sqlalchemy import update

from lobby.database import utcnow
from lobby.servers.models import AuditEntry, Ban
from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")
NO_RIGHTS = (403, "FORBIDDEN", "Недостаточно прав")
BANNED = (403, "BANNED", "Вы заблокированы на этом сервере")
NOT_ON_OWNER = (403, "FORBIDDEN", "Нельзя применить это к владельцу сервера")
NOT_ON_MODERATOR = (403, "FORBIDDEN", "Модератора может исключить только владелец")
NOT_ON_SELF = (400, "BAD_REQUEST", "Нельзя применить это к себе")
KICK_REASON = "Укажите причину исключения"
BAN_REASON = "Укажите причину блокировки"
BAD_DURATION = "Срок блокировки: число секунд или null"

ACTING = [  # who tries to act on the plain member, and the answer
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "member", NO_RIGHTS),
    (True, "banned", NOT_A_MEMBER), (False, "outsider", NOT_FOUND), (False, "banned", NOT_FOUND),
    (False, "member", NO_RIGHTS),
]


def kick(actor, crew, target, reason="нарушение правил", **extra):
    return actor.post(f"{crew.url}/moderation/kick", json={"userId": target.id, "reason": reason, "notify": True, **extra})


def ban(actor, crew, target, reason="спам", duration=None):
    return actor.post(f"{crew.url}/moderation/ban",
                      json={"userId": target.id, "reason": reason, "duration": duration, "deleteMessageDays": 1})


def usernames(person, url: str) -> list[str]:
    return [m["user"]["username"] for m in person.get(f"{url}/members").get_json()["members"]]


def invalid(response, field: str, message: str) -> None:
    assert response.status_code == 422, response.get_json()
    assert response.get_json() == {"message": message, "code": "VALIDATION_ERROR", "errors": {field: message}}


def log(person, crew, **query) -> dict:
    response = person.get(f"{crew.url}/audit-log", query_string=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.fixture
def second_moderator(people, set_role):
    def build(crew):
        other = people("moderator2")
        other.post(f"{crew.url}/join")
        set_role(crew.server["id"], other)
        return other

    return build


# Kick


@pytest.mark.parametrize("is_public", [True, False])
@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_the_owner_and_moderators_kick_a_member(cast, is_public, role):
    crew = cast(is_public=is_public)
    response = kick(crew[role], crew, crew["member"])
    assert response.status_code == 200
    assert response.get_json() == {"message": "Пользователь исключен с сервера"}
    assert usernames(crew["owner"], crew.url) == ["owner", "moderator"]


@pytest.mark.parametrize("is_public, role, answer", ACTING)
def test_others_cannot_kick(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(kick(crew[role], crew, crew["member"])) == answer
    assert "member" in usernames(crew["owner"], crew.url)


def test_a_member_cannot_kick_even_another_member(cast, people):
    crew = cast()
    people("other").post(f"{crew.url}/join")
    assert error_of(kick(crew["member"], crew, people("other"))) == NO_RIGHTS


def test_the_owner_kicks_a_moderator(cast):
    crew = cast()
    assert kick(crew["owner"], crew, crew["moderator"]).status_code == 200
    assert usernames(crew["owner"], crew.url) == ["owner", "member"]


def test_a_moderator_cannot_kick_another_moderator(cast, second_moderator):
    crew = cast()
    other = second_moderator(crew)
    assert error_of(kick(crew["moderator"], crew, other)) == NOT_ON_MODERATOR
    assert "moderator2" in usernames(crew["owner"], crew.url)


@pytest.mark.parametrize("role", ["moderator", "owner"])
def test_nobody_kicks_the_owner(cast, role):
    crew = cast()
    assert error_of(kick(crew[role], crew, crew["owner"])) == NOT_ON_OWNER
    assert usernames(crew["owner"], crew.url)[0] == "owner"


def test_a_moderator_cannot_kick_themselves(cast):
    crew = cast()
    assert error_of(kick(crew["moderator"], crew, crew["moderator"])) == NOT_ON_SELF


def test_a_kicked_member_loses_access_at_once_and_can_rejoin(cast):
    crew = cast()
    member = crew["member"]
    kick(crew["owner"], crew, member)
    assert error_of(member.get(f"{crew.url}/channels")) == NOT_A_MEMBER
    assert member.get("/api/servers").get_json()["servers"] == []
    assert member.post(f"{crew.url}/join").status_code == 200
    kick(crew["owner"], crew, member)
    assert member.post(f"/api/servers/join/{crew.server['inviteCode']}").status_code == 200


def test_a_kicked_member_of_a_private_server_can_rejoin_by_invite(cast):
    crew = cast(is_public=False)
    kick(crew["moderator"], crew, crew["member"])
    assert error_of(crew["member"].get(f"{crew.url}/channels")) == NOT_FOUND
    assert crew["member"].post(f"/api/servers/join/{crew.server['inviteCode']}").status_code == 200


def test_kicking_someone_who_is_not_a_member_answers_404(cast):
    crew = cast()
    assert error_of(kick(crew["owner"], crew, crew["outsider"])) == (
        404, "NOT_A_MEMBER", "Пользователь не состоит на сервере")


def test_kicking_an_unknown_user_answers_404(cast):
    crew = cast()
    response = crew["owner"].post(f"{crew.url}/moderation/kick", json={"userId": 987654, "reason": "x"})
    assert error_of(response) == (404, "USER_NOT_FOUND", "Пользователь не найден")


@pytest.mark.parametrize("reason", [None, "", "    "])
def test_a_kick_needs_a_reason(cast, reason):
    crew = cast()
    invalid(kick(crew["owner"], crew, crew["member"], reason=reason), "reason", KICK_REASON)
    assert "member" in usernames(crew["owner"], crew.url)


def test_a_kick_reason_is_at_most_500_characters(cast):
    crew = cast()
    invalid(kick(crew["owner"], crew, crew["member"], reason="п" * 501), "reason", "Причина слишком длинная")
    assert kick(crew["owner"], crew, crew["member"], reason="п" * 500).status_code == 200


@pytest.mark.parametrize("user_id", [None, "", "abc", True, -3, 1.5, [1]])
def test_a_kick_needs_a_user_id(cast, user_id):
    crew = cast()
    response = crew["owner"].post(f"{crew.url}/moderation/kick", json={"userId": user_id, "reason": "спам"})
    invalid(response, "userId", "Укажите пользователя")


def test_a_user_id_may_come_as_digits(cast):
    crew = cast()
    response = crew["owner"].post(f"{crew.url}/moderation/kick", json={"userId": str(crew["member"].id), "reason": "спам"})
    assert response.status_code == 200


@pytest.mark.parametrize("action", ["kick", "ban"])
def test_moderation_bodies_must_be_json_objects(cast, action):
    crew = cast()
    response = crew["owner"].post(f"{crew.url}/moderation/{action}", data="1", content_type="application/json")
    assert error_of(response) == (400, "BAD_REQUEST", "Ожидается JSON-объект")


# Ban


@pytest.mark.parametrize("is_public", [True, False])
@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_the_owner_and_moderators_ban_a_member(cast, is_public, role):
    crew = cast(is_public=is_public)
    response = ban(crew[role], crew, crew["member"])
    assert response.status_code == 200 and response.get_json() == {"message": "Пользователь заблокирован"}
    assert usernames(crew["owner"], crew.url) == ["owner", "moderator"]


@pytest.mark.parametrize("is_public, role, answer", ACTING)
def test_others_cannot_ban(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(ban(crew[role], crew, crew["member"])) == answer
    assert "member" in usernames(crew["owner"], crew.url)


def test_a_banned_user_cannot_rejoin_by_id_or_invite(cast):
    crew = cast()
    ban(crew["moderator"], crew, crew["member"])
    assert error_of(crew["member"].post(f"{crew.url}/join")) == BANNED
    assert error_of(crew["member"].post(f"/api/servers/join/{crew.server['inviteCode']}")) == BANNED
    assert "member" not in usernames(crew["owner"], crew.url)


def test_a_banned_user_cannot_rejoin_a_private_server_by_invite(cast):
    crew = cast(is_public=False)
    ban(crew["owner"], crew, crew["member"])
    assert error_of(crew["member"].post(f"/api/servers/join/{crew.server['inviteCode']}")) == BANNED


@pytest.mark.parametrize("is_public, answer", [(True, NOT_A_MEMBER), (False, NOT_FOUND)])
def test_a_banned_user_loses_access_at_once(cast, is_public, answer):
    crew = cast(is_public=is_public)
    member = crew["member"]
    assert member.get(f"{crew.url}/channels").status_code == 200
    ban(crew["owner"], crew, member)
    assert error_of(member.get(f"{crew.url}/channels")) == answer
    assert error_of(member.get(f"{crew.url}/members")) == answer
    assert member.get("/api/servers").get_json()["servers"] == []
    if not is_public:
        assert error_of(member.get(crew.url)) == NOT_FOUND


def test_a_ban_can_be_given_before_someone_joins(cast):
    crew = cast()
    assert ban(crew["owner"], crew, crew["outsider"]).status_code == 200
    assert error_of(crew["outsider"].post(f"{crew.url}/join")) == BANNED


def test_the_owner_bans_a_moderator_but_a_moderator_cannot(cast, second_moderator):
    crew = cast()
    other = second_moderator(crew)
    assert error_of(ban(crew["moderator"], crew, other)) == NOT_ON_MODERATOR
    assert ban(crew["owner"], crew, other).status_code == 200
    assert error_of(other.post(f"{crew.url}/join")) == BANNED


@pytest.mark.parametrize("role", ["moderator", "owner"])
def test_nobody_bans_the_owner(cast, role):
    crew = cast()
    assert error_of(ban(crew[role], crew, crew["owner"])) == NOT_ON_OWNER
    assert crew["owner"].get(crew.url).get_json()["server"]["myRole"] == "owner"


def test_a_moderator_cannot_ban_themselves(cast):
    crew = cast()
    assert error_of(ban(crew["moderator"], crew, crew["moderator"])) == NOT_ON_SELF


def test_banning_an_unknown_user_answers_404(cast):
    crew = cast()
    response = crew["owner"].post(f"{crew.url}/moderation/ban", json={"userId": 987654, "reason": "спам"})
    assert error_of(response) == (404, "USER_NOT_FOUND", "Пользователь не найден")


@pytest.mark.parametrize("reason", [None, "", "  "])
def test_a_ban_needs_a_reason(cast, reason):
    crew = cast()
    invalid(ban(crew["owner"], crew, crew["member"], reason=reason), "reason", BAN_REASON)
    assert crew["member"].get(f"{crew.url}/channels").status_code == 200


def test_a_ban_needs_a_user_id(cast):
    crew = cast()
    invalid(crew["owner"].post(f"{crew.url}/moderation/ban", json={"reason": "спам"}), "userId", "Укажите пользователя")


@pytest.mark.parametrize("duration", [0, -60, "3600", True, 1.5])
def test_a_ban_duration_is_a_positive_number_of_seconds_or_null(cast, duration):
    crew = cast()
    invalid(ban(crew["owner"], crew, crew["member"], duration=duration), "duration", BAD_DURATION)
    assert crew["member"].get(f"{crew.url}/channels").status_code == 200


def test_a_timed_ban_expires(cast, in_database):
    crew = cast()
    before = utcnow()
    assert ban(crew["owner"], crew, crew["member"], duration=3600).status_code == 200
    [listed] = [b for b in crew["owner"].get(f"{crew.url}/bans").get_json()["bans"] if b["user"]["username"] == "member"]
    expires = datetime.fromisoformat(listed["expiresAt"])
    assert before + timedelta(seconds=3590) < expires < utcnow() + timedelta(seconds=3610)
    assert error_of(crew["member"].post(f"{crew.url}/join")) == BANNED
    in_database(lambda session: session.execute(
        update(Ban).where(Ban.user_id == crew["member"].id).values(expires_at=utcnow() - timedelta(minutes=1))))
    assert [b["user"]["username"] for b in crew["owner"].get(f"{crew.url}/bans").get_json()["bans"]] == ["banned"]
    assert crew["member"].post(f"{crew.url}/join").get_json()["server"]["myRole"] == "member"


def test_a_ban_without_duration_is_for_good(cast):
    crew = cast()
    [listed] = crew["owner"].get(f"{crew.url}/bans").get_json()["bans"]
    assert listed["expiresAt"] is None


def test_banning_again_replaces_the_ban(cast):
    crew = cast()
    ban(crew["owner"], crew, crew["banned"], reason="повторно", duration=60)
    [listed] = crew["owner"].get(f"{crew.url}/bans").get_json()["bans"]
    assert (listed["user"]["username"], listed["reason"]) == ("banned", "повторно") and listed["expiresAt"]


# GET /api/servers/{id}/bans


@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_the_owner_and_moderators_see_the_bans(cast, role):
    crew = cast()
    response = crew[role].get(f"{crew.url}/bans")
    assert response.status_code == 200
    [entry] = response.get_json()["bans"]
    assert entry["user"] == {"id": crew["banned"].id, "username": "banned", "displayName": "Тест Тестов",
                             "profileImageUrl": None}
    assert entry["reason"] == "спам" and entry["createdAt"] and entry["expiresAt"] is None


@pytest.mark.parametrize("is_public, role, answer", ACTING)
def test_others_do_not_see_the_bans(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(crew[role].get(f"{crew.url}/bans")) == answer


# DELETE /api/servers/{id}/bans/{userId}


@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_an_unban_lets_the_user_join_again(cast, role):
    crew = cast()
    response = crew[role].delete(f"{crew.url}/bans/{crew['banned'].id}")
    assert response.status_code == 200 and response.get_json() == {"message": "Блокировка снята"}
    assert crew["owner"].get(f"{crew.url}/bans").get_json()["bans"] == []
    assert crew["banned"].post(f"{crew.url}/join").status_code == 200


@pytest.mark.parametrize("is_public, role, answer", ACTING)
def test_others_cannot_unban(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(crew[role].delete(f"{crew.url}/bans/{crew['banned'].id}")) == answer
    assert error_of(crew["banned"].post(f"/api/servers/join/{crew.server['inviteCode']}")) == BANNED


def test_unbanning_someone_not_banned_answers_404(cast):
    crew = cast()
    assert error_of(crew["owner"].delete(f"{crew.url}/bans/{crew['member'].id}")) == (
        404, "NOT_BANNED", "Пользователь не заблокирован")


# GET /api/servers/{id}/audit-log


@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_each_moderation_action_is_in_the_audit_log(cast, role):
    crew = cast()
    kick(crew[role], crew, crew["member"], reason="оффтоп")
    crew["member"].post(f"{crew.url}/join")
    ban(crew[role], crew, crew["member"], reason="реклама")
    crew[role].delete(f"{crew.url}/bans/{crew['member'].id}")
    body = log(crew[role], crew)
    entries = [(e["type"], e["target"]["username"], e["moderator"]["username"], e["reason"]) for e in body["actions"]]
    assert entries == [("UNBAN", "member", role, None), ("BAN", "member", role, "реклама"),
                       ("KICK", "member", role, "оффтоп"), ("BAN", "banned", "owner", "спам")]
    assert body["monthCount"] == 4
    assert all(e["createdAt"] and isinstance(e["id"], int) for e in body["actions"])


@pytest.mark.parametrize("is_public, role, answer", ACTING)
def test_only_the_owner_and_moderators_read_the_audit_log(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(crew[role].get(f"{crew.url}/audit-log")) == answer


def test_refused_actions_leave_no_audit_entry(cast):
    crew = cast()
    kick(crew["member"], crew, crew["moderator"])
    kick(crew["moderator"], crew, crew["owner"])
    ban(crew["owner"], crew, crew["member"], reason="")
    assert [e["type"] for e in log(crew["owner"], crew)["actions"]] == ["BAN"]  # the cast's own ban


def test_month_count_covers_the_last_30_days_only(cast, in_database):
    crew = cast()
    kick(crew["owner"], crew, crew["member"], reason="давно")
    in_database(lambda session: session.execute(
        update(AuditEntry).where(AuditEntry.reason == "давно").values(created_at=utcnow() - timedelta(days=40))))
    body = log(crew["owner"], crew)
    assert [e["reason"] for e in body["actions"]] == ["спам", "давно"]
    assert body["monthCount"] == 1


def test_the_audit_log_takes_a_limit(cast):
    crew = cast()
    for number in range(3):
        crew["owner"].post(f"{crew.url}/channels", json={"name": f"канал-{number}"})
    body = log(crew["owner"], crew, limit=2)
    assert [e["reason"] for e in body["actions"]] == ["#канал-2 (TEXT)", "#канал-1 (TEXT)"]
    assert body["monthCount"] == 4
