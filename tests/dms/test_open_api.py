"""`POST /api/dms {userId}`: the pair's one conversation, and every refusal of the contract."""
import pytest

from tests.dms.conftest import befriend, block, open_dm, refusal

BLOCKED_BY_ME = (403, "USER_BLOCKED", "Вы заблокировали этого пользователя")
BLOCKED_BY_THEM = (403, "DM_NOT_ALLOWED", "Пользователь не принимает личные сообщения")  # as a privacy refusal: a block is not revealed
NOT_ALLOWED = (403, "DM_NOT_ALLOWED", "Пользователь не принимает личные сообщения")


def test_a_friend_gets_a_dm_channel_named_after_the_other_person(friends):
    alice, bob = friends
    channel = open_dm(alice, bob)
    assert channel["serverId"] is None and channel["type"] == "DM" and channel["name"] == "bob"
    assert channel["description"] is None and channel["position"] == 0
    recipient = channel["recipient"]
    assert recipient == {"id": bob.id, "username": "bob", "displayName": "Тест Тестов", "firstName": "Тест",
                         "lastName": "Тестов",
                         "profileImageUrl": None, "status": "OFFLINE", "customStatus": None}


def test_the_pair_has_one_conversation_whoever_opens_it(friends):
    alice, bob = friends
    first = open_dm(alice, bob)
    assert open_dm(alice, bob)["id"] == first["id"]
    seen_by_bob = open_dm(bob, alice)
    assert seen_by_bob["id"] == first["id"] and seen_by_bob["name"] == "alice"
    assert seen_by_bob["recipient"]["id"] == alice.id


def test_nobody_writes_to_themselves(alice):
    assert refusal(alice.post("/api/dms", json={"userId": alice.id})) == (
        400, "DM_SELF", "Нельзя написать самому себе")


def test_an_unknown_user_is_not_found(alice):
    assert refusal(alice.post("/api/dms", json={"userId": 999999})) == (
        404, "USER_NOT_FOUND", "Пользователь не найден")


@pytest.mark.parametrize("body", [{}, {"userId": "abc"}, {"userId": 0}, {"userId": True}, {"userId": 1.5}])
def test_a_missing_or_malformed_user_id_is_refused(alice, body):
    response = alice.post("/api/dms", json=body)
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"userId": "Укажите пользователя"}


def test_a_body_that_is_not_an_object_and_no_token_are_refused(alice, people):
    response = alice.client.post("/api/dms", data="[1]", content_type="application/json", headers=alice.headers())
    assert refusal(response)[:2] == (400, "BAD_REQUEST")
    assert people("anonymous").post("/api/dms", json={"userId": alice.id}).status_code == 401


def test_by_default_only_friends_may_start_one(alice, bob, mallory):
    assert refusal(mallory.post("/api/dms", json={"userId": alice.id})) == NOT_ALLOWED
    befriend(alice, bob)
    assert open_dm(bob, alice)["recipient"]["id"] == alice.id


def test_everyone_lets_a_stranger_start_one(alice, mallory, set_privacy):
    set_privacy(alice, direct_messages="everyone")
    assert open_dm(mallory, alice)["name"] == "alice"


def test_none_refuses_even_a_friend(friends, set_privacy):
    alice, bob = friends
    set_privacy(alice, direct_messages="none")
    assert refusal(bob.post("/api/dms", json={"userId": alice.id})) == NOT_ALLOWED


def test_the_privacy_that_counts_is_the_recipients(alice, mallory, set_privacy):
    set_privacy(mallory, direct_messages="everyone")  # hers; alice keeps the default (friends)
    assert refusal(mallory.post("/api/dms", json={"userId": alice.id})) == NOT_ALLOWED
    assert open_dm(alice, mallory)["recipient"]["id"] == mallory.id


def test_an_existing_conversation_is_returned_when_privacy_would_no_longer_allow_it(dm, set_privacy):
    alice, bob, channel_id = dm
    set_privacy(alice, direct_messages="none")
    bob.delete(f"/api/friends/{alice.id}")
    assert open_dm(bob, alice)["id"] == channel_id


@pytest.mark.parametrize("everyone", [False, True])
def test_a_block_either_way_refuses_starting(alice, bob, set_privacy, everyone):
    if everyone:
        set_privacy(bob, direct_messages="everyone")
        set_privacy(alice, direct_messages="everyone")
    block(alice, bob)
    assert refusal(alice.post("/api/dms", json={"userId": bob.id})) == BLOCKED_BY_ME
    assert refusal(bob.post("/api/dms", json={"userId": alice.id})) == BLOCKED_BY_THEM


def test_a_block_refuses_opening_an_existing_conversation_and_lifting_it_opens_it_again(dm):
    alice, bob, channel_id = dm
    block(bob, alice)
    assert refusal(alice.post("/api/dms", json={"userId": bob.id})) == BLOCKED_BY_THEM
    assert refusal(bob.post("/api/dms", json={"userId": alice.id})) == BLOCKED_BY_ME
    assert bob.post(f"/api/friends/{alice.id}/unblock").status_code == 200
    assert open_dm(alice, bob)["id"] == channel_id  # the block ended the friendship; the conversation stays


def test_the_other_persons_live_status_and_custom_status_come_along(friends, connect, app):
    alice, bob = friends
    socket = connect(bob)
    socket.send("presence_update", {"status": "dnd", "customStatus": "в рейде"})
    import time

    for _ in range(50):  # presence is announced asynchronously
        recipient = open_dm(alice, bob)["recipient"]
        if recipient["status"] == "DO_NOT_DISTURB" and recipient["customStatus"] == "в рейде":
            break
        time.sleep(0.1)
    assert (recipient["status"], recipient["customStatus"]) == ("DO_NOT_DISTURB", "в рейде")
