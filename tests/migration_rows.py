"""Rows for the migration tests, written with plain SQL at an old revision (the models describe the
newest schema, not the one under test)."""
from __future__ import annotations

from sqlalchemy import text

from lobby.extensions import db


def run(sql: str, **values) -> None:
    with db.engine.begin() as connection:
        connection.execute(text(sql), values)


def a_chat(now) -> None:
    """Two users (ids 1 and 2), a server of user 1's (id 1) with a text channel (id 1) holding one
    message of user 1's (id 1): columns every revision since the DMs has."""
    for user_id in (1, 2):
        run("INSERT INTO users (id, username, username_key, email, email_key, password_hash, first_name, "
            "last_name, is_email_verified, is_deactivated, session_version, created_at) VALUES (:id, :name, "
            ":name, :mail, :mail, 'h', 'a', 'b', :yes, :no, 1, :now)",
            id=user_id, name=f"u{user_id}", mail=f"u{user_id}@x", yes=True, no=False, now=now)
    run("INSERT INTO servers (id, name, owner_id, category, is_public, is_verified, invite_code, created_at) "
        "VALUES (1, 's', 1, 'community', :yes, :no, 'code', :now)", yes=True, no=False, now=now)
    run("INSERT INTO channels (id, server_id, name, type, position, created_at) "
        "VALUES (1, 1, 'общий', 'TEXT', 0, :now)", now=now)
    run("INSERT INTO messages (id, channel_id, author_id, content, created_at) VALUES (1, 1, 1, 'x', :now)", now=now)
