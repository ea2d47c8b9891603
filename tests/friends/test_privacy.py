"""Privacy settings, stored now (the settings page comes later): the defaults, and who may send a
friend request under each `friendRequests` value."""
import pytest

from lobby.errors import ValidationError
from lobby.friends.privacy import PrivacySettings, do_change_privacy, privacy_of
from tests.friends.conftest import ask, befriend, error_of

CLOSED = (403, "FRIEND_REQUESTS_CLOSED", "Пользователь не принимает запросы в друзья")


@pytest.fixture
def set_privacy(app):
    def change(person, **settings) -> PrivacySettings:
        with app.app_context():
            return do_change_privacy(person.id, **settings)
    return change


def test_without_a_row_the_defaults_are_the_specs(app, alice):
    with app.app_context():
        assert privacy_of(alice.id) == PrivacySettings(friend_requests="everyone", direct_messages="friends")


def test_a_change_is_kept_and_the_other_setting_stays(app, alice, set_privacy):
    assert set_privacy(alice, direct_messages="none") == PrivacySettings("everyone", "none")
    assert set_privacy(alice, friend_requests="server_members") == PrivacySettings("server_members", "none")
    with app.app_context():
        assert privacy_of(alice.id) == PrivacySettings("server_members", "none")


@pytest.mark.parametrize("settings", [{"friend_requests": "friends"}, {"direct_messages": "everybody"},
                                      {"direct_messages": None}])
def test_an_unknown_value_is_refused(alice, set_privacy, settings):
    with pytest.raises(ValidationError) as refused:
        set_privacy(alice, **settings)
    assert refused.value.errors == {next(iter(settings)): "Недопустимое значение"}


def test_nobody_may_ask_someone_who_takes_no_requests(alice, bob, set_privacy):
    set_privacy(bob, friend_requests="none")
    assert error_of(alice.post("/api/friends/request", json={"username": "bob"})) == CLOSED


def test_friends_of_friends_may_ask(alice, bob, carol, people, set_privacy):
    set_privacy(bob, friend_requests="friends_of_friends")
    assert error_of(alice.post("/api/friends/request", json={"username": "bob"})) == CLOSED
    befriend(bob, carol)  # bob asks: his own setting does not stop him
    befriend(carol, alice)
    ask(alice, bob)


def test_people_of_a_shared_server_may_ask(alice, bob, create_server, set_privacy):
    set_privacy(bob, friend_requests="server_members")
    assert error_of(alice.post("/api/friends/request", json={"username": "bob"})) == CLOSED
    server = create_server("bob")
    assert alice.post(f"/api/servers/join/{server['inviteCode']}").status_code == 200
    ask(alice, bob)


def test_someone_closed_to_requests_can_still_be_accepted_by_asking_back(alice, bob, set_privacy):
    request = ask(bob, alice)
    set_privacy(bob, friend_requests="none")
    response = alice.post("/api/friends/request", json={"username": "bob"})
    assert response.status_code == 200 and response.get_json()["friend"]["id"] == bob.id
    assert request["fromUser"]["id"] == bob.id
