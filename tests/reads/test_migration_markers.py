"""The inbox migration starts everyone already in a server (or a DM) at each channel's latest message,
so the history from before it is not unread."""
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from lobby import create_app
from lobby.extensions import db
from tests.conftest import SUITE_DATABASE_URL
from tests.support import fresh_database

BEFORE_INBOX = "a1d3c5e7f901"
NOW = "2026-11-24 12:00:00"


def rows(sql: str, **values) -> list[tuple]:
    return [tuple(row) for row in db.session.execute(text(sql), values).all()]


def person(name: str) -> int:
    return db.session.execute(text(
        "INSERT INTO users (username, username_key, email, email_key, first_name, last_name, password_hash, "
        "is_email_verified, is_deactivated, session_version, created_at) VALUES (:n, :n, :e, :e, 'И', 'Ф', 'x', "
        "true, false, 1, :now) RETURNING id"), {"n": name, "e": f"{name}@example.com", "now": NOW}).scalar_one()


def channel(server_id: int | None, kind: str = "TEXT") -> int:
    return db.session.execute(text(
        "INSERT INTO channels (server_id, name, type, position, created_at) VALUES (:s, 'к', :t, 0, :now) "
        "RETURNING id"), {"s": server_id, "t": kind, "now": NOW}).scalar_one()


def message(channel_id: int, author_id: int) -> int:
    return db.session.execute(text(
        "INSERT INTO messages (channel_id, author_id, content, created_at) VALUES (:c, :a, 'старое', :now) "
        "RETURNING id"), {"c": channel_id, "a": author_id, "now": NOW}).scalar_one()


def test_existing_members_and_dm_people_start_at_the_latest_message(tmp_path):
    with fresh_database(SUITE_DATABASE_URL, tmp_path) as url:
        app = create_app(env={"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": url, "SECRET_KEY": "x"})
        with app.app_context():
            upgrade(revision=BEFORE_INBOX)
            owner, member, friend = person("owner"), person("member"), person("friend")
            server_id = db.session.execute(text(
                "INSERT INTO servers (name, owner_id, category, is_public, is_verified, invite_code, created_at) "
                "VALUES ('С', :o, 'community', true, false, 'code', :now) RETURNING id"),
                {"o": owner, "now": NOW}).scalar_one()
            for user_id, role in ((owner, "owner"), (member, "member")):
                db.session.execute(text("INSERT INTO memberships (server_id, user_id, role, joined_at) "
                                        "VALUES (:s, :u, :r, :now)"), {"s": server_id, "u": user_id, "r": role,
                                                                       "now": NOW})
            busy, empty, dm = channel(server_id), channel(server_id), channel(None, "DM")
            db.session.execute(text("INSERT INTO direct_chats (channel_id, user_low_id, user_high_id, created_at) "
                                    "VALUES (:c, :l, :h, :now)"), {"c": dm, "l": owner, "h": friend, "now": NOW})
            message(busy, owner)
            latest = message(busy, member)
            in_dm = message(dm, friend)
            db.session.commit()
            upgrade()
            assert sorted(rows("SELECT user_id, channel_id, last_read_id FROM read_states")) == sorted([
                (owner, busy, latest), (member, busy, latest), (owner, dm, in_dm), (friend, dm, in_dm)])
            assert empty  # a channel with no message needs no marker
            db.session.commit()
            downgrade(revision=BEFORE_INBOX)
            assert rows("SELECT count(*) FROM messages") == [(3,)]
            db.session.remove()
            db.engine.dispose()
