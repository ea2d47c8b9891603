"""Notifications live: each new one to every socket of its person, with the unread count; reading
(one, all, or a DM) to every socket of the reader."""
from __future__ import annotations

from tests.reads.conftest import heard, mark_read, notifications, open_dm, say


def test_a_new_notification_reaches_every_tab_of_its_person_only(guild, connected):
    tabs = [connected(guild.bob), connected(guild.bob)]
    alice = connected(guild.alice)
    say(guild.alice, guild.channel, "@bob привет")
    made = notifications(guild.bob)["notifications"][0]
    for tab in tabs:
        assert heard(tab, "notification") == [{"notification": made, "unreadCount": 1}]
    assert heard(alice, "notification") == []


def test_reading_reaches_every_tab(guild, connected):
    tabs = [connected(guild.bob), connected(guild.bob)]
    say(guild.alice, guild.channel, "@bob раз")
    say(guild.moderator, guild.channel, "@bob два")
    newest, older = notifications(guild.bob)["notifications"]
    for tab in tabs:
        assert len(heard(tab, "notification")) == 2
    guild.bob.post(f"/api/notifications/{older['id']}/read")
    for tab in tabs:
        assert heard(tab, "notifications_read") == [{"ids": [older["id"]], "unreadCount": 1}]
    guild.bob.post("/api/notifications/read-all")
    for tab in tabs:
        assert heard(tab, "notifications_read") == [{"ids": None, "unreadCount": 0}]


def test_reading_a_dm_reads_its_notification_live(people, connected):
    alice, bob = people("alice"), people("bob")
    channel_id = open_dm(alice, bob)
    guild_unread = notifications(bob)["unreadCount"]  # the friend request's
    socket = connected(bob)
    message = say(alice, channel_id, "привет")
    [pushed] = heard(socket, "notification")
    assert pushed["notification"]["type"] == "DM" and pushed["unreadCount"] == guild_unread + 1
    say(alice, channel_id, "ещё")
    assert heard(socket, "notification") == []  # one while unread
    mark_read(bob, channel_id, message["id"])
    frames = socket.frames_within(0.6)
    assert [f["data"] for f in frames if f["type"] == "notifications_read"] == [
        {"ids": [pushed["notification"]["id"]], "unreadCount": guild_unread}]
