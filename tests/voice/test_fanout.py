"""What one person's voice frames make a bystander hear: a server's voice news reaches every
connected member, so joins are limited per person (10 a minute; then 429 RATE_LIMITED with
`retryAfter`), and state changes are told at most once per 0.5 s, as the state they end in."""
import os

import pytest

from tests.realtime.conftest import Socket, joined
from tests.realtime.test_processes import two_processes  # noqa: F401 (fixture)
from tests.voice.conftest import heard, nothing_of, refused, seated

PRODUCTION = bool(os.environ.get("REDIS_URL"))

NEWS = {"rtc_user_joined", "rtc_user_left", "user_state_broadcast"}


def of(socket, person, kinds=NEWS) -> list[dict]:
    """The voice news about `person` that the socket has heard so far."""
    return [f for f in socket.seen if f["type"] in kinds and f["data"].get("userId") == person.id]


def marker(sender, listener, channel_id: int, content: str) -> None:
    """A message `sender` sends after their frames: once `listener` hears it, it has heard all
    their news before it (one socket's frames are handled in order, and published in order)."""
    sender.send("send_message", {"channelId": channel_id, "content": content, "nonce": content})
    heard(listener, "new_message", timeout=5, content=content)


def test_flapping_a_seat_is_refused_past_ten_joins_a_minute(guild, connect):
    bob = joined(connect(guild.bob), guild.text)
    alice = connect(guild.alice)
    for n in range(10):
        seated(alice, guild.voice, session=f"tab-{n}")
        alice.send("rtc_leave_channel", {"channelId": guild.voice}, message_id="leave")
        heard(alice, "rtc_voice_state", channelId=None)
    alice.send("rtc_join_channel", {"channelId": guild.voice, "sessionId": "one-more"}, message_id="join")
    refusal = heard(alice, "error")
    assert refusal["messageId"] == "join"
    assert refusal["data"]["code"] == "RATE_LIMITED" and 1 <= refusal["data"]["retryAfter"] <= 60
    assert refusal["data"]["message"].startswith("Слишком много подключений к голосовым каналам: попробуйте снова через")
    marker(alice, bob, guild.text, "после десяти")
    assert [f["type"] for f in of(bob, guild.alice)] == ["rtc_user_joined", "rtc_user_left"] * 10


def test_a_resume_after_a_drop_is_not_counted(app, guild, connect):
    app.config["VOICE_JOIN_LIMIT"] = 1
    alice = connect(guild.alice)
    seated(alice, guild.voice, session="mine")
    again = connect(guild.alice)
    seated(again, guild.voice, session="mine")  # the same session: a resume, not a join
    again.send("rtc_join_channel", {"channelId": guild.lounge, "sessionId": "mine"}, message_id="move")
    assert heard(again, "error")["data"]["code"] == "RATE_LIMITED"  # a move is a join


def test_state_changes_within_the_gap_reach_a_bystander_as_the_state_they_end_in(guild, connect):
    bob = connect(guild.bob)
    alice = connect(guild.alice)
    seated(alice, guild.voice)
    heard(bob, "rtc_user_joined", userId=guild.alice.id)
    for n in range(30):
        alice.send("user_state_update", {"channelId": guild.voice, "payload": {"muted": n % 2 == 0}})
    alice.send("user_state_update", {"channelId": guild.voice, "payload": {"video": True}})
    last = heard(bob, "user_state_broadcast", timeout=5, userId=guild.alice.id)
    while not last["data"]["state"]["video"]:
        last = heard(bob, "user_state_broadcast", timeout=5, userId=guild.alice.id)
    assert last["data"]["state"]["muted"] is False and last["data"]["state"]["video"] is True  # where it ended
    nothing_of(bob, {"user_state_broadcast"}, seconds=1.0)
    assert len(of(bob, guild.alice, {"user_state_broadcast"})) <= 2  # 31 changes: the first, then the end


def test_a_change_still_waiting_is_not_told_after_its_seat_is_left(guild, connect):
    bob = connect(guild.bob)
    alice = connect(guild.alice)
    seated(alice, guild.voice)
    alice.send("user_state_update", {"channelId": guild.voice, "payload": {"muted": True}})
    heard(bob, "user_state_broadcast", userId=guild.alice.id)
    alice.send("user_state_update", {"channelId": guild.voice, "payload": {"muted": False}})  # waits for the gap
    alice.send("rtc_leave_channel", {"channelId": guild.voice})
    heard(bob, "rtc_user_left", userId=guild.alice.id)
    nothing_of(bob, {"user_state_broadcast"}, seconds=1.0)


@pytest.mark.skipif(not PRODUCTION, reason="two processes share limits through Redis only in production mode")
def test_joins_on_two_processes_count_together(guild, two_processes):
    tabs = []
    try:
        for url in two_processes:
            tab = Socket(url, guild.alice.token)
            tabs.append(tab)
            tab.expect("connected")
        for n in range(10):  # each join moves her seat to the other process's tab
            seated(tabs[n % 2], guild.voice, session=f"tab-{n}")
        tabs[0].send("rtc_join_channel", {"channelId": guild.voice, "sessionId": "one-more"})
        assert refused(tabs[0])["code"] == "RATE_LIMITED"
    finally:
        for tab in tabs:
            tab.close()
