"""Fixtures: `app`, `client`, `make_app`, `live`, and the real services behind them.

The suite runs in the mode the environment names: embedded (SQLite, no REDIS_URL) or production
(DATABASE_URL on PostgreSQL, REDIS_URL). Tests of the Redis-backed seams (RQ, pub/sub) always
talk to a real Redis: REDIS_URL, else the machine's one on loopback.
"""
from __future__ import annotations

import os
import secrets
from contextlib import suppress
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from flask_migrate import upgrade
from redis.exceptions import RedisError
from sqlalchemy import delete
from sqlalchemy.pool import NullPool

from lobby import create_app
from lobby.config import database_url as database_url_for, engine_options
from lobby.extensions import db, limiter
from lobby.jobs.queue import wait_for_local_jobs
from tests.app_building import remember_route_builders, remember_static_files
from tests.support import LiveServer, Mailbox, Published, fresh_database

remember_route_builders()
remember_static_files()



def own_redis_database(url: str | None) -> str | None:
    """Under pytest-xdist (`make test` runs two workers) each worker gets a Redis database of its
    own: the rate limiter's reset after every test clears its whole database, and would clear the
    counters another worker's throttle test is counting. Each worker's PostgreSQL database is its
    own already (`fresh_database`)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not url or not worker:
        return url
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(base + int(worker.removeprefix('gw'))) % 16}"))


SUITE_DATABASE_URL = os.environ.get("DATABASE_URL")
SUITE_REDIS_URL = own_redis_database(os.environ.get("REDIS_URL"))


@pytest.fixture(scope="session")
def redis_url() -> str:
    return SUITE_REDIS_URL or own_redis_database(os.environ.get("TEST_REDIS_URL") or "redis://127.0.0.1:6379/0")


@pytest.fixture(scope="session")
def database_url(tmp_path_factory):
    with fresh_database(SUITE_DATABASE_URL, tmp_path_factory.mktemp("db")) as url:
        yield url


def database_url_of(env: dict) -> str:
    return database_url_for(env.get("DATABASE_URL"), Path(env["INSTANCE_PATH"]))


@pytest.fixture(scope="session")
def mailbox():
    box = Mailbox().start()
    yield box
    box.stop()


# Fixtures that serve an app over real sockets from threads of this process.
SERVING_FIXTURES = {"live", "frameable", "two_processes"}


@pytest.fixture
def make_app(request, tmp_path, database_url, mailbox):
    """Build an app from an environment like production's; keyword arguments override it."""
    serves = bool(SERVING_FIXTURES & set(request.fixturenames))  # the whole closure: `connect` needs `live`
    apps = []

    def build(overrides: dict | None = None, **env):
        base = {
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "DATABASE_URL": database_url,
            "SECRET_KEY": "test-secret",
            "REDIS_PREFIX": f"lobby-test-{secrets.token_hex(4)}",
            # Mail goes to a real SMTP listener; pass MAIL_SERVER=None for the outbox folder.
            "MAIL_SERVER": "127.0.0.1",
            "MAIL_PORT": str(mailbox.port),
            "MAIL_DEFAULT_SENDER": "Lobby <no-reply@lobby.test>",
        }
        if SUITE_REDIS_URL:
            base["REDIS_URL"] = SUITE_REDIS_URL
        base.update({k: v for k, v in env.items() if v is not None})
        for key, value in env.items():
            if value is None:
                base.pop(key, None)
        # A small pool per app, closed when the test ends (below): without one every checkout
        # opens a PostgreSQL backend, a fork on the server (tests/servers on PostgreSQL: 165 s
        # with none, 110 s with the pool). Not for a test that serves over a real socket: its
        # socket threads outlive the test and would refill a closed pool, and those idle
        # connections piled up past max_connections (seen: 100 within 10 minutes). Those get no
        # pool: a connection per checkout, closed at once.
        engine = engine_options(database_url_of(base), 2)
        if serves or "pool_size" not in engine:
            engine = {**engine, "poolclass": NullPool}
            for option in ("pool_size", "max_overflow", "pool_timeout"):  # NullPool takes none of them
                engine.pop(option, None)
        else:  # a test holding two connections (a job's thread, a second app) never waits 30 s for a third
            engine["max_overflow"] = 10
        # VALIDATE_ANSWERS: every answer of a view declared with models is checked against them.
        settings = {"TESTING": True, "WTF_CSRF_ENABLED": False, "SQLALCHEMY_ENGINE_OPTIONS": engine,
                    "VALIDATE_ANSWERS": True, **(overrides or {})}
        app = create_app(settings, env=base)
        apps.append(app)
        return app

    yield build
    for app in apps:
        wait_for_local_jobs(app)
        app.extensions["lobby.presence"].close()  # no departure settles later into the next test's rows
        app.extensions["lobby.bus"].close()
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.fixture(scope="session")
def _migrated(database_url, tmp_path_factory):
    app = create_app(env={"INSTANCE_PATH": str(tmp_path_factory.mktemp("mig")), "DATABASE_URL": database_url, "SECRET_KEY": "x"})
    with app.app_context():
        upgrade()
        db.engine.dispose()


@pytest.fixture
def app(make_app, _migrated):
    app = make_app()
    yield app
    wait_for_local_jobs(app)
    # Presence first: an announcement still being told, or a departure settling, would otherwise
    # write its rows into the tables just emptied, for the next test to read.
    app.extensions["lobby.presence"].close()
    with app.app_context():
        with suppress(RedisError):  # a test may have pointed the limiter at a dead Redis
            limiter.reset()  # no test inherits another's rate-limit counters
        # Each test starts from empty tables on the suite's migrated database.
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(delete(table))
        db.session.commit()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def live(app):
    with LiveServer(app) as server:
        app.config["PUBLIC_URL"] = server.url  # links in mail point at this server
        yield server


@pytest.fixture
def published(app):
    """What a `do_*` publishes, heard on the app's own bus — no live socket needed."""
    from lobby.realtime.bus import current_bus

    heard = Published()
    with app.app_context():
        bus = current_bus()
    bus.subscribe(heard)
    yield heard
    bus.unsubscribe(heard)
