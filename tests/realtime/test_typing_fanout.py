"""Typing reaches a channel at most once per person and channel every few seconds (3 s; 1 s here):
a flood of typing frames costs a bystander one start and one stop. In a DM closed by a block,
neither of the two hears the other type; in a server's channel a block changes nothing."""
import os
import time

import pytest

from tests.friends.conftest import block
from tests.realtime.conftest import QUIET, Socket, joined
from tests.realtime.test_processes import two_processes  # noqa: F401 (fixture)

PRODUCTION = bool(os.environ.get("REDIS_URL"))


def typing_of(socket, person) -> list[bool]:
    return [f["data"]["isTyping"] for f in socket.seen if f["type"] == "typing" and f["data"]["userId"] == person.id]


def marker(sender, listener, channel_id: int, content: str) -> None:
    """Once `listener` hears this message, it has heard everything `sender`'s frames before it set off."""
    sender.send("send_message", {"channelId": channel_id, "content": content, "nonce": content})
    while True:
        frame = listener.expect("new_message", timeout=5, skip=QUIET | {"typing"})
        if frame["data"]["content"] == content:
            return


@pytest.fixture
def open_socket_budget(app):
    """This is about what the server tells others, not about the socket's own frame budget."""
    app.config.update(SOCKET_RATE=1000.0, SOCKET_BURST=1000)


def test_a_flood_of_typing_reaches_a_bystander_as_one_start_and_one_stop(community, connect, open_socket_budget):
    bob = joined(connect(community.bob), community.channel)
    alice = joined(connect(community.alice), community.channel)
    for n in range(300):
        alice.send("typing", {"channelId": community.channel, "isTyping": n % 2 == 0})
    marker(alice, bob, community.channel, "после потока")
    assert typing_of(bob, community.alice) == [True, False]


def test_a_stop_without_a_start_is_told_to_nobody(community, connect):
    bob = joined(connect(community.bob), community.channel)
    alice = joined(connect(community.alice), community.channel)
    alice.send("typing", {"channelId": community.channel, "isTyping": False})
    marker(alice, bob, community.channel, "без начала")
    assert typing_of(bob, community.alice) == []


def test_a_long_stretch_of_typing_is_told_again_after_each_gap(app, community, connect):
    app.config["TYPING_GAP_SECONDS"] = 1
    bob = joined(connect(community.bob), community.channel)
    alice = joined(connect(community.alice), community.channel)
    started = time.monotonic()
    heard_at = []
    while time.monotonic() - started < 2.5:  # a client repeating its start ten times a second
        alice.send("typing", {"channelId": community.channel, "isTyping": True})
        for frame in bob.frames_within(0.1):
            if frame["type"] == "typing":
                heard_at.append(time.monotonic())
    heard_at += [time.monotonic() for f in bob.frames_within(0.3) if f["type"] == "typing"]
    assert 2 <= len(heard_at) <= 3, heard_at
    assert all(later - earlier >= 0.8 for earlier, later in zip(heard_at, heard_at[1:])), heard_at


def test_each_channel_has_its_own_gap(community, connect):
    bob = joined(joined(connect(community.bob), community.channel), community.other_channel)
    alice = connect(community.alice)
    for channel_id in (community.channel, community.other_channel, community.channel):
        alice.send("typing", {"channelId": channel_id, "isTyping": True})
    marker(joined(alice, community.channel), bob, community.channel, "два канала")
    assert sorted(f["data"]["channelId"] for f in bob.seen if f["type"] == "typing") == sorted(
        [community.channel, community.other_channel])


@pytest.fixture
def blocked_dm(community):
    """alice and bob's DM, after alice blocked bob (they share the community's server)."""
    from tests.dms.conftest import open_dm
    from tests.friends.conftest import befriend

    befriend(community.alice, community.bob)
    channel_id = open_dm(community.alice, community.bob)["id"]
    block(community.alice, community.bob)
    return channel_id


def test_in_a_dm_closed_by_a_block_neither_hears_the_other_type(community, connect, blocked_dm):
    alice = joined(connect(community.alice), blocked_dm)
    bob = joined(connect(community.bob), blocked_dm)
    alice.send("typing", {"channelId": blocked_dm, "isTyping": True})
    bob.send("typing", {"channelId": blocked_dm, "isTyping": True})
    for socket in (alice, bob):  # no answer either: typing is never answered
        assert [f for f in socket.frames_within(0.7) if f["type"] in ("typing", "error")] == []
    # A server's channel they both read: there the blocker's typing is heard as her messages are.
    joined(bob, community.channel)
    joined(alice, community.channel).send("typing", {"channelId": community.channel, "isTyping": True})
    assert bob.expect("typing", skip=QUIET | {"friend_removed"})["data"]["userId"] == community.alice.id


@pytest.mark.skipif(not PRODUCTION, reason="two processes share limits through Redis only in production mode")
def test_tabs_on_two_processes_share_one_gap(community, two_processes):
    first, second = two_processes
    sockets = []
    try:
        for person, url in ((community.bob, first), (community.alice, first), (community.alice, second)):
            socket = Socket(url, person.token)
            sockets.append(socket)
            socket.expect("connected")
            joined(socket, community.channel)
        bob, tabs = sockets[0], sockets[1:]
        for _ in range(10):
            for tab in tabs:
                tab.send("typing", {"channelId": community.channel, "isTyping": True})
        for n, tab in enumerate(tabs):
            marker(tab, bob, community.channel, f"процесс {n}")
        assert typing_of(bob, community.alice) == [True]
    finally:
        for socket in sockets:
            socket.close()
