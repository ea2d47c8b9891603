"""Per-server notification settings (`/api/notifications/servers`): a level — all messages, mentions
only (the default), nothing — and a mute for a while or until turned back on; a muted server, or
one set to nothing, makes no mention or reply notification; each person's own, on every tab."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select, update

from lobby.database import utcnow
from lobby.notifications.models import ServerNotificationSetting
from tests.reads.conftest import notifications, refusal, say


def settings_url(server_id: int) -> str:
    return f"/api/notifications/servers/{server_id}"


def set_for(person, server_id: int, **body):
    return person.put(settings_url(server_id), json=body)


def mine(person, server_id: int) -> dict:
    response = person.get(settings_url(server_id))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def mentioned(guild) -> int:
    """Alice mentions and replies to Bob: how many notifications Bob has now."""
    original = say(guild.bob, guild.channel, "вопрос")
    say(guild.alice, guild.channel, "@bob ответ", replyToId=original["id"])
    say(guild.alice, guild.channel, "@bob ещё раз")
    return len(notifications(guild.bob)["notifications"])


def test_a_member_starts_at_mentions_only_and_unmuted(guild):
    server_id = guild.server["id"]
    assert mine(guild.bob, server_id) == {"serverId": server_id, "level": "mentions", "muted": False, "mutedUntil": None}
    assert guild.bob.get("/api/notifications/servers").get_json() == {"servers": []}


def test_nothing_silences_the_servers_mentions_and_replies(guild):
    server_id = guild.server["id"]
    response = set_for(guild.bob, server_id, level="nothing")
    assert response.status_code == 200
    assert response.get_json() == {"serverId": server_id, "level": "nothing", "muted": False, "mutedUntil": None}
    assert mentioned(guild) == 0
    assert guild.bob.get("/api/notifications/servers").get_json()["servers"] == [response.get_json()]
    set_for(guild.bob, server_id, level="all")
    assert mentioned(guild) == 2  # the mention and the reply of the second round (one each per message)


def test_a_mute_lasts_its_time_and_ends_when_turned_off(guild, in_database):
    server_id = guild.server["id"]
    before = utcnow()
    body = set_for(guild.bob, server_id, mute="1h").get_json()
    until = datetime.fromisoformat(body["mutedUntil"])
    assert body["muted"] is True and body["level"] == "mentions"
    assert before + timedelta(minutes=59) < until < before + timedelta(minutes=61)
    assert mentioned(guild) == 0
    # An hour later the mute has run out: it reads as none, and mentions notify again.
    in_database(lambda session: session.execute(update(ServerNotificationSetting)
                                                .values(muted_until=utcnow() - timedelta(seconds=1))))
    assert mine(guild.bob, server_id)["muted"] is False
    assert mentioned(guild) == 2
    forever = set_for(guild.bob, server_id, mute="forever").get_json()
    assert (forever["muted"], forever["mutedUntil"]) == (True, None)  # until turned back on
    assert mentioned(guild) == 2
    assert set_for(guild.bob, server_id, mute="off").get_json()["muted"] is False
    assert mentioned(guild) == 4


def test_the_default_keeps_no_row_and_a_level_outlives_a_mute(guild, app):
    server_id = guild.server["id"]
    set_for(guild.bob, server_id, level="all", mute="8h")
    assert set_for(guild.bob, server_id, mute="off").get_json()["level"] == "all"  # the level stays
    set_for(guild.bob, server_id, level="mentions")
    with app.app_context():
        from lobby.extensions import db
        assert db.session.scalars(select(ServerNotificationSetting)).all() == []


def test_other_tabs_hear_the_change(guild, connected):
    server_id = guild.server["id"]
    other_tab = connected(guild.bob)
    changed = set_for(guild.bob, server_id, mute="15m").get_json()
    assert other_tab.expect("server_notifications")["data"] == changed


def test_bad_settings_are_refused_in_words(guild):
    server_id = guild.server["id"]
    wrong = set_for(guild.bob, server_id, level="loud")
    assert wrong.status_code == 422
    assert wrong.get_json()["errors"] == {"level": "Уровень уведомлений: all, mentions или nothing"}
    wrong = set_for(guild.bob, server_id, mute="2h")
    assert wrong.get_json()["errors"] == {"mute": "Время без звука: 15m, 1h, 8h, 24h, forever или off"}
    assert set_for(guild.bob, server_id).get_json()["message"] == "Укажите level или mute"
    assert guild.bob.put(settings_url(server_id), json=["nothing"]).status_code == 400
    assert mine(guild.bob, server_id)["level"] == "mentions"  # nothing changed


def test_only_members_have_settings_for_a_server(guild, people):
    server_id = guild.server["id"]
    assert refusal(set_for(guild.mallory, server_id, level="nothing")) == (403, "NOT_A_MEMBER")
    assert refusal(guild.mallory.get(settings_url(server_id))) == (403, "NOT_A_MEMBER")
    assert refusal(set_for(guild.bob, 999999, level="nothing")) == (404, "SERVER_NOT_FOUND")
    assert refusal(people("anonymous").put(settings_url(server_id), json={"level": "all"})) == (401, "UNAUTHORIZED")
    # One person's choice is theirs alone: Alice still hears Bob's mentions.
    set_for(guild.bob, server_id, level="nothing")
    say(guild.bob, guild.channel, "@alice привет")
    assert len(notifications(guild.alice)["notifications"]) == 1
