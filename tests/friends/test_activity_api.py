"""`GET /api/friends/activity`: the caller's current friends' status changes since each friendship
began, newest first; one row an event of the friend (fanned out on read), at most 100 kept a friend."""
import pytest
from sqlalchemy import event, func, select

from lobby.extensions import db
from lobby.friends import activity, notify
from lobby.friends.models import FriendActivity
from lobby.friends.schemas import ActivityLog
from lobby.friends.status import notify_friends
from tests.friends.conftest import befriend, block

CHANGE = {"oldStatus": "OFFLINE", "newStatus": "ONLINE", "customStatus": None}


def entries(person, query: str = "") -> list[dict]:
    response = person.get(f"/api/friends/activity{query}")
    assert response.status_code == 200, response.get_json()
    ActivityLog.model_validate(response.get_json())
    return response.get_json()["activities"]


def rows_of(app, actor_id: int | None = None) -> int:
    with app.app_context():
        query = select(func.count()).select_from(FriendActivity)
        if actor_id is not None:
            query = query.where(FriendActivity.actor_id == actor_id)
        return db.session.scalar(query)


def add(app, actor_id: int, count: int) -> list[int]:
    """`count` STATUS_CHANGE entries of the actor, one commit each; their ids."""
    ids = []
    with app.app_context():
        for _ in range(count):
            ids.append(activity.log(actor_id, activity.STATUS_CHANGE, CHANGE)["id"])
            db.session.commit()
    return ids


def test_a_friends_status_change_is_logged_with_the_old_and_new_status(app, alice, bob):
    befriend(alice, bob)
    with app.app_context():
        notify_friends(bob.id, "online")
        notify_friends(bob.id, "online")  # nothing changed: nothing logged
        notify_friends(bob.id, "dnd", "занят")
        notify_friends(bob.id, "invisible")
    assert [(entry["type"], entry["friendId"], entry["data"]) for entry in entries(alice)] == [
        ("STATUS_CHANGE", bob.id, {"oldStatus": "DO_NOT_DISTURB", "newStatus": "OFFLINE", "customStatus": "занят"}),
        ("STATUS_CHANGE", bob.id, {"oldStatus": "ONLINE", "newStatus": "DO_NOT_DISTURB", "customStatus": "занят"}),
        ("STATUS_CHANGE", bob.id, {"oldStatus": "OFFLINE", "newStatus": "ONLINE", "customStatus": None})]
    assert {"id", "friendId", "type", "data", "timestamp"} == set(entries(alice)[0])
    assert entries(bob) == []  # their own changes are not in theirs
    assert rows_of(app) == 3


def test_becoming_friends_and_parting_are_not_logged(alice, bob, carol):
    befriend(alice, bob)
    befriend(alice, carol)
    alice.delete(f"/api/friends/{bob.id}")
    block(carol, alice)
    assert entries(alice) == entries(bob) == entries(carol) == []


def test_an_unfriended_or_blocked_persons_entries_leave_the_log_at_once(app, alice, bob, carol):
    befriend(alice, bob)
    befriend(alice, carol)
    with app.app_context():
        notify_friends(bob.id, "online")
        notify_friends(carol.id, "idle")
    assert [entry["friendId"] for entry in entries(alice)] == [carol.id, bob.id]
    alice.delete(f"/api/friends/{bob.id}")
    assert [entry["friendId"] for entry in entries(alice)] == [carol.id]
    block(carol, alice)
    assert entries(alice) == []
    assert rows_of(app) == 2  # still the actors': their other friends read them
    befriend(alice, bob)  # friends again: what came before stays unsaid
    assert entries(alice) == []


def test_a_new_friend_does_not_read_what_came_before_the_friendship(app, alice, bob, carol):
    befriend(bob, carol)
    with app.app_context():
        notify_friends(bob.id, "dnd")
    befriend(alice, bob)
    assert entries(alice) == []
    assert [entry["friendId"] for entry in entries(carol)] == [bob.id]
    with app.app_context():
        notify_friends(bob.id, "online")
    assert [entry["data"]["newStatus"] for entry in entries(alice)] == ["ONLINE"]
    assert [entry["data"]["newStatus"] for entry in entries(carol)] == ["ONLINE", "DO_NOT_DISTURB"]


def test_a_change_without_friends_writes_no_entry(app, alice):
    with app.app_context():
        notify_friends(alice.id, "online")
    assert rows_of(app) == 0


def statements_of_a_change(app, monkeypatch, user_id: int) -> tuple[int, list]:
    """SQL statements run and publishes made while the user goes idle."""
    published, statements = [], []
    for module in (activity, notify):
        monkeypatch.setattr(module, "publish", lambda frame, to: published.append((frame["type"], to.users)))
    with app.app_context():
        engine = db.engine

        def count(*_):
            statements.append(1)

        event.listen(engine, "before_cursor_execute", count)
        try:
            notify_friends(user_id, "idle")
        finally:
            event.remove(engine, "before_cursor_execute", count)
    return len(statements), published


def test_a_change_of_someone_with_many_friends_writes_one_row_and_publishes_twice(app, people, monkeypatch):
    hub, friends = people("hub"), [people(f"friend{number}") for number in range(30)]
    lone, pal = people("lone"), people("pal")
    for friend in friends:
        befriend(friend, hub)
    befriend(pal, lone)
    one_friend, _ = statements_of_a_change(app, monkeypatch, lone.id)
    thirty_friends, published = statements_of_a_change(app, monkeypatch, hub.id)
    assert rows_of(app, hub.id) == 1
    assert thirty_friends == one_friend  # the same statements whatever the number of friends
    ids = frozenset(friend.id for friend in friends)
    assert sorted(published) == [("friend_activity", ids), ("friend_status_changed", ids)]
    for friend in friends:
        assert [(entry["friendId"], entry["data"]["newStatus"]) for entry in entries(friend)] == [(hub.id, "IDLE")]
    assert entries(hub) == []


def test_only_the_newest_100_of_each_friend_are_kept(app, alice, bob, carol):
    befriend(alice, bob)
    befriend(alice, carol)
    befriend(bob, carol)
    carols = add(app, carol.id, 3)
    bobs = add(app, bob.id, 150)
    assert (rows_of(app, bob.id), rows_of(app, carol.id)) == (100, 3)  # only the actor's rows are trimmed
    listed = entries(alice, "?limit=100")
    assert [entry["id"] for entry in listed] == bobs[:-101:-1]
    assert [entry["id"] for entry in entries(carol, "?limit=100")] == bobs[:-101:-1]
    assert [entry["id"] for entry in entries(bob, "?limit=100")] == carols[::-1]


@pytest.mark.parametrize("query, count", [("", 20), ("?limit=5", 5), ("?limit=1", 1), ("?limit=100", 100),
                                          ("?limit=0", 1), ("?limit=-3", 1), ("?limit=101", 100),
                                          ("?limit=500", 100), ("?limit=x", 20), ("?limit=abc", 20), ("?limit=", 20)])
def test_the_limit_defaults_to_20_and_is_brought_into_1_to_100(app, alice, bob, query, count):
    befriend(alice, bob)
    ids = add(app, bob.id, 120)
    listed = entries(alice, query)
    assert [entry["id"] for entry in listed] == ids[::-1][:count]


def test_the_document_states_the_limits(client):
    operation = client.get("/api/openapi.json").get_json()["paths"]["/api/friends/activity"]["get"]
    (limit,) = [parameter for parameter in operation["parameters"] if parameter["name"] == "limit"]
    assert (limit["schema"]["minimum"], limit["schema"]["maximum"], limit["schema"]["default"]) == (1, 100, 20)
