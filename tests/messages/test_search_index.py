"""The search index migration (FTS5 on SQLite, a GIN index on PostgreSQL): it indexes the messages
already there, goes away on downgrade, and PostgreSQL's planner can use it."""
from types import SimpleNamespace

from flask_migrate import downgrade, upgrade
from sqlalchemy import bindparam, inspect, select, text

from lobby import create_app
from lobby.database import UtcDateTime, utcnow
from lobby.extensions import db
from lobby.messages.models import Message
from lobby.messages.search_index import FTS_TABLE, GIN_INDEX, SQLITE_TRIGGERS, matching, terms
from lobby.servers.models import Channel, Server
from tests.conftest import SUITE_DATABASE_URL
from tests.support import fresh_database

BEFORE_SEARCH = "3f1a9c2e7b40"


def index_parts(engine) -> set[str]:
    if engine.dialect.name == "postgresql":
        return {index["name"] for index in inspect(engine).get_indexes("messages")} & {GIN_INDEX}
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT name FROM sqlite_master WHERE name = :t OR type = 'trigger'"),
                                  {"t": FTS_TABLE})
        return {name for (name,) in rows}


def expected(engine) -> set[str]:
    return {GIN_INDEX} if engine.dialect.name == "postgresql" else {FTS_TABLE, *SQLITE_TRIGGERS}


def found_ids(q: str) -> list[int]:
    clause = matching(db.engine.dialect.name, terms(q), Message.id, Message.content)
    return list(db.session.scalars(select(Message.id).where(clause).order_by(Message.id)))


def a_message(content: str) -> SimpleNamespace:
    # The user too is written out: later revisions add columns to `users` (the settings' profile).
    user = SimpleNamespace(id=db.session.execute(text(
        "INSERT INTO users (username, username_key, email, email_key, first_name, last_name, password_hash, "
        "is_email_verified, is_deactivated, session_version, created_at) VALUES ('u', 'u', 'u@example.com', "
        "'u@example.com', 'У', 'У', 'x', true, false, 1, :at) RETURNING id").bindparams(
            bindparam("at", type_=UtcDateTime())), {"at": utcnow()}).scalar_one())
    server = Server(name="С", owner_id=user.id, invite_code="code-1")
    channel = Channel(name="общий")
    db.session.add(server)
    db.session.flush()
    channel.server_id = server.id
    db.session.add(channel)
    db.session.flush()
    # Written out: the model has columns that later revisions add, and this runs before them.
    inserted = text("INSERT INTO messages (channel_id, author_id, content, created_at) VALUES (:c, :a, :t, :at) "
                    "RETURNING id").bindparams(bindparam("at", type_=UtcDateTime()))
    return SimpleNamespace(id=db.session.execute(inserted, {"c": channel.id, "a": user.id, "t": content,
                                                            "at": utcnow()}).scalar_one())


def test_the_migration_indexes_old_messages_and_downgrades_cleanly(tmp_path):
    with fresh_database(SUITE_DATABASE_URL, tmp_path) as url:
        app = create_app(env={"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": url, "SECRET_KEY": "x"})
        with app.app_context():
            upgrade(revision=BEFORE_SEARCH)
            assert index_parts(db.engine) == set()
            old = a_message("Старое сообщение про ёжика")
            db.session.commit()
            upgrade()
            assert index_parts(db.engine) == expected(db.engine)
            assert found_ids("ежика ") == [old.id]
            db.session.rollback()  # PostgreSQL: the open read would block DROP INDEX
            downgrade(revision=BEFORE_SEARCH)
            assert index_parts(db.engine) == set()
            upgrade()
            assert found_ids("старое ") == [old.id]
            db.session.remove()
            db.engine.dispose()


def test_postgresql_can_answer_from_the_gin_index(app):
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            return
        clause = matching("postgresql", terms("привет мир"), Message.id, Message.content)
        statement = select(Message.id).where(clause)
        with db.engine.connect() as connection:
            connection.execute(text("SET enable_seqscan = off"))
            compiled = statement.compile(connection, compile_kwargs={"literal_binds": True})
            plan = "\n".join(row[0] for row in connection.execute(text(f"EXPLAIN {compiled}")))
        assert GIN_INDEX in plan, plan
