"""How long `GET /api/unread` takes for a person who can read 100 channels (90 text channels in 10
servers, and 10 DMs), each with a history, in the mix a real person has: most channels read, some
with a few unread, some far behind (counted up to the cap of 100), a few never opened, and mentions
by name and with @everyone here and there.

    .venv/bin/python bench/unread.py [calls]                                  # embedded SQLite
    DATABASE_URL=postgresql://postgres@127.0.0.1/test .venv/bin/python bench/unread.py

With a DATABASE_URL it creates and drops its own database on that PostgreSQL server. Rows are
written in bulk (not through the API: that would measure sending). Timed in-process through the
WSGI app (no network), after a warm-up; the target (issue 15) is p50 ≤ 10 ms on PostgreSQL.
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "site")]

from flask_migrate import upgrade  # noqa: E402
from sqlalchemy import event, insert, select, text  # noqa: E402

from lobby import create_app  # noqa: E402
from lobby.accounts import actions as accounts  # noqa: E402
from lobby.accounts.models import User  # noqa: E402
from lobby.database import utcnow  # noqa: E402
from lobby.dms.models import DirectChat  # noqa: E402
from lobby.extensions import db  # noqa: E402
from lobby.messages.models import Message  # noqa: E402
from lobby.reads.models import MessageMention, ReadState  # noqa: E402
from lobby.servers.models import Channel, Membership, Server  # noqa: E402
from tests.support import fresh_database  # noqa: E402

SERVERS, CHANNELS_EACH, DMS = 10, 9, 10
HISTORY = 1_000  # messages a channel
OTHERS = 40  # other people writing


def seed(app) -> None:
    random.seed(15)
    with app.app_context():
        upgrade()
        me = accounts.do_register({"username": "reader", "email": "reader@example.com", "firstName": "Анна",
                                   "lastName": "Смирнова", "password": "password-123"}, verified=True)
        others = other_people(me.id)
        channels = [*server_channels(me.id, others), *direct_chats(me.id, others)]
        for channel_id in channels:
            write_history(me.id, others, channel_id)
        db.session.commit()
        if db.engine.dialect.name == "postgresql":
            db.session.execute(text("ANALYZE"))  # as autovacuum would have on a live database
            db.session.commit()


def other_people(me: int) -> list[int]:
    db.session.execute(insert(User), [
        {"username": f"p{i}", "username_key": f"p{i}", "email": f"p{i}@example.com",
         "email_key": f"p{i}@example.com", "first_name": "П", "last_name": "П", "password_hash": "!",
         "is_email_verified": True} for i in range(OTHERS)])
    return list(db.session.scalars(select(User.id).where(User.id != me)))


def server_channels(me: int, others: list[int]) -> list[int]:
    """SERVERS servers of everyone, each with CHANNELS_EACH text channels and a voice channel."""
    channels = []
    for s in range(SERVERS):
        server_id = db.session.scalar(insert(Server).returning(Server.id).values(
            name=f"Сервер {s}", owner_id=others[s], invite_code=f"bench-{s}"))
        db.session.execute(insert(Membership), [{"server_id": server_id, "user_id": uid, "role": "member"}
                                                for uid in [me, *others]])
        channels += db.session.scalars(insert(Channel).returning(Channel.id), [
            {"server_id": server_id, "name": f"канал-{c}", "type": "TEXT", "position": c}
            for c in range(CHANNELS_EACH)]).all()
        db.session.execute(insert(Channel).values(server_id=server_id, name="голос", type="VOICE", position=99))
    return channels


def direct_chats(me: int, others: list[int]) -> list[int]:
    channels = []
    for d in range(DMS):
        channel_id = db.session.scalar(insert(Channel).returning(Channel.id).values(
            server_id=None, name=f"dm-{d}", type="DM", position=0))
        low, high = sorted((me, others[d]))
        db.session.execute(insert(DirectChat).values(channel_id=channel_id, user_low_id=low, user_high_id=high))
        channels.append(channel_id)
    return channels


def write_history(me: int, others: list[int], channel_id: int) -> None:
    """HISTORY messages (about one in eleven the reader's own, one in 400 an @everyone), five that
    name the reader, and the reader's marker: read up to the end (40 %), a few behind (30 %), far
    behind (20 %), never opened (10 %)."""
    now = utcnow()
    ids = db.session.scalars(insert(Message).returning(Message.id), [
        {"channel_id": channel_id, "author_id": random.choice(others + [me] * 4), "content": f"сообщение {n}",
         "created_at": now, "mentions_everyone": n % 400 == 399} for n in range(HISTORY)]).all()
    db.session.execute(insert(MessageMention), [{"message_id": i, "user_id": me, "channel_id": channel_id}
                                                for i in random.sample(ids, 5)])
    kind = random.random()
    if kind < 0.1:
        return
    behind = 0 if kind < 0.5 else random.randint(1, 10) if kind < 0.8 else random.randint(150, 600)
    db.session.execute(insert(ReadState).values(user_id=me, channel_id=channel_id, last_read_id=ids[-1 - behind]))


def main(calls: int) -> None:
    folder = tempfile.mkdtemp(prefix="lobby-bench-")
    with fresh_database(os.environ.get("DATABASE_URL"), Path(folder)) as url:
        app = create_app({"RATELIMIT_ENABLED": False}, env={
            "INSTANCE_PATH": folder, "SECRET_KEY": "bench", "LOG_LEVEL": "WARNING", "DATABASE_URL": url})
        started = time.perf_counter()
        seed(app)
        seeded = time.perf_counter() - started
        client = app.test_client()
        login = client.post("/api/auth/login", json={"username": "reader", "password": "password-123"})
        assert login.status_code == 200, login.get_json()
        headers = {"Authorization": f"Bearer {login.get_json()['accessToken']}"}
        statements = []
        with app.app_context():
            event.listen(db.engine, "before_cursor_execute", lambda conn, cursor, sql, *rest: statements.append(sql))
        for _ in range(20):  # warm-up: statements prepared, caches filled
            response = client.get("/api/unread", headers=headers)
            assert response.status_code == 200, response.get_json()
        listed = response.get_json()["channels"]
        statements.clear()
        times = []
        for _ in range(calls):
            begun = time.perf_counter()
            response = client.get("/api/unread", headers=headers)
            times.append((time.perf_counter() - begun) * 1000)
            assert response.status_code == 200
        with app.app_context():
            db.engine.dispose()
    capped = sum(1 for entry in listed if entry["unread"] == 100)
    print(f"{url.split(':', 1)[0]}: GET /api/unread, {SERVERS * CHANNELS_EACH} channels + {DMS} DMs of "
          f"{HISTORY:,} messages each (seeded in {seeded:.0f} s); {len(listed)} listed, {capped} at the cap; "
          f"{calls} calls: p50 {statistics.median(times):.2f} ms, p95 {statistics.quantiles(times, n=20)[-1]:.2f} ms, "
          f"{len(statements) / calls:.0f} SQL statements per call")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
