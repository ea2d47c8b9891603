"""Timeouts (`POST /api/servers/{id}/moderation/timeout`, `DELETE …/moderation/timeout/{userId}`):
a timed-out member reads but cannot send, edit or react on that server until it ends or is lifted."""
from datetime import datetime, timedelta

import pytest
from sqlalchemy import update

from lobby.database import utcnow
from lobby.servers.models import Timeout
from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")
NO_RIGHTS = (403, "FORBIDDEN", "Недостаточно прав")
NOT_ON_OWNER = (403, "FORBIDDEN", "Нельзя применить это к владельцу сервера")
NOT_ON_MODERATOR = (403, "FORBIDDEN", "Модератора может исключить только владелец")
NOT_ON_SELF = (400, "BAD_REQUEST", "Нельзя применить это к себе")
DURATION = "Срок тайм-аута: от 60 секунд до 1 недели"


def time_out(actor, crew, target, duration=300, reason="флуд"):
    return actor.post(f"{crew.url}/moderation/timeout", json={"userId": target.id, "duration": duration, "reason": reason})


def lift(actor, crew, target):
    return actor.delete(f"{crew.url}/moderation/timeout/{target.id}")


def channel_of(person, crew) -> int:
    return next(c["id"] for c in person.get(f"{crew.url}/channels").get_json()["channels"] if c["type"] == "TEXT")


def send(person, channel, content="привет", **extra):
    return person.post(f"/api/messages/{channel}/messages", json={"content": content, **extra})


def timed_out_until(person, crew, target) -> str | None:
    members = person.get(f"{crew.url}/members").get_json()["members"]
    return next(m["timedOutUntil"] for m in members if m["user"]["id"] == target.id)


@pytest.mark.parametrize("is_public", [True, False])
@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_a_timed_out_member_reads_but_cannot_send(cast, is_public, role):
    crew = cast(is_public=is_public)
    channel = channel_of(crew["owner"], crew)
    response = time_out(crew[role], crew, crew["member"], 300)
    assert response.status_code == 200
    body = response.get_json()
    assert body["message"] == "Участник получил тайм-аут"
    until = datetime.fromisoformat(body["until"])
    assert timedelta(seconds=295) < until - utcnow() <= timedelta(seconds=300)

    refused = send(crew["member"], channel)
    assert refused.status_code == 403
    answer = refused.get_json()
    assert answer["code"] == "TIMED_OUT"
    assert answer["message"] == "Вы в тайм-ауте на этом сервере: писать и ставить реакции можно будет через 5 минут"
    assert answer["until"] == body["until"]
    assert 290 <= int(refused.headers["Retry-After"]) <= 300
    assert crew["member"].get(f"/api/messages/{channel}/messages").status_code == 200  # still reads
    assert send(crew["moderator" if role == "owner" else "owner"], channel).status_code in (200, 201)


def test_a_timed_out_member_cannot_react_edit_or_reply(cast):
    crew = cast()
    channel = channel_of(crew["owner"], crew)
    mine = send(crew["member"], channel, "до тайм-аута").get_json()["message"]
    theirs = send(crew["owner"], channel, "от владельца").get_json()["message"]
    time_out(crew["owner"], crew, crew["member"])
    for response in (crew["member"].post(f"/api/messages/{theirs['id']}/reactions", json={"emoji": "👍"}),
                     crew["member"].patch(f"/api/messages/{mine['id']}", json={"content": "изменено"}),
                     send(crew["member"], channel, "ответ", replyToId=theirs["id"])):
        assert (response.status_code, response.get_json()["code"]) == (403, "TIMED_OUT")
    messages = crew["owner"].get(f"/api/messages/{channel}/messages").get_json()
    contents = [m["content"] for m in (messages["messages"] if isinstance(messages, dict) else messages)]
    assert "изменено" not in contents and "ответ" not in contents


def test_the_time_left_is_told_in_the_largest_unit(cast):
    crew = cast()
    channel = channel_of(crew["owner"], crew)
    for duration, said in ((60, "1 минуту"), (3 * 3600, "3 часа"), (7 * 86400, "7 дней")):
        time_out(crew["owner"], crew, crew["member"], duration)
        assert send(crew["member"], channel).get_json()["message"].endswith(f"через {said}")


def test_lifting_a_timeout_lets_the_member_write_again_and_the_log_tells_both(cast):
    crew = cast()
    channel = channel_of(crew["owner"], crew)
    time_out(crew["owner"], crew, crew["member"])
    assert timed_out_until(crew["member"], crew, crew["member"]) is not None
    response = lift(crew["moderator"], crew, crew["member"])
    assert response.status_code == 200 and response.get_json() == {"message": "Тайм-аут снят"}
    assert send(crew["member"], channel).status_code == 201
    assert timed_out_until(crew["member"], crew, crew["member"]) is None
    log = crew["owner"].get(f"{crew.url}/audit-log").get_json()["actions"]
    assert [(a["type"], a["target"]["username"], a["reason"]) for a in log[:2]] == [
        ("TIMEOUT_LIFT", "member", None), ("TIMEOUT", "member", "300s: флуд")]


def test_a_timeout_ends_by_itself(cast, in_database):
    crew = cast()
    channel = channel_of(crew["owner"], crew)
    time_out(crew["owner"], crew, crew["member"])
    in_database(lambda session: session.execute(update(Timeout).values(until=utcnow() - timedelta(seconds=1))))
    assert send(crew["member"], channel).status_code == 201
    assert timed_out_until(crew["owner"], crew, crew["member"]) is None
    assert error_of(lift(crew["owner"], crew, crew["member"])) == (404, "NOT_TIMED_OUT", "У участника нет тайм-аута")


def test_leaving_and_joining_again_does_not_end_a_timeout(cast):
    crew = cast()
    time_out(crew["owner"], crew, crew["member"])
    crew["member"].post(f"{crew.url}/leave")
    crew["member"].post(f"{crew.url}/join")
    assert send(crew["member"], channel_of(crew["member"], crew)).get_json()["code"] == "TIMED_OUT"


def test_a_timeout_holds_on_its_server_only(cast, create_server):
    crew = cast()
    time_out(crew["owner"], crew, crew["member"])
    other = create_server("outsider", name="Другой")
    crew["member"].post(f"/api/servers/{other['id']}/join")
    channel = next(c["id"] for c in crew["member"].get(f"/api/servers/{other['id']}/channels").get_json()["channels"]
                   if c["type"] == "TEXT")
    assert send(crew["member"], channel).status_code == 201


def test_a_new_timeout_replaces_the_running_one(cast):
    crew = cast()
    time_out(crew["owner"], crew, crew["member"], 7 * 86400)
    short = time_out(crew["owner"], crew, crew["member"], 60).get_json()["until"]
    assert timed_out_until(crew["owner"], crew, crew["member"]) == short


def test_the_owner_may_time_out_a_moderator_who_then_cannot_write(cast):
    crew = cast()
    assert time_out(crew["owner"], crew, crew["moderator"]).status_code == 200
    assert send(crew["moderator"], channel_of(crew["owner"], crew)).get_json()["code"] == "TIMED_OUT"


@pytest.mark.parametrize("actor, target, answer", [
    ("moderator", "owner", NOT_ON_OWNER), ("moderator", "moderator", NOT_ON_SELF), ("owner", "owner", NOT_ON_OWNER),
])
def test_nobody_times_out_the_owner_or_themselves(cast, actor, target, answer):
    crew = cast()
    assert error_of(time_out(crew[actor], crew, crew[target])) == answer


def test_a_moderator_cannot_time_out_or_free_another_moderator(cast, people, set_role):
    crew = cast()
    other = people("moderator2")
    other.post(f"{crew.url}/join")
    set_role(crew.server["id"], other)
    assert error_of(time_out(crew["moderator"], crew, other)) == NOT_ON_MODERATOR
    time_out(crew["owner"], crew, other)
    assert error_of(lift(crew["moderator"], crew, other)) == NOT_ON_MODERATOR
    assert send(other, channel_of(crew["owner"], crew)).get_json()["code"] == "TIMED_OUT"


def test_the_target_must_be_a_member(cast):
    crew = cast()
    assert error_of(time_out(crew["owner"], crew, crew["outsider"])) == (
        404, "NOT_A_MEMBER", "Пользователь не состоит на сервере")
    response = crew["owner"].post(f"{crew.url}/moderation/timeout", json={"userId": 999999, "duration": 60, "reason": "x"})
    assert error_of(response)[1] == "USER_NOT_FOUND"


@pytest.mark.parametrize("body, field, message", [
    ({"duration": 59}, "duration", DURATION), ({"duration": 604801}, "duration", DURATION),
    ({"duration": "300"}, "duration", DURATION), ({"duration": None}, "duration", DURATION),
    ({"duration": True}, "duration", DURATION), ({"userId": None}, "userId", "Укажите пользователя"),
    ({"reason": "  "}, "reason", "Укажите причину тайм-аута"), ({"reason": "я" * 501}, "reason", "Причина слишком длинная"),
])
def test_bad_input_is_refused_one_field_at_a_time(cast, body, field, message):
    crew = cast()
    sent = {"userId": crew["member"].id, "duration": 300, "reason": "флуд", **body}
    response = crew["owner"].post(f"{crew.url}/moderation/timeout", json=sent)
    assert response.status_code == 422
    assert response.get_json() == {"message": message, "code": "VALIDATION_ERROR", "errors": {field: message}}


@pytest.mark.parametrize("is_public, role, answer", [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "member", NO_RIGHTS),
    (True, "banned", NOT_A_MEMBER), (False, "outsider", NOT_FOUND), (False, "banned", NOT_FOUND),
    (False, "member", NO_RIGHTS), (False, "anonymous", UNAUTHORIZED),
])
def test_only_the_owner_and_moderators_time_out_and_lift(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(time_out(crew[role], crew, crew["moderator" if role == "member" else "member"])) == answer
    time_out(crew["owner"], crew, crew["member"])
    target = crew["moderator"] if role == "member" else crew["member"]
    assert error_of(lift(crew[role], crew, target)) == answer
