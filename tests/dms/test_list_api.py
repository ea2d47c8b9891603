"""`GET /api/dms`: the caller's conversations, newest activity first, each with its last message."""
from tests.dms.conftest import befriend, conversations, open_dm, say


def test_nobody_has_conversations_at_first(alice):
    assert conversations(alice) == []


def test_a_conversation_lists_the_other_person_its_last_message_and_read_state(dm):
    alice, bob, channel_id = dm
    say(alice, channel_id, "привет")
    last = say(bob, channel_id, "и тебе привет")
    [mine] = conversations(alice)
    assert mine["channel"]["id"] == channel_id and mine["channel"]["name"] == "bob"
    assert mine["channel"]["recipient"]["id"] == bob.id and mine["channel"]["serverId"] is None
    assert mine["lastMessage"]["id"] == last["id"] and mine["lastMessage"]["content"] == "и тебе привет"
    assert mine["lastMessage"]["author"]["id"] == bob.id and mine["lastMessage"]["channelId"] == channel_id
    assert (mine["unread"], mine["mentions"]) == (1, 0)  # bob's message; her own is never unread
    [theirs] = conversations(bob)
    assert theirs["channel"]["name"] == "alice" and theirs["lastMessage"]["id"] == last["id"]


def test_newest_activity_first_and_an_empty_conversation_by_when_it_was_opened(alice, bob, people):
    carol, dave = people("carol"), people("dave")
    for other in (bob, carol, dave):
        befriend(alice, other)
    with_bob, with_carol = open_dm(alice, bob)["id"], open_dm(alice, carol)["id"]
    say(bob, with_bob, "раньше")
    say(carol, with_carol, "позже")
    with_dave = open_dm(dave, alice)["id"]  # opened last, nothing written yet
    assert [c["channel"]["id"] for c in conversations(alice)] == [with_dave, with_carol, with_bob]
    say(alice, with_bob, "снова")
    assert [c["channel"]["id"] for c in conversations(alice)] == [with_bob, with_dave, with_carol]
    assert [c["lastMessage"] and c["lastMessage"]["content"] for c in conversations(alice)] == [
        "снова", None, "позже"]


def test_the_last_message_is_the_newest_still_there(dm):
    alice, bob, channel_id = dm
    kept = say(alice, channel_id, "останется")
    gone = say(alice, channel_id, "уйдет")
    assert alice.delete(f"/api/messages/{gone['id']}").status_code == 200
    [conversation] = conversations(bob)
    assert conversation["lastMessage"]["id"] == kept["id"]


def test_others_conversations_are_not_listed(dm, mallory):
    assert conversations(mallory) == []


def test_unread_and_mentions_come_from_the_read_markers(dm):
    alice, bob, channel_id = dm
    mine = say(alice, channel_id, "моё не считается")
    say(bob, channel_id, "раз")
    last = say(bob, channel_id, "@alice два")
    [conversation] = conversations(alice)
    assert (conversation["unread"], conversation["mentions"]) == (2, 1)
    response = alice.post(f"/api/channels/{channel_id}/read", json={"messageId": last["id"]})
    assert response.status_code == 200, response.get_json()
    [conversation] = conversations(alice)
    assert (conversation["lastReadId"], conversation["unread"], conversation["mentions"]) == (last["id"], 0, 0)
    assert conversations(bob)[0]["unread"] == 1 and mine["id"] < last["id"]
