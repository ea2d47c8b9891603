"""Reading a live socket in the greenlet (or thread) that serves it.

simple-websocket gives every socket a reader thread that hands each message over through an
Event: under gevent a second greenlet with its own saved stack, a Thread and an Event per open
socket. Measured with a bare flask-sock route holding 5,000 sockets under gunicorn's gevent
worker: 38.3 KB a socket with the reader thread, 24.8 KB reading in place. So flask-sock's server
is given a thread class that never starts (`NoReader`, through `SOCK_SERVER_OPTIONS`), and the
gateway reads with `receive`, which feeds what it reads to simple-websocket's own frame handling
(pings answered, the close handshake, the size limit).

The read blocks without a timeout: a timeout on the socket would apply to the sender's writes too.
Silent sockets are closed by the hub's pinger instead (`Hub._ping_due`), which shuts the socket
down and so ends the read.
"""
from __future__ import annotations

from simple_websocket import ConnectionClosed
from wsproto.utilities import LocalProtocolError


class NoReader:
    """What simple-websocket takes for its reader thread: one that never runs."""

    name = "lobby-reads-in-place"

    def __init__(self, target=None, **_ignored) -> None:
        pass

    def start(self) -> None:
        pass

    def join(self, timeout: float | None = None) -> None:
        pass


def receive(conn) -> str | bytes:
    """The next whole message of a connection's flask-sock server socket made with `NoReader`.
    Raises `ConnectionClosed` once the client closed, the socket was shut down, or the peer broke
    the protocol (simple-websocket's server then already answered with its close frame). What
    simple-websocket writes back meanwhile (a pong, a close) takes its turn with the connection's
    sender (`connection.ControlReplies`)."""
    ws = conn.ws
    while ws.connected and not ws.input_buffer:
        try:
            data = conn.sock.recv(ws.receive_bytes)
        except OSError:
            data = b""
        if not data:
            ws.connected = False
            break
        try:
            ws.ws.receive_data(data)
            ws.connected = ws._handle_events()
        except (LocalProtocolError, OSError):
            ws.connected = False
    if ws.input_buffer:
        return ws.input_buffer.pop(0)
    raise ConnectionClosed(ws.close_reason, ws.close_message)
