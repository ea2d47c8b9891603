"""`@username` in a message: resolved at send (and edit) among the people who can read the channel,
stored with the message, and served wherever a message goes out."""
from __future__ import annotations

import pytest

from tests.reads.conftest import joined, notifications, open_dm, say, unread


def named(message: dict) -> list[str]:
    return [person["username"] for person in message["mentions"]]


def test_a_member_named_is_a_mention_everywhere_the_message_goes(guild, connected):
    bob_socket = joined(connected(guild.bob), guild.channel)
    sent = say(guild.alice, guild.channel, "@bob, привет! Как дела у @BOB?")
    assert sent["mentions"] == [{"id": guild.bob.id, "username": "bob"}] and sent["mentionsEveryone"] is False
    live = bob_socket.expect("new_message", id=sent["id"])["data"]
    assert live["mentions"] == sent["mentions"] and live["mentionsEveryone"] is False
    [history] = guild.bob.get(f"/api/messages/{guild.channel}/messages").get_json()["messages"]
    assert history["mentions"] == sent["mentions"] and history["mentionsEveryone"] is False
    [found] = guild.bob.get("/api/messages/search", query_string={"q": "привет"}).get_json()["messages"]
    assert found["mentions"] == sent["mentions"] and found["mentionsEveryone"] is False


@pytest.mark.parametrize("content", ["привет @mallory", "привет @nobody", "почта alice@bob.ru", "@alice это я",
                                     "@ bob", "@@bob"])
def test_what_names_nobody_here_stays_plain(guild, content):
    sent = say(guild.alice, guild.channel, content)
    assert sent["mentions"] == [] and sent["mentionsEveryone"] is False
    assert notifications(guild.mallory)["notifications"] == []
    assert notifications(guild.bob)["notifications"] == []


def test_a_mention_of_an_outsider_notifies_nobody_and_counts_nowhere(guild):
    say(guild.alice, guild.channel, "@mallory привет")
    assert notifications(guild.mallory) == {"notifications": [], "unreadCount": 0}
    assert unread(guild.mallory) == {}


@pytest.mark.parametrize("author, counts", [("owner", True), ("moderator", True), ("alice", False)])
def test_everyone_counts_only_from_owners_and_moderators(guild, author, counts):
    sent = say(getattr(guild, author), guild.channel, "@everyone сбор в 20:00")
    assert sent["mentionsEveryone"] is counts and sent["mentions"] == []
    assert unread(guild.bob)[guild.channel]["mentions"] == (1 if counts else 0)


def test_names_and_everyone_go_together(guild):
    sent = say(guild.owner, guild.channel, "@everyone и особенно @alice")
    assert sent["mentionsEveryone"] is True and named(sent) == ["alice"]
    assert unread(guild.alice)[guild.channel]["mentions"] == 1  # one message, counted once


def test_an_edit_resolves_again(guild):
    sent = say(guild.alice, guild.channel, "привет всем")
    edited = guild.alice.patch(f"/api/messages/{sent['id']}", json={"content": "привет @bob"})
    assert edited.status_code == 200 and named(edited.get_json()["message"]) == ["bob"]
    assert unread(guild.bob)[guild.channel]["mentions"] == 1
    assert [n["type"] for n in notifications(guild.bob)["notifications"]] == ["MENTION"]
    again = guild.alice.patch(f"/api/messages/{sent['id']}", json={"content": "привет всем"}).get_json()["message"]
    assert again["mentions"] == []
    assert unread(guild.bob)[guild.channel]["mentions"] == 0
    guild.alice.patch(f"/api/messages/{sent['id']}", json={"content": "привет @bob снова"})
    assert unread(guild.bob)[guild.channel]["mentions"] == 1  # mentioned anew: counted anew,
    assert len(notifications(guild.bob)["notifications"]) == 1  # but a message notifies a person once


def test_a_mention_in_a_dm_names_only_the_pair(people):
    alice, bob, carol = people("alice"), people("bob"), people("carol")
    channel_id = open_dm(alice, bob)
    sent = say(alice, channel_id, "@bob и @carol")
    assert named(sent) == ["bob"]
    assert unread(bob)[channel_id]["mentions"] == 1


def test_a_reply_or_a_socket_send_resolves_mentions_too(guild, connected):
    first = say(guild.bob, guild.channel, "вопрос")
    reply = say(guild.alice, guild.channel, "@owner ответь", replyToId=first["id"])
    assert named(reply) == ["owner"]
    socket = connected(guild.alice)
    socket.send("send_message", {"channelId": guild.channel, "content": "@moderator тут", "nonce": "n1"})
    assert named(socket.expect("message_sent", nonce="n1")["data"]["message"]) == ["moderator"]


def test_the_channel_page_marks_the_viewers_mentions(guild):
    say(guild.alice, guild.channel, "@bob смотри")
    say(guild.alice, guild.channel, "просто текст")
    say(guild.owner, guild.channel, "@everyone сбор")
    url = f"/app/servers/{guild.server['id']}/channels/{guild.channel}"
    # The API sign-in left each person's page cookie in their client.
    assert guild.bob.client.get(url).get_data(as_text=True).count("message--mentioned") == 2
    assert guild.owner.client.get(url).get_data(as_text=True).count("message--mentioned") == 0
