"""`GET /api/friends/activity`: the user's own log, newest first, at most 100 kept."""
import pytest
from sqlalchemy import func, select

from lobby.extensions import db
from lobby.friends import activity
from lobby.friends.models import FriendActivity
from lobby.friends.schemas import ActivityLog
from tests.friends.conftest import befriend, block


def entries(person, query: str = "") -> list[dict]:
    response = person.get(f"/api/friends/activity{query}")
    assert response.status_code == 200, response.get_json()
    ActivityLog.model_validate(response.get_json())
    return response.get_json()["activities"]


def test_becoming_friends_and_parting_are_logged_for_both(alice, bob, carol):
    befriend(alice, bob)
    befriend(alice, carol)
    alice.delete(f"/api/friends/{bob.id}")
    block(carol, alice)
    assert [(entry["type"], entry["friendId"], entry["data"]) for entry in entries(alice)] == [
        ("FRIEND_REMOVED", carol.id, {"username": "carol"}),
        ("FRIEND_REMOVED", bob.id, {"username": "bob"}),
        ("FRIEND_ADDED", carol.id, {"username": "carol"}),
        ("FRIEND_ADDED", bob.id, {"username": "bob"})]
    assert [(entry["type"], entry["friendId"]) for entry in entries(bob)] == [
        ("FRIEND_REMOVED", alice.id), ("FRIEND_ADDED", alice.id)]
    assert {"id", "friendId", "type", "data", "timestamp"} == set(entries(bob)[0])


def test_a_friends_status_change_is_logged_with_the_old_and_new_status(app, alice, bob):
    befriend(alice, bob)
    from lobby.friends.status import notify_friends

    with app.app_context():
        notify_friends(bob.id, "online")
        notify_friends(bob.id, "online")  # nothing changed: nothing logged
        notify_friends(bob.id, "dnd", "занят")
        notify_friends(bob.id, "invisible")
    changes = [entry["data"] for entry in entries(alice) if entry["type"] == "STATUS_CHANGE"]
    assert changes == [
        {"oldStatus": "DO_NOT_DISTURB", "newStatus": "OFFLINE", "customStatus": "занят"},
        {"oldStatus": "ONLINE", "newStatus": "DO_NOT_DISTURB", "customStatus": "занят"},
        {"oldStatus": "OFFLINE", "newStatus": "ONLINE", "customStatus": None}]
    assert [entry["type"] for entry in entries(bob)] == ["FRIEND_ADDED"]  # their own changes are not in theirs


@pytest.mark.parametrize("query, count", [("", 20), ("?limit=5", 5), ("?limit=0", 1), ("?limit=500", 100),
                                          ("?limit=abc", 20), ("?limit=", 20)])
def test_the_limit_defaults_to_20_and_is_brought_into_1_to_100(app, alice, bob, query, count):
    befriend(alice, bob)
    with app.app_context():
        activity.log([(alice.id, bob.id, "STATUS_CHANGE", {"oldStatus": "OFFLINE", "newStatus": "ONLINE",
                                                           "customStatus": None})] * 120)
        db.session.commit()
    assert len(entries(alice, query)) == count


def test_only_the_newest_100_are_kept(app, alice, bob):
    befriend(alice, bob)  # one FRIEND_ADDED each
    change = {"oldStatus": "OFFLINE", "newStatus": "ONLINE", "customStatus": None}
    with app.app_context():
        for _ in range(3):
            activity.log([(alice.id, bob.id, "STATUS_CHANGE", change)] * 50)
            db.session.commit()
        kept = db.session.scalar(select(func.count()).where(FriendActivity.user_id == alice.id))
        bobs = db.session.scalar(select(func.count()).where(FriendActivity.user_id == bob.id))
    assert (kept, bobs) == (100, 1)
    listed = entries(alice, "?limit=100")
    assert len(listed) == 100 and all(entry["type"] == "STATUS_CHANGE" for entry in listed)
    assert [entry["id"] for entry in listed] == sorted((entry["id"] for entry in listed), reverse=True)
