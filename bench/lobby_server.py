"""Lobby in production mode for the load benchmark: a throwaway PostgreSQL database and Redis
prefix, users, one server with one text channel, and `gunicorn -k gevent` processes.

Users are inserted in bulk (one INSERT per table), not through the API: registering thousands of
accounts would measure argon2, not the live socket. Access tokens come from Lobby's own
`issue_access_token`, so the gateway checks them exactly as a browser's.
"""
from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server process exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port}")


class LobbyDeployment:
    """The database, Redis prefix and data of one benchmark run. Use as a context manager:
    everything is dropped on the way out, whatever happened."""

    def __init__(self, users: int, redis_db: int = 9, pg_port: int = 5432, redis_url: str | None = None) -> None:
        """`pg_port`, `redis_url`: a PostgreSQL and a Redis of the run's own (bench/chaos.py stops
        them); by default the machine's."""
        tag = f"{os.getpid()}_{secrets.token_hex(3)}"
        self.database = f"lobby_bench_{tag}"
        self.prefix = f"lobbybench:{tag}"
        self.redis_url = redis_url or f"redis://127.0.0.1:6379/{redis_db}"
        self.pg = ["-h", "127.0.0.1", "-p", str(pg_port), "-U", "postgres"]
        self.folder = tempfile.mkdtemp(prefix="lobby-bench-")
        self.env = {**os.environ, "DATABASE_URL": f"postgresql://postgres@127.0.0.1:{pg_port}/{self.database}",
                    "REDIS_URL": self.redis_url, "REDIS_PREFIX": self.prefix, "SECRET_KEY": secrets.token_urlsafe(32),
                    "LOG_LEVEL": "WARNING", "INSTANCE_PATH": self.folder, "PYTHONPATH": str(ROOT / "site")}
        self.env.pop("MAIL_SERVER", None)
        # The saturation senders send far faster than a person may (30 in 10 s, HTTP and sockets
        # alike): the bench measures delivery, so its users may send without that limit.
        self.env.setdefault("MESSAGE_SEND_LIMIT", "1000000")
        self.user_count = users
        self.user_ids: list[int] = []
        self.channel_id = 0
        self.app = None
        self.processes: list[subprocess.Popen] = []

    def __enter__(self) -> "LobbyDeployment":
        subprocess.run(["createdb", *self.pg, self.database], check=True)
        try:
            subprocess.run([str(BIN / "flask"), "--app", "wsgi", "db", "upgrade"], cwd=ROOT, env=self.env, check=True,
                           capture_output=True)
            self._seed()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc) -> None:
        for process in self.processes:
            stop(process)
        self.processes = []
        if self.app is not None:
            from lobby.extensions import db

            with self.app.app_context():
                db.engine.dispose()
            self.app.extensions["lobby.bus"].close()
        subprocess.run(["dropdb", *self.pg, "--if-exists", "--force", self.database], check=False)
        shutil.rmtree(self.folder, ignore_errors=True)
        try:
            from redis import Redis

            redis = Redis.from_url(self.redis_url)
            keys = list(redis.scan_iter(match=f"{self.prefix}*", count=1000))
            for start in range(0, len(keys), 1000):
                redis.delete(*keys[start:start + 1000])
        except Exception as error:  # a leftover prefix is harmless; say so and move on
            print(f"(could not clear Redis prefix {self.prefix}: {error})")

    def _seed(self) -> None:
        sys.path.insert(0, str(ROOT / "site"))
        from sqlalchemy import insert, select

        from lobby import create_app
        from lobby.accounts.models import SignIn, User
        from lobby.database import utcnow
        from lobby.extensions import db
        from lobby.servers.models import Channel, Membership, Server

        self.app = create_app(env=self.env)
        with self.app.app_context():
            rows = [{"username": f"bench{i}", "username_key": f"bench{i}", "email": f"bench{i}@example.com",
                     "email_key": f"bench{i}@example.com", "first_name": "Нагрузка", "last_name": "Тестовая",
                     "password_hash": "!bench-no-sign-in", "is_email_verified": True}
                    for i in range(self.user_count)]
            db.session.execute(insert(User), rows)
            self.user_ids = list(db.session.scalars(select(User.id).order_by(User.id)))
            owner = self.user_ids[0]
            server_id = db.session.scalar(insert(Server).returning(Server.id).values(
                name="Нагрузка", owner_id=owner, category="community", is_public=False, invite_code=secrets.token_urlsafe(9)))
            self.channel_id = db.session.scalar(insert(Channel).returning(Channel.id).values(
                server_id=server_id, name="общий", type="TEXT", position=0))
            db.session.execute(insert(Membership), [{"server_id": server_id, "user_id": uid,
                                                     "role": "owner" if uid == owner else "member"}
                                                    for uid in self.user_ids])
            # One open sign-in each, as a browser's login makes: tokens name it, sends check it.
            db.session.execute(insert(SignIn), [{"user_id": uid, "expires_at": utcnow() + timedelta(days=1)}
                                                for uid in self.user_ids])
            self.sign_ins = dict(db.session.execute(select(SignIn.user_id, SignIn.id)).tuples().all())
            db.session.commit()

    def tokens(self, count: int, offset: int = 0) -> list[str]:
        """Fresh access tokens (they live 15 minutes: mint them right before use)."""
        from lobby.accounts.tokens import issue_access_token

        with self.app.test_request_context():
            return [issue_access_token(SimpleNamespace(id=uid, session_version=1), self.sign_ins[uid])
                    for uid in self.user_ids[offset:offset + count]]

    def invisible(self, on: bool) -> None:
        """Mark every bench user invisible (or not): then nobody's arrival is announced."""
        from redis import Redis

        redis = Redis.from_url(self.redis_url)
        key = f"{self.prefix}:presence:status"
        if on:
            redis.hset(key, mapping={uid: "invisible" for uid in self.user_ids})
        else:
            redis.delete(key)

    def gunicorn(self, workers: int, *options: str) -> tuple[subprocess.Popen, int]:
        """A gunicorn process group on a free loopback port; `options` go to gunicorn too."""
        port = free_port()
        command = [str(BIN / "gunicorn"), "-k", "gevent", "--worker-connections", "10000", "-w", str(workers),
                   "--no-control-socket", "--backlog", "4096", "-b", f"127.0.0.1:{port}", *options, "wsgi:app"]
        process = subprocess.Popen(command, cwd=ROOT, env=self.env, start_new_session=True)
        self.processes.append(process)
        wait_for_port(port, process)
        wait_for_workers(process, workers)
        return process, port

    def stop(self, process: subprocess.Popen) -> None:
        stop(process)
        if process in self.processes:
            self.processes.remove(process)


def wait_for_workers(process: subprocess.Popen, count: int, timeout: float = 30) -> None:
    import psutil

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and len(psutil.Process(process.pid).children()) < count:
        time.sleep(0.1)
    time.sleep(1.0)  # the app imports in each worker after the fork


def stop(process: subprocess.Popen) -> None:
    """End a server we started: TERM, then KILL its process group if it lingers."""
    if process.poll() is not None:
        return
    import signal

    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except (subprocess.TimeoutExpired, ProcessLookupError):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=5)
