"""How a call in a DM ends: declined, unanswered (VOICE_RING_SECONDS), given up by the caller, or
hung up by either of the two once answered — it ends for both, and every call leaves a line in the
DM ('Звонок, 12 мин', 'Пропущенный звонок'); a missed call is a notification for the callee."""
from tests.dms.conftest import open_dm
from tests.voice.conftest import befriend, fits_the_document, heard, nothing_of, seated


def dm_of(guild) -> int:
    befriend(guild.alice, guild.bob)
    return open_dm(guild.alice, guild.bob)["id"]


def last_line(person, channel_id: int) -> dict:
    response = person.get(f"/api/messages/{channel_id}/messages")
    assert response.status_code == 200, response.get_json()
    return response.get_json()["messages"][-1]


def call_lines(person, channel_id: int) -> list[dict]:
    messages = person.get(f"/api/messages/{channel_id}/messages").get_json()["messages"]
    return [m["call"] for m in messages if m["messageType"] == "call"]


def missed_calls(person) -> list[dict]:
    found = person.get("/api/notifications").get_json()["notifications"]
    return [n for n in found if n["type"] == "MISSED_CALL"]


def test_a_declined_call_ends_for_the_caller_and_leaves_a_line(guild, connect):
    channel_id = dm_of(guild)
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, channel_id)
    heard(bob, "rtc_incoming_call")
    bob.send("rtc_decline_call", {"channelId": channel_id})
    heard(alice, "rtc_call_declined", userId=guild.bob.id)
    assert heard(alice, "rtc_voice_state", channelId=None)["data"]["participants"] == []  # the seat is gone
    heard(bob, "channel_activity", channelId=channel_id, authorId=guild.alice.id)  # the line, live
    line = last_line(guild.bob, channel_id)
    assert (line["messageType"], line["content"], line["author"]["id"]) == ("call", "", guild.alice.id)
    assert line["call"] == {"outcome": "declined", "seconds": None}
    assert missed_calls(guild.bob) == []  # he said no: nothing to tell him
    fits_the_document(alice, bob)


def test_an_unanswered_call_ends_after_the_ring_and_is_a_missed_call(guild, connect, app):
    app.config["VOICE_RING_SECONDS"] = 0.5
    channel_id = dm_of(guild)
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, channel_id)
    heard(bob, "rtc_incoming_call")
    ended = heard(alice, "rtc_call_ended", timeout=5)["data"]
    assert ended == {"channelId": channel_id, "reason": "unanswered", "userId": None}
    heard(alice, "rtc_voice_state", channelId=None)
    assert heard(bob, "notification")["data"]["notification"]["type"] == "MISSED_CALL"
    heard(bob, "rtc_user_left", userId=guild.alice.id)  # his ringing prompt goes
    assert call_lines(guild.bob, channel_id) == [{"outcome": "missed", "seconds": None}]
    (missed,) = missed_calls(guild.bob)
    assert missed["actor"]["id"] == guild.alice.id and missed["link"] == f"/app/friends?dm={guild.alice.id}"
    assert missed["text"].startswith("Пропущенный звонок от")
    bob.send("rtc_decline_call", {"channelId": channel_id})  # too late to decline
    assert heard(bob, "error")["data"]["code"] == "NO_CALL"
    fits_the_document(alice, bob)


def test_a_caller_who_gives_up_leaves_a_missed_call(guild, connect):
    channel_id = dm_of(guild)
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, channel_id)
    heard(bob, "rtc_incoming_call")
    alice.send("rtc_leave_channel", {"channelId": channel_id})
    heard(bob, "rtc_user_left", userId=guild.alice.id)
    heard(bob, "notification")
    assert call_lines(guild.alice, channel_id) == [{"outcome": "missed", "seconds": None}]
    assert len(missed_calls(guild.bob)) == 1 and missed_calls(guild.alice) == []


def test_hanging_up_an_answered_call_ends_it_for_both(guild, connect, app):
    app.config["VOICE_RING_SECONDS"] = 0.5  # answered in time: the ring's end changes nothing
    channel_id = dm_of(guild)
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, channel_id)
    heard(bob, "rtc_incoming_call")
    seated(bob, channel_id, session="bob")
    nothing_of(alice, {"rtc_call_ended", "rtc_voice_state"}, seconds=1.2)  # the ring's time passed: still on
    bob.send("rtc_leave_channel", {"channelId": channel_id})
    for socket in (alice, bob):
        assert heard(socket, "rtc_call_ended")["data"] == {"channelId": channel_id, "reason": "ended",
                                                           "userId": guild.bob.id}
    assert heard(alice, "rtc_voice_state", channelId=None)["data"]["participants"] == []  # her seat went too
    (record,) = call_lines(guild.alice, channel_id)
    assert record["outcome"] == "answered" and record["seconds"] >= 1
    assert last_line(guild.alice, channel_id)["author"]["id"] == guild.alice.id  # the caller's line
    assert missed_calls(guild.bob) == []
    fits_the_document(alice, bob)


def test_a_call_line_cannot_be_edited(guild, connect):
    channel_id = dm_of(guild)
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, channel_id)
    heard(bob, "rtc_incoming_call")
    bob.send("rtc_decline_call", {"channelId": channel_id})
    heard(alice, "rtc_call_declined")
    line = last_line(guild.alice, channel_id)
    response = guild.alice.patch(f"/api/messages/{line['id']}", json={"content": "не было звонка"})
    assert response.status_code == 403
    assert response.get_json() == {"message": "Строку о звонке нельзя изменить", "code": "FORBIDDEN"}


def test_a_call_within_the_cooldown_rings_nobody_and_still_ends_unanswered(guild, connect, app):
    app.config["VOICE_RING_SECONDS"] = 0.5
    channel_id = dm_of(guild)
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, channel_id)
    alice.send("rtc_leave_channel", {"channelId": channel_id})  # given up: a missed call, and the cooldown
    heard(bob, "notification")
    seated(alice, channel_id, session="again")
    assert heard(alice, "rtc_call_ended", timeout=5)["data"]["reason"] == "unanswered"
    assert len([f for f in bob.seen if f["type"] == "rtc_incoming_call"]) == 1  # the first call's ring only
    assert call_lines(guild.alice, channel_id) == [{"outcome": "missed", "seconds": None}]  # one line, one call
