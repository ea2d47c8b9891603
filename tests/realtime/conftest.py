"""Live-socket tests run against a real server (`LiveServer`) with a real websocket client
(simple-websocket). `people` and `create_server` come from the servers tests."""
from __future__ import annotations

import json
import socket as socket_module
import time

import pytest
from simple_websocket import Client, ConnectionClosed

from tests.servers.conftest import cheap_password_hashing, create_server, people  # noqa: F401 (fixtures)

# Frames that may arrive at any moment; `expect` steps over them. `channel_activity`: any message in a
# channel the user can read but the socket has not joined (the sender's own included). Presence's
# announcements (a friend's status and its activity entry too) are told a moment after a socket
# opens, on presence's own thread: they can come between any two frames.
QUIET = {"ping", "user_status", "channel_activity", "friend_status_changed", "friend_activity"}


class PromptClient(Client):
    """simple-websocket 1.1's client takes only the 101 out of its first read; a frame that
    arrived in the same read (our `connected`, sent right after the handshake) then waits in
    wsproto's buffer until more bytes come. Handle such frames before reading on."""

    def _thread(self):
        self.connected = self._handle_events()
        super()._thread()


class Socket:
    """One live socket of a test user."""

    def __init__(self, base_url: str, token: str | None, headers: dict | None = None) -> None:
        query = f"?token={token}" if token is not None else ""
        self.ws = PromptClient.connect(base_url.replace("http://", "ws://") + "/ws" + query, headers=headers)
        self.seen: list[dict] = []

    def send(self, kind: str, data=None, message_id=None) -> None:
        body = {"type": kind, "data": data if data is not None else {}}
        if message_id is not None:
            body["messageId"] = message_id
        self.ws.send(json.dumps(body))

    def raw(self, text) -> None:
        self.ws.send(text)

    def next(self, timeout: float = 3) -> dict | None:
        raw = self.ws.receive(timeout=timeout)
        if raw is None:
            return None
        frame = json.loads(raw)
        self.seen.append(frame)
        return frame

    def expect(self, kind: str, timeout: float = 10, skip: set[str] = QUIET, **match) -> dict:
        """The next frame of `kind` whose data has `match`; frames of `skip` types are stepped over,
        anything else first is a failure."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            frame = self.next(left)
            if frame is None:
                break
            if frame["type"] == kind and all(frame["data"].get(k) == v for k, v in match.items()):
                return frame
            assert frame["type"] in skip, f"expected {kind} {match}, got {frame}"
        raise AssertionError(f"no {kind} {match} within {timeout}s; saw {self.seen[-5:]}")

    def expect_any(self, kinds: set[str], timeout: float = 3) -> dict:
        """The next frame of any of `kinds`, stepping over QUIET ones."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            frame = self.next(left)
            if frame is None:
                break
            if frame["type"] in kinds:
                return frame
            assert frame["type"] in QUIET, f"expected one of {kinds}, got {frame}"
        raise AssertionError(f"none of {kinds} within {timeout}s; saw {self.seen[-5:]}")

    def frames_within(self, seconds: float) -> list[dict]:
        """Everything that arrives in the next `seconds`."""
        found, deadline = [], time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            frame = self.next(left)
            if frame is None:
                break
            found.append(frame)
        return found

    def closed_with(self, timeout: float = 3) -> tuple[int, str]:
        """Wait for the server to close; the close code and reason."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.ws.receive(timeout=0.2)
        except ConnectionClosed as closed:
            return closed.reason, closed.message
        raise AssertionError("the server did not close the socket")

    def close(self) -> None:
        try:
            self.ws.close()
        except ConnectionClosed:
            pass


@pytest.fixture
def connect(live):
    """`connect(person)` → a Socket connected to the live server and past its `connected` frame."""
    sockets: list[Socket] = []

    def open_socket(person, server=None, expect_connected=True, **kwargs) -> Socket:
        socket = Socket((server or live).url, person.token, **kwargs)
        sockets.append(socket)
        if expect_connected:
            socket.expect("connected", userId=person.id)
        return socket

    yield open_socket
    for socket in sockets:
        socket.close()


@pytest.fixture
def community(people, create_server):
    """A server owned by `owner` with members `alice` and `bob`, and `mallory`, who is in none of
    it and owns a server of her own. Text channel ids: `.channel`, `.other_channel` (same server),
    `.foreign_channel` (mallory's)."""
    class Community:
        pass

    found = Community()
    found.server = create_server("owner", name="Гильдия")
    for name in ("alice", "bob"):
        response = people(name).post(f"/api/servers/join/{found.server['inviteCode']}")
        assert response.status_code == 200, response.get_json()
    found.channel, found.other_channel = text_channels(people("owner"), found.server["id"])[:2]
    found.foreign_server = create_server("mallory", name="Чужой сервер")
    found.foreign_channel = text_channels(people("mallory"), found.foreign_server["id"])[0]
    found.owner, found.alice, found.bob, found.mallory = (people(n) for n in ("owner", "alice", "bob", "mallory"))
    return found


def text_channels(person, server_id: int) -> list[int]:
    response = person.get(f"/api/servers/{server_id}/channels")
    assert response.status_code == 200, response.get_json()
    return [c["id"] for c in response.get_json()["channels"] if c["type"] == "TEXT"]


@pytest.fixture
def publish(app):
    """Put an event on the app's bus, as a `do_*` does after its commit."""
    from lobby.realtime.bus import Recipients

    def put(event: dict, users=(), channels=()) -> None:
        with app.app_context():
            app.extensions["lobby.bus"].publish(event, Recipients.of(users=users, channels=channels))

    return put


def joined(socket: Socket, channel_id: int) -> Socket:
    socket.send("join_channel", {"channelId": channel_id})
    socket.expect("channel_joined", channelId=channel_id)
    return socket


def channel_frames(frames: list[dict], channel_id: int) -> list[dict]:
    """The frames about one channel (its id in data, or a message of it)."""
    def about(frame):
        data = frame.get("data") or {}
        message = data.get("message") if isinstance(data.get("message"), dict) else data
        return data.get("channelId") == channel_id or message.get("channelId") == channel_id
    return [f for f in frames if f["type"] not in QUIET and about(f)]


def raw_handshake(base_url: str, token: str, extra: str = "") -> tuple[socket_module.socket, str]:
    """A websocket handshake on a bare TCP socket (which then reads only when told to): the
    connected socket and the response head."""
    host, port = base_url.removeprefix("http://").split(":")
    raw = socket_module.create_connection((host, int(port)), timeout=5)
    raw.sendall((f"GET /ws?token={token} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                 f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n{extra}\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    return raw, head.decode()
