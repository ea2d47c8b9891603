"""`POST /api/friends/request` and answering requests: accept, decline, cancel."""
import pytest

from lobby.texts import text
from tests.friends.conftest import ask, befriend, block, error_of, friend_names, overview


def test_a_request_reaches_the_addressee_with_its_message(alice, bob):
    response = alice.post("/api/friends/request", json={"username": "BOB", "message": "  привет, сыграем?  "})
    assert response.status_code == 201
    body = response.get_json()
    assert body["success"] is True and body["message"] == "Запрос отправлен"
    request = body["request"]
    assert request["fromUser"] == {"id": alice.id, "username": "alice", "displayName": "Тест Тестов",
                                   "firstName": "Тест", "lastName": "Тестов", "profileImageUrl": None}
    assert request["toUser"]["id"] == bob.id and request["message"] == "привет, сыграем?"
    assert overview(bob)["incoming"] == [request]
    assert overview(alice)["outgoing"] == [request]
    assert overview(bob)["outgoing"] == [] and overview(alice)["incoming"] == []


@pytest.mark.parametrize("message", [None, "", "   "])
def test_the_message_is_optional(alice, bob, message):
    assert ask(alice, bob, message)["message"] is None


def test_a_message_of_200_characters_is_fine_and_201_is_refused(alice, bob, carol):
    assert ask(alice, bob, "я" * 200)["message"] == "я" * 200
    response = alice.post("/api/friends/request", json={"username": "carol", "message": "я" * 201})
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"message": "Сообщение не может быть длиннее 200 символов"}


@pytest.mark.parametrize("body, errors", [
    ({}, {"username": "Введите username"}),
    ({"username": "   "}, {"username": "Введите username"}),
    ({"username": 5}, {"username": "Ожидается строка"}),
    ({"username": "bob", "message": ["x"]}, {"message": "Ожидается строка"}),
])
def test_a_bad_body_is_refused_field_by_field(alice, bob, body, errors):
    response = alice.post("/api/friends/request", json=body)
    assert response.status_code == 422 and response.get_json()["errors"] == errors


@pytest.mark.parametrize("data", ["не json", "[1]", "null"])
def test_a_body_that_is_not_a_json_object_is_a_400(alice, data):
    response = alice.client.post("/api/friends/request", data=data, content_type="application/json",
                                  headers=alice.headers())
    assert error_of(response) == (400, "BAD_REQUEST", "Ожидается JSON-объект")


def test_nobody_can_befriend_themselves(alice):
    assert error_of(alice.post("/api/friends/request", json={"username": "Alice"})) == (
        400, "CANNOT_ADD_SELF", "Нельзя добавить в друзья самого себя")


@pytest.mark.parametrize("username", ["nobody", "x" * 300])
def test_an_unknown_username_is_a_404(alice, username):
    assert error_of(alice.post("/api/friends/request", json={"username": username})) == (
        404, "USER_NOT_FOUND", "Пользователь не найден")


def test_an_unverified_account_cannot_be_asked(app, alice, in_database):
    from lobby.accounts import actions

    with app.app_context():
        actions.do_register({"username": "fresh", "email": "fresh@example.com", "firstName": "Новый",
                             "lastName": "Человек", "password": "password-123"})
    assert error_of(alice.post("/api/friends/request", json={"username": "fresh"}))[:2] == (404, "USER_NOT_FOUND")


def test_asking_twice_is_a_409(alice, bob):
    ask(alice, bob)
    assert error_of(alice.post("/api/friends/request", json={"username": "bob"})) == (
        409, "REQUEST_PENDING", "Запрос уже отправлен")


def test_asking_a_friend_is_a_409(alice, bob):
    befriend(alice, bob)
    for asker, asked in ((alice, "bob"), (bob, "alice")):
        assert error_of(asker.post("/api/friends/request", json={"username": asked})) == (
            409, "ALREADY_FRIENDS", "Вы уже друзья")


def test_asking_someone_who_already_asked_you_accepts_their_request(alice, bob):
    ask(alice, bob)
    response = bob.post("/api/friends/request", json={"username": "alice"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["success"] is True and body["message"] == "Запрос принят"
    assert body["friend"]["id"] == alice.id
    assert friend_names(alice) == ["bob"] and friend_names(bob) == ["alice"]
    assert overview(alice)["outgoing"] == [] and overview(bob)["incoming"] == []


def test_asking_someone_you_blocked_is_refused(alice, bob):
    block(alice, bob)
    assert error_of(alice.post("/api/friends/request", json={"username": "bob"})) == (
        403, "USER_BLOCKED", "Вы заблокировали этого пользователя")


def test_a_blocked_person_cannot_ask_and_is_not_told_why(alice, bob):
    block(bob, alice)
    assert error_of(alice.post("/api/friends/request", json={"username": "bob"})) == (
        403, "FRIEND_REQUESTS_CLOSED", "Пользователь не принимает запросы в друзья")


def test_the_addressee_accepts_and_both_are_friends(alice, bob):
    request = ask(alice, bob)
    response = bob.post(f"/api/friends/requests/{request['id']}/accept")
    assert response.status_code == 200
    friend = response.get_json()["friend"]
    assert friend["id"] == alice.id and friend["username"] == "alice" and friend["isBlocked"] is False
    assert friend["status"] == "OFFLINE" and friend["friendshipDate"] and friend["gameActivity"] is None
    assert friend_names(alice) == ["bob"] and friend_names(bob) == ["alice"]
    assert overview(bob)["incoming"] == [] and overview(alice)["outgoing"] == []


def test_an_answered_request_cannot_be_answered_again(alice, bob):
    request = ask(alice, bob)
    assert bob.post(f"/api/friends/requests/{request['id']}/accept").status_code == 200
    for path in ("accept", "decline"):
        assert error_of(bob.post(f"/api/friends/requests/{request['id']}/{path}"))[:2] == (404, "REQUEST_NOT_FOUND")


def test_the_addressee_declines_and_the_sender_may_ask_again(alice, bob):
    request = ask(alice, bob)
    response = bob.post(f"/api/friends/requests/{request['id']}/decline")
    assert response.status_code == 200 and response.get_json() == {"success": True, "message": "Запрос отклонен"}
    assert overview(bob)["incoming"] == [] and overview(alice)["outgoing"] == [] and friend_names(bob) == []
    ask(alice, bob)


@pytest.mark.parametrize("path", ["accept", "decline"])
def test_only_the_addressee_answers_a_request_others_get_404(alice, bob, carol, path):
    request = ask(alice, bob)
    for stranger in (alice, carol):
        assert error_of(stranger.post(f"/api/friends/requests/{request['id']}/{path}")) == (
            404, "REQUEST_NOT_FOUND", "Запрос не найден")
    assert overview(bob)["incoming"] == [request]


def test_the_sender_cancels_a_request(alice, bob):
    request = ask(alice, bob)
    response = alice.delete(f"/api/friends/requests/{request['id']}")
    assert response.status_code == 200 and response.get_json()["message"] == "Запрос отменен"
    assert overview(bob)["incoming"] == [] and overview(alice)["outgoing"] == []


def test_only_the_sender_cancels_a_request(alice, bob, carol):
    request = ask(alice, bob)
    for other in (bob, carol):
        assert error_of(other.delete(f"/api/friends/requests/{request['id']}"))[:2] == (404, "REQUEST_NOT_FOUND")
    assert overview(bob)["incoming"] == [request]


@pytest.mark.parametrize("request_id", ["0", "999999", "2147483648", "99999999999999999999"])
def test_a_request_id_that_names_nothing_is_a_404(alice, request_id):
    for method, path in (("post", "accept"), ("post", "decline"), ("delete", "")):
        url = f"/api/friends/requests/{request_id}" + (f"/{path}" if path else "")
        assert error_of(getattr(alice, method)(url))[:2] == (404, "REQUEST_NOT_FOUND"), url


@pytest.mark.parametrize("request_id", ["abc", "-1", "1.5", "٣", "%00"])
def test_a_request_id_that_is_no_number_is_a_404(alice, request_id):
    response = alice.post(f"/api/friends/requests/{request_id}/accept")
    assert response.status_code == 404 and response.get_json()["code"] == "NOT_FOUND"


@pytest.mark.parametrize("method, path", [
    ("get", "/api/friends"), ("post", "/api/friends/request"), ("post", "/api/friends/requests/1/accept"),
    ("post", "/api/friends/requests/1/decline"), ("delete", "/api/friends/requests/1"),
    ("get", "/api/friends/activity"), ("delete", "/api/friends/1"), ("post", "/api/friends/1/block"),
    ("post", "/api/friends/1/unblock"),
])
def test_anonymous_callers_get_401(people, method, path):
    response = getattr(people("anonymous"), method)(path)
    assert error_of(response) == (401, "UNAUTHORIZED", text("http.401"))
