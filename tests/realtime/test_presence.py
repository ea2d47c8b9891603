"""Presence: `user_status` goes to the people who share a server, on the first socket's open and
after the last one's close (plus a grace), and when a user picks a status."""
import time

import pytest



@pytest.fixture(autouse=True)
def short_grace(app):
    app.config["PRESENCE_GRACE_SECONDS"] = 0.3


def statuses_of(socket, user_id: int, seconds: float) -> list[str]:
    return [f["data"]["status"] for f in socket.frames_within(seconds)
            if f["type"] == "user_status" and f["data"]["userId"] == user_id]


def test_members_see_a_user_come_online_and_go_offline_after_the_grace(community, connect):
    bob = connect(community.bob)
    mallory = connect(community.mallory)  # shares no server with alice
    alice = connect(community.alice)
    assert bob.expect("user_status", userId=community.alice.id)["data"] == {"userId": community.alice.id,
                                                                             "status": "online"}
    alice.close()
    started = time.monotonic()
    assert bob.expect("user_status", userId=community.alice.id, timeout=3)["data"]["status"] == "offline"
    assert time.monotonic() - started >= 0.25  # not before the grace
    assert statuses_of(mallory, community.alice.id, 0.5) == []


def test_a_user_is_told_about_their_own_status_too(community, connect):
    alice = connect(community.alice, expect_connected=False)
    alice.expect("connected")
    assert alice.expect("user_status", userId=community.alice.id)["data"]["status"] == "online"


def test_a_reconnect_within_the_grace_does_not_flap(app, community, connect):
    app.config["PRESENCE_GRACE_SECONDS"] = 1.0
    bob = connect(community.bob)
    connect(community.alice).close()
    connect(community.alice)
    assert statuses_of(bob, community.alice.id, 2.0) == ["online"]


def test_offline_only_when_the_last_socket_closes(community, connect):
    bob = connect(community.bob)
    first, second = connect(community.alice), connect(community.alice)
    first.close()
    assert statuses_of(bob, community.alice.id, 1.0) == ["online"]
    second.close()
    assert statuses_of(bob, community.alice.id, 1.0) == ["offline"]


@pytest.mark.parametrize("chosen, shown", [("idle", "idle"), ("dnd", "dnd"), ("invisible", "offline"),
                                           ("online", "online")])
def test_a_chosen_status_reaches_the_members(community, connect, chosen, shown):
    bob = connect(community.bob)
    alice = connect(community.alice)
    bob.expect("user_status", userId=community.alice.id, status="online")
    alice.send("presence_update", {"status": chosen, "customStatus": "играю"})
    frame = bob.expect("user_status", userId=community.alice.id, status=shown)
    assert frame["data"]["customStatus"] == "играю"


def test_a_chosen_status_is_kept_for_the_next_connection(community, connect):
    alice = connect(community.alice)
    alice.send("presence_update", {"status": "dnd"})
    alice.expect("user_status", userId=community.alice.id, status="dnd")
    alice.close()
    bob = connect(community.bob)
    statuses_of(bob, community.alice.id, 1.0)  # alice's offline, after the grace
    again = connect(community.alice, expect_connected=False)
    assert again.expect("connected")["data"]["status"] == "dnd"  # every new tab shows the choice
    assert bob.expect("user_status", userId=community.alice.id)["data"]["status"] == "dnd"


def test_an_invisible_user_never_shows_up(community, connect):
    alice = connect(community.alice)
    alice.send("presence_update", {"status": "invisible"})
    alice.expect("user_status", userId=community.alice.id, status="offline")
    alice.close()
    bob = connect(community.bob)
    time.sleep(0.6)
    connect(community.alice)
    assert statuses_of(bob, community.alice.id, 1.0) == []


@pytest.mark.parametrize("data, field", [({"status": "asleep"}, "status"), ({}, "status"),
                                         ({"status": "idle", "customStatus": "x" * 51}, "customStatus")])
def test_a_bad_status_is_refused(community, connect, data, field):
    alice = connect(community.alice)
    alice.send("presence_update", data)
    assert list(alice.expect("error")["data"]["errors"]) == [field]


def test_in_a_large_server_comings_and_goings_are_not_pushed_but_listed(app, community, connect):
    app.config["PRESENCE_LARGE_SERVER"] = 2  # the community has three members: it counts as large
    bob = connect(community.bob)
    connect(community.alice)
    assert statuses_of(bob, community.alice.id, 1.0) == []
    members = community.bob.get(f"/api/servers/{community.server['id']}/members").get_json()["members"]
    assert {m["user"]["username"]: m["user"]["status"] for m in members}["alice"] == "ONLINE"


def test_a_small_server_shared_with_a_large_one_still_hears(app, community, connect, create_server):
    app.config["PRESENCE_LARGE_SERVER"] = 2
    duo = create_server("bob", name="Дуэт")
    assert community.alice.post(f"/api/servers/join/{duo['inviteCode']}").status_code == 200
    bob = connect(community.bob)
    connect(community.alice)
    assert statuses_of(bob, community.alice.id, 1.0) == ["online"]
