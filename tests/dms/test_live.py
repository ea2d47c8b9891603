"""A DM over the live socket: the same frames as a server's channel (join, send, typing, edit,
delete, reactions), for its two people only; a block refuses sending there too."""
import pytest

from tests.dms.conftest import block, joined

SKIP = {"ping", "user_status", "channel_activity", "notification", "read_state",  # frames these tests are not about
        "friend_status_changed", "friend_activity", "friend_removed"}


def sent(socket, channel_id: int, content: str, nonce: str) -> dict:
    socket.send("send_message", {"channelId": channel_id, "content": content, "nonce": nonce, "messageType": "text"})
    return socket.expect("message_sent", skip=SKIP | {"new_message"}, nonce=nonce)["data"]["message"]


def test_a_dm_reaches_the_other_person_live(dm, connect):
    alice, bob, channel_id = dm
    alice_socket, bob_socket = joined(connect(alice), channel_id), joined(connect(bob), channel_id)
    message = sent(alice_socket, channel_id, "привет по сокету", "live-1")
    assert message["channelId"] == channel_id and message["author"]["id"] == alice.id
    heard = bob_socket.expect("new_message", skip=SKIP, id=message["id"])["data"]
    assert heard["content"] == "привет по сокету"


def test_typing_edits_deletes_and_reactions_reach_the_other_person(dm, connect):
    alice, bob, channel_id = dm
    alice_socket, bob_socket = joined(connect(alice), channel_id), joined(connect(bob), channel_id)
    message = sent(alice_socket, channel_id, "опечатко", "live-2")
    bob_socket.expect("new_message", skip=SKIP, id=message["id"])
    alice_socket.send("typing", {"channelId": channel_id, "isTyping": True})
    assert bob_socket.expect("typing", skip=SKIP)["data"]["userId"] == alice.id
    alice_socket.send("edit_message", {"messageId": message["id"], "content": "опечатка"})
    assert bob_socket.expect("message_edited", skip=SKIP | {"typing"})["data"]["content"] == "опечатка"
    bob_socket.send("reaction_add", {"messageId": message["id"], "emoji": "👍"})
    assert alice_socket.expect("reaction_added", skip=SKIP | {"typing", "message_edited", "new_message"})[
        "data"]["userId"] == bob.id
    alice_socket.send("delete_message", {"messageId": message["id"]})
    assert bob_socket.expect("message_deleted", skip=SKIP | {"typing", "reaction_added"})["data"]["id"] == message["id"]


def test_a_stranger_can_neither_join_nor_write_nor_type(dm, connect, mallory):
    alice, bob, channel_id = dm
    bob_socket = joined(connect(bob), channel_id)
    intruder = connect(mallory)
    intruder.send("join_channel", {"channelId": channel_id})
    assert intruder.expect("error", skip=SKIP)["data"]["code"] == "CHANNEL_NOT_FOUND"
    intruder.send("send_message", {"channelId": channel_id, "content": "спам", "nonce": "m-1"})
    assert intruder.expect("error", skip=SKIP)["data"] == {
        "message": "Канал не найден", "code": "CHANNEL_NOT_FOUND", "nonce": "m-1"}
    intruder.send("typing", {"channelId": channel_id, "isTyping": True})
    assert intruder.expect("error", skip=SKIP)["data"]["code"] == "CHANNEL_NOT_FOUND"
    assert [f for f in bob_socket.frames_within(0.7) if f["type"] in ("new_message", "typing")] == []


@pytest.mark.parametrize("blocker", ["alice", "bob"])
def test_a_block_either_way_refuses_a_send_over_the_socket(dm, connect, blocker):
    alice, bob, channel_id = dm
    bob_socket = joined(connect(bob), channel_id)
    alice_socket = joined(connect(alice), channel_id)
    block(*((alice, bob) if blocker == "alice" else (bob, alice)))
    alice_socket.send("send_message", {"channelId": channel_id, "content": "эй", "nonce": "b-1"})
    error = alice_socket.expect("error", skip=SKIP)["data"]
    # Only the blocker hears of the block; the blocked one is refused as a privacy setting refuses.
    assert (error["code"], error["nonce"]) == ("USER_BLOCKED" if blocker == "alice" else "DM_NOT_ALLOWED", "b-1")
    assert [f for f in bob_socket.frames_within(0.7) if f["type"] == "new_message"] == []
