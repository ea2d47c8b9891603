"""Engine set-up that differs per database, and column types that behave alike on both."""
from datetime import datetime, timezone

from sqlalchemy import DateTime, event
from sqlalchemy.types import TypeDecorator
from sqlalchemy.engine import Engine


def unicode_lower(value):
    return value.lower() if isinstance(value, str) else value


def tune_sqlite(engine: Engine) -> None:
    """Foreign keys on, WAL so readers do not wait for the writer, a short busy wait, and a
    `lower()` that knows Cyrillic (SQLite's own folds ASCII only) as PostgreSQL's does."""
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()
        dbapi_connection.create_function("lower", 1, unicode_lower, deterministic=True)


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class UtcDateTime(TypeDecorator):
    """Aware UTC datetimes on both databases: stored as naive UTC, read back with tzinfo=UTC.

    (SQLite keeps no time zone and PostgreSQL's `timestamp` neither; one rule for both.)
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("store aware datetimes (use lobby.database.utcnow())")
        return value.astimezone(timezone.utc).replace(tzinfo=None)

    def process_result_value(self, value, dialect):
        return None if value is None else value.replace(tzinfo=timezone.utc)
