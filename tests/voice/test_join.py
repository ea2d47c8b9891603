"""Taking a seat: who may, the answer and what the room hears, the limit, moving, resuming and
another tab taking over."""
import pytest

from tests.voice.conftest import (FULL_AT_8, fits_the_document, heard, nothing_of, offer, refused, seated, state)

ROOM = {"rtc_user_joined", "rtc_user_left"}


def test_a_member_takes_a_seat_and_the_servers_members_hear_it(guild, connect):
    bob = connect(guild.bob)
    alice = connect(guild.alice)
    answer = seated(alice, guild.voice, muted=True)
    assert answer == {"channelId": guild.voice, "serverId": guild.server["id"], "sessionId": "tab-1",
                      "participants": [state(guild.alice, muted=True)], "limit": 8}
    joined = {"channelId": guild.voice, "serverId": guild.server["id"], "userId": guild.alice.id,
              "username": "alice", "state": state(guild.alice, muted=True)}
    assert heard(bob, "rtc_user_joined")["data"] == joined
    assert heard(alice, "rtc_user_joined")["data"] == joined  # the joiner too
    fits_the_document(alice, bob)


def test_the_next_joiner_gets_everyone_already_there(guild, connect):
    seated(connect(guild.alice), guild.voice)
    answer = seated(connect(guild.bob), guild.voice, session="bob-1", deafened=True)
    assert answer["participants"] == [state(guild.alice), state(guild.bob, muted=True, deafened=True)]


def test_someone_outside_the_server_is_refused_as_if_the_channel_did_not_exist(guild, connect):
    bob = connect(guild.bob)
    intruder = connect(guild.mallory)
    intruder.send("rtc_join_channel", {"channelId": guild.voice})
    assert refused(intruder) == {"message": "Канал не найден", "code": "CHANNEL_NOT_FOUND"}
    nothing_of(bob, ROOM)


def test_a_text_channel_has_no_seats(guild, connect):
    alice = connect(guild.alice)
    alice.send("rtc_join_channel", {"channelId": guild.text})
    assert refused(alice) == {"message": "Это не голосовой канал", "code": "NOT_VOICE_CHANNEL"}


def test_the_room_refuses_one_past_its_limit_and_the_refused_keeps_their_seat(app, guild, connect):
    app.config["VOICE_CHANNEL_LIMIT"] = 2
    seated(connect(guild.alice), guild.voice)
    seated(connect(guild.bob), guild.voice, session="bob")
    carol = connect(guild.carol)
    seated(carol, guild.lounge, session="carol")
    carol.send("rtc_join_channel", {"channelId": guild.voice, "sessionId": "carol-2"})
    assert refused(carol) == {"message": "В голосовом канале нет свободных мест: максимум 2 участника",
                              "code": "VOICE_CHANNEL_FULL"}
    carol.send("user_state_request", {"channelId": guild.voice})
    rooms = heard(carol, "channel_states")["data"]["channels"]
    assert [p["userId"] for p in rooms[str(guild.lounge)]] == [guild.carol.id]
    assert len(rooms[str(guild.voice)]) == 2


def test_the_full_message_names_the_default_limit(app):
    from lobby.voice.access import channel_full

    with app.app_context():
        assert channel_full(8).message == FULL_AT_8 and channel_full(8).status == 409


def test_a_re_join_of_ones_own_seat_is_never_full(app, guild, connect):
    app.config["VOICE_CHANNEL_LIMIT"] = 1
    alice = connect(guild.alice)
    seated(alice, guild.voice)
    assert seated(alice, guild.voice)["participants"] == [state(guild.alice)]


def test_joining_another_channel_leaves_the_first_on_every_tab(guild, connect):
    bob = connect(guild.bob)
    alice, other_tab = connect(guild.alice), connect(guild.alice)
    seated(alice, guild.voice)
    heard(other_tab, "rtc_voice_state", channelId=guild.voice)
    seated(alice, guild.lounge, session="tab-2")
    assert heard(bob, "rtc_user_left", channelId=guild.voice)["data"] == {
        "channelId": guild.voice, "serverId": guild.server["id"], "userId": guild.alice.id}
    heard(bob, "rtc_user_joined", channelId=guild.lounge, userId=guild.alice.id)
    moved = heard(other_tab, "rtc_voice_state", channelId=guild.lounge)["data"]
    assert moved["sessionId"] == "tab-2" and moved["participants"] == [state(guild.alice)]


def test_another_tab_takes_the_seat_and_the_first_tab_stops(guild, connect):
    bob = connect(guild.bob)
    seated(bob, guild.voice, session="bob")
    first, second = connect(guild.alice), connect(guild.alice)
    seated(first, guild.voice, session="first")
    heard(bob, "rtc_user_joined", userId=guild.alice.id)
    seated(second, guild.voice, session="second")
    told = heard(first, "rtc_voice_state")["data"]
    assert told["channelId"] == guild.voice and told["sessionId"] == "second"
    heard(bob, "rtc_user_left", userId=guild.alice.id)
    heard(bob, "rtc_user_joined", userId=guild.alice.id)  # bob's peer renegotiates with the new tab
    first.send("rtc_offer", offer(guild.bob))
    assert refused(first)["code"] == "NOT_IN_VOICE"
    second.send("rtc_offer", offer(guild.bob))
    assert heard(bob, "rtc_offer")["data"]["fromUserId"] == guild.alice.id


def test_a_resume_within_grace_keeps_the_seat_silently(app, guild, connect):
    app.config["VOICE_GRACE_SECONDS"] = 1.0
    bob = connect(guild.bob)
    seated(bob, guild.voice, session="bob")
    alice = connect(guild.alice)
    seated(alice, guild.voice, session="same", muted=True)
    heard(bob, "rtc_user_joined", userId=guild.alice.id)
    alice.close()
    back = connect(guild.alice)
    answer = seated(back, guild.voice, session="same")
    assert answer["participants"] == [state(guild.alice, muted=True), state(guild.bob)]  # its state kept
    nothing_of(bob, ROOM, seconds=1.6)  # past the grace: the old socket's timer finds the seat resumed
    back.send("rtc_offer", offer(guild.bob))
    heard(bob, "rtc_offer", fromUserId=guild.alice.id)


def test_leaving_answers_nowhere_and_the_room_hears_it(guild, connect):
    bob = connect(guild.bob)
    alice = connect(guild.alice)
    seated(alice, guild.voice)
    alice.send("rtc_leave_channel", {"channelId": guild.voice}, message_id="bye")
    frame = heard(alice, "rtc_voice_state", channelId=None)
    assert frame["messageId"] == "bye" and frame["data"] == {
        "channelId": None, "serverId": None, "sessionId": None, "participants": [], "limit": 8}
    heard(bob, "rtc_user_left", userId=guild.alice.id)
    alice.send("rtc_offer", offer(guild.bob))
    assert refused(alice)["code"] == "NOT_IN_VOICE"
    fits_the_document(alice, bob)


@pytest.mark.parametrize("data, field", [
    ({"channelId": "7"}, "channelId"),
    ({"channelId": 7.0}, "channelId"),
    ({}, "channelId"),
    ({"channelId": 1, "sessionId": "x" * 65}, "sessionId"),
    ({"channelId": 1, "sessionId": 5}, "sessionId"),
    ({"channelId": 1, "muted": "да"}, "muted"),
    ({"channelId": 1, "deafened": 1}, "deafened"),
])
def test_a_malformed_join_is_refused_and_changes_nothing(guild, connect, data, field):
    bob = connect(guild.bob)
    alice = connect(guild.alice)
    alice.send("rtc_join_channel", {**data, **({"channelId": guild.voice} if data.get("channelId") == 1 else {})})
    error = refused(alice)
    assert error["code"] == "VALIDATION_ERROR" and list(error["errors"]) == [field]
    nothing_of(bob, ROOM)


def test_a_seat_carries_the_persons_picture_as_it_is_when_they_sit_down(guild, connect):
    from tests.settings.test_avatar_api import picture, upload
    bob = connect(guild.bob)
    alice = connect(guild.alice)  # connected before the picture: the seat still has the new one
    url = upload(guild.alice, picture()).get_json()["settings"]["profile"]["avatarUrl"]
    answer = seated(alice, guild.voice)
    assert answer["participants"] == [state(guild.alice, profileImageUrl=url)]
    assert heard(bob, "rtc_user_joined")["data"]["state"]["profileImageUrl"] == url
    fits_the_document(alice, bob)
