"""The friend frames reach every tab of the people concerned, and nobody else; each fits the model
the socket's document shows."""
import pytest

from lobby.realtime.schemas import SERVER_FRAMES
from tests.friends.conftest import ask, befriend, block

ANY = set(SERVER_FRAMES)  # other frames (statuses, activity) may come between: step over them
FRIEND_FRAMES = {kind for kind in SERVER_FRAMES if kind.startswith("friend")}


@pytest.fixture(autouse=True)
def short_grace(app):
    app.config["PRESENCE_GRACE_SECONDS"] = 0.2


def heard(socket, kind: str, **match) -> dict:
    frame = socket.expect(kind, skip=ANY, **match)
    model = SERVER_FRAMES[kind][0]
    model.model_validate(frame["data"])
    assert set(frame["data"]) <= {field.alias or name for name, field in model.model_fields.items()}
    return frame["data"]


def tabs(connect, person, count: int = 2) -> list:
    return [connect(person) for _ in range(count)]


def friend_frames(socket, seconds: float = 0.5) -> list[dict]:
    return [frame for frame in socket.frames_within(seconds) if frame["type"] in FRIEND_FRAMES]


def test_a_request_reaches_both_tabs_of_both_people_and_nobody_else(alice, bob, carol, connect):
    bobs, alices, carols = tabs(connect, bob), tabs(connect, alice), connect(carol)
    request = ask(alice, bob, "давай дружить")
    for tab in bobs + alices:
        assert heard(tab, "friend_request_received") == {"request": request}
    assert friend_frames(carols) == []


def test_an_acceptance_reaches_both_tabs_of_both_each_with_the_other(alice, bob, connect):
    request = ask(alice, bob)
    alices, bobs = tabs(connect, alice), tabs(connect, bob)
    answer = bob.post(f"/api/friends/requests/{request['id']}/accept").get_json()["friend"]
    for tab in alices:
        friend = heard(tab, "friend_request_accepted")["friend"]
        assert (friend["id"], friend["status"]) == (bob.id, "ONLINE")
    for tab in bobs:
        assert heard(tab, "friend_request_accepted")["friend"] == answer


@pytest.mark.parametrize("answer", ["decline", "cancel"])
def test_a_declined_or_cancelled_request_is_forgotten_on_both_sides(alice, bob, connect, answer):
    request = ask(alice, bob)
    alices, bobs = tabs(connect, alice), tabs(connect, bob)
    if answer == "decline":
        bob.post(f"/api/friends/requests/{request['id']}/decline")
    else:
        alice.delete(f"/api/friends/requests/{request['id']}")
    for tab in alices + bobs:
        assert heard(tab, "friend_request_removed") == {"requestId": request["id"]}


def test_removing_a_friend_reaches_both_tabs_of_both(alice, bob, connect):
    befriend(alice, bob)
    alices, bobs = tabs(connect, alice), tabs(connect, bob)
    alice.delete(f"/api/friends/{bob.id}")
    for tab in alices:
        assert heard(tab, "friend_removed") == {"userId": bob.id}
    for tab in bobs:
        assert heard(tab, "friend_removed") == {"userId": alice.id}


def test_a_block_ends_the_friendship_live_and_drops_a_pending_request(alice, bob, carol, connect):
    befriend(alice, bob)
    request = ask(carol, alice)
    alices, bobs, carols = tabs(connect, alice), tabs(connect, bob), tabs(connect, carol)
    block(alice, bob)
    block(alice, carol)
    for tab in bobs:
        assert heard(tab, "friend_removed") == {"userId": alice.id}
    for tab in carols:
        assert heard(tab, "friend_request_removed") == {"requestId": request["id"]}
    for tab in alices:
        assert heard(tab, "friend_removed") == {"userId": bob.id}
        assert heard(tab, "friend_request_removed") == {"requestId": request["id"]}


def test_a_friends_status_reaches_both_tabs_of_each_friend_and_nobody_else(alice, bob, carol, connect):
    befriend(alice, bob)
    alices, carols = tabs(connect, alice), connect(carol)
    bobs = connect(bob)
    for tab in alices:
        assert heard(tab, "friend_status_changed", friendId=bob.id) == {
            "friendId": bob.id, "status": "ONLINE", "customStatus": None}
    bobs.send("presence_update", {"status": "dnd", "customStatus": "рейд"})
    for tab in alices:
        assert heard(tab, "friend_status_changed", status="DO_NOT_DISTURB") == {
            "friendId": bob.id, "status": "DO_NOT_DISTURB", "customStatus": "рейд"}
        entry = heard(tab, "friend_activity")["activity"]
        assert (entry["type"], entry["friendId"], entry["data"]) == ("STATUS_CHANGE", bob.id, {
            "oldStatus": "ONLINE", "newStatus": "DO_NOT_DISTURB", "customStatus": "рейд"})
    bobs.close()
    for tab in alices:
        assert heard(tab, "friend_status_changed", status="OFFLINE")["customStatus"] == "рейд"
    assert friend_frames(carols) == []


def test_a_status_change_reaches_every_friend_with_the_same_entry(alice, bob, carol, connect):
    befriend(alice, carol)
    befriend(bob, carol)
    alices, bobs = connect(alice), connect(bob)
    carols = connect(carol)
    carols.send("presence_update", {"status": "idle"})
    got = []
    for tab in (alices, bobs):
        assert heard(tab, "friend_activity")["activity"]["data"]["newStatus"] == "ONLINE"  # carol connected
        got.append(heard(tab, "friend_activity")["activity"])
    assert got[0] == got[1]
    assert (got[0]["type"], got[0]["friendId"], got[0]["data"]) == (
        "STATUS_CHANGE", carol.id, {"oldStatus": "ONLINE", "newStatus": "IDLE", "customStatus": None})
    assert alice.get("/api/friends/activity").get_json()["activities"][0] == got[0]


def test_an_invisible_friend_reads_offline(alice, bob, connect):
    befriend(alice, bob)
    bobs = connect(bob)
    alices = connect(alice)
    bobs.send("presence_update", {"status": "invisible"})
    assert heard(alices, "friend_status_changed", friendId=bob.id, status="OFFLINE")
