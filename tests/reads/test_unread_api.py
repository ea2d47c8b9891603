"""`GET /api/unread` and `POST /api/channels/{channelId}/read`: what a person has not read, per channel
and DM, from one marker per person and channel."""
from __future__ import annotations

from sqlalchemy import insert, select

from lobby.database import utcnow
from lobby.messages.models import Message
from lobby.reads.counts import unread_for
from lobby.reads.models import ReadState
from tests.reads.conftest import mark_read, open_dm, refusal, say, unread


def test_a_new_member_has_read_the_history_already(guild, people):
    say(guild.alice, guild.channel, "старое")
    newcomer = people("newcomer")
    assert newcomer.post(f"/api/servers/join/{guild.server['inviteCode']}").status_code == 200
    assert unread(newcomer) == {}
    say(guild.alice, guild.channel, "новое")
    assert unread(newcomer)[guild.channel]["unread"] == 1


def test_messages_of_others_are_unread_and_own_never(guild):
    say(guild.alice, guild.channel, "раз")
    last = say(guild.alice, guild.channel, "два")
    say(guild.bob, guild.channel, "моё")
    state = unread(guild.bob)[guild.channel]
    assert state == {"channelId": guild.channel, "serverId": guild.server["id"], "lastReadId": None,
                     "unread": 2, "mentions": 0}
    assert unread(guild.alice)[guild.channel]["unread"] == 1  # bob's; her own two are not
    assert mark_read(guild.bob, guild.channel, last["id"])["unread"] == 0
    assert unread(guild.bob) == {}


def test_unread_is_counted_up_to_a_hundred(guild, app, in_database):
    author_id = guild.alice.id
    rows = [{"channel_id": guild.channel, "author_id": author_id, "content": f"№{n}", "created_at": utcnow()}
            for n in range(130)]
    in_database(lambda session: session.execute(insert(Message), rows))
    assert unread(guild.bob)[guild.channel]["unread"] == 100


def test_reading_answers_the_state_and_never_moves_back(guild):
    first = say(guild.alice, guild.channel, "первое")
    second = say(guild.alice, guild.channel, "второе")
    assert mark_read(guild.bob, guild.channel, second["id"]) == {
        "channelId": guild.channel, "serverId": guild.server["id"], "lastReadId": second["id"], "unread": 0,
        "mentions": 0}
    again = mark_read(guild.bob, guild.channel, first["id"])
    assert again["lastReadId"] == second["id"] and again["unread"] == 0


def test_reading_refuses_what_the_caller_cannot_read(guild):
    message = say(guild.alice, guild.channel, "привет")
    assert refusal(guild.mallory.post(f"/api/channels/{guild.channel}/read", json={"messageId": message["id"]})) == (
        404, "CHANNEL_NOT_FOUND")
    assert refusal(guild.bob.post("/api/channels/999999/read", json={"messageId": message["id"]})) == (
        404, "CHANNEL_NOT_FOUND")
    assert guild.bob.post("/api/channels/abc/read", json={"messageId": message["id"]}).status_code == 404
    # A message of another channel, or none at all.
    assert refusal(guild.bob.post(f"/api/channels/{guild.other_channel}/read", json={"messageId": message["id"]})) == (
        404, "MESSAGE_NOT_FOUND")
    assert refusal(guild.bob.post(f"/api/channels/{guild.channel}/read", json={"messageId": 999999})) == (
        404, "MESSAGE_NOT_FOUND")


def test_a_malformed_message_id_is_refused(guild):
    for bad in ("abc", 0, -1, True, 1.5, None, 2**40):
        response = guild.bob.post(f"/api/channels/{guild.channel}/read", json={"messageId": bad})
        assert response.status_code == 422, bad
        assert response.get_json()["errors"] == {"messageId": "Укажите сообщение"}
    assert refusal(guild.bob.post(f"/api/channels/{guild.channel}/read", json=[1])) == (400, "BAD_REQUEST")


def test_the_calls_want_a_signed_in_caller(guild, people):
    anonymous = people("anonymous")
    assert refusal(anonymous.get("/api/unread")) == (401, "UNAUTHORIZED")
    assert refusal(anonymous.post(f"/api/channels/{guild.channel}/read", json={"messageId": 1})) == (
        401, "UNAUTHORIZED")


def test_mentions_count_names_and_everyone_after_the_marker(guild):
    say(guild.alice, guild.channel, "@bob посмотри")
    say(guild.owner, guild.channel, "@everyone собрание")
    say(guild.alice, guild.channel, "просто так")
    assert unread(guild.bob)[guild.channel]["mentions"] == 2
    assert unread(guild.alice)[guild.channel]["mentions"] == 1  # the owner's @everyone
    assert unread(guild.owner)[guild.channel]["mentions"] == 0  # his own @everyone is not his mention


def test_a_channel_made_later_is_unread_from_its_first_message(guild):
    response = guild.owner.post(f"/api/servers/{guild.server['id']}/channels", json={"name": "новости", "type": "TEXT"})
    assert response.status_code == 201, response.get_json()
    channel_id = response.get_json()["channel"]["id"]
    say(guild.owner, channel_id, "первая новость")
    assert unread(guild.bob)[channel_id]["unread"] == 1


def test_a_server_left_is_no_longer_counted(guild):
    say(guild.alice, guild.channel, "пока")
    assert guild.channel in unread(guild.bob)
    assert guild.bob.post(f"/api/servers/{guild.server['id']}/leave").status_code == 200
    assert unread(guild.bob) == {}


def test_a_dm_is_unread_for_the_other_person(people):
    alice, bob = people("alice"), people("bob")
    channel_id = open_dm(alice, bob)
    message = say(alice, channel_id, "привет, Боб")
    assert unread(bob)[channel_id] == {"channelId": channel_id, "serverId": None, "lastReadId": None, "unread": 1,
                                       "mentions": 0}
    assert channel_id not in unread(alice)
    assert mark_read(bob, channel_id, message["id"])["unread"] == 0
    assert refusal(people("mallory").post(f"/api/channels/{channel_id}/read", json={"messageId": message["id"]})) == (
        404, "CHANNEL_NOT_FOUND")


def test_unread_for_answers_each_channel_asked(guild, app):
    say(guild.alice, guild.channel, "@bob раз")
    with app.app_context():
        found = unread_for(guild.bob.id, [guild.channel, guild.other_channel])
        assert found == {guild.channel: {"lastReadId": None, "unread": 1, "mentions": 1},
                         guild.other_channel: {"lastReadId": None, "unread": 0, "mentions": 0}}
        assert unread_for(guild.bob.id, []) == {}


def test_rejoining_moves_the_markers_to_the_latest(guild, app):
    say(guild.alice, guild.channel, "раз")
    assert guild.bob.post(f"/api/servers/{guild.server['id']}/leave").status_code == 200
    last = say(guild.alice, guild.channel, "пока тебя не было")
    assert guild.bob.post(f"/api/servers/join/{guild.server['inviteCode']}").status_code == 200
    assert unread(guild.bob) == {}
    with app.app_context():
        from lobby.extensions import db

        marker = db.session.scalar(select(ReadState.last_read_id).where(
            ReadState.user_id == guild.bob.id, ReadState.channel_id == guild.channel))
        assert marker == last["id"]
