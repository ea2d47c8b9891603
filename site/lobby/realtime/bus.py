"""The event bus: `publish(event, recipients)` reaches the subscribers of every process.

Embedded mode (no REDIS_URL): subscribers in this process are called directly.
Production: events go through one Redis pub/sub channel; each process runs one subscriber
thread (a greenlet under gevent) that hands them to its local subscribers, i.e. its own sockets.

Recipients are always explicit: user ids, channel ids and/or server ids. There is no "everyone".
"""
from __future__ import annotations

import logging
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable

from redis import Redis
from redis.exceptions import RedisError

from lobby import fastjson
from lobby.realtime.publisher import RoundPublisher

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recipients:
    """`servers`: the sockets watching any channel of these servers (the audience of a server's
    voice channels: its connected members)."""
    users: frozenset[int] = field(default_factory=frozenset)
    channels: frozenset[int] = field(default_factory=frozenset)
    servers: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def of(cls, users: Iterable[int] = (), channels: Iterable[int] = (), servers: Iterable[int] = ()) -> "Recipients":
        found = cls(frozenset(int(u) for u in users), frozenset(int(c) for c in channels),
                    frozenset(int(s) for s in servers))
        if not found.users and not found.channels and not found.servers:
            raise ValueError("an event needs recipients: user ids, channel ids or server ids")
        return found

    def to_wire(self) -> dict:
        wired = {"users": sorted(self.users), "channels": sorted(self.channels)}
        if self.servers:  # most events have none: their wire form stays as it was
            wired["servers"] = sorted(self.servers)
        return wired

    @classmethod
    def from_wire(cls, data: dict) -> "Recipients":
        return cls.of(data.get("users", ()), data.get("channels", ()), data.get("servers", ()))


Subscriber = Callable[[dict, Recipients], None]


class LocalBus:
    """Delivers within this process."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []
        self._lock = threading.Lock()

    def subscribe(self, subscriber: Subscriber) -> None:
        with self._lock:
            self._subscribers.append(subscriber)

    def unsubscribe(self, subscriber: Subscriber) -> None:
        with self._lock:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

    def publish(self, event: dict, recipients: Recipients) -> None:
        self.deliver(event, recipients)

    def deliver(self, event: dict, recipients: Recipients) -> None:
        with self._lock:
            subscribers = list(self._subscribers)
        for subscriber in subscribers:
            try:
                subscriber(event, recipients)
            except Exception:  # one broken subscriber must not starve the others
                log.exception("bus subscriber failed on %s", event.get("type"))

    def on_recovered(self, callback: Callable[[], None]) -> None:
        """`callback()` after the bus lost events and works again (in-process: never)."""

    def close(self) -> None:
        pass


class RedisBus(LocalBus):
    """Publishes to Redis; one listener thread per process delivers to local subscribers."""

    RECONNECT_DELAY = 1.0

    def __init__(self, url: str, prefix: str) -> None:
        super().__init__()
        self.channel = f"{prefix}:events"
        self._url = url
        self._redis = Redis.from_url(url)
        self._publisher: tuple[int, RoundPublisher] | None = None  # (pid, publisher)
        self._listener: threading.Thread | None = None
        self._stopped = threading.Event()
        self._ready = threading.Event()
        self._recovered: list[Callable[[], None]] = []
        self._failing_since = 0.0  # a publish failed at this time (monotonic); 0: publishing works

    def on_recovered(self, callback: Callable[[], None]) -> None:
        self._recovered.append(callback)

    def publish(self, event: dict, recipients: Recipients) -> None:
        """Never raises: the change the event reports is committed, and a request must not fail
        for its live delivery. While Redis is away events are dropped (logged once, then every
        10 s); when it is back every process's sockets are checked again and told to catch up
        over HTTP (`on_recovered`)."""
        try:
            self._publisher_here().publish(self.wire_payload(event, recipients))
        except RedisError as error:
            now = time.monotonic()
            if not self._failing_since or now - self._failing_since >= 10:
                log.warning("bus cannot publish (%s): live events are dropped until Redis is back", error)
                self._failing_since = now
            return
        self._failing_since = 0.0

    @staticmethod
    def wire_payload(event: dict, recipients: Recipients) -> bytes:
        """What goes on `self.channel` for an event: a Lua script may publish it too (a voice
        relay checks its seats and publishes in one round trip)."""
        return fastjson.dumps({"event": event, "to": recipients.to_wire()})

    def _publisher_here(self) -> RoundPublisher:
        """This process's publisher (publisher.py), made on first use, so a fork never shares
        its connection."""
        made = self._publisher
        if made is None or made[0] != os.getpid():
            with self._lock:
                made = self._publisher
                if made is None or made[0] != os.getpid():
                    made = self._publisher = (os.getpid(), RoundPublisher(self._url, self.channel))
        return made[1]

    def subscribe(self, subscriber: Subscriber) -> None:
        super().subscribe(subscriber)
        with self._lock:
            if self._listener is None:
                self._listener = threading.Thread(target=self._listen, name="lobby-bus", daemon=True)
                self._listener.start()
        # Events published before the listener is subscribed would be missed: wait for it.
        self._ready.wait(timeout=5)

    def _listen(self) -> None:
        lost = False
        while not self._stopped.is_set():
            try:
                pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(self.channel)
                self._ready.set()
                if lost:
                    lost = False
                    log.warning("bus has Redis again: this process's sockets are checked and told to catch up")
                    self._tell_recovered()
                while not self._stopped.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message is not None:
                        self._deliver_raw(message["data"])
                pubsub.close()
            except RedisError:
                # Redis went away: events published meanwhile are lost to this process's sockets.
                # Resubscribe on our own once it is back, then have them catch up.
                if not lost:
                    log.warning("bus lost Redis; resubscribing every %.0fs", self.RECONNECT_DELAY)
                lost = True
                time.sleep(self.RECONNECT_DELAY)

    def _tell_recovered(self) -> None:
        for callback in list(self._recovered):
            try:
                callback()
            except Exception:
                log.exception("bus recovery step failed")

    def _deliver_raw(self, data: bytes) -> None:
        try:
            payload = fastjson.loads(data)
            recipients = Recipients.from_wire(payload["to"])
        except (ValueError, KeyError, TypeError):
            log.warning("bus dropped a malformed message")
            return
        self.deliver(payload["event"], recipients)

    def close(self) -> None:
        self._stopped.set()
        if self._listener is not None:
            self._listener.join(timeout=3)
        if self._publisher is not None and self._publisher[0] == os.getpid():
            self._publisher[1].close()


def bus_for(config) -> LocalBus:
    if config.get("REDIS_URL"):
        return RedisBus(config["REDIS_URL"], config["REDIS_PREFIX"])
    return LocalBus()


def current_bus() -> LocalBus:
    from flask import current_app

    return current_app.extensions["lobby.bus"]


def publish(event: dict, recipients: Recipients) -> None:
    """Hand an event to the bus; call after the commit that the event reports."""
    current_bus().publish(event, recipients)
