"""Presence across processes (production's Redis store, run against a real Redis in both modes):
a process that dies without closing its sockets is reaped, and its users go offline unless
another process still holds them."""
import secrets

import pytest
from redis import Redis

from lobby.realtime.presence import Presence
from lobby.realtime.presence_redis import RedisPresenceStore


@pytest.fixture
def prefix():
    return f"lobby-test-{secrets.token_hex(4)}"


@pytest.fixture
def process(app, redis_url, prefix):
    """`process()` → another server process's presence, sharing one Redis prefix. Its
    announcements go out on the app's bus, so the live server's sockets hear them."""
    made = []
    app.config["PRESENCE_HEARTBEAT_SECONDS"] = 3600  # the tests beat by hand, when they mean to

    def start() -> Presence:
        made.append(Presence(app, RedisPresenceStore(redis_url, prefix, heartbeat_seconds=1)))
        return made[-1]

    yield start
    redis = Redis.from_url(redis_url)
    redis.delete(*redis.keys(f"{prefix}:*") or ["none"])


def killed(presence: Presence, redis_url: str, prefix: str) -> None:
    """As after SIGKILL: its alive key lapses; nothing else is cleaned up."""
    Redis.from_url(redis_url).delete(f"{prefix}:presence:alive:{presence.store.process}")


def statuses_of(socket, user_id: int, seconds: float) -> list[str]:
    return [f["data"]["status"] for f in socket.frames_within(seconds)
            if f["type"] == "user_status" and f["data"]["userId"] == user_id]


def test_the_users_of_a_dead_process_go_offline_when_another_process_reaps_it(community, connect, process,
                                                                              redis_url, prefix):
    bob = connect(community.bob)
    first, second = process(), process()
    first.connected(community.alice.id)
    assert statuses_of(bob, community.alice.id, 0.5) == ["online"]
    second.beat()  # the first is still alive: nothing happens
    assert statuses_of(bob, community.alice.id, 0.3) == []
    killed(first, redis_url, prefix)
    second.beat()
    assert statuses_of(bob, community.alice.id, 0.5) == ["offline"]


def test_a_user_still_held_by_a_live_process_stays_online(community, connect, process, redis_url, prefix):
    bob = connect(community.bob)
    first, second = process(), process()
    first.connected(community.alice.id)
    second.connected(community.alice.id)  # another tab, on another process: no second "online"
    assert statuses_of(bob, community.alice.id, 0.5) == ["online"]
    killed(first, redis_url, prefix)
    second.beat()
    assert statuses_of(bob, community.alice.id, 0.5) == []


def test_the_last_socket_on_any_process_makes_the_user_offline(app, community, connect, process):
    app.config["PRESENCE_GRACE_SECONDS"] = 0
    bob = connect(community.bob)
    first, second = process(), process()
    first.connected(community.alice.id)
    second.connected(community.alice.id)
    first.disconnected(community.alice.id)
    assert statuses_of(bob, community.alice.id, 0.5) == ["online"]
    second.disconnected(community.alice.id)
    assert statuses_of(bob, community.alice.id, 0.5) == ["offline"]


def test_a_process_wrongly_reaped_puts_its_users_back(community, connect, process, redis_url, prefix):
    bob = connect(community.bob)
    stalled, other = process(), process()
    stalled.connected(community.alice.id)
    killed(stalled, redis_url, prefix)  # it froze past three heartbeats
    other.beat()
    assert statuses_of(bob, community.alice.id, 0.5) == ["online", "offline"]
    stalled.beat()  # it wakes up: alive again, alice held again, and everyone is told
    assert statuses_of(bob, community.alice.id, 0.5) == ["online"]
    other.beat()
    assert statuses_of(bob, community.alice.id, 0.3) == []


def test_after_redis_comes_back_empty_a_process_puts_its_users_back_as_they_chose(community, connect, process,
                                                                                  redis_url, prefix):
    assert community.alice.patch("/api/settings", json={"profile": {"status": "busy"}}).status_code == 200
    bob = connect(community.bob)
    first = process()
    first.remember(community.alice.id, "dnd", "everyone")  # as her socket's admission does
    first.connected(community.alice.id)
    assert statuses_of(bob, community.alice.id, 0.5) == ["dnd"]
    redis = Redis.from_url(redis_url)
    redis.delete(*redis.keys(f"{prefix}:*"))  # a restart: Redis keeps nothing
    first.beat()
    assert statuses_of(bob, community.alice.id, 0.5) == ["dnd"]
    assert first.store.status(community.alice.id) == "dnd" and first.store.lookup([community.alice.id])
