"""Two server processes. In production (REDIS_URL set) they are two real gunicorn gevent
processes sharing PostgreSQL and Redis: a user on one hears a user on the other. In embedded mode
(no Redis) two separate apps share nothing but the database: their sockets must not hear each
other, which proves the events really travelled through Redis in the production run."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.realtime.conftest import QUIET, Socket, channel_frames, joined
from tests.support import LiveServer, free_port

PRODUCTION = bool(os.environ.get("REDIS_URL"))
ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def gunicorn(app):
    """`gunicorn -k gevent` serving wsgi:app from this suite's database and Redis prefix."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
           "REDIS_URL": app.config["REDIS_URL"], "REDIS_PREFIX": app.config["REDIS_PREFIX"],
           "SECRET_KEY": app.config["SECRET_KEY"], "INSTANCE_PATH": app.instance_path, "LOG_LEVEL": "WARNING"}
    env.pop("MAIL_SERVER", None)
    command = [str(Path(sys.executable).parent / "gunicorn"), "-k", "gevent", "--worker-connections", "1000",
               "-w", "1", "--no-control-socket", "-b", f"127.0.0.1:{port}", "wsgi:app"]
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=15)


def wait_for_port(port: int, process, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, "gunicorn exited"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"gunicorn did not listen on {port}")


@pytest.fixture
def two_processes(app, make_app):
    """Two base URLs of two separate server processes (production) or two separate apps."""
    if PRODUCTION:
        with gunicorn(app) as first, gunicorn(app) as second:
            yield first, second
    else:
        with LiveServer(app) as first, LiveServer(make_app()) as second:
            yield first.url, second.url


def test_two_server_processes_share_live_events_only_through_redis(community, two_processes):
    first, second = two_processes
    alice = Socket(first, community.alice.token)
    alice.expect("connected")
    bob = Socket(second, community.bob.token)
    bob.expect("connected")
    try:
        joined(alice, community.channel)
        joined(bob, community.channel)
        alice.send("send_message", {"channelId": community.channel, "content": "через процессы", "nonce": "x-1"})
        message = alice.expect("message_sent", skip=QUIET | {"new_message"})["data"]["message"]
        bob.send("typing", {"channelId": community.channel, "isTyping": True})
        bob.expect("typing", skip=QUIET | {"new_message"}, userId=community.bob.id)
        bob.frames_within(1.0), alice.frames_within(0.2)  # whatever else is on its way
        heard_by_bob = channel_frames(bob.seen, community.channel)
        heard_by_alice = channel_frames(alice.seen, community.channel)
        bob_status_seen_by_alice = [f for f in alice.seen if f["type"] == "user_status"
                                    and f["data"] == {"userId": community.bob.id, "status": "online"}]
        if PRODUCTION:
            assert [f["data"]["id"] for f in heard_by_bob if f["type"] == "new_message"] == [message["id"]]
            assert [f["data"]["userId"] for f in heard_by_alice if f["type"] == "typing"] == [community.bob.id]
            assert len(bob_status_seen_by_alice) == 1  # presence counted across processes
        else:
            assert [f for f in heard_by_bob if f["type"] == "new_message"] == []
            assert [f for f in heard_by_alice if f["type"] == "typing"] == []
            assert bob_status_seen_by_alice == []
    finally:
        alice.close()
        bob.close()
