"""Ids as clients send them: out of range (past 2^31−1, the id columns' type on PostgreSQL; 2^63
overflowed the driver) or in digits `int()` reads differently ('²', '٣') they name nothing, and
the answer is a 4xx with `{message, code}`, never a 500."""
import pytest

from tests.messages.test_messages_api import send

PAST_INTEGER = str(2**31)
HUGE = str(2**63)
HUGER = "9" * 40


def assert_clean_refusal(response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) >= {"message", "code"} and body["message"]
    return body


@pytest.mark.parametrize("huge", [PAST_INTEGER, HUGE, HUGER])
@pytest.mark.parametrize("method, path", [
    ("GET", "/api/servers/{x}"), ("PATCH", "/api/servers/{x}"), ("GET", "/api/servers/{x}/channels"),
    ("GET", "/api/servers/{x}/members"), ("POST", "/api/servers/{x}/join"), ("GET", "/api/servers/{x}/icon"),
    ("DELETE", "/api/servers/{s}/bans/{x}"), ("GET", "/api/messages/{x}/messages"),
    ("POST", "/api/messages/{x}/messages"), ("PATCH", "/api/messages/{x}"), ("DELETE", "/api/messages/{x}"),
    ("POST", "/api/messages/{x}/reactions"), ("DELETE", "/api/messages/{x}/reactions/👍"),
    ("GET", "/api/attachments/{x}/download"),
])
def test_an_id_past_the_range_in_a_path_is_not_found(cast, method, path, huge):
    owner, _, _, server, _ = cast
    response = owner.client.open(path.format(x=huge, s=server["id"]), method=method, json={"content": "x", "emoji": "👍"},
                                 headers=owner.headers())
    assert_clean_refusal(response, 404)


@pytest.mark.parametrize("value", ["²", "٣", PAST_INTEGER, HUGE, "-1", "1e3"])
def test_a_cursor_that_is_no_id_is_a_bad_request(chat, value):
    owner, _, _, channel = chat
    for query in ({"before": value}, {"after": value}):
        body = assert_clean_refusal(owner.get(f"/api/messages/{channel}/messages", query_string=query), 400)
        assert body["code"] == "BAD_REQUEST"


@pytest.mark.parametrize("name", ["serverId", "channelId", "before"])
def test_search_filters_that_are_no_ids_are_bad_requests(chat, name):
    owner, _, _, _ = chat
    response = owner.get("/api/messages/search", query_string={"q": "привет", name: "²"})
    assert assert_clean_refusal(response, 400)["message"] == f"Параметр {name} должен быть числом"


@pytest.mark.parametrize("user_id", ["²", "٣", PAST_INTEGER, 2**31, HUGE, 2**63, -5, True, 1.5])
def test_kick_and_ban_name_their_target_by_a_real_id(cast, user_id):
    owner, _, _, server, _ = cast
    for action in ("kick", "ban"):
        response = owner.post(f"/api/servers/{server['id']}/moderation/{action}", json={"userId": user_id, "reason": "спам"})
        assert assert_clean_refusal(response, 422)["errors"] == {"userId": "Укажите пользователя"}


def test_a_ban_longer_than_ten_years_is_refused(cast):
    owner, member, _, server, _ = cast
    response = owner.post(f"/api/servers/{server['id']}/moderation/ban",
                          json={"userId": member.id, "reason": "спам", "duration": 10**15})
    assert "duration" in assert_clean_refusal(response, 422)["errors"]
    still_member = member.get(f"/api/servers/{server['id']}/channels")
    assert still_member.status_code == 200  # nothing happened


def test_a_ten_year_ban_is_accepted(cast):
    owner, member, _, server, _ = cast
    response = owner.post(f"/api/servers/{server['id']}/moderation/ban",
                          json={"userId": member.id, "reason": "спам", "duration": 10 * 365 * 24 * 3600})
    assert response.status_code == 200


@pytest.mark.parametrize("reply", ["²", HUGE, "abc"])
def test_a_multipart_reply_to_no_message_is_refused(chat, reply):
    owner, _, _, channel = chat
    response = owner.upload(f"/api/messages/{channel}/messages", {"content": "ответ", "replyToId": reply,
                                                                   "files": (b"hello", "note.txt")})
    assert assert_clean_refusal(response, 422)["errors"] == {"replyToId": "Сообщение для ответа не найдено"}


@pytest.mark.parametrize("reply", [2**31, 2**63, HUGE])
def test_a_json_reply_to_no_message_is_refused(chat, reply):
    owner, _, _, channel = chat
    response = send(owner, channel, "ответ", replyToId=reply)
    assert assert_clean_refusal(response, 422)["errors"] == {"replyToId": "Сообщение для ответа не найдено"}


def test_a_repeated_query_parameter_is_refused(chat):
    owner, _, _, channel = chat
    response = owner.get(f"/api/messages/{channel}/messages?before=1&before=9")
    body = assert_clean_refusal(response, 422)
    assert body["code"] == "VALIDATION_ERROR" and body["errors"] == {"before": "Параметр указан несколько раз"}
