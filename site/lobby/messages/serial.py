"""One at a time per key, where a check and the write it allows must not interleave: an author's
sends and edits against the send rate (by author), new reactions against a message's kinds (by
message).

The check and the write are one statement (an INSERT … SELECT … WHERE <the check>). That is enough
on SQLite, which runs one writer at a time and reads inside the write. It is not on PostgreSQL: under
READ COMMITTED a statement reads what was committed when it started, so sixty sends at once each
counted the others' uncommitted rows as absent (34 of 60 written past a limit of 30). There a
transaction-scoped advisory lock on (space, key) is taken first: the statement after it starts once
the previous holder committed, and sees what it wrote. The lock ends with the transaction."""
from __future__ import annotations

from sqlalchemy import text

from lobby.database import HotStatement
from lobby.extensions import db

SENDS = 1  # by author: messages sent and edits made, against the send rate
REACTIONS = 2  # by message: its reaction kinds

LOCK = text("SELECT pg_advisory_xact_lock(:space, :key)")


def hold(space: int, key: int) -> None:
    """In the session's transaction, before the statement that checks and writes: until the
    transaction ends, nobody else holds (space, key). Nothing to do on SQLite."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(LOCK, {"space": space, "key": key})


class SerialStatement(HotStatement):
    """A hot statement (one round trip, autocommit) that runs one at a time per value of its
    parameter `key`. On PostgreSQL the lock and the statement go in one pipeline: one round trip
    still, and one implicit transaction ending at the pipeline's sync, so the lock is granted before
    the statement reads and held until its write is committed."""

    def __init__(self, sql: str, types: dict | None, space: int, key: str) -> None:
        super().__init__(sql, types)
        self.space, self.key = space, key

    def run(self, dialect, connection, cursor, sql: str, params: dict) -> None:
        if dialect.name != "postgresql":
            return super().run(dialect, connection, cursor, sql, params)
        with connection.pipeline():
            connection.execute("SELECT pg_advisory_xact_lock(%s, %s)", (self.space, params[self.key]))
            cursor.execute(sql, params)
