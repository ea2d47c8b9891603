"""One open live socket, and how frames reach it.

Frames go out as ready-made WebSocket bytes, built once per event (`wire`): at a thousand sockets
an event, framing each copy again and one system call per frame were most of the cost of a
delivery (py-spy under bench/chat_load.py). Compression is never negotiated on /ws (see
gateway.py), so a server frame is just a header and the payload.

`enqueue` never blocks. When nothing is queued it writes at once without waiting (most frames fit
in the kernel's buffer); what does not fit waits in the outbox, and a sender thread (a greenlet
under gevent) lives only while the outbox is not empty, writing all it holds in one call. An idle
socket has no sender at all: memory per socket is one of Lobby's targets. A socket whose queued
frames or bytes pass the limits is cut off, so one slow reader never builds a backlog (it catches
up over HTTP when it returns).
"""
from __future__ import annotations

import logging
import secrets
import socket
import struct
import threading
from collections import deque
from dataclasses import dataclass
from time import monotonic

from simple_websocket import ConnectionClosed
from wsproto.utilities import LocalProtocolError

from lobby import fastjson
from lobby.accounts.tokens import Claims

log = logging.getLogger(__name__)

SEND_BUFFER = 64 * 1024  # bytes the kernel may hold for one socket (Linux doubles it)
BATCH = 64  # frames joined into one write at most
CONTROL_WAIT = 5.0  # seconds the reader waits to write a pong or a close between the sender's writes
CLOSE_UNAUTHORIZED = 4001
CLOSE_IDLE = 4002
CLOSE_CROWDED = 4008  # the person opened more sockets than `socket_cap.SOCKETS_PER_USER`: the oldest goes


def encode(frame: dict) -> bytes:
    """Compact UTF-8 JSON: Russian text stays two bytes a letter instead of six."""
    return fastjson.dumps(frame)


def wire(payload: bytes) -> bytes:
    """One unfragmented, unmasked WebSocket text frame (RFC 6455 §5.2), as a server sends it."""
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, size) + payload
    return struct.pack("!BBQ", 0x81, 127, size) + payload


PING_FRAME = wire(b'{"type":"ping","data":{}}')


@dataclass(frozen=True, slots=True)
class SocketUser:
    """What a socket keeps of its user, read at its admission (`admission.py`): a frame that needs
    the User row reads it by id (`handlers.user_of`), so admitting thousands loads no ORM rows."""
    id: int
    username: str
    session_version: int
    is_active: bool
    person: dict | None = None  # lobby.people's public person, as at admission (typing names them by it)


class Connection:
    """One open socket of one user, opened with a token's `claims`. `user` is its SocketUser; None
    until its admission."""

    def __init__(self, ws, claims: Claims, outbox_size: int = 256, ping_seconds: float = 25.0,
                 outbox_bytes: int = 256 * 1024, idle_seconds: float = 60.0) -> None:
        self.ws = ws
        self.user = None
        self.user_id: int = claims.user_id
        self.socket_id = secrets.token_hex(8)  # its name among the person's seats (socket_cap.py)
        # The session it was opened with: each send is checked against it, and a sign-out closes it.
        self.claims = claims
        self.channels: set[int] = set()  # guarded by the hub's lock
        self.watched: dict[int, int | None] = {}  # channel id → its server's (None: a DM); the hub's lock
        self.revocations = 0  # bumped whenever the hub takes channels away (see Hub.join)
        # Voice (lobby/voice): the seat this socket holds, and its name as a seat's owner across
        # processes (made at its first join). The hub forgets the seat when another socket takes it.
        self.voice = None
        self.voice_owner: str | None = None
        self.closed = False
        self.ping_seconds = ping_seconds
        self.next_ping = monotonic() + ping_seconds  # the hub's pinger keeps it
        # Any frame from the client counts as life; the pinger closes a socket silent this long.
        self.idle_seconds = idle_seconds
        self.heard_at = monotonic()
        # One writer at a time on the socket: the sender, a frame written through, and the reader's
        # answers to the client's pings and close (`ControlReplies`). Reentrant: a close frame is
        # written by simple-websocket under it, through `ControlReplies` again.
        self.send_lock = threading.RLock()
        self._outbox: deque[bytes] = deque()
        # Queued or being written, frames and bytes: past either limit the reader is too slow.
        self._limits = (outbox_size, outbox_bytes)
        self._pending = [0, 0]
        self._count_lock = threading.Lock()  # guards the counts, the outbox's appends and _sender
        self._sender: threading.Thread | None = None
        self._closing: tuple[int, str] | None = None  # set by end(): the sender closes with it
        self.sock = ws.sock
        # gevent wraps the OS socket; a send on the wrapper would wait cooperatively, never fail fast.
        self._raw = getattr(ws.sock, "_sock", ws.sock)
        ws.sock = ControlReplies(self)

    def start(self) -> None:
        # Cap the kernel's send buffer: left alone, Linux grows it to 4 MB per socket, so a
        # reader that stopped reading would pile up megabytes before it counted as slow.
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            # Each frame goes out when written: Nagle would hold a small frame back until the
            # previous one is acknowledged, and the client delays its acknowledgements.
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except (AttributeError, OSError):
            pass

    def send(self, frame: dict) -> None:
        self.enqueue(wire(encode(frame)))

    def enqueue(self, data: bytes) -> None:
        """Send a frame (`wire` bytes) now or soon; never blocks. From any thread."""
        if self.closed:
            return
        if not self._outbox and self._write_through(data):
            return
        with self._count_lock:
            frames, size = self._pending
            slow = frames >= self._limits[0] or size + len(data) > self._limits[1]
            if not slow:
                self._queue(data)
        if slow:
            log.info("live socket of user %s cut off: it does not keep up", self.user_id)
            self.abort()

    def _write_through(self, data: bytes) -> bool:
        """With nothing queued and no write under way: write now, without waiting; queue what did
        not fit. False when the frame must be queued whole."""
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
                    self._queue(data[sent:])
            return True
        finally:
            self.send_lock.release()

    def _queue(self, data: bytes) -> None:
        """Under the count lock: add to the outbox, and make sure a sender will write it."""
        self._pending[0] += 1
        self._pending[1] += len(data)
        self._outbox.append(data)
        self._start_sender()

    def _start_sender(self) -> None:
        """Under the count lock."""
        if self._sender is None:
            self._sender = threading.Thread(target=self._drain, name=f"ws-send-{self.user_id}", daemon=True)
            self._sender.start()

    def _drain(self) -> None:
        """Write what is queued, in batches; then end, unless more came meanwhile."""
        while True:
            with self.send_lock:
                while self._outbox and not self.closed:
                    batch = [self._outbox.popleft() for _ in range(min(BATCH, len(self._outbox)))]
                    try:
                        self.sock.sendall(batch[0] if len(batch) == 1 else b"".join(batch))
                    except OSError:  # closing under us
                        self.abort()  # the reader may not have noticed yet: end it too
                    with self._count_lock:
                        self._pending[0] -= len(batch)
                        self._pending[1] -= sum(map(len, batch))
                if self._closing and not self.closed:
                    self._send_close(*self._closing)
            with self._count_lock:
                if not self._outbox or self.closed:
                    self._sender = None
                    return

    def _send_close(self, code: int, reason: str) -> None:
        """Under the send lock: the close frame, then the socket shut down, which ends the
        gateway's read (a client that stopped answering would never send its half of the close).
        The frame is already in the kernel's buffer, ahead of the FIN: the client reads its code."""
        self.closed = True
        try:
            self.ws.close(code, reason)
        except (ConnectionClosed, OSError, LocalProtocolError):
            pass
        self.abort()

    def end(self, code: int, reason: str) -> None:
        """Close with a close frame from any thread: the sender sends it after what is queued."""
        if self.closed:
            return
        self._closing = (code, reason)
        with self._count_lock:
            self._start_sender()

    def close(self, code: int | None = None, reason: str | None = None) -> None:
        """Close with a close frame; called by the connection's own request thread."""
        self.closed = True
        # A sender may be stuck writing to a client that stopped reading: do not wait for it.
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
        sender = self._sender
        if sender is not None:
            sender.join(timeout=2)

    def write_control(self, data: bytes) -> None:
        """The reader's own writes (simple-websocket's pong, its half of the close handshake), in
        turn with the sender: two greenlets writing one socket at once is gevent's
        ConcurrentObjectUseError, and two threads interleave their bytes mid-frame. A sender stuck
        on a client that stopped reading gives way within CONTROL_WAIT, or the socket is dropped."""
        if not self.send_lock.acquire(timeout=CONTROL_WAIT):
            self.abort()
            return
        try:
            self.sock.sendall(data)  # after an abort this fails at once: the socket is shut down
        except OSError:
            self.abort()
        finally:
            self.send_lock.release()

    def abort(self) -> None:
        """Drop the connection without a close frame, without blocking; from any thread.
        Shutting the socket down unblocks a pending send and ends the reader, so the gateway's
        receive loop sees the close and unregisters the connection."""
        self.closed = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class ControlReplies:
    """What simple-websocket knows as its socket once a Connection holds it: its writes (the
    answers to pings and to a close, the close frame it sends) go through the connection's lock;
    everything else is the socket's own."""

    __slots__ = ("_conn",)

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    def send(self, data: bytes) -> int:
        self._conn.write_control(bytes(data))
        return len(data)

    def __getattr__(self, name: str):
        return getattr(self._conn.sock, name)
