"""`/api/notifications`: what makes one (friend requests, mentions, replies, DMs), never across a
block, each pushed live; reading one, or all; paging; the newest 500 kept."""
from __future__ import annotations

from sqlalchemy import func, insert, select

from lobby.database import utcnow
from lobby.extensions import db
from lobby.notifications.actions import KEPT, TRIM_EVERY
from lobby.notifications.models import Notification
from tests.friends.conftest import ask
from tests.reads.conftest import block, mark_read, notifications, open_dm, refusal, say


def only(person) -> dict:
    [found] = notifications(person)["notifications"]
    return found


SHOWN = "Тест Тестов"  # everyone's first and last name here: nobody set a display name


def actor(person) -> dict:
    return {"id": person.id, "username": person.username, "displayName": SHOWN, "profileImageUrl": None}


def test_a_friend_request_and_its_acceptance_notify(people):
    alice, bob = people("alice"), people("bob")
    request = ask(alice, bob)
    made = only(bob)
    assert made == {**made, "type": "FRIEND_REQUEST", "isRead": False, "actor": actor(alice),
                    "text": f"{SHOWN} отправил(а) вам запрос в друзья", "data": {"name": SHOWN},
                    "link": "/app/friends", "channelId": None,
                    "serverId": None, "messageId": None}
    assert notifications(bob)["unreadCount"] == 1 and notifications(alice)["notifications"] == []
    assert bob.post(f"/api/friends/requests/{request['id']}/accept").status_code == 200
    accepted = only(alice)
    assert (accepted["type"], accepted["actor"], accepted["text"]) == (
        "FRIEND_ACCEPTED", actor(bob), f"{SHOWN} принял(а) ваш запрос в друзья")


def test_a_mention_notifies_with_a_link_to_its_channel(guild):
    message = say(guild.alice, guild.channel, "@bob глянь")
    made = only(guild.bob)
    assert made == {**made, "type": "MENTION", "actor": actor(guild.alice), "text": f"{SHOWN} упомянул(а) вас в #общий",
                    "data": {"name": SHOWN, "channel": "общий"},
                    "link": f"/app/servers/{guild.server['id']}/channels/{guild.channel}",
                    "channelId": guild.channel, "serverId": guild.server["id"], "messageId": message["id"]}


def test_a_reply_notifies_the_author_of_the_message_replied_to(guild):
    original = say(guild.bob, guild.channel, "вопрос")
    answer = say(guild.alice, guild.channel, "ответ", replyToId=original["id"])
    made = only(guild.bob)
    assert (made["type"], made["text"], made["messageId"]) == (
        "REPLY", f"{SHOWN} ответил(а) на ваше сообщение в #общий", answer["id"])
    # Replying to oneself, or naming the person one replies to, makes nothing more.
    say(guild.bob, guild.channel, "сам себе", replyToId=original["id"])
    say(guild.alice, guild.channel, "@bob ещё", replyToId=original["id"])
    assert [n["type"] for n in notifications(guild.bob)["notifications"]] == ["REPLY", "REPLY"]


def test_a_dm_notifies_once_while_unread(people):
    alice, bob = people("alice"), people("bob")
    channel_id = open_dm(alice, bob)
    notifications_before = len(notifications(bob)["notifications"])  # the friend request's
    first = say(alice, channel_id, "привет")
    say(alice, channel_id, "ты тут?")
    listed = notifications(bob)["notifications"]
    assert len(listed) == notifications_before + 1
    dm = listed[0]
    assert dm == {**dm, "type": "DM", "text": f"{SHOWN} написал(а) вам личное сообщение",
                  "link": f"/app/friends?dm={alice.id}", "channelId": channel_id, "serverId": None,
                  "messageId": first["id"], "isRead": False}
    mark_read(bob, channel_id, first["id"])
    assert notifications(bob)["notifications"][0]["isRead"] is True
    third = say(alice, channel_id, "снова я")
    assert notifications(bob)["notifications"][0]["messageId"] == third["id"]


def test_nobody_is_notified_across_a_block_either_way(guild):
    block(guild.bob, guild.alice)
    original = say(guild.bob, guild.channel, "вопрос")
    say(guild.alice, guild.channel, "@bob эй", replyToId=original["id"])
    assert notifications(guild.bob)["notifications"] == []
    say(guild.bob, guild.channel, "@alice эй")
    assert notifications(guild.alice)["notifications"] == []
    say(guild.moderator, guild.channel, "@bob @alice")  # anyone else still reaches them
    assert [n["type"] for n in notifications(guild.bob)["notifications"]] == ["MENTION"]


def test_reading_one_answers_it_with_the_count_left(guild):
    say(guild.alice, guild.channel, "@bob раз")
    say(guild.moderator, guild.channel, "@bob два")
    newest, older = notifications(guild.bob)["notifications"]
    response = guild.bob.post(f"/api/notifications/{older['id']}/read")
    assert response.status_code == 200
    assert response.get_json() == {"notification": {**older, "isRead": True}, "unreadCount": 1}
    assert guild.bob.post(f"/api/notifications/{older['id']}/read").get_json()["unreadCount"] == 1  # again: no error
    assert guild.bob.post("/api/notifications/read-all").get_json() == {"unreadCount": 0}
    assert notifications(guild.bob)["unreadCount"] == 0 and newest["isRead"] is False


def test_reading_a_channel_reads_what_it_notified_of_up_to_there(guild):
    first = say(guild.alice, guild.channel, "@bob раз")
    say(guild.moderator, guild.channel, "@bob два")
    newest, older = notifications(guild.bob)["notifications"]
    mark_read(guild.bob, guild.channel, first["id"])
    listed = notifications(guild.bob)
    assert [n["isRead"] for n in listed["notifications"]] == [False, True] and listed["unreadCount"] == 1
    mark_read(guild.bob, guild.channel, newest["messageId"])
    assert notifications(guild.bob)["unreadCount"] == 0


def test_other_peoples_notifications_do_not_exist(guild, people):
    say(guild.alice, guild.channel, "@bob привет")
    mine = only(guild.bob)
    assert refusal(guild.alice.post(f"/api/notifications/{mine['id']}/read")) == (404, "NOTIFICATION_NOT_FOUND")
    assert refusal(guild.bob.post("/api/notifications/999999/read")) == (404, "NOTIFICATION_NOT_FOUND")
    assert guild.bob.post("/api/notifications/abc/read").status_code == 404
    anonymous = people("anonymous")
    for response in (anonymous.get("/api/notifications"), anonymous.post("/api/notifications/read-all"),
                     anonymous.post(f"/api/notifications/{mine['id']}/read")):
        assert refusal(response) == (401, "UNAUTHORIZED")
    assert only(guild.bob)["isRead"] is False


def test_pages_go_newest_first(guild, in_database):
    rows = [{"user_id": guild.bob.id, "type": "MENTION", "actor_id": guild.alice.id, "data": {"channel": f"№{n}"},
             "link": "/app", "is_read": False, "created_at": utcnow()} for n in range(30)]
    in_database(lambda session: session.execute(insert(Notification), rows))
    first = notifications(guild.bob)
    assert [n["data"]["channel"] for n in first["notifications"]] == [f"№{n}" for n in range(29, 9, -1)]
    assert first["notifications"][0]["text"] == f"{SHOWN} упомянул(а) вас в #№29"
    assert first["unreadCount"] == 30
    rest = notifications(guild.bob, before=first["notifications"][-1]["id"], limit=50)["notifications"]
    assert [n["data"]["channel"] for n in rest] == [f"№{n}" for n in range(9, -1, -1)]
    assert len(notifications(guild.bob, limit=500)["notifications"]) == 30  # clamped to 50
    assert len(notifications(guild.bob, limit=0)["notifications"]) == 1
    assert refusal(guild.bob.get("/api/notifications", query_string={"before": "abc"})) == (400, "BAD_REQUEST")


def test_only_the_newest_are_kept(guild, in_database, app):
    rows = [{"user_id": guild.bob.id, "type": "MENTION", "actor_id": guild.alice.id, "data": {}, "link": "/app",
             "is_read": True, "created_at": utcnow()} for _ in range(KEPT + 40)]
    in_database(lambda session: session.execute(insert(Notification), rows))
    for n in range(TRIM_EVERY):
        say(guild.alice, guild.channel, f"@bob {n}")
    with app.app_context():
        kept = db.session.scalar(select(func.count()).where(Notification.user_id == guild.bob.id))
        newest = db.session.scalar(select(func.max(Notification.id)).where(Notification.user_id == guild.bob.id))
    assert KEPT <= kept < KEPT + TRIM_EVERY
    assert notifications(guild.bob)["notifications"][0]["id"] == newest


def speaks(person, language: str) -> None:
    settings = {"general": {"language": language}}
    assert person.client.patch("/api/settings", json=settings, headers=person.headers()).status_code == 200


def test_a_notification_reads_in_its_readers_language_of_now(people, guild, connect):
    """What happened is kept, not its words: they are made in the reader's language when shown —
    live, in the list, and again after the reader changes language; whoever's request made it."""
    speaks(guild.bob, "en")
    socket = connect(guild.bob)
    say(guild.alice, guild.channel, "@bob глянь")
    assert socket.expect("notification")["data"]["notification"]["text"] == f"{SHOWN} mentioned you in #общий"
    assert only(guild.bob)["text"] == f"{SHOWN} mentioned you in #общий"
    speaks(guild.bob, "ru")
    assert only(guild.bob)["text"] == f"{SHOWN} упомянул(а) вас в #общий"
    alice, dave = guild.alice, people("dave")
    ask(dave, alice)
    assert only(alice)["text"] == f"{SHOWN} отправил(а) вам запрос в друзья"


def test_the_actors_name_is_the_one_they_show_now(guild):
    """Notifications name the actor by their display name as it is now; a name kept from then is
    used only once their account is gone."""
    say(guild.alice, guild.channel, "@bob глянь")
    response = guild.alice.client.patch("/api/settings", json={"profile": {"displayName": "Алиса"}},
                                        headers=guild.alice.headers())
    assert response.status_code == 200
    made = only(guild.bob)
    assert (made["text"], made["actor"]["displayName"], made["data"]["name"]) == (
        "Алиса упомянул(а) вас в #общий", "Алиса", SHOWN)


def test_an_answered_request_reads_its_notification_on_every_device(people, connected):
    """Accepted on one device, declined, withdrawn by its sender, or dropped by a block: the
    request's notification is read, and the addressee's other tabs hear it at once."""
    alice, bob = people("alice"), people("bob")
    for answer in ("accept", "decline", "cancel", "block"):
        request = ask(alice, bob)
        [made] = [n for n in notifications(bob)["notifications"] if not n["isRead"]]
        other_device = connected(bob)
        if answer == "cancel":
            response = alice.delete(f"/api/friends/requests/{request['id']}")
        elif answer == "block":
            response = bob.post(f"/api/friends/{alice.id}/block")
        else:
            response = bob.post(f"/api/friends/requests/{request['id']}/{answer}")
        assert response.status_code == 200, (answer, response.get_json())
        [heard] = [f["data"] for f in other_device.frames_within(1.0) if f["type"] == "notifications_read"]
        assert heard["ids"] == [made["id"]] and heard["unreadCount"] == 0, answer
        assert not any(n["type"] == "FRIEND_REQUEST" and not n["isRead"] for n in notifications(bob)["notifications"])
        if answer == "accept":
            assert alice.delete(f"/api/friends/{bob.id}").status_code == 200
        if answer == "block":
            assert bob.post(f"/api/friends/{alice.id}/unblock").status_code == 200
