"""The revision that makes reactions emoji and a message notify a person once, on a database with rows
in it (the suite's: SQLite or PostgreSQL): text that is not one emoji stops being a reaction, an
emoji without its variation selector becomes the stored form (once per person), and repeated
notifications of one message to one person go, the oldest staying."""
from datetime import datetime

from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from lobby import create_app
from lobby.extensions import db
from tests.conftest import SUITE_DATABASE_URL
from tests.migration_rows import a_chat, run
from tests.support import fresh_database

BEFORE, REVISION = "a7d9f1b3c567", "b3e5c7d9f1a2"
NOW = datetime(2026, 11, 28)


def rows(sql: str) -> list[tuple]:
    with db.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(text(sql))]


def test_the_revision_keeps_only_emoji_reactions_and_one_notice_per_message(tmp_path):
    with fresh_database(SUITE_DATABASE_URL, tmp_path) as url:
        app = create_app(env={"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": url, "SECRET_KEY": "x"})
        with app.app_context():
            upgrade(revision=BEFORE)
            a_chat(NOW)
            for id_, user_id, emoji in [(1, 1, "👍"), (2, 2, "плюс"), (3, 2, "👍👍"), (4, 1, "❤"), (5, 2, "❤"),
                                        (6, 2, "❤️"), (7, 1, "🏻")]:
                run("INSERT INTO reactions (id, message_id, user_id, emoji, created_at) VALUES (:id, 1, :user, :emoji, "
                    ":now)", id=id_, user=user_id, emoji=emoji, now=NOW)
            for id_, kind in [(1, "MENTION"), (2, "MENTION"), (3, "REPLY"), (4, "DM"), (5, "DM")]:
                run("INSERT INTO notifications (id, user_id, type, actor_id, text, link, channel_id, message_id, "
                    "is_read, created_at) VALUES (:id, 2, :kind, 1, 't', '/app', 1, 1, :no, :now)",
                    id=id_, kind=kind, no=False, now=NOW)

            upgrade(revision=REVISION)
            assert rows("SELECT user_id, emoji FROM reactions ORDER BY user_id, emoji") == [
                (1, "❤️"), (1, "👍"), (2, "❤️")]
            assert rows("SELECT id, type FROM notifications ORDER BY id") == [(1, "MENTION"), (4, "DM"), (5, "DM")]
            assert rows("SELECT count(*) FROM message_edits") == [(0,)]

            downgrade(revision=BEFORE)
            upgrade(revision=REVISION)
            db.engine.dispose()
