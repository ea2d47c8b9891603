"""Calls in a DM: a seat in the conversation's channel rings the other person on every tab; they
may join or decline; a block refuses a call and ends one under way."""
from tests.dms.conftest import open_dm
from tests.voice.conftest import block, befriend, fits_the_document, heard, nothing_of, refused, seated, state


def dm_of(guild) -> int:
    befriend(guild.alice, guild.bob)
    return open_dm(guild.alice, guild.bob)["id"]


def test_a_call_rings_the_other_person_on_every_tab_and_they_can_answer(guild, connect):
    channel_id = dm_of(guild)
    bob_tabs = [connect(guild.bob), connect(guild.bob)]
    alice = connect(guild.alice)
    answer = seated(alice, channel_id)
    assert answer["serverId"] is None and answer["participants"] == [state(guild.alice)]
    for tab in bob_tabs:
        assert heard(tab, "rtc_incoming_call")["data"] == {"channelId": channel_id, "fromUserId": guild.alice.id,
                                                           "fromUsername": "alice",
                                                           "fromDisplayName": state(guild.alice)["displayName"]}
    seated(bob_tabs[0], channel_id, session="bob")
    heard(alice, "rtc_user_joined", userId=guild.bob.id, serverId=None)
    nothing_of(alice, {"rtc_incoming_call"})  # only the first of the two rings
    alice.send("rtc_offer", {"targetUserId": guild.bob.id, "sdp": "v=0 call"})
    assert heard(bob_tabs[0], "rtc_offer")["data"]["channelId"] == channel_id
    fits_the_document(alice, *bob_tabs)


def test_declining_tells_the_caller(guild, connect):
    channel_id = dm_of(guild)
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, channel_id)
    heard(bob, "rtc_incoming_call")
    bob.send("rtc_decline_call", {"channelId": channel_id})
    assert heard(alice, "rtc_call_declined")["data"] == {"channelId": channel_id, "userId": guild.bob.id}
    bob.send("rtc_decline_call", {"channelId": guild.voice})
    assert refused(bob)["code"] == "NOT_A_DM"


def test_a_stranger_cannot_sit_in_a_dm(guild, connect):
    channel_id = dm_of(guild)
    intruder = connect(guild.carol)
    intruder.send("rtc_join_channel", {"channelId": channel_id})
    assert refused(intruder)["code"] == "CHANNEL_NOT_FOUND"
    intruder.send("user_state_request", {"channelId": channel_id})
    assert refused(intruder)["code"] == "CHANNEL_NOT_FOUND"


def test_a_block_refuses_a_call(guild, connect):
    channel_id = dm_of(guild)
    block(guild.bob, guild.alice)
    alice = connect(guild.alice)
    alice.send("rtc_join_channel", {"channelId": channel_id})
    # The words a privacy refusal gives: the blocked one does not learn of the block.
    assert refused(alice) == {"message": "Пользователь не принимает личные сообщения", "code": "FORBIDDEN"}


def test_a_block_ends_a_call_under_way(guild, connect):
    channel_id = dm_of(guild)
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, channel_id)
    seated(bob, channel_id, session="bob")
    block(guild.bob, guild.alice)
    assert heard(alice, "rtc_voice_state", channelId=None)["data"]["channelId"] is None
    assert heard(bob, "rtc_voice_state", channelId=None)["data"]["channelId"] is None
    bob.send("user_state_request", {"channelId": channel_id})
    assert heard(bob, "channel_states")["data"] == {"serverId": None, "channels": {str(channel_id): []}}
