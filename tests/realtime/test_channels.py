"""Joining channels, and who hears what: typing, bus events, and the effect of a kick or ban."""
from tests.realtime.conftest import QUIET, channel_frames, joined



def event_for(channel_id: int, content: str = "привет") -> dict:
    return {"type": "new_message", "data": {"id": 1, "channelId": channel_id, "content": content}}


def test_joining_a_channel_of_your_server_is_confirmed(community, connect):
    socket = connect(community.alice)
    socket.send("join_channel", {"channelId": community.channel}, message_id="j1")
    frame = socket.expect("channel_joined")
    assert frame == {"type": "channel_joined", "data": {"channelId": community.channel}, "messageId": "j1"}


def test_joining_a_channel_of_a_server_you_are_not_in_fails_and_you_hear_nothing(community, connect, publish):
    alice = connect(community.alice)
    alice.send("join_channel", {"channelId": community.foreign_channel})
    assert alice.expect("error")["data"] == {"message": "Канал не найден", "code": "CHANNEL_NOT_FOUND"}
    mallory = joined(connect(community.mallory), community.foreign_channel)
    publish(event_for(community.foreign_channel), channels=[community.foreign_channel])
    mallory.expect("new_message", channelId=community.foreign_channel)
    assert channel_frames(alice.frames_within(1.0), community.foreign_channel) == []


def test_joining_a_channel_that_does_not_exist_fails(community, connect):
    socket = connect(community.alice)
    socket.send("join_channel", {"channelId": 999_999})
    assert socket.expect("error")["data"]["code"] == "CHANNEL_NOT_FOUND"


def test_a_channel_event_reaches_exactly_the_joined_sockets_once_each(community, connect, publish):
    alice_tab1 = joined(connect(community.alice), community.channel)
    alice_tab2 = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    owner_elsewhere = joined(connect(community.owner), community.other_channel)  # a member, not joined
    mallory = connect(community.mallory)
    # Addressed to the channel and to alice herself: her sockets still get it once.
    publish(event_for(community.channel), users=[community.alice.id], channels=[community.channel])
    publish(event_for(community.channel, "конец"), channels=[community.channel])
    for socket in (alice_tab1, alice_tab2, bob):
        got = [f for f in channel_frames(socket.frames_within(1.0), community.channel)]
        assert [f["data"]["content"] for f in got] == ["привет", "конец"]
    # A member who has not joined hears only that something came (channel_activity); an outsider nothing.
    heard = [f for f in owner_elsewhere.frames_within(0.3) if f["type"] not in {"ping", "user_status"}]
    assert [(f["type"], f["data"]["channelId"]) for f in heard] == [("channel_activity", community.channel)] * 2
    assert channel_frames(mallory.frames_within(0.3), community.channel) == []


def test_a_user_event_reaches_every_socket_of_that_user_only(community, connect, publish):
    tabs = [connect(community.alice), connect(community.alice)]
    bob = connect(community.bob)
    publish({"type": "user_state", "data": {"note": "для Алисы"}}, users=[community.alice.id])
    for tab in tabs:
        assert tab.expect("user_state")["data"] == {"note": "для Алисы"}
    assert [f for f in bob.frames_within(0.5) if f["type"] not in QUIET] == []


def test_leaving_a_channel_stops_its_events(community, connect, publish):
    socket = joined(connect(community.alice), community.channel)
    socket.send("leave_channel", {"channelId": community.channel})
    assert socket.expect("channel_left")["data"] == {"channelId": community.channel}
    publish(event_for(community.channel), channels=[community.channel])
    assert channel_frames(socket.frames_within(0.7), community.channel) == []


def test_typing_reaches_the_members_joined_to_the_channel_only(community, connect):
    alice = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    owner_elsewhere = joined(connect(community.owner), community.other_channel)
    mallory = connect(community.mallory)
    alice.send("typing", {"channelId": community.channel, "isTyping": True})
    assert bob.expect("typing")["data"] == {"channelId": community.channel, "userId": community.alice.id,
                                            "username": "alice", "isTyping": True, "user": {
                                                "id": community.alice.id, "username": "alice",
                                                "displayName": "Тест Тестов", "profileImageUrl": None}}
    alice.send("typing", {"channelId": community.channel, "isTyping": False})
    assert bob.expect("typing")["data"]["isTyping"] is False
    for socket in (owner_elsewhere, mallory):
        assert [f for f in socket.frames_within(0.5) if f["type"] == "typing"] == []


def test_typing_in_a_channel_you_may_not_see_is_refused(community, connect):
    mallory = connect(community.mallory)
    alice = joined(connect(community.alice), community.channel)
    mallory.send("typing", {"channelId": community.channel, "isTyping": True})
    assert mallory.expect("error")["data"]["code"] == "CHANNEL_NOT_FOUND"
    assert [f for f in alice.frames_within(0.7) if f["type"] == "typing"] == []


def test_a_kicked_members_socket_stops_hearing_the_servers_channels_at_once(community, connect, publish):
    bob = joined(connect(community.bob), community.channel)
    joined(bob, community.other_channel)
    alice = joined(connect(community.alice), community.channel)
    kicked = community.owner.post(f"/api/servers/{community.server['id']}/moderation/kick",
                                  json={"userId": community.bob.id, "reason": "флуд", "notify": True})
    assert kicked.status_code == 200, kicked.get_json()
    assert alice.expect("member_updated", userId=community.bob.id)["data"]["role"] is None  # out of her list
    alice.send("typing", {"channelId": community.channel, "isTyping": True})
    publish(event_for(community.other_channel), channels=[community.other_channel])
    alice.expect("typing", userId=community.alice.id)  # the channel is alive for those still in it
    heard = bob.frames_within(1.0)
    assert channel_frames(heard, community.channel) == [] and channel_frames(heard, community.other_channel) == []
    bob.send("join_channel", {"channelId": community.channel})
    assert bob.expect("error")["data"]["code"] == "CHANNEL_NOT_FOUND"


def test_a_banned_members_socket_stops_hearing_the_server_and_others_keep_theirs(community, connect, publish):
    bob = joined(connect(community.bob), community.channel)
    alice = joined(connect(community.alice), community.channel)
    banned = community.owner.post(f"/api/servers/{community.server['id']}/moderation/ban",
                                  json={"userId": community.bob.id, "reason": "спам", "duration": None})
    assert banned.status_code == 200, banned.get_json()
    assert alice.expect("member_updated", userId=community.bob.id)["data"]["role"] is None  # out of her list
    publish(event_for(community.channel), channels=[community.channel])
    alice.expect("new_message", channelId=community.channel)
    assert channel_frames(bob.frames_within(1.0), community.channel) == []


def test_a_member_who_leaves_the_server_stops_hearing_it(community, connect, publish):
    bob = joined(connect(community.bob), community.channel)
    left = community.bob.post(f"/api/servers/{community.server['id']}/leave")
    assert left.status_code in (200, 204), left.get_json()
    publish(event_for(community.channel), channels=[community.channel])
    assert channel_frames(bob.frames_within(1.0), community.channel) == []
