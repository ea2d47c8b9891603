"""One member with many sockets cannot stall the instance: at most SOCKETS_PER_USER sockets a
person (the oldest closed with 4008), one frame budget shared by all of a person's sockets, and a
socket's reader never writes over its sender (a pong in the middle of a frame)."""
from __future__ import annotations

import json
import socket as socket_module
import time

from wsproto.connection import Connection as Protocol, ConnectionType
from wsproto.events import CloseConnection, Message as WsMessage, Ping, Pong

from lobby.realtime.socket_cap import SOCKETS_PER_USER
from tests.realtime.conftest import QUIET


def test_the_eleventh_socket_closes_the_oldest_with_4008(community, connect):
    sockets = [connect(community.alice) for _ in range(SOCKETS_PER_USER)]
    newest = connect(community.alice)
    assert sockets[0].closed_with() == (4008, "too many connections")
    for kept in (*sockets[1:], newest):  # every other socket of hers still answers
        kept.send("ping", message_id="still")
        kept.expect("pong")
    bob = connect(community.bob)  # someone else's sockets are theirs
    bob.send("ping")
    bob.expect("pong")


def test_a_socket_closed_for_the_cap_gives_its_seat_back(app, community, connect):
    app.config.update(SOCKET_BURST=1000)  # this test waits by pinging
    sockets = [connect(community.alice) for _ in range(SOCKETS_PER_USER)]
    sockets[3].close()
    wait_until(lambda: seats_of(app, community.alice.id) < SOCKETS_PER_USER, sockets[0])
    another = connect(community.alice)
    for kept in (*sockets[:3], *sockets[4:], another):
        kept.send("ping")
        kept.expect("pong")


def seats_of(app, user_id: int) -> int:
    """How many seats the person holds in the app's store (memory or Redis)."""
    seats = app.extensions["lobby.seats"]
    if hasattr(seats, "_by_user"):
        return len(seats._by_user.get(user_id, {}))
    return seats._redis.zcard(seats._key(user_id))


def wait_until(condition, socket, timeout: float = 5) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the seat was not given back"
        socket.send("ping")  # something to wait on between looks: the server's answer
        socket.expect("pong")


def test_a_persons_sockets_share_one_frame_budget(app, community, connect):
    app.config.update(SOCKET_RATE=0.01, SOCKET_BURST=6)
    first, second = connect(community.alice), connect(community.alice)
    for number in range(6):
        (first if number % 2 else second).send("ping", message_id=f"p{number}")
    answers = [first.expect("pong"), first.expect("pong"), first.expect("pong"),
               second.expect("pong"), second.expect("pong"), second.expect("pong")]
    assert len(answers) == 6
    third = connect(community.alice)  # a new socket brings no new budget
    third.send("ping", message_id="over")
    refused = third.expect("error")
    assert refused["data"]["code"] == "RATE_LIMITED" and refused["messageId"] == "over"
    bob = connect(community.bob)
    bob.send("ping")
    bob.expect("pong")


def test_reconnecting_buys_no_new_burst(app, community, connect):
    app.config.update(SOCKET_RATE=0.01, SOCKET_BURST=3)
    first = connect(community.alice)
    for number in range(3):
        first.send("ping", message_id=f"p{number}")
        first.expect("pong")
    first.close()
    again = connect(community.alice)
    again.send("ping", message_id="again")
    assert again.expect("error")["data"]["code"] == "RATE_LIMITED"


def test_a_pong_never_lands_inside_a_frame_being_written(app, community, connect, live, publish):
    """A reader that stopped reading while frames pile up, then pings: the server's pong waits its
    turn with the frames being written (before, the reader wrote it at once, into the middle of a
    half-written frame, or — under gevent — died with ConcurrentObjectUseError)."""
    app.config.update(SOCKET_OUTBOX_BYTES=4 * 2**20)  # the pile is the point: it must not count as too slow
    raw = small_window_handshake(live.url, community.alice.token)
    protocol = Protocol(ConnectionType.CLIENT)
    frames = read_frames(raw, protocol, until=lambda found: any(f.get("type") == "connected" for f in found))
    assert frames
    big = "ы" * 3000
    for number in range(120):  # ~720 KB: far more than the kernel's buffers hold while nobody reads
        publish({"type": "notice", "data": {"n": number, "text": big}}, users=[community.alice.id])
    raw.sendall(protocol.send(Ping(b"are-you-there")))
    found = read_frames(raw, protocol, until=lambda found: any(f.get("pong") for f in found)
                        and sum(1 for f in found if f.get("type") == "notice") == 120)
    numbers = [f["data"]["n"] for f in found if f.get("type") == "notice"]
    assert numbers == list(range(120))
    assert [f for f in found if f.get("pong")] == [{"pong": "are-you-there"}]
    raw.close()


def small_window_handshake(base_url: str, token: str) -> socket_module.socket:
    """A websocket handshake on a bare TCP socket with a small receive buffer, set before it
    connects (so the window it offers is small): frames pile up on the server as soon as it stops
    reading."""
    host, port = base_url.removeprefix("http://").split(":")
    raw = socket_module.socket(socket_module.AF_INET, socket_module.SOCK_STREAM)
    raw.setsockopt(socket_module.SOL_SOCKET, socket_module.SO_RCVBUF, 4096)
    raw.settimeout(5)
    raw.connect((host, int(port)))
    raw.sendall((f"GET /ws?token={token} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    assert b" 101 " in head
    return raw


def read_frames(raw, protocol, until, timeout: float = 15) -> list[dict]:
    """Read and parse until `until(frames)`; a protocol error (bytes of one frame inside another)
    fails the test."""
    found: list[dict] = []
    partial = ""
    deadline = time.monotonic() + timeout
    raw.settimeout(1)
    while not until(found):
        assert time.monotonic() < deadline, f"saw only {len(found)} frames: {[f.get('data', {}).get('n', f) for f in found][-5:]}"
        try:
            data = raw.recv(65536)
        except socket_module.timeout:
            continue
        assert data, "the server closed the socket"
        protocol.receive_data(data)
        for event in protocol.events():
            if isinstance(event, WsMessage):
                partial += event.data
                if not event.message_finished:
                    continue
                frame, partial = json.loads(partial), ""
                if frame.get("type") not in QUIET:
                    found.append(frame)
            elif isinstance(event, Pong):
                found.append({"pong": bytes(event.payload).decode()})
            elif isinstance(event, Ping):
                raw.sendall(protocol.send(event.response()))
            elif isinstance(event, CloseConnection):
                raise AssertionError(f"closed: {event.code} {event.reason}")
    return found
