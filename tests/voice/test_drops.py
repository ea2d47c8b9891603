"""The server takes seats away: after the grace of a dropped socket, and at once on a kick, a ban
or leaving the server."""
import pytest

from tests.voice.conftest import heard, offer, refused, seated, state


def test_a_dropped_socket_leaves_after_the_grace(app, guild, connect):
    app.config["VOICE_GRACE_SECONDS"] = 0.5
    bob = connect(guild.bob)
    alice, other_tab = connect(guild.alice), connect(guild.alice)
    seated(alice, guild.voice)
    heard(bob, "rtc_user_joined", userId=guild.alice.id)
    alice.close()
    heard(bob, "rtc_user_left", timeout=4, userId=guild.alice.id)
    assert heard(other_tab, "rtc_voice_state", channelId=None)["data"]["sessionId"] is None
    bob.send("user_state_request", {"channelId": guild.voice})
    assert heard(bob, "channel_states")["data"]["channels"] == {}


@pytest.mark.parametrize("how", ["kick", "ban", "leave"])
def test_losing_the_server_drops_the_seat_at_once(guild, connect, how):
    bob = connect(guild.bob)
    seated(bob, guild.voice, session="bob")
    alice = connect(guild.alice)
    seated(alice, guild.voice)
    if how == "leave":
        response = guild.alice.post(f"/api/servers/{guild.server['id']}/leave")
    else:
        response = guild.owner.post(f"/api/servers/{guild.server['id']}/moderation/{how}",
                                    json={"userId": guild.alice.id, "reason": "шум"})
    assert response.status_code == 200, response.get_json()
    heard(bob, "rtc_user_left", userId=guild.alice.id)
    assert heard(alice, "rtc_voice_state", channelId=None)["data"]["participants"] == []
    alice.send("rtc_offer", offer(guild.bob))
    assert refused(alice)["code"] == "NOT_IN_VOICE"
    alice.send("rtc_join_channel", {"channelId": guild.voice, "sessionId": "again"})
    assert refused(alice)["code"] == "CHANNEL_NOT_FOUND"


def test_a_seat_whose_process_died_leaves_the_room(app, guild, connect, redis_url):
    """The reaper's news reaches the room like a grace drop: `rtc_user_left` (a stand-in process's
    seat in a store of its own, told through this app's bus)."""
    import secrets

    from redis import Redis

    from lobby.voice.seats import Voice
    from lobby.voice.store import Seat
    from lobby.voice.store_redis import RedisVoiceStore

    prefix = f"lobby-voice-test-{secrets.token_hex(4)}"
    voice = Voice(app, RedisVoiceStore(redis_url, prefix))
    server_id = guild.server["id"]
    voice.store.take(guild.alice.id, Seat(guild.voice, server_id, "s", "gone:1:aa#1"), state(guild.alice), 8)
    bob = connect(guild.bob)
    heard(bob, "user_status", userId=guild.bob.id)  # his own arrival: he watches the server's channels by now
    try:
        voice.reap()
        heard(bob, "rtc_user_left", userId=guild.alice.id, channelId=guild.voice)
    finally:
        client = Redis.from_url(redis_url)
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)
