"""The revision that keeps what happened instead of a notification's words, on a database with rows
in it (the suite's: SQLite or PostgreSQL): each row gets its actor's shown name and, for a mention
or a reply, the channel's name from the text's tail; rows written in English or by someone since
deleted migrate too; the downgrade writes Russian words back."""
import json
from datetime import datetime

from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from lobby import create_app
from lobby.extensions import db
from tests.conftest import SUITE_DATABASE_URL
from tests.migration_rows import a_chat, run
from tests.support import fresh_database

BEFORE, REVISION = "c8e0f2a4b6d8", "7742acdd8013"
NOW = datetime(2026, 11, 29)


def rows(sql: str) -> list[tuple]:
    with db.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(text(sql))]


def test_old_notifications_keep_what_happened_and_read_in_any_language(tmp_path):
    with fresh_database(SUITE_DATABASE_URL, tmp_path) as url:
        app = create_app(env={"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": url, "SECRET_KEY": "x"})
        with app.app_context():
            upgrade(revision=BEFORE)
            a_chat(NOW)  # user 1 is «a b» (first and last name), user 2 receives
            run("UPDATE users SET display_name = 'Первый' WHERE id = 1")
            for id_, kind, actor, words in [
                    (1, "MENTION", 1, "Первый упомянул(а) вас в #общий"),
                    (2, "REPLY", 1, "Первый replied to your message in #general"),
                    (3, "FRIEND_REQUEST", 1, "u1 отправил(а) вам запрос в друзья"),
                    (4, "DM", None, "ushedshiy написал(а) вам личное сообщение")]:
                run("INSERT INTO notifications (id, user_id, type, actor_id, text, link, is_read, created_at) "
                    "VALUES (:id, 2, :kind, :actor, :words, '/app', :no, :now)",
                    id=id_, kind=kind, actor=actor, words=words, no=False, now=NOW)

            upgrade(revision=REVISION)
            made = {id_: json.loads(data) if isinstance(data, str) else data
                    for id_, data in rows("SELECT id, data FROM notifications ORDER BY id")}
            assert made == {1: {"name": "Первый", "channel": "общий"}, 2: {"name": "Первый", "channel": "general"},
                            3: {"name": "Первый"}, 4: {}}
            assert rows("SELECT count(*) FROM server_notification_settings") == [(0,)]

            downgrade(revision=BEFORE)
            assert rows("SELECT id, text FROM notifications ORDER BY id") == [
                (1, "Первый упомянул(а) вас в #общий"), (2, "Первый ответил(а) на ваше сообщение в #general"),
                (3, "Первый отправил(а) вам запрос в друзья"),
                (4, "Удалённый пользователь написал(а) вам личное сообщение")]
            upgrade(revision=REVISION)
            db.engine.dispose()
