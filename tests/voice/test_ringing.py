"""A DM call rings once: a caller leaving and coming back within the cooldown after the call ended
(10 s) rings nobody; it may be declined once, only while it rings."""
from tests.dms.conftest import open_dm
from tests.voice.conftest import befriend, block, heard, nothing_of, refused, seated

NO_CALL = {"message": "Вам сейчас никто не звонит", "code": "NO_CALL"}


def dm_of(guild) -> int:
    befriend(guild.alice, guild.bob)
    return open_dm(guild.alice, guild.bob)["id"]


def rings(socket) -> list[dict]:
    return [f for f in socket.seen if f["type"] == "rtc_incoming_call"]


def hang_up(socket, channel_id: int) -> None:
    socket.send("rtc_leave_channel", {"channelId": channel_id})
    heard(socket, "rtc_voice_state", channelId=None)


def test_twenty_joins_and_leaves_ring_the_other_person_once(guild, connect, app):
    app.config["VOICE_JOIN_LIMIT"] = 100  # this is about ringing, not about the join limit
    channel_id = dm_of(guild)
    bob, alice = connect(guild.bob), connect(guild.alice)
    for n in range(20):
        seated(alice, channel_id, session=f"call-{n}")
        hang_up(alice, channel_id)
    for _ in range(20):  # bob hears every coming and going of the DM's voice: the last one ends his count
        heard(bob, "rtc_user_left", userId=guild.alice.id)
    assert [f["data"]["fromUserId"] for f in rings(bob)] == [guild.alice.id]


def test_an_answered_call_that_ended_rings_again_after_the_cooldown(guild, connect, app):
    app.config["VOICE_CALL_COOLDOWN"] = 0  # the cooldown's time itself: tests/voice/test_store.py
    channel_id = dm_of(guild)
    bob, alice = connect(guild.bob), connect(guild.alice)
    seated(alice, channel_id)
    heard(bob, "rtc_incoming_call")
    seated(bob, channel_id, session="bob")  # answered: the ring is over
    hang_up(bob, channel_id)
    hang_up(alice, channel_id)
    seated(alice, channel_id, session="again")
    assert heard(bob, "rtc_incoming_call")["data"]["channelId"] == channel_id


def test_a_decline_without_a_ringing_call_is_refused_and_nobody_hears_it(guild, connect):
    channel_id = dm_of(guild)
    bob, alice = connect(guild.bob), connect(guild.alice)
    for _ in range(5):
        bob.send("rtc_decline_call", {"channelId": channel_id})
        assert refused(bob) == NO_CALL
    seated(alice, channel_id)
    heard(bob, "rtc_incoming_call")
    for _ in range(3):
        bob.send("rtc_decline_call", {"channelId": channel_id})
    assert heard(alice, "rtc_call_declined")["data"] == {"channelId": channel_id, "userId": guild.bob.id}
    assert refused(bob) == NO_CALL and refused(bob) == NO_CALL  # once a ring
    alice.send("rtc_decline_call", {"channelId": channel_id})  # the caller declines nothing
    assert refused(alice) == NO_CALL
    nothing_of(alice, {"rtc_call_declined"})


def test_the_blocked_person_can_neither_ring_nor_decline(guild, connect):
    channel_id = dm_of(guild)
    block(guild.alice, guild.bob)
    alice, bob = connect(guild.alice), connect(guild.bob)
    bob.send("rtc_join_channel", {"channelId": channel_id})
    assert refused(bob) == {"message": "Пользователь не принимает личные сообщения", "code": "FORBIDDEN"}
    bob.send("rtc_decline_call", {"channelId": channel_id})
    assert refused(bob) == {"message": "Пользователь не принимает личные сообщения", "code": "FORBIDDEN"}
    nothing_of(alice, {"rtc_incoming_call", "rtc_call_declined"})
