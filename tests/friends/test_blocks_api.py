"""Removing friends, blocking and unblocking; and the helpers the DM and mention rules will use."""
import pytest

from lobby.friends.relations import are_friends, is_blocked_either_way
from tests.friends.conftest import ask, befriend, block, error_of, friend_names, overview


def test_a_friend_is_removed_for_both(alice, bob):
    befriend(alice, bob)
    response = alice.delete(f"/api/friends/{bob.id}")
    assert response.status_code == 200 and response.get_json() == {"success": True, "message": "Друг удален"}
    assert friend_names(alice) == [] and friend_names(bob) == []
    ask(bob, alice)  # and they may ask again


def test_removing_someone_who_is_no_friend_is_a_404(alice, bob):
    ask(alice, bob)
    for user_id in (bob.id, 0, 2**31 - 1, 99999999999999):
        assert error_of(alice.delete(f"/api/friends/{user_id}")) == (
            404, "NOT_FRIENDS", "Пользователь не в списке друзей")


def test_blocking_a_friend_ends_the_friendship_and_lists_them_as_blocked(alice, bob):
    befriend(alice, bob)
    response = alice.post(f"/api/friends/{bob.id}/block")
    assert response.status_code == 200 and response.get_json()["message"] == "Пользователь заблокирован"
    mine = overview(alice)
    assert mine["friends"] == []
    assert [(person["id"], person["isBlocked"], person["friendshipDate"]) for person in mine["blocked"]] == [
        (bob.id, True, None)]
    assert overview(bob)["friends"] == [] and overview(bob)["blocked"] == []  # bob is not told of the block


def test_blocking_drops_requests_either_way(alice, bob, carol):
    ask(alice, bob)
    ask(carol, alice)
    block(bob, alice)
    block(alice, carol)
    assert overview(alice)["outgoing"] == [] and overview(alice)["incoming"] == []
    assert overview(bob)["incoming"] == [] and overview(carol)["outgoing"] == []


def test_anyone_may_be_blocked_friend_or_not_and_twice_is_no_error(alice, bob):
    block(alice, bob)
    block(alice, bob)
    assert [person["id"] for person in overview(alice)["blocked"]] == [bob.id]


def test_nobody_blocks_themselves(alice):
    assert error_of(alice.post(f"/api/friends/{alice.id}/block")) == (
        400, "CANNOT_BLOCK_SELF", "Нельзя заблокировать самого себя")


@pytest.mark.parametrize("user_id", [0, 999999, 2**31, 10**20])
def test_blocking_an_unknown_user_is_a_404(alice, user_id):
    assert error_of(alice.post(f"/api/friends/{user_id}/block")) == (404, "USER_NOT_FOUND", "Пользователь не найден")


@pytest.mark.parametrize("user_id", ["abc", "-3", "1e3", "²"])
def test_a_user_id_that_is_no_number_is_a_404(alice, user_id):
    for method, path in (("post", f"/api/friends/{user_id}/block"), ("post", f"/api/friends/{user_id}/unblock"),
                         ("delete", f"/api/friends/{user_id}")):
        response = getattr(alice, method)(path)
        assert response.status_code == 404, path


def test_unblocking_lets_them_ask_again_but_does_not_bring_the_friendship_back(alice, bob):
    befriend(alice, bob)
    block(alice, bob)
    response = alice.post(f"/api/friends/{bob.id}/unblock")
    assert response.status_code == 200 and response.get_json()["message"] == "Пользователь разблокирован"
    assert overview(alice)["blocked"] == [] and friend_names(alice) == []
    ask(bob, alice)


def test_unblocking_someone_not_blocked_is_a_404(alice, bob):
    block(bob, alice)  # blocked the other way: not alice's to lift
    for user_id in (bob.id, 0, 10**20):
        assert error_of(alice.post(f"/api/friends/{user_id}/unblock")) == (
            404, "NOT_BLOCKED", "Пользователь не заблокирован")


def test_a_request_sent_just_before_a_block_cannot_be_accepted(app, alice, bob, in_database):
    from lobby.friends.models import Block

    request = ask(alice, bob)
    in_database(lambda session: session.add(Block(blocker_id=alice.id, blocked_id=bob.id)))  # as a racing block would
    assert overview(bob)["incoming"] == []
    assert error_of(bob.post(f"/api/friends/requests/{request['id']}/accept"))[:2] == (404, "REQUEST_NOT_FOUND")
    assert friend_names(bob) == []


def test_the_relation_helpers_read_friendships_and_blocks_both_ways(app, alice, bob, carol):
    befriend(alice, bob)
    block(carol, alice)
    with app.app_context():
        assert are_friends(alice.id, bob.id) and are_friends(bob.id, alice.id)
        assert not are_friends(alice.id, carol.id)
        assert is_blocked_either_way(alice.id, carol.id) and is_blocked_either_way(carol.id, alice.id)
        assert not is_blocked_either_way(alice.id, bob.id)
