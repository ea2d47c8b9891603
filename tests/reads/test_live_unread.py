"""Unread, live: `channel_activity` to the sockets of a channel's readers that have not joined it, made
by the hub from the channel's own event, and `read_state` to every tab of a person who read."""
from __future__ import annotations

from lobby.realtime.watch import notify_watch
from tests.reads.conftest import heard, joined, mark_read, open_dm, say


def activity(socket, seconds: float = 0.6) -> list[dict]:
    return heard(socket, "channel_activity", seconds)


def test_every_tab_not_in_the_channel_hears_of_a_new_message(guild, connected):
    tabs = [connected(guild.bob), connected(guild.bob)]
    inside = joined(connected(guild.bob), guild.channel)
    outsider = connected(guild.mallory)
    message = say(guild.alice, guild.channel, "привет")
    expected = {"channelId": guild.channel, "serverId": guild.server["id"], "messageId": message["id"],
                "authorId": guild.alice.id, "mentioned": False}
    for tab in tabs:
        assert activity(tab) == [expected]
    frames = inside.frames_within(0.6)
    assert [f["data"]["id"] for f in frames if f["type"] == "new_message"] == [message["id"]]
    assert [f for f in frames if f["type"] == "channel_activity"] == []
    assert activity(outsider) == []


def test_mentioned_is_worked_out_for_each_socket(guild, connected):
    bob, alice, owner = connected(guild.bob), connected(guild.alice), connected(guild.owner)
    say(guild.moderator, guild.channel, "@bob глянь")
    assert [a["mentioned"] for a in activity(bob)] == [True]
    assert [a["mentioned"] for a in activity(alice)] == [False]
    say(guild.owner, guild.channel, "@everyone внимание")
    assert [a["mentioned"] for a in activity(bob)] == [True]
    assert [a["mentioned"] for a in activity(alice)] == [True]
    assert [a["mentioned"] for a in activity(owner)] == [False, False]  # the @bob one, and his own @everyone


def test_a_dm_reaches_the_other_persons_sockets(people, connected):
    alice, bob = people("alice"), people("bob")
    channel_id = open_dm(alice, bob)
    socket = connected(bob)
    message = say(alice, channel_id, "@bob привет")
    assert activity(socket) == [{"channelId": channel_id, "serverId": None, "messageId": message["id"],
                                 "authorId": alice.id, "mentioned": True}]


def test_channels_made_and_servers_joined_after_connecting_are_watched(guild, connected, create_server):
    bob = connected(guild.bob)
    made = guild.owner.post(f"/api/servers/{guild.server['id']}/channels", json={"name": "новый", "type": "TEXT"})
    assert made.status_code == 201, made.get_json()
    channel_id = made.get_json()["channel"]["id"]
    message = say(guild.owner, channel_id, "первый")
    assert [(a["channelId"], a["messageId"]) for a in activity(bob)] == [(channel_id, message["id"])]
    other = create_server("mallory", name="Ещё один")
    assert guild.bob.post(f"/api/servers/join/{other['inviteCode']}").status_code == 200
    channels = guild.mallory.get(f"/api/servers/{other['id']}/channels").get_json()["channels"]
    text_id = next(c["id"] for c in channels if c["type"] == "TEXT")
    say(guild.mallory, text_id, "добро пожаловать")
    assert [(a["channelId"], a["serverId"]) for a in activity(bob)] == [(text_id, other["id"])]


def test_a_dm_made_after_connecting_is_watched_once_announced(people, connected, app):
    alice, bob = people("alice"), people("bob")
    socket = connected(bob)
    channel_id = open_dm(alice, bob)
    with app.app_context():
        notify_watch([alice.id, bob.id], [channel_id])
    message = say(alice, channel_id, "я тут")
    assert [a["messageId"] for a in activity(socket)] == [message["id"]]


def test_a_server_lost_is_no_longer_watched(guild, connected):
    bob = connected(guild.bob)
    kicked = guild.owner.post(f"/api/servers/{guild.server['id']}/moderation/kick",
                              json={"userId": guild.bob.id, "reason": "флуд"})
    assert kicked.status_code == 200, kicked.get_json()
    say(guild.alice, guild.channel, "без Боба")
    assert activity(bob) == []


def test_reading_tells_every_tab_of_the_reader_only(guild, connected):
    tabs = [connected(guild.bob), joined(connected(guild.bob), guild.channel)]
    alice = connected(guild.alice)
    message = say(guild.alice, guild.channel, "прочти")
    answer = mark_read(guild.bob, guild.channel, message["id"])
    for tab in tabs:
        assert heard(tab, "read_state") == [answer]
    assert heard(alice, "read_state") == []


def test_the_new_frames_fit_the_models_the_document_shows(guild, connected):
    from lobby.realtime.schemas import SERVER_FRAMES

    bob = connected(guild.bob)
    message = say(guild.alice, guild.channel, "@bob смотри")
    mark_read(guild.bob, guild.channel, message["id"])
    guild.bob.post("/api/notifications/read-all")
    frames = [f for f in bob.frames_within(0.8) if f["type"] in
              {"channel_activity", "notification", "read_state", "notifications_read"}]
    assert sorted(f["type"] for f in frames) == ["channel_activity", "notification", "notifications_read",
                                                 "read_state"]
    for frame in frames:
        model = SERVER_FRAMES[frame["type"]][0]
        assert set(model.model_validate(frame["data"]).model_dump(by_alias=True)) == set(frame["data"])
