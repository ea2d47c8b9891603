"""Reports: a member reports a message (`POST /api/messages/{id}/report`), moderators read the
queue (`GET /api/servers/{id}/reports`) and resolve it (`POST …/reports/{reportId}/resolve`);
`GET /api/servers/{id}/moderation` is the spec's fallback for the log."""
import pytest

from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")
NO_RIGHTS = (403, "FORBIDDEN", "Недостаточно прав")
MODERATORS_ONLY = [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "member", NO_RIGHTS),
    (True, "banned", NOT_A_MEMBER), (False, "anonymous", UNAUTHORIZED), (False, "outsider", NOT_FOUND),
    (False, "banned", NOT_FOUND), (False, "member", NO_RIGHTS),
]


def person(user_id: int, username: str) -> dict:
    """A person as every payload names them (lobby.people); nobody here set a display name."""
    return {"id": user_id, "username": username, "displayName": "Тест Тестов", "profileImageUrl": None}


def channel_of(person, crew) -> int:
    return next(c["id"] for c in person.get(f"{crew.url}/channels").get_json()["channels"] if c["type"] == "TEXT")


def say(person, crew, content="плохие слова") -> dict:
    response = person.post(f"/api/messages/{channel_of(person, crew)}/messages", json={"content": content})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["message"]


def report(person, message_id, reason="оскорбления"):
    return person.post(f"/api/messages/{message_id}/report", json={"reason": reason})


def queue(person, crew):
    return person.get(f"{crew.url}/reports")


def resolve(person, crew, report_id, action):
    return person.post(f"{crew.url}/reports/{report_id}/resolve", json={"action": action})


@pytest.fixture
def reported(cast, people):
    """A public server where `troll` (a member) wrote a message the member reported."""
    def build(is_public=True):
        crew = cast(is_public=is_public)
        troll = people("troll")
        troll.post(f"/api/servers/join/{crew.server['inviteCode']}")
        message = say(troll, crew)
        response = report(crew["member"], message["id"])
        assert response.status_code == 201, response.get_json()
        return crew, troll, message, response.get_json()["report"]
    return build


# Reporting


def test_a_member_reports_a_message_and_moderators_see_it(reported):
    crew, troll, message, made = reported()
    assert made["reason"] == "оскорбления" and made["resolution"] is None
    for role in ("owner", "moderator"):
        body = queue(crew[role], crew).get_json()
        assert body["openCount"] == 1
        (entry,) = body["reports"]
        assert entry["id"] == made["id"]
        assert entry["reporter"] == person(crew["member"].id, "member")
        assert entry["message"] == {"id": message["id"], "channelId": message["channelId"], "content": "плохие слова",
                                    "author": person(troll.id, "troll")}


def test_a_message_is_reported_once_per_person(reported, people):
    crew, troll, message, _ = reported()
    assert error_of(report(crew["member"], message["id"])) == (409, "REPORT_EXISTS", "Вы уже пожаловались на это сообщение")
    assert report(crew["moderator"], message["id"]).status_code == 201
    assert queue(crew["owner"], crew).get_json()["openCount"] == 2


def test_nobody_reports_their_own_message(cast):
    crew = cast()
    message = say(crew["member"], crew)
    assert error_of(report(crew["member"], message["id"])) == (400, "BAD_REQUEST", "Нельзя пожаловаться на своё сообщение")


@pytest.mark.parametrize("is_public, role", [(True, "outsider"), (True, "banned"), (False, "outsider"),
                                             (False, "banned")])
def test_only_people_who_read_the_channel_may_report(reported, is_public, role):
    crew, _, message, _ = reported(is_public)
    response = report(crew[role], message["id"])
    assert response.status_code == 404  # as for any message they cannot read
    assert queue(crew["owner"], crew).get_json()["openCount"] == 1


def test_reporting_needs_a_session_and_a_real_message(reported):
    crew, _, message, _ = reported()
    assert error_of(report(crew["anonymous"], message["id"])) == UNAUTHORIZED
    assert error_of(report(crew["moderator"], 999999))[0] == 404


@pytest.mark.parametrize("body, message", [
    ({}, "Укажите причину жалобы"), ({"reason": "   "}, "Укажите причину жалобы"),
    ({"reason": "x" * 501}, "Причина слишком длинная"),
])
def test_a_report_needs_a_reason(reported, body, message):
    crew, _, sent, _ = reported()
    response = crew["moderator"].post(f"/api/messages/{sent['id']}/report", json=body)
    assert response.status_code == 422
    assert response.get_json() == {"message": message, "code": "VALIDATION_ERROR", "errors": {"reason": message}}


def test_a_timed_out_member_may_still_report(reported):
    crew, troll, message, _ = reported()
    crew["owner"].post(f"{crew.url}/moderation/timeout", json={"userId": crew["moderator"].id, "duration": 60,
                                                                 "reason": "пауза"})
    assert report(crew["moderator"], message["id"]).status_code == 201


# The queue


@pytest.mark.parametrize("is_public, role, answer", MODERATORS_ONLY)
def test_only_the_owner_and_moderators_see_and_resolve_reports(reported, is_public, role, answer):
    crew, _, _, made = reported(is_public)
    assert error_of(queue(crew[role], crew)) == answer
    assert error_of(resolve(crew[role], crew, made["id"], "dismiss")) == answer
    assert error_of(crew[role].get(f"{crew.url}/moderation")) == answer
    assert queue(crew["owner"], crew).get_json()["openCount"] == 1


def test_a_report_of_another_server_is_not_found_here(reported, create_server):
    crew, _, _, made = reported()
    other = create_server("moderator", name="Свой")
    response = crew["moderator"].post(f"/api/servers/{other['id']}/reports/{made['id']}/resolve",
                                      json={"action": "delete"})
    assert error_of(response) == (404, "REPORT_NOT_FOUND", "Жалоба не найдена")
    assert crew["moderator"].get(f"/api/servers/{other['id']}/reports").get_json() == {"reports": [], "openCount": 0}
    assert queue(crew["owner"], crew).get_json()["openCount"] == 1


# Resolving


def log_entry(person, crew) -> tuple:
    entry = person.get(f"{crew.url}/audit-log").get_json()["actions"][0]
    return entry["type"], (entry["target"] or {}).get("username"), entry["reason"], entry["moderator"]["username"]


def test_dismissing_closes_the_report_and_keeps_the_message(reported):
    crew, troll, message, made = reported()
    response = resolve(crew["moderator"], crew, made["id"], "dismiss")
    assert response.status_code == 200 and response.get_json()["resolution"] == "dismiss"
    assert queue(crew["owner"], crew).get_json() == {"reports": [], "openCount": 0}
    assert log_entry(crew["owner"], crew) == ("REPORT_RESOLVE", "troll", "dismiss: оскорбления", "moderator")
    assert error_of(resolve(crew["owner"], crew, made["id"], "ban")) == (409, "REPORT_CLOSED", "Жалоба уже рассмотрена")
    assert say(troll, crew, "я ещё здесь")


def test_deleting_removes_the_message_and_closes_every_report_of_it(reported):
    crew, troll, message, made = reported()
    report(crew["moderator"], message["id"], "спам")
    response = resolve(crew["owner"], crew, made["id"], "delete")
    assert response.status_code == 200
    assert response.get_json()["message"] == {"id": None, "channelId": message["channelId"], "content": "плохие слова",
                                              "author": person(troll.id, "troll")}
    listed = crew["owner"].get(f"/api/messages/{message['channelId']}/messages").get_json()
    ids = [m["id"] for m in (listed["messages"] if isinstance(listed, dict) else listed)]
    assert message["id"] not in ids
    assert queue(crew["owner"], crew).get_json()["openCount"] == 0
    assert log_entry(crew["owner"], crew) == ("REPORT_RESOLVE", "troll", "delete: оскорбления", "owner")
    log = crew["owner"].get(f"{crew.url}/audit-log").get_json()["actions"]
    assert [a["type"] for a in log].count("REPORT_RESOLVE") == 1  # one entry for the two reports it closed


@pytest.mark.parametrize("action", ["kick", "ban"])
def test_kicking_or_banning_the_author_is_logged_twice(reported, action):
    crew, troll, _, made = reported()
    assert resolve(crew["moderator"], crew, made["id"], action).status_code == 200
    names = [m["user"]["username"] for m in crew["owner"].get(f"{crew.url}/members").get_json()["members"]]
    assert "troll" not in names
    log = crew["owner"].get(f"{crew.url}/audit-log").get_json()["actions"]
    assert [(a["type"], a["target"]["username"]) for a in log[:2]] == [("REPORT_RESOLVE", "troll"),
                                                                        (action.upper(), "troll")]
    banned = [b["user"]["username"] for b in crew["owner"].get(f"{crew.url}/bans").get_json()["bans"]]
    assert ("troll" in banned) == (action == "ban")


def test_a_moderator_cannot_kick_another_moderator_through_a_report(reported):
    crew, _, _, _ = reported()
    message = say(crew["owner"], crew, "от владельца")
    made = report(crew["member"], message["id"]).get_json()["report"]
    assert error_of(resolve(crew["moderator"], crew, made["id"], "ban")) == (
        403, "FORBIDDEN", "Нельзя применить это к владельцу сервера")
    modded = say(crew["moderator"], crew, "от модератора")
    other = report(crew["member"], modded["id"]).get_json()["report"]
    assert error_of(resolve(crew["moderator"], crew, other["id"], "kick")) == (400, "BAD_REQUEST",
                                                                               "Нельзя применить это к себе")
    assert queue(crew["owner"], crew).get_json()["openCount"] == 3  # refused actions leave them open


@pytest.mark.parametrize("action", ["", "approve", None, 3])
def test_an_unknown_action_is_refused(reported, action):
    crew, _, _, made = reported()
    response = resolve(crew["owner"], crew, made["id"], action)
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"action": "Действие: dismiss, delete, kick или ban"}


def test_the_moderation_summary_answers_the_log(reported):
    crew, _, _, made = reported()
    resolve(crew["owner"], crew, made["id"], "dismiss")
    body = crew["moderator"].get(f"{crew.url}/moderation").get_json()
    assert body["log"] == crew["moderator"].get(f"{crew.url}/audit-log").get_json()["actions"]
    assert body["monthCount"] == len(body["log"]) and body["openReports"] == 0


def test_a_direct_message_is_not_reported_to_anyone(people):
    from tests.friends.conftest import befriend
    alice, bob = people("alice"), people("bob")
    befriend(alice, bob)
    channel = alice.post("/api/dms", json={"userId": bob.id}).get_json()["channel"]["id"]
    message = alice.post(f"/api/messages/{channel}/messages", json={"content": "привет"}).get_json()["message"]
    assert error_of(report(bob, message["id"])) == (403, "FORBIDDEN", "Пожаловаться можно только на сообщение на сервере")
