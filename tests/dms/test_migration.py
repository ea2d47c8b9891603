"""The DM revision on a database with rows in it, on the suite's database (SQLite or PostgreSQL):
making `channels.server_id` nullable keeps every channel and message (on SQLite the table is
rebuilt, which with foreign keys on would have cascaded into messages), and the downgrade removes
the DMs with their messages."""
from datetime import datetime

from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from lobby import create_app
from lobby.extensions import db
from tests.conftest import SUITE_DATABASE_URL
from tests.migration_rows import a_chat, run
from tests.support import fresh_database

BEFORE, DMS = "9c4e2a7f1d58", "a1d3c5e7f901"
NOW = datetime(2026, 11, 24)


def count(table: str) -> int:
    with db.engine.connect() as connection:
        return connection.execute(text(f"SELECT count(*) FROM {table}")).scalar()


def test_the_revision_keeps_server_messages_and_its_downgrade_drops_dms(tmp_path):
    with fresh_database(SUITE_DATABASE_URL, tmp_path) as url:
        app = create_app(env={"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": url, "SECRET_KEY": "x"})
        with app.app_context():
            upgrade(revision=BEFORE)
            a_chat(NOW)
            run("INSERT INTO reactions (id, message_id, user_id, emoji, created_at) VALUES (1, 1, 2, '👍', :now)",
                now=NOW)

            upgrade(revision=DMS)
            assert (count("channels"), count("messages"), count("reactions")) == (1, 1, 1)

            run("INSERT INTO channels (id, server_id, name, type, position, created_at) "
                "VALUES (2, NULL, 'dm-1-2', 'DM', 0, :now)", now=NOW)
            run("INSERT INTO direct_chats (channel_id, user_low_id, user_high_id, created_at) VALUES (2, 1, 2, :now)",
                now=NOW)
            run("INSERT INTO messages (id, channel_id, author_id, content, created_at) VALUES (2, 2, 1, 'dm', :now)",
                now=NOW)
            run("INSERT INTO reactions (id, message_id, user_id, emoji, created_at) VALUES (2, 2, 2, '👍', :now)",
                now=NOW)

            downgrade(revision=BEFORE)
            assert (count("channels"), count("messages"), count("reactions")) == (1, 1, 1)
            upgrade(revision=DMS)
            assert count("direct_chats") == 0
            db.engine.dispose()
