"""This process's live connections, and delivery of bus events to them.

The bus calls `Hub.deliver` from one thread (the Redis subscriber in production, or whoever
published in embedded mode), so delivery never writes to a socket: it serializes the event once
and puts the frame on each target connection's bounded outbox. Each connection's own sender
thread (a greenlet under gevent) drains its outbox; a connection whose outbox is full is cut off,
so one slow reader never holds up the others or builds a backlog (it catches up over HTTP).

Frames go out as ready-made WebSocket bytes, built once per event (`wire`), and a sender writes
all it has queued in one call: at a thousand sockets per event, framing each copy again and one
system call per frame were most of the cost of a delivery (measured with py-spy under
bench/chat_load.py). Compression is never negotiated on /ws (see gateway.py), so a server frame
is just a header and the payload.
"""
from __future__ import annotations

import json
import logging
import socket
import struct
import threading
from collections import deque
from time import monotonic

from simple_websocket import ConnectionClosed
from wsproto.utilities import LocalProtocolError

from lobby.realtime.bus import Recipients

log = logging.getLogger(__name__)

SEND_BUFFER = 64 * 1024  # bytes the kernel may hold for one socket (Linux doubles it)
CLOSE_UNAUTHORIZED = 4001


def encode(frame: dict) -> str:
    # ensure_ascii=False: Russian text stays two bytes a letter instead of six.
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"), default=str)


def wire(text: str) -> bytes:
    """One unfragmented, unmasked WebSocket text frame (RFC 6455 §5.2), as a server sends it."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, size) + payload
    return struct.pack("!BBQ", 0x81, 127, size) + payload


PING_FRAME = wire('{"type":"ping","data":{}}')
BATCH = 64  # frames joined into one write at most


class Connection:
    """One open socket of one user. `user` is a detached User row loaded at the handshake."""

    def __init__(self, ws, user, outbox_size: int = 256, ping_seconds: float = 25.0,
                 outbox_bytes: int = 256 * 1024) -> None:
        self.ws = ws
        self.user = user
        self.user_id: int = user.id
        self.channels: set[int] = set()  # guarded by the hub's lock
        self.revocations = 0  # bumped whenever the hub takes channels away (see Hub.join)
        self.closed = False
        self.send_lock = threading.Lock()  # simple-websocket's send is not safe concurrently
        self._outbox: deque[bytes] = deque()  # WebSocket frames, ready to write
        self._outbox_size = outbox_size
        # What is queued or being written, frames and bytes: past either limit the reader is too
        # slow. Frames taken for a write still count until the write is done.
        self._outbox_bytes = outbox_bytes
        self._pending_frames = 0
        self._pending_bytes = 0
        self._count_lock = threading.Lock()  # the publisher and the sender both change the counts
        self._wake = threading.Event()
        self._ping_seconds = ping_seconds
        self._closing: tuple[int, str] | None = None  # set by end(): the sender closes with it
        self._sender = threading.Thread(target=self._drain, name=f"ws-send-{self.user_id}", daemon=True)
        # gevent wraps the OS socket; a send on the wrapper would wait cooperatively, never fail fast.
        self._raw = getattr(ws.sock, "_sock", ws.sock)

    def start(self) -> None:
        # Cap the kernel's send buffer: left alone, Linux grows it to 4 MB per socket, so a
        # reader that stopped reading would pile up megabytes before its outbox filled and it
        # was cut off (measured by bench/chat_load.py: 600 frames of 3.8 KB and still open).
        try:
            self.ws.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        except (AttributeError, OSError):
            pass
        self._sender.start()

    def enqueue(self, frame: str | bytes) -> None:
        """Queue a frame (JSON text, or `wire` bytes) for this socket; never blocks. Safe from any
        thread."""
        if self.closed:
            return
        data = wire(frame) if isinstance(frame, str) else frame
        if not self._outbox and self._write_through(data):
            return
        with self._count_lock:
            slow = self._pending_frames >= self._outbox_size or self._pending_bytes + len(data) > self._outbox_bytes
            if not slow:
                self._count(1, len(data))
                self._outbox.append(data)
        if slow:
            log.info("live socket of user %s cut off: it does not keep up", self.user_id)
            self.abort()
            return
        self._wake.set()

    def _write_through(self, data: bytes) -> bool:
        """With nothing queued and the sender idle, write now, without waiting: most frames fit in
        the kernel's buffer at once, and this spares waking the sender (at a thousand sockets an
        event, the wake-ups were the biggest cost). What does not fit is queued for the sender, in
        order. False when the frame must be queued whole."""
        if not self.send_lock.acquire(blocking=False):
            return False
        try:
            if self._outbox or self.closed:
                return False
            try:
                sent = self._raw.send(data, socket.MSG_DONTWAIT)
            except BlockingIOError:
                return False
            except OSError:
                self.abort()
                return True
            if sent < len(data):
                with self._count_lock:
                    self._count(1, len(data) - sent)
                    self._outbox.append(data[sent:])
                self._wake.set()
            return True
        finally:
            self.send_lock.release()

    def _count(self, frames: int, size: int) -> None:
        self._pending_frames += frames
        self._pending_bytes += size

    def send(self, frame: dict) -> None:
        self.enqueue(encode(frame))

    def _drain(self) -> None:
        next_ping = monotonic() + self._ping_seconds
        while not self.closed:
            self._wake.wait(max(0.0, next_ping - monotonic()))
            self._wake.clear()  # cleared before draining: a frame queued from now on wakes us again
            if monotonic() >= next_ping:
                with self._count_lock:
                    self._count(1, len(PING_FRAME))
                    self._outbox.append(PING_FRAME)
                next_ping = monotonic() + self._ping_seconds
            with self.send_lock:
                while self._outbox and not self.closed:
                    batch = [self._outbox.popleft() for _ in range(min(BATCH, len(self._outbox)))]
                    try:
                        self.ws.sock.sendall(batch[0] if len(batch) == 1 else b"".join(batch))
                    except OSError:  # closing under us
                        self.abort()  # the reader may not have noticed yet: end it too
                    with self._count_lock:
                        self._count(-len(batch), -sum(map(len, batch)))
                if self._closing and not self.closed:
                    self._send_close(*self._closing)

    def _send_close(self, code: int, reason: str) -> None:
        """Under the send lock: the close frame; the client answers it and the gateway's receive
        loop ends on that answer."""
        self.closed = True
        try:
            self.ws.close(code, reason)
        except (ConnectionClosed, OSError, LocalProtocolError):
            self.abort()

    def end(self, code: int, reason: str) -> None:
        """Close with a close frame from any thread: the sender sends it after what is queued."""
        if self.closed:
            return
        self._closing = (code, reason)
        self._wake.set()

    def close(self, code: int | None = None, reason: str | None = None) -> None:
        """Close with a close frame; called by the connection's own request thread."""
        self.closed = True
        self._wake.set()
        # The sender may be stuck writing to a client that stopped reading: do not wait for it.
        if not self.send_lock.acquire(timeout=2):
            self.abort()
            return
        try:
            if self.ws.connected:
                self.ws.close(code, reason)
        except (ConnectionClosed, OSError, LocalProtocolError):
            pass
        finally:
            self.send_lock.release()
        if self._sender.ident is not None:  # started
            self._sender.join(timeout=2)

    def abort(self) -> None:
        """Drop the connection without a close frame, without blocking; from any thread.
        Shutting the socket down unblocks a pending send and ends the reader, so the gateway's
        receive loop sees the close and unregisters the connection."""
        self.closed = True
        self._wake.set()
        try:
            self.ws.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class Hub:
    """Maps user id → connections and channel id → connections for this process.

    It subscribes to the bus once, when its first socket registers: not at create_app, so
    processes that never hold a socket (CLI, job workers) open no Redis subscriber, and under
    `gunicorn --preload` each forked worker starts its own (a thread does not survive a fork)."""

    def __init__(self, bus) -> None:
        self._bus = bus
        self._attached = False
        self._attach_lock = threading.Lock()
        self._lock = threading.Lock()
        self._by_user: dict[int, set[Connection]] = {}
        self._by_channel: dict[int, set[Connection]] = {}

    def attach(self) -> None:
        with self._attach_lock:  # the Redis bus waits until its subscriber is listening
            if not self._attached:
                self._bus.subscribe(self.deliver)
                self._attached = True

    def register(self, conn: Connection) -> None:
        if not self._attached:
            self.attach()
        with self._lock:
            self._by_user.setdefault(conn.user_id, set()).add(conn)

    def unregister(self, conn: Connection) -> None:
        with self._lock:
            _discard(self._by_user, conn.user_id, conn)
            for channel_id in conn.channels:
                _discard(self._by_channel, channel_id, conn)
            conn.channels.clear()

    def join(self, conn: Connection, channel_id: int, mark: int | None = None) -> bool:
        """Subscribe a connection to a channel. `mark` is `conn.revocations` read before the
        access check: if access was revoked since, refuse (the caller checks again), so a join
        racing a kick never outlives it."""
        with self._lock:
            if conn.closed or (mark is not None and mark != conn.revocations):
                return False
            conn.channels.add(channel_id)
            self._by_channel.setdefault(channel_id, set()).add(conn)
            return True

    def leave(self, conn: Connection, channel_id: int) -> None:
        with self._lock:
            conn.channels.discard(channel_id)
            _discard(self._by_channel, channel_id, conn)

    def connections_of(self, user_id: int) -> list[Connection]:
        with self._lock:
            return list(self._by_user.get(user_id, ()))

    def deliver(self, event: dict, recipients: Recipients) -> None:
        """The bus subscriber: queue the event for every local target, each socket once."""
        if event.get("type") == "access_revoked":
            self._revoke(event.get("data") or {}, recipients)
            return
        if event.get("type") == "sessions_revoked":
            self._end_sessions(recipients)
            return
        with self._lock:
            sources = [self._by_user.get(u) for u in recipients.users]
            sources += [self._by_channel.get(c) for c in recipients.channels]
            sources = [s for s in sources if s]
            if not sources:
                return
            targets = tuple(sources[0]) if len(sources) == 1 else set().union(*sources)
        frame = wire(encode(event))  # once per event, not once per socket
        for conn in targets:
            conn.enqueue(frame)

    def _revoke(self, data: dict, recipients: Recipients) -> None:
        """Internal event: these users lost these channels (kick, ban, leave). Not sent on."""
        channel_ids = {int(c) for c in data.get("channelIds", ())}
        told = []
        with self._lock:
            for user_id in recipients.users:
                for conn in self._by_user.get(user_id, ()):
                    conn.revocations += 1
                    told.append(conn)
                    for channel_id in channel_ids & conn.channels:
                        conn.channels.discard(channel_id)
                        _discard(self._by_channel, channel_id, conn)
        # The client learns it too, so it can leave the server's screens (channel ids stay internal).
        frame = wire(encode({"type": "server_access_revoked",
                             "data": {"serverId": data.get("serverId"), "reason": data.get("reason")}}))
        for conn in told:
            conn.enqueue(frame)

    def _end_sessions(self, recipients: Recipients) -> None:
        """Internal event: the users' sessions ended (password reset, deactivation). Their sockets
        close as an expired token would (4001), so a client cannot keep listening on an old login."""
        with self._lock:
            ending = [conn for user_id in recipients.users for conn in self._by_user.get(user_id, ())]
        for conn in ending:
            conn.end(CLOSE_UNAUTHORIZED, "unauthorized")


def _discard(index: dict[int, set[Connection]], key: int, conn: Connection) -> None:
    found = index.get(key)
    if found is not None:
        found.discard(conn)
        if not found:
            del index[key]
