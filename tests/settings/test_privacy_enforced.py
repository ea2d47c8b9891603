"""The privacy group is enforced, not only stored: friend requests and direct messages (the
friends rules read the same values), who sees one online (member lists, friends lists, pushes),
and the activity friends see."""
from tests.friends.test_list_api import wait_until
from tests.realtime.test_presence import statuses_of
from tests.settings.conftest import ask, befriend, change, error_of, settings

CLOSED = (403, "FRIEND_REQUESTS_CLOSED", "Пользователь не принимает запросы в друзья")


def member_status(viewer, server_id: int, user_id: int) -> str:
    members = viewer.get(f"/api/servers/{server_id}/members").get_json()["members"]
    return next(m["user"]["status"] for m in members if m["user"]["id"] == user_id)


def test_the_friends_rules_read_the_settings(app, alice, bob):
    from lobby.friends.privacy import privacy_of

    change(bob, {"privacy": {"friendRequests": "none", "directMessages": "everyone"}})
    with app.app_context():
        found = privacy_of(bob.id)
    assert (found.friend_requests, found.direct_messages) == ("none", "everyone")


def test_friend_requests_none_refuses_everyone(alice, bob):
    change(bob, {"privacy": {"friendRequests": "none"}})
    assert error_of(alice.post("/api/friends/request", json={"username": "bob"})) == CLOSED
    change(bob, {"privacy": {"friendRequests": "everyone"}})
    ask(alice, bob)


def test_direct_messages_follow_the_setting(alice, bob, carol):
    assert alice.post("/api/dms", json={"userId": bob.id}).status_code == 403  # default: friends only
    change(bob, {"privacy": {"directMessages": "everyone"}})
    assert alice.post("/api/dms", json={"userId": bob.id}).status_code in (200, 201)
    befriend(carol, bob)
    change(bob, {"privacy": {"directMessages": "none"}})
    assert carol.post("/api/dms", json={"userId": bob.id}).status_code == 403


def test_online_status_none_shows_the_user_offline_to_everyone_else(community, connect):
    server = community.server["id"]
    bobs = connect(community.bob)
    alices = connect(community.alice)
    bobs.expect("user_status", userId=community.alice.id, status="online")
    change(community.alice, {"privacy": {"onlineStatus": "none"}})
    bobs.expect("user_status", userId=community.alice.id, status="offline")
    assert member_status(community.bob, server, community.alice.id) == "OFFLINE"
    assert member_status(community.alice, server, community.alice.id) == "OFFLINE"  # as others see her
    alices.close()
    connect(community.alice)  # a new socket says nothing of her either
    assert "online" not in statuses_of(bobs, community.alice.id, 1.0)
    change(community.alice, {"privacy": {"onlineStatus": "everyone"}})
    bobs.expect("user_status", userId=community.alice.id, status="online")
    assert member_status(community.bob, server, community.alice.id) == "ONLINE"


def test_online_status_friends_shows_the_user_online_to_friends_only(community, connect):
    server = community.server["id"]
    befriend(community.alice, community.bob)
    owners, bobs = connect(community.owner), connect(community.bob)
    connect(community.alice)
    owners.expect("user_status", userId=community.alice.id, status="online")
    change(community.alice, {"privacy": {"onlineStatus": "friends"}})
    owners.expect("user_status", userId=community.alice.id, status="offline")
    assert "offline" not in statuses_of(bobs, community.alice.id, 0.5)
    assert member_status(community.owner, server, community.alice.id) == "OFFLINE"
    assert member_status(community.bob, server, community.alice.id) == "ONLINE"
    friends = community.bob.get("/api/friends").get_json()["friends"]
    assert [f["status"] for f in friends if f["id"] == community.alice.id] == ["ONLINE"]
    change(community.alice, {"profile": {"status": "busy"}})
    bobs.expect("user_status", userId=community.alice.id, status="dnd")
    assert "dnd" not in statuses_of(owners, community.alice.id, 0.5)


def test_show_activity_off_hides_the_users_activity_from_friends(community, connect):
    alice, bob = community.alice, community.bob
    befriend(alice, bob)
    connect(alice)
    change(alice, {"profile": {"status": "busy"}})
    # The arrival's activity is written by the herald, after the socket is greeted.
    wait_until(lambda: bob.get("/api/friends/activity").get_json()["activities"])
    log = bob.get("/api/friends/activity").get_json()["activities"]
    assert all(entry["friendId"] == alice.id for entry in log)
    change(alice, {"privacy": {"showActivity": False}})
    assert bob.get("/api/friends/activity").get_json()["activities"] == []
    bobs = connect(bob)
    change(alice, {"profile": {"status": "away"}})
    frames = bobs.frames_within(0.7)
    assert not [f for f in frames if f["type"] == "friend_activity"]
    assert bob.get("/api/friends/activity").get_json()["activities"] == []
    friends = bob.get("/api/friends").get_json()["friends"]
    assert [f["gameActivity"] for f in friends] == [None]
    assert settings(alice)["privacy"]["showActivity"] is False
