"""Socket frames with ids out of range (≥ 2^63) get an `error` frame naming the field, never
INTERNAL_ERROR, and the socket goes on working."""
import pytest

from tests.realtime.conftest import QUIET, joined


@pytest.mark.parametrize("past", [2**31, 2**63])
@pytest.mark.parametrize("kind, extra", [("join_channel", {}), ("send_message", {"content": "x", "nonce": "n"}),
                                         ("typing", {}), ("leave_channel", {})])
def test_socket_frames_with_an_id_past_the_range_get_a_validation_error(community, connect, kind, extra, past):
    alice = joined(connect(community.alice), community.channel)
    alice.send(kind, {"channelId": past, **extra})
    error = alice.expect("error")["data"]
    assert error["code"] == "VALIDATION_ERROR" and error["errors"] == {"channelId": "Некорректный идентификатор"}
    alice.send("send_message", {"channelId": community.channel, "content": "живой", "nonce": "after"})
    assert alice.expect("message_sent", skip=QUIET | {"new_message"})["data"]["nonce"] == "after"


@pytest.mark.parametrize("reply", [2**31, 2**63, -1])
def test_a_socket_reply_past_the_range_gets_a_validation_error(community, connect, reply):
    alice = joined(connect(community.alice), community.channel)
    alice.send("send_message", {"channelId": community.channel, "content": "x", "nonce": "r", "replyToId": reply})
    assert alice.expect("error")["data"]["code"] == "VALIDATION_ERROR"


def test_a_socket_message_with_a_nul_is_refused_and_the_socket_goes_on(community, connect):
    alice = joined(connect(community.alice), community.channel)
    alice.send("send_message", {"channelId": community.channel, "content": "a\x00b", "nonce": "nul"})
    error = alice.expect("error")["data"]
    assert error["code"] == "VALIDATION_ERROR" and "content" in error["errors"]
    alice.send("reaction_add", {"messageId": 1, "emoji": "\x00"})
    assert alice.expect("error")["data"]["code"] == "VALIDATION_ERROR"
