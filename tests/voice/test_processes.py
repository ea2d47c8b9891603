"""Two server processes (as tests/realtime/test_processes.py): in production two gunicorn gevent
processes sharing PostgreSQL and Redis seat a user on each in the same room and relay between
them; embedded, two apps share nothing but the database, so neither sees the other's seat, which
proves the production run really went through Redis."""
from __future__ import annotations

import pytest

from tests.realtime.conftest import Socket
from tests.realtime.test_processes import PRODUCTION, two_processes  # noqa: F401 (fixture)
from tests.voice.conftest import heard, refused, seated, state


@pytest.fixture
def on_two_processes(guild, two_processes):  # noqa: F811
    first, second = two_processes
    alice, bob = Socket(first, guild.alice.token), Socket(second, guild.bob.token)
    alice.expect("connected")
    bob.expect("connected")
    yield alice, bob
    alice.close()
    bob.close()


def test_two_processes_share_voice_rooms_only_through_redis(guild, on_two_processes):
    alice, bob = on_two_processes
    seated(alice, guild.voice)
    answer = seated(bob, guild.voice, session="bob")
    alice.send("rtc_offer", {"targetUserId": guild.bob.id, "offer": {"type": "offer", "sdp": "v=0 across"}})
    if PRODUCTION:
        assert answer["participants"] == [state(guild.alice), state(guild.bob)]
        heard(alice, "rtc_user_joined", userId=guild.bob.id)
        assert heard(bob, "rtc_offer")["data"]["offer"]["sdp"] == "v=0 across"
        bob.send("rtc_leave_channel", {"channelId": guild.voice})
        heard(alice, "rtc_user_left", userId=guild.bob.id)
    else:
        assert answer["participants"] == [state(guild.bob)]
        assert refused(alice)["code"] == "VOICE_PEER_NOT_FOUND"


def test_one_seat_per_user_across_processes(guild, two_processes):  # noqa: F811
    """Production: two tabs on two processes. Embedded mode has one process in real use (the two
    apps here share nothing), so there both tabs are on that one."""
    first, second = two_processes
    if not PRODUCTION:
        second = first
    tab_one, tab_two = Socket(first, guild.alice.token), Socket(second, guild.alice.token)
    try:
        tab_one.expect("connected"), tab_two.expect("connected")
        seated(tab_one, guild.voice, session="one")
        seated(tab_two, guild.lounge, session="two")
        assert heard(tab_one, "rtc_voice_state", channelId=guild.lounge)["data"]["sessionId"] == "two"
        tab_one.send("voice_activity", {"channelId": guild.voice, "isSpeaking": True})
        assert refused(tab_one)["code"] == "NOT_IN_VOICE"
    finally:
        tab_one.close()
        tab_two.close()
