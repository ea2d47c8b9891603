"""The services bench/chaos.py breaks on purpose: a PostgreSQL cluster and a Redis of the run's own
(the machine's serve other work and must never stop), an SMTP sink that can hold a mail mid-send,
and Lobby in production mode on them — gunicorn's gevent workers and the RQ job worker."""
from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from bench.lobby_server import BIN, ROOT, LobbyDeployment, stop
from tests.support import Mailbox, ThrowawayRedis, free_port

PG_BIN = Path("/usr/lib/postgresql") / sorted(os.listdir("/usr/lib/postgresql"))[-1] / "bin"


def as_postgres(*command: str, **kwargs) -> subprocess.CompletedProcess:
    """PostgreSQL refuses to run as root: its tools run as the `postgres` user."""
    return subprocess.run(["runuser", "-u", "postgres", "--", *command], check=True, capture_output=True, **kwargs)


class PrivatePostgres:
    """`initdb` in a temporary folder, served on a free loopback port; `stop`/`start` restart it."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="lobby-chaos-pg-"))
        shutil.chown(self.folder, "postgres", "postgres")
        self.data = self.folder / "data"
        self.port = free_port()

    def __enter__(self) -> "PrivatePostgres":
        as_postgres(str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
        as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options,
                    "-w", "start")

    def stop(self) -> None:
        """A fast shutdown, as a restart does: sessions are ended, the server exits."""
        if (self.data / "postmaster.pid").exists():
            as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")


class SmtpSink(Mailbox):
    """Mailbox (tests/support.py) that can hold the next mail to an address in the middle of its
    DATA until the sender's connection drops, as a worker killed mid-send leaves it. A held mail
    is never counted as received."""

    def __init__(self) -> None:
        super().__init__()
        self.hold_for: str | None = None
        self.holding = threading.Event()
        self.arrived: dict[str, float] = {}  # address → when its latest mail arrived (monotonic)

    async def handle_DATA(self, server, session, envelope):
        if self.hold_for is not None and self.hold_for in envelope.rcpt_tos:
            self.hold_for = None
            self.holding.set()
            while server.transport is not None and not server.transport.is_closing():
                await asyncio.sleep(0.05)
            return "421 the sender went away"
        answer = await super().handle_DATA(server, session, envelope)
        for address in envelope.rcpt_tos:
            self.arrived[address] = time.monotonic()
        return answer

    def count_to(self, address: str) -> int:
        return len(self.sent_to(address))


class Stack:
    """Lobby in production mode on its own PostgreSQL and Redis, with a job worker and the sink."""

    def __init__(self, users: int, web_workers: int = 2) -> None:
        self.users, self.web_workers = users, web_workers
        self.postgres = PrivatePostgres()
        self.redis = ThrowawayRedis(Path(tempfile.mkdtemp(prefix="lobby-chaos-redis-")))
        self.smtp = SmtpSink()
        self.deployment: LobbyDeployment | None = None
        self.web: subprocess.Popen | None = None
        self.port = 0
        self.worker: subprocess.Popen | None = None

    def __enter__(self) -> "Stack":
        self.postgres.__enter__()
        self.redis.start()
        self.smtp.start()
        self.deployment = LobbyDeployment(self.users, pg_port=self.postgres.port, redis_url=self.redis.url)
        self.deployment.env.update(MAIL_SERVER="127.0.0.1", MAIL_PORT=str(self.smtp.port),
                                   PUBLIC_URL="http://127.0.0.1", LOG_LEVEL="ERROR")
        self.deployment.__enter__()
        self.web, self.port = self.deployment.gunicorn(self.web_workers)
        self.start_worker()
        return self

    def __exit__(self, *exc) -> None:
        self.stop_worker()
        if self.deployment is not None:
            self.deployment.__exit__(*exc)
        self.smtp.stop()
        self.redis.stop()
        self.postgres.__exit__(*exc)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start_worker(self) -> None:
        self.worker = subprocess.Popen([str(BIN / "flask"), "--app", "wsgi", "worker"], cwd=ROOT,
                                       env={**self.deployment.env, "LOG_LEVEL": "INFO"}, start_new_session=True,
                                       stdout=subprocess.DEVNULL, stderr=open(os.environ.get("CHAOS_WORKER_LOG", os.devnull), "a"))

    def kill_worker(self) -> None:
        """SIGKILL to the job worker and everything it started: the work horse (RQ makes it a
        session of its own) and the scheduler."""
        import psutil

        family = [self.worker.pid, *(child.pid for child in psutil.Process(self.worker.pid).children(recursive=True))]
        for pid in family:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.worker.wait(timeout=10)

    def stop_worker(self) -> None:
        if self.worker is not None:
            stop(self.worker)
            self.worker = None

    def web_pids(self) -> list[int]:
        import psutil

        return [child.pid for child in psutil.Process(self.web.pid).children()]


def wait_until(check, timeout: float, step: float = 0.1) -> float | None:
    """Seconds until `check()` held, or None if it never did within `timeout`."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if check():
            return time.monotonic() - started
        time.sleep(step)
    return None
