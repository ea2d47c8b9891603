"""`GET /api/users/search` tells the add-friend modal how the caller stands with each person."""
import time

from tests.friends.conftest import ask, befriend, block, error_of


def found(person, q: str) -> dict[str, dict]:
    response = person.get("/api/users/search", query_string={"q": q})
    assert response.status_code == 200, response.get_json()
    return {user["username"]: user for user in response.get_json()["users"]}


def marks(user: dict) -> tuple:
    return user["status"], user["isFriend"], user["isBlocked"], user["hasPendingRequest"]


def test_each_result_says_friend_blocked_or_pending(people):
    me = people("me")
    friend, blocked, asked, asking, stranger = (people(f"player_{n}") for n in
                                                ("friend", "blocked", "asked", "asking", "stranger"))
    befriend(me, friend)
    block(me, blocked)
    ask(me, asked)
    ask(asking, me)
    block(stranger, me)  # being blocked is not told
    users = found(me, "player_")
    assert {name: marks(user) for name, user in users.items()} == {
        "player_friend": ("OFFLINE", True, False, False),
        "player_blocked": ("OFFLINE", False, True, False),
        "player_asked": ("OFFLINE", False, False, True),
        "player_asking": ("OFFLINE", False, False, True),
        "player_stranger": ("OFFLINE", False, False, False)}


def test_the_status_comes_from_live_presence(people, connect):
    me, online, away, busy = people("me"), people("user_online"), people("user_away"), people("user_busy")
    connect(online)
    connect(away).send("presence_update", {"status": "idle"})
    connect(busy).send("presence_update", {"status": "dnd"})
    expected = {"user_online": "ONLINE", "user_away": "AWAY", "user_busy": "DND"}
    deadline = time.monotonic() + 3
    while {name: user["status"] for name, user in found(me, "user_").items()} != expected:
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_query_under_2_characters_is_still_refused(people):
    assert error_of(people("me").get("/api/users/search", query_string={"q": "a"})) == (
        400, "QUERY_TOO_SHORT", "Введите минимум 2 символа для поиска")
