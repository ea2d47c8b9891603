"""States in a seat (mute, deafen, camera, screen, speaking), who sits where (`channel_states`,
the HTTP call), `voiceActive` in server listings, and the client's voice configuration."""
import pytest

from tests.voice.conftest import fits_the_document, heard, nothing_of, refused, seated, state


def test_a_state_change_reaches_the_room_whole_and_deafen_mutes(guild, connect):
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, guild.voice)
    alice.send("user_state_update", {"channelId": guild.voice, "payload": {"video": True}})
    assert heard(bob, "user_state_broadcast")["data"] == {
        "channelId": guild.voice, "serverId": guild.server["id"], "userId": guild.alice.id,
        "state": state(guild.alice, video=True)}
    alice.send("user_state_update", {"channelId": guild.voice, "payload": {"deafened": True, "muted": False}})
    assert heard(bob, "user_state_broadcast")["data"]["state"] == state(guild.alice, video=True, deafened=True,
                                                                        muted=True)
    fits_the_document(alice, bob)


def test_speaking_is_broadcast(guild, connect):
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, guild.voice)
    alice.send("voice_activity", {"channelId": guild.voice, "isSpeaking": True})
    assert heard(bob, "user_state_broadcast")["data"]["state"] == state(guild.alice, speaking=True)


@pytest.mark.parametrize("where", ["not seated", "other channel", "other tab"])
def test_only_the_seats_own_socket_changes_its_state(guild, connect, where):
    alice, bob = connect(guild.alice), connect(guild.bob)
    if where != "not seated":
        seated(alice, guild.lounge if where == "other channel" else guild.voice)
    sender = connect(guild.alice) if where == "other tab" else alice
    sender.send("user_state_update", {"channelId": guild.voice, "payload": {"muted": True}})
    assert refused(sender)["code"] == "NOT_IN_VOICE"
    sender.send("voice_activity", {"channelId": guild.voice, "isSpeaking": True})
    assert refused(sender)["code"] == "NOT_IN_VOICE"
    nothing_of(bob, {"user_state_broadcast"})


@pytest.mark.parametrize("kind, data, field", [
    ("user_state_update", {"payload": {"muted": "да"}}, "payload"),
    ("user_state_update", {"payload": None}, "payload"),
    ("voice_activity", {"isSpeaking": 1}, "isSpeaking"),
])
def test_a_malformed_state_is_refused(guild, connect, kind, data, field):
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, guild.voice)
    alice.send(kind, {"channelId": guild.voice, **data})
    error = refused(alice)
    assert error["code"] == "VALIDATION_ERROR" and list(error["errors"]) == [field]
    nothing_of(bob, {"user_state_broadcast"})


def test_channel_states_show_every_occupied_voice_channel_of_the_server(guild, connect):
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, guild.voice)
    seated(bob, guild.lounge, session="bob")
    carol = connect(guild.carol)
    for channel_id in (guild.voice, guild.text):  # any channel of the server names it
        carol.send("user_state_request", {"channelId": channel_id}, message_id="who")
        frame = heard(carol, "channel_states")
        assert frame["messageId"] == "who" and frame["data"] == {
            "serverId": guild.server["id"],
            "channels": {str(guild.voice): [state(guild.alice)], str(guild.lounge): [state(guild.bob)]}}
    outsider = connect(guild.mallory)
    outsider.send("user_state_request", {"channelId": guild.voice})
    assert refused(outsider)["code"] == "CHANNEL_NOT_FOUND"
    fits_the_document(carol)


def test_the_http_call_shows_the_same_to_members_only(guild, connect, people, create_server):
    seated(connect(guild.alice), guild.voice)
    url = f"/api/servers/{guild.server['id']}/voice"
    response = guild.carol.get(url)
    assert response.status_code == 200 and response.get_json() == {
        "serverId": guild.server["id"], "channels": {str(guild.voice): [state(guild.alice)]}}
    for outsider, status, code in ((guild.mallory, 404, "SERVER_NOT_FOUND"), (people("anonymous"), 401, None)):
        response = outsider.get(url)
        assert response.status_code == status and (code is None or response.get_json()["code"] == code)
    assert guild.carol.get("/api/servers/99999/voice").status_code == 404
    empty = create_server("carol", name="Пустой")
    assert guild.carol.get(f"/api/servers/{empty['id']}/voice").get_json() == {"serverId": empty["id"],
                                                                              "channels": {}}


def test_voice_active_is_true_while_someone_sits_in_the_server(guild, connect):
    def active(person, path="/api/servers"):
        servers = person.get(path).get_json()["servers"]
        return [s["voiceActive"] for s in servers if s["id"] == guild.server["id"]]

    assert active(guild.carol) == [False]
    alice = connect(guild.alice)
    seated(alice, guild.voice)
    assert active(guild.carol) == [True] and active(guild.mallory, "/api/servers/public") == [True]
    assert guild.carol.get(f"/api/servers/{guild.server['id']}").get_json()["server"]["voiceActive"] is True
    alice.send("rtc_leave_channel", {"channelId": guild.voice})
    heard(alice, "rtc_voice_state", channelId=None)
    assert active(guild.carol) == [False]


def test_the_voice_config_gives_ice_servers_and_the_limit(app, guild):
    assert guild.alice.get("/api/voice/config").get_json() == {
        "iceServers": [{"urls": "stun:stun.l.google.com:19302"}, {"urls": "stun:stun1.l.google.com:19302"},
                       {"urls": "stun:stun2.l.google.com:19302"}], "limit": 8, "loopbackOnly": False,
        "ringSeconds": 30.0}
    app.config.update(ICE_LOOPBACK_ONLY=True, VOICE_CHANNEL_LIMIT=4, VOICE_RING_SECONDS=2)
    assert guild.alice.get("/api/voice/config").get_json() == {"iceServers": [], "limit": 4, "loopbackOnly": True,
                                                               "ringSeconds": 2.0}


def test_ice_servers_and_flags_come_from_the_environment(tmp_path):
    from lobby.config import Config

    config = Config.from_env(tmp_path, {"ICE_SERVERS": '[{"urls": "turn:turn.example:3478", "username": "u", '
                                                       '"credential": "c"}]', "ICE_LOOPBACK_ONLY": "1",
                                        "VOICE_CHANNEL_LIMIT": "6", "VOICE_GRACE_SECONDS": "3",
                                        "VOICE_RING_SECONDS": "5"})
    assert config.ICE_SERVERS == ({"urls": "turn:turn.example:3478", "username": "u", "credential": "c"},)
    assert (config.ICE_LOOPBACK_ONLY, config.VOICE_CHANNEL_LIMIT, config.VOICE_GRACE_SECONDS) == (True, 6, 3.0)
    assert config.VOICE_RING_SECONDS == 5.0
    with pytest.raises(ValueError):
        Config.from_env(tmp_path, {"ICE_SERVERS": '{"urls": "stun:x"}'})
