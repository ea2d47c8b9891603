"""Test plumbing shared by the fixtures: throwaway databases and a live server."""
from __future__ import annotations

import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from werkzeug.serving import make_server

from lobby.config import database_url


@contextmanager
def fresh_database(base_url: str | None, folder: Path):
    """A new empty database on the suite's server: PostgreSQL when DATABASE_URL names one,
    else a new SQLite file. Dropped afterwards."""
    if not base_url or base_url.startswith("sqlite"):
        yield f"sqlite:///{folder / ('lobby-' + secrets.token_hex(4) + '.db')}"
        return
    url = make_url(database_url(base_url, folder))
    name = f"lobby_test_{secrets.token_hex(4)}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


class LiveServer:
    """The app served on a free loopback port in a thread, as a browser or socket client sees it."""

    def __init__(self, app) -> None:
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.thread.join(timeout=5)


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Mailbox:
    """A real SMTP server on a loopback port (aiosmtpd) that keeps what it receives."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.messages: list = []
        self._arrived = threading.Condition()
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        from email import message_from_bytes, policy

        with self._arrived:
            self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
            self._arrived.notify_all()
        return "250 OK"

    @property
    def port(self) -> int:
        return self.controller.port

    def start(self) -> "Mailbox":
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()

    def wait_for(self, to: str, count: int = 1, timeout: float = 15):
        """The `count`-th mail to `to` (waits for it); a list of all of them with `count=None`."""
        import time

        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                found = [m for m in self.messages if m["To"] == to]
                if len(found) >= count:
                    return found[count - 1]
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no mail #{count} to {to} within {timeout}s; got {len(found)}")
                self._arrived.wait(left)

    def sent_to(self, to: str) -> list:
        with self._arrived:
            return [m for m in self.messages if m["To"] == to]


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def html_of(message) -> str:
    return message.get_body(("html",)).get_content()


def run_jobs(app) -> None:
    """Run what the app queued: wait for the in-process runner (embedded), or let a real RQ
    worker work the app's queue until it is empty (production)."""
    from lobby.jobs.queue import ORDER, rq_queue, wait_for_local_jobs

    if app.config.get("REDIS_URL") is None:
        wait_for_local_jobs(app)
        return
    from rq import SimpleWorker

    with app.app_context():
        queues = [rq_queue(kind) for kind in ORDER]
        SimpleWorker(queues, connection=queues[0].connection).work(burst=True, logging_level="WARNING")


class ThrowawayRedis:
    """A redis-server of a test's own on a free loopback port, which the test may stop and start
    again (the machine's Redis is shared by the whole suite and must never stop). It keeps
    nothing on disk: a restart comes back empty, as the machine's Redis does."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def start(self) -> "ThrowawayRedis":
        import shutil
        import subprocess
        import time

        from redis import Redis

        self.process = subprocess.Popen(
            [shutil.which("redis-server") or "/usr/bin/redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.folder)], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                Redis.from_url(self.url, socket_connect_timeout=0.2).ping()
                return self
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


def at_once(calls) -> list[int]:
    """Run the calls (each makes one request) in threads released together; their answers' status
    codes, in order: for races a lock or a single statement must win."""
    start = threading.Barrier(len(calls))

    def run(call):
        start.wait()
        return call().status_code

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


class Published:
    """What the app publishes on its bus, as (event, recipients), heard without a socket. In
    production mode an event comes back through Redis a moment later: `of` waits for it."""

    def __init__(self) -> None:
        self.heard: list[tuple[dict, object]] = []
        self.changed = threading.Condition()

    def __call__(self, event: dict, recipients) -> None:  # the bus's subscriber
        with self.changed:
            self.heard.append((event, recipients))
            self.changed.notify_all()

    def of(self, kind: str, timeout: float = 10, **match) -> tuple[dict, object]:
        """The first event of `kind` whose data has `match`, and its recipients."""
        def found():
            return next(((event, to) for event, to in self.heard if event["type"] == kind
                         and all(event["data"].get(key) == value for key, value in match.items())), None)

        with self.changed:
            if not self.changed.wait_for(found, timeout):
                raise AssertionError(f"no {kind} {match} published; heard {[e['type'] for e, _ in self.heard]}")
            return found()

    def within(self, seconds: float = 0.5) -> list[dict]:
        """Everything published by now and in the next `seconds`."""
        time.sleep(seconds)  # a silence can only be waited out
        with self.changed:
            return [event for event, _ in self.heard]
