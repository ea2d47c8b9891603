"""Messages over the socket: send, edit, delete, react. The sender gets its answer; everyone
joined to the channel gets the event, sent by the same `do_*` the HTTP API calls."""
from tests.realtime.conftest import QUIET, joined


def sent(socket, channel_id: int, content: str, nonce: str, **extra) -> dict:
    socket.send("send_message", {"channelId": channel_id, "content": content, "nonce": nonce,
                                 "messageType": "text", **extra})
    frame = socket.expect("message_sent", skip=QUIET | {"new_message"}, nonce=nonce)
    return frame["data"]["message"]


def test_a_sent_message_answers_the_sender_and_reaches_the_joined_members(community, connect):
    alice = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    owner_elsewhere = joined(connect(community.owner), community.other_channel)
    message = sent(alice, community.channel, "  Привет, <b>мир</b>  ", "n-1")
    assert message["content"] == "Привет, <b>мир</b>" and message["author"]["id"] == community.alice.id
    assert message["channelId"] == community.channel
    assert bob.expect("new_message")["data"]["id"] == message["id"]
    assert [f for f in owner_elsewhere.frames_within(0.5) if f["type"] == "new_message"] == []


def test_a_resend_with_the_same_nonce_makes_no_second_message(community, connect):
    alice = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    first = sent(alice, community.channel, "один раз", "same")
    again = sent(alice, community.channel, "один раз", "same")
    assert again["id"] == first["id"]
    assert [f["data"]["id"] for f in bob.frames_within(0.7) if f["type"] == "new_message"] == [first["id"]]


def test_a_nonce_used_in_another_channel_answers_conflict_not_that_message(community, connect):
    alice = joined(connect(community.alice), community.channel)
    sent(alice, community.channel, "только для этого канала", "mine")
    alice.send("send_message", {"channelId": community.other_channel, "content": "x", "nonce": "mine"})
    error = alice.expect("error", skip=QUIET | {"new_message"})["data"]
    assert error["code"] == "NONCE_CONFLICT" and error["nonce"] == "mine"
    assert "только для этого канала" not in str(error)


def test_a_reply_names_the_message_it_answers(community, connect):
    alice = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    question = sent(alice, community.channel, "кто играет?", "q")
    answer = sent(bob, community.channel, "я", "a", replyToId=question["id"])
    assert answer["replyToId"] == question["id"]
    # Her own message's new_message may come before or after her message_sent (via Redis): step over it.
    reply = alice.expect("new_message", skip=QUIET | {"new_message"}, id=answer["id"])
    assert reply["data"]["replyTo"]["content"] == "кто играет?"


def test_a_non_member_cannot_send_and_the_channel_hears_nothing(community, connect):
    bob = joined(connect(community.bob), community.channel)
    mallory = connect(community.mallory)
    mallory.send("send_message", {"channelId": community.channel, "content": "спам", "nonce": "m-1"})
    error = mallory.expect("error")["data"]
    assert error == {"message": "Канал не найден", "code": "CHANNEL_NOT_FOUND", "nonce": "m-1"}
    assert [f for f in bob.frames_within(0.7) if f["type"] == "new_message"] == []


def test_an_empty_message_is_refused_with_its_nonce(community, connect):
    alice = joined(connect(community.alice), community.channel)
    alice.send("send_message", {"channelId": community.channel, "content": "   ", "nonce": "empty"})
    error = alice.expect("error")["data"]
    assert error["code"] == "VALIDATION_ERROR" and error["nonce"] == "empty" and "content" in error["errors"]


def test_an_edit_reaches_the_channel_and_only_the_author_may_edit(community, connect):
    alice = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    message = sent(alice, community.channel, "опечтка", "e")
    bob.expect("new_message", id=message["id"])
    alice.send("edit_message", {"messageId": message["id"], "content": "опечатка"})
    edited = bob.expect("message_edited", id=message["id"])["data"]
    assert edited["content"] == "опечатка" and edited["editedAt"]
    bob.send("edit_message", {"messageId": message["id"], "content": "взлом"})
    assert bob.expect("error", skip=QUIET | {"message_edited"})["data"]["code"] == "FORBIDDEN"


def test_a_delete_reaches_the_channel_and_a_stranger_cannot_delete(community, connect):
    alice = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    mallory = connect(community.mallory)
    message = sent(alice, community.channel, "удалю", "d")
    mallory.send("delete_message", {"messageId": message["id"]})
    assert mallory.expect("error")["data"]["code"] == "CHANNEL_NOT_FOUND"
    bob.send("delete_message", {"messageId": message["id"]})
    assert bob.expect("error", skip=QUIET | {"new_message"})["data"]["code"] == "FORBIDDEN"
    alice.send("delete_message", {"messageId": message["id"]})
    deleted = bob.expect("message_deleted")["data"]
    assert deleted["messageId"] == message["id"] and deleted["channelId"] == community.channel


def test_reactions_are_added_and_removed_live(community, connect):
    alice = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    message = sent(alice, community.channel, "голосуем", "r")
    bob.send("reaction_add", {"messageId": message["id"], "emoji": "👍"})
    added = alice.expect("reaction_added", skip=QUIET | {"new_message"})["data"]
    assert added == {"messageId": message["id"], "channelId": community.channel, "emoji": "👍",
                     "userId": community.bob.id, "count": 1}
    bob.send("reaction_remove", {"messageId": message["id"], "emoji": "👍"})
    removed = alice.expect("reaction_removed")["data"]
    assert removed == {**added, "count": 0}


def test_a_stranger_cannot_react(community, connect):
    alice = joined(connect(community.alice), community.channel)
    message = sent(alice, community.channel, "только для своих", "s")
    mallory = connect(community.mallory)
    mallory.send("reaction_add", {"messageId": message["id"], "emoji": "👎"})
    assert mallory.expect("error")["data"]["code"] == "CHANNEL_NOT_FOUND"
    assert [f for f in alice.frames_within(0.7) if f["type"] == "reaction_added"] == []


def test_a_message_sent_over_http_reaches_the_socket(community, connect):
    bob = joined(connect(community.bob), community.channel)
    response = community.alice.post(f"/api/messages/{community.channel}/messages",
                                    json={"content": "через API", "nonce": "http-1"})
    assert response.status_code == 201, response.get_json()
    assert bob.expect("new_message")["data"]["content"] == "через API"


def test_a_sender_outside_the_channel_gets_each_change_as_its_answer(community, connect):
    alice = connect(community.alice)  # has joined no channel
    message = sent(alice, community.channel, "черновик", "outside")
    alice.send("edit_message", {"messageId": message["id"], "content": "исправлено"}, message_id="e1")
    edited = alice.expect("message_edited")
    assert edited["messageId"] == "e1" and edited["data"]["content"] == "исправлено"
    alice.send("reaction_add", {"messageId": message["id"], "emoji": "🎉"}, message_id="r1")
    added = alice.expect("reaction_added")
    assert added["messageId"] == "r1" and (added["data"]["userId"], added["data"]["count"]) == (community.alice.id, 1)
    alice.send("reaction_remove", {"messageId": message["id"], "emoji": "🎉"}, message_id="r2")
    assert alice.expect("reaction_removed")["data"]["count"] == 0
    alice.send("delete_message", {"messageId": message["id"]}, message_id="d1")
    assert alice.expect("message_deleted")["data"] == {"id": message["id"], "messageId": message["id"],
                                                       "channelId": community.channel}


def test_a_sender_in_the_channel_hears_each_change_once(community, connect):
    alice = joined(connect(community.alice), community.channel)
    message = sent(alice, community.channel, "один", "inside")
    alice.send("edit_message", {"messageId": message["id"], "content": "два"})
    assert alice.expect("message_edited", skip=QUIET | {"new_message"})["data"]["content"] == "два"
    assert [f for f in alice.frames_within(0.7) if f["type"] == "message_edited"] == []  # no second copy


def test_a_reaction_that_changes_nothing_is_still_answered_in_the_channel(community, connect):
    """Given twice, or taken back when never given: nobody else hears of it, so the sender's socket
    (in the channel, where changes usually come back from the channel) gets the answer itself."""
    alice = joined(connect(community.alice), community.channel)
    message = sent(alice, community.channel, "реакции", "twice")
    alice.send("reaction_add", {"messageId": message["id"], "emoji": "🔥"}, message_id="a1")
    alice.expect("reaction_added", skip=QUIET | {"new_message"})
    alice.send("reaction_add", {"messageId": message["id"], "emoji": "🔥"}, message_id="a2")
    again = alice.expect("reaction_added", skip=QUIET | {"new_message"})
    assert again["messageId"] == "a2" and again["data"] == {
        "messageId": message["id"], "channelId": community.channel, "emoji": "🔥", "userId": community.alice.id,
        "count": 1}
    alice.send("reaction_remove", {"messageId": message["id"], "emoji": "👀"}, message_id="r1")
    never = alice.expect("reaction_removed", skip=QUIET | {"new_message"})
    assert never["messageId"] == "r1"
