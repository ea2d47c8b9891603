import os
import subprocess
import sys
import textwrap
import threading

import pytest

from lobby.realtime.bus import LocalBus, RedisBus, Recipients, publish

# A second process: the app in production mode, one bus subscriber that prints what reaches it.
LISTENER = textwrap.dedent(
    """
    import json, sys, threading
    from lobby import create_app
    app = create_app()
    got = threading.Event()
    def show(event, recipients):
        print(json.dumps({"event": event, "to": recipients.to_wire()}, ensure_ascii=False), flush=True)
        got.set()
    app.extensions["lobby.bus"].subscribe(show)
    print("ready", flush=True)
    sys.exit(0 if got.wait(30) else 1)
    """
)


def collect(bus):
    seen, arrived = [], threading.Event()

    def subscriber(event, recipients):
        seen.append((event, recipients))
        arrived.set()

    bus.subscribe(subscriber)
    return seen, arrived


def test_recipients_are_always_explicit():
    with pytest.raises(ValueError):
        Recipients.of()
    assert Recipients.of(users=[3, "5"]).to_wire() == {"users": [3, 5], "channels": []}


def test_embedded_bus_delivers_in_process(make_app):
    app = make_app(REDIS_URL=None)
    assert type(app.extensions["lobby.bus"]) is LocalBus
    seen, _ = collect(app.extensions["lobby.bus"])
    with app.app_context():
        publish({"type": "new_message", "data": {"id": 1}}, Recipients.of(channels=[7]))
    assert seen == [({"type": "new_message", "data": {"id": 1}}, Recipients.of(channels=[7]))]


def test_a_failing_subscriber_does_not_stop_the_others(make_app):
    bus = make_app(REDIS_URL=None).extensions["lobby.bus"]
    bus.subscribe(lambda event, recipients: 1 / 0)
    seen, _ = collect(bus)
    bus.publish({"type": "typing"}, Recipients.of(users=[1]))
    assert len(seen) == 1


def test_redis_bus_reaches_a_subscriber_in_another_process(make_app, redis_url):
    app = make_app(REDIS_URL=redis_url)
    env = {**os.environ, "REDIS_URL": redis_url, "REDIS_PREFIX": app.config["REDIS_PREFIX"],
           "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "INSTANCE_PATH": app.instance_path,
           "SECRET_KEY": "x", "LOG_LEVEL": "WARNING"}
    listener = subprocess.Popen([sys.executable, "-c", LISTENER], env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert listener.stdout.readline().strip() == "ready"
        with app.app_context():
            publish({"type": "user_status", "data": {"status": "онлайн"}}, Recipients.of(users=[42]))
        line = listener.stdout.readline()
        assert listener.wait(timeout=30) == 0
    finally:
        listener.kill()
    assert '"event": {"type": "user_status", "data": {"status": "онлайн"}}' in line
    assert '"to": {"users": [42], "channels": []}' in line


def test_redis_bus_delivers_to_local_subscribers_through_redis(make_app, redis_url):
    bus = make_app(REDIS_URL=redis_url).extensions["lobby.bus"]
    assert isinstance(bus, RedisBus)
    seen, arrived = collect(bus)
    bus.publish({"type": "channel_joined"}, Recipients.of(users=[1], channels=[2]))
    assert arrived.wait(5)
    assert seen == [({"type": "channel_joined"}, Recipients.of(users=[1], channels=[2]))]


def test_redis_bus_ignores_other_deployments_sharing_the_server(make_app, redis_url):
    ours = make_app(REDIS_URL=redis_url).extensions["lobby.bus"]
    theirs = make_app(REDIS_URL=redis_url).extensions["lobby.bus"]  # another REDIS_PREFIX
    seen, _ = collect(ours)
    their_seen, arrived = collect(theirs)
    theirs.publish({"type": "x"}, Recipients.of(users=[1]))
    assert arrived.wait(5) and their_seen
    assert seen == []


def drop_clients(redis_url: str, kind: str) -> None:
    """Make Redis drop this suite's connections of one kind (but not the one asking). Only the
    connections on this worker's database: `make test` runs two workers on one Redis, and a
    server-wide CLIENT KILL would cut the other worker's rate limiter mid-request."""
    from redis import Redis

    admin = Redis.from_url(redis_url)
    mine, database = admin.client_id(), admin.connection_pool.connection_kwargs.get("db", 0)
    for client in admin.client_list(_type=kind):
        if int(client["db"]) == database and int(client["id"]) != mine:
            admin.client_kill_filter(_id=client["id"])


def test_redis_bus_resubscribes_after_losing_redis(make_app, redis_url):
    bus = make_app(REDIS_URL=redis_url).extensions["lobby.bus"]
    seen, arrived = collect(bus)
    drop_clients(redis_url, "pubsub")
    # Events published while the listener is away are gone (clients catch up over HTTP);
    # once it is back, delivery resumes without anyone restarting anything.
    for _ in range(50):
        bus.publish({"type": "ping"}, Recipients.of(users=[1]))
        if arrived.wait(0.2):
            break
    assert seen and seen[0][0] == {"type": "ping"}


def test_redis_bus_publishes_again_after_losing_its_connection(make_app, redis_url):
    """The bus publishes on one connection of its own; Redis dropping it costs no event."""
    bus = make_app(REDIS_URL=redis_url).extensions["lobby.bus"]
    seen, arrived = collect(bus)
    bus.publish({"type": "first"}, Recipients.of(users=[1]))
    assert arrived.wait(5)
    arrived.clear()
    drop_clients(redis_url, "normal")
    bus.publish({"type": "second"}, Recipients.of(users=[1]))
    assert arrived.wait(5)
    assert [event["type"] for event, _ in seen] == ["first", "second"]
