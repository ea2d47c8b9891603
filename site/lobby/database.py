"""Engine set-up that differs per database, and column types that behave alike on both."""
import re
from datetime import datetime, timezone

from sqlalchemy import ARRAY, Boolean, DateTime, Integer, any_, bindparam, event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.elements import ColumnElement
from sqlalchemy.sql.visitors import InternalTraversal
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


def keep_prepared_statements(app, db) -> None:
    """On PostgreSQL, a read request's transaction ends with COMMIT instead of the ROLLBACK the
    session would send when it is removed. psycopg prepares a statement on the server after its
    5th run on a connection, which skips planning from then on (a channel page's message query:
    0.52 → 0.23 ms), but every ROLLBACK makes it forget them all: with a rollback after each
    request, nothing was ever prepared. Only a successful GET or HEAD with nothing pending in the
    session, so committing changes nothing that rolling back would have undone."""
    if db.engine.dialect.name != "postgresql":
        return
    from flask import request

    @app.after_request
    def _end_reads_with_commit(response):
        session = db.session()  # this request's Session (db.session is its scoped proxy)
        if (request.method in ("GET", "HEAD") and response.status_code < 400 and session.in_transaction()
                and not (session.new or session.dirty or session.deleted)):
            session.commit()
        return response


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


class HotStatement:
    """One statement on the hot path (each chat message runs it), executed on the DBAPI
    connection itself, in autocommit, with a connection from the app's pool.

    Measured on PostgreSQL (the message INSERT, 2,000 calls): 415 µs of CPU a call through
    SQLAlchemy Core's execution machinery, 187 µs through the DBAPI cursor. Autocommit saves the
    BEGIN and COMMIT round trips a one-statement transaction would cost.

    `sql` names its parameters `:name`; `types` gives the column type of any parameter whose
    value needs its bind conversion (an aware datetime: `UtcDateTime`). Errors come out as
    SQLAlchemy's (`IntegrityError` ...), like any other statement's."""

    def __init__(self, sql: str, types: dict | None = None) -> None:
        self.sql = sql
        self.types = types or {}
        self._prepared: dict[str, tuple[str, dict]] = {}  # by dialect name

    def _for(self, dialect) -> tuple[str, dict]:
        prepared = self._prepared.get(dialect.name)
        if prepared is None:
            # sqlite3 takes `:name` as it is; psycopg's style is `%(name)s`.
            pyformat = dialect.loaded_dbapi.paramstyle == "pyformat"
            sql = re.sub(r"(?<!:):(\w+)", r"%(\1)s", self.sql) if pyformat else self.sql
            processors = {name: kind.dialect_impl(dialect).bind_processor(dialect) for name, kind in self.types.items()}
            prepared = self._prepared[dialect.name] = (sql, {k: p for k, p in processors.items() if p})
        return prepared

    def run(self, dialect, connection, cursor, sql: str, params: dict) -> None:
        """Execute on the borrowed DBAPI connection, in autocommit (a subclass may add to it)."""
        cursor.execute(sql, params)

    def first(self, engine, params: dict) -> tuple | None:
        dialect = engine.dialect
        sql, processors = self._for(dialect)
        params = {**params, **{name: process(params[name]) for name, process in processors.items() if name in params}}
        try:
            pooled = engine.raw_connection()
        except dialect.loaded_dbapi.Error as error:  # no connection to be had (a restart): say it in SQLAlchemy's words
            raise DBAPIError.instance(sql, params, error, dialect.loaded_dbapi.Error, connection_invalidated=True) from error
        cursor = None
        try:
            dialect.set_isolation_level(pooled.dbapi_connection, "AUTOCOMMIT")
            cursor = pooled.cursor()
            self.run(dialect, pooled.dbapi_connection, cursor, sql, params)
            return cursor.fetchone()
        except dialect.loaded_dbapi.Error as error:
            if dialect.is_disconnect(error, pooled.dbapi_connection, cursor):
                pooled.invalidate(error)  # a restarted database: this connection is dead, not the pool
            raise DBAPIError.instance(sql, params, error, dialect.loaded_dbapi.Error) from error
        finally:
            _give_back(pooled, dialect)


def _give_back(pooled, dialect) -> None:
    """Back to the pool as the pool handed it out (not in autocommit); a connection that cannot
    be reset is dropped instead."""
    if pooled.is_valid:
        try:
            dialect.reset_isolation_level(pooled.dbapi_connection)
        except Exception as error:  # a broken connection: the pool opens a new one next time
            pooled.invalidate(error)
    pooled.close()


class AmongIds(ColumnElement):
    """`column IN (:name...)` for a list of integer ids, sent to PostgreSQL as
    `column = ANY(:name)`: one array parameter however long the list. Expanded, each id is a bind
    of its own, and a statement of 300 ids cost 3.5 ms of CPU to bind and send against 0.34 ms as
    an array (the ids of a round of connects, admission.py). SQLite gets the expanded list."""

    inherit_cache = True
    type = Boolean()
    _traverse_internals = [("column", InternalTraversal.dp_clauseelement), ("name", InternalTraversal.dp_string)]

    def __init__(self, column, name: str) -> None:
        self.column = column
        self.name = name


@compiles(AmongIds)
def _among_expanded(element, compiler, **kw):
    return compiler.process(element.column.in_(bindparam(element.name, expanding=True)), **kw)


@compiles(AmongIds, "postgresql")
def _among_as_array(element, compiler, **kw):
    return compiler.process(element.column == any_(bindparam(element.name, type_=ARRAY(Integer))), **kw)
