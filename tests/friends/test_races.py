"""Two calls at the same instant: the tables settle it, and nobody gets a 500."""
from tests.friends.conftest import ask, friend_names, overview
from tests.support import at_once


def post(app, person, path: str, json=None):
    """A call from a client of its own (a test client is not for two threads at once)."""
    return lambda: app.test_client().post(path, json=json, headers=person.headers())


def test_two_people_asking_each_other_at_once_become_friends(app, people):
    for round_ in range(4):
        a, b = people(f"first{round_}"), people(f"second{round_}")
        codes = at_once([post(app, a, "/api/friends/request", {"username": b.username}),
                         post(app, b, "/api/friends/request", {"username": a.username})])
        assert sorted(codes) == [200, 201]
        assert friend_names(a) == [b.username] and friend_names(b) == [a.username]
        assert overview(a)["incoming"] == overview(a)["outgoing"] == []


def test_a_request_accepted_from_two_tabs_at_once_is_accepted_once(app, alice, bob):
    request = ask(alice, bob)
    url = f"/api/friends/requests/{request['id']}/accept"
    assert sorted(at_once([post(app, bob, url), post(app, bob, url)])) == [200, 404]
    assert friend_names(alice) == ["bob"] and friend_names(bob) == ["alice"]
