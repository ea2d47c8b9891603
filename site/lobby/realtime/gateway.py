"""The live socket: `GET /ws?token=<access token>`, frames `{type, data, messageId}` both ways.

Before the handshake: a browser's `Origin` must be this host, PUBLIC_URL or one of
ALLOWED_ORIGINS (config, from the environment; else 403), and `Sec-WebSocket-Extensions` is dropped so simple-websocket does
not negotiate permessage-deflate (measured: 2.6x the fan-out rate, 3.4x less memory per socket
without it). A request with no Origin is not a browser's; its token still has to be valid.

After it: a bad or expired token is closed with 4001 'unauthorized' (the client refreshes its
token instead of retrying the same one); a socket silent for SOCKET_IDLE_SECONDS is closed with
4002 'timeout'. The server sends `ping` every SOCKET_PING_SECONDS; any frame counts as life.
The query string (it holds the token) is never logged.
"""
from __future__ import annotations

import logging
import socket
from time import monotonic
from urllib.parse import urlsplit

from flask import Blueprint, current_app, jsonify, request
from simple_websocket import ConnectionClosed

from lobby import fastjson
from lobby.accounts.tokens import access_claims
from lobby.errors import ApiError, http_message
from lobby.input_guard import refuse_nul
from lobby.outage import RETRY_SECONDS, is_outage, unavailable
from lobby.extensions import db, sock
from lobby.realtime.handlers import handle
from lobby.realtime.connection import CLOSE_IDLE, CLOSE_UNAUTHORIZED, Connection, encode, wire
from lobby.realtime.budgets import Buckets
from lobby.realtime.reading import receive
from lobby.realtime.socket_cap import SOCKETS_PER_USER
from lobby.texts import text
from lobby.voice.config import DEFAULTS as VOICE_DEFAULTS
from lobby.voice.frames import SIGNALLING

log = logging.getLogger(__name__)
blueprint = Blueprint("realtime", __name__)

# RFC 6455's "try again later": the socket's round could not read the database.
CLOSE_TRY_AGAIN = 1013

# Tunable through app config (tests shorten the times).
SETTINGS = {
    "SOCKET_PING_SECONDS": 25.0,
    "SOCKET_IDLE_SECONDS": 60.0,
    "SOCKET_MAX_FRAME": 16 * 1024,
    "SOCKET_RATE": 20.0,  # frames a second, per person (all their sockets in a process: budgets.py)
    "SOCKET_BURST": 40,
    "SOCKET_OUTBOX": 256,  # frames queued for a socket before it counts as too slow
    "SOCKET_OUTBOX_BYTES": 256 * 1024,  # ... or bytes
    "SOCKETS_PER_USER": SOCKETS_PER_USER,  # open sockets per person, across processes (socket_cap.py)
    "PRESENCE_GRACE_SECONDS": 5.0,
    "PRESENCE_HEARTBEAT_SECONDS": 10.0,  # production: a process silent for 3 of these is reaped
    "PRESENCE_LARGE_SERVER": 250,  # members past which a server's comings and goings are not pushed
    # Voice (defaults in lobby/voice/config.py; the environment may set them through config.py).
    **VOICE_DEFAULTS,
}


def origin_allowed(origin: str) -> bool:
    config = current_app.config
    if urlsplit(origin).netloc.lower() == request.host.lower():
        return True
    public = urlsplit(config.get("PUBLIC_URL", ""))
    allowed = {f"{public.scheme}://{public.netloc}", *config["ALLOWED_ORIGINS"]}
    return origin.rstrip("/") in allowed


@blueprint.before_request
def guard_handshake():
    origin = request.headers.get("Origin")
    if origin and not origin_allowed(origin):
        log.warning("live socket refused: foreign origin %s", origin[:200])
        response = jsonify(message=http_message(403), code="FORBIDDEN")
        response.status_code = 403
        return response
    request.environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
    return None


@sock.route("/ws", bp=blueprint)
def gateway(ws):
    app = current_app._get_current_object()
    claims = access_claims(request.args.get("token", ""))
    conn = None if claims is None else Connection(
        ws, claims, int(app.config["SOCKET_OUTBOX"]), float(app.config["SOCKET_PING_SECONDS"]),
        int(app.config["SOCKET_OUTBOX_BYTES"]), float(app.config["SOCKET_IDLE_SECONDS"]))
    # Registered with its `connected` greeting and watched channels, and counted in presence, in a
    # round with the sockets that arrived with it (admission.py).
    admitted = False if conn is None else app.extensions["lobby.gate"].admit(conn)
    if not admitted:
        if admitted is None:  # the database did not answer: the client should come back
            app.extensions["lobby.hub"].unregister(conn)
            ws.close(CLOSE_TRY_AGAIN, "try again later")
        else:
            ws.close(CLOSE_UNAUTHORIZED, "unauthorized")
        hang_up(ws)
        return
    hub, presence = app.extensions["lobby.hub"], app.extensions["lobby.presence"]
    conn.start()
    try:
        serve(conn, app)
    except ConnectionClosed:
        pass
    finally:
        hub.unregister(conn)
        conn.close()
        hang_up(ws)
        quietly(presence.disconnected, conn.user_id)
        quietly(lambda c: app.extensions["lobby.seats"].leave(c.user_id, c.socket_id), conn)
        if conn.voice is not None:  # its seat waits VOICE_GRACE_SECONDS for a resume
            quietly(app.extensions["lobby.voice"].socket_closed, conn)
        db.session.remove()


def hang_up(ws) -> None:
    """After the close frame went out: shut the TCP connection.

    Without this the werkzeug dev server writes an HTTP response after the handler returns, onto
    a socket that now speaks WebSocket, and the browser reports "Invalid frame header" and code
    1006 instead of our close code. (Under gunicorn nothing is written after the handler.) The
    close frame is already on the wire, so the client still reads its code."""
    try:
        ws.sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def quietly(action, subject) -> None:
    try:
        action(subject)
    except Exception:  # presence is a nicety: a Redis blip must not take the socket down
        log.exception("%s failed for %s", getattr(action, "__name__", action), subject)


def serve(conn: Connection, app) -> None:
    # The person's budget, shared by their sockets (budgets.py). Signalling has its own bucket:
    # a call's ICE candidates come in bursts that would starve chat.
    budgets = app.extensions["lobby.budgets"]
    buckets = budgets.hold(conn.user_id)
    limit = int(app.config["SOCKET_MAX_FRAME"])
    try:
        while not conn.closed:
            raw = receive(conn)  # the hub's pinger ends a silent socket (SOCKET_IDLE_SECONDS)
            conn.heard_at = monotonic()
            answer(conn, raw, buckets, limit)
    finally:
        budgets.release(conn.user_id)


def answer(conn: Connection, raw, buckets: Buckets, limit: int) -> None:
    """Handle one frame; whatever goes wrong becomes an `error` frame and the socket carries on."""
    message_id = None
    try:
        too_large = len(raw) > limit or (isinstance(raw, str) and len(raw) * 4 > limit and len(raw.encode()) > limit)
        # The type picks the bucket, so a frame is read before it is counted; one too large is not
        # read at all, and one that cannot be read counts against the general bucket.
        kind, data, message_id, problem = (None, None, None, None) if too_large else parse_or_problem(raw)
        if not (buckets.voice if kind in SIGNALLING else buckets.general).take():
            raise ApiError(429, text("frame.too_many"), "RATE_LIMITED")
        if too_large:
            raise ApiError(413, text("frame.too_large"), "PAYLOAD_TOO_LARGE")
        if problem is not None:
            raise problem
        reply = handle(conn, kind, data)
        if reply is not None:
            conn.enqueue(frame(reply[0], reply[1], message_id))
            if len(reply) > 2:  # what the change tells others goes after the answer (a voice join)
                reply[2]()
    except ApiError as error:
        told = error.to_dict()
        if "Retry-After" in error.headers:  # a frame has no headers: the wait goes in the data
            told["retryAfter"] = int(error.headers["Retry-After"])
        conn.enqueue(frame("error", told, message_id))
    except Exception as error:
        if is_outage(error):  # the database or Redis did not answer: the client may try again
            log.warning("live socket frame not handled: %s unavailable", type(error).__name__)
            conn.enqueue(frame("error", {**unavailable().to_dict(), "retryAfter": RETRY_SECONDS}, message_id))
            return
        log.exception("live socket frame failed")
        conn.enqueue(frame("error", {"message": http_message(500), "code": "INTERNAL_ERROR"}, message_id))
    finally:
        db.session.remove()  # each frame is its own unit of work; the socket holds no connection


def parse(raw) -> tuple[str, dict, str | int | None]:
    """The envelope (`schemas.Envelope`), read by hand: a few checks, the same for every frame."""
    try:
        body = fastjson.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise malformed() from None
    if not isinstance(body, dict) or not isinstance(body.get("type"), str):
        raise malformed()
    message_id = body.get("messageId")
    if not isinstance(message_id, (str, int)) or isinstance(message_id, bool) or len(str(message_id)) > 64:
        message_id = None
    data = body.get("data", {})
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise malformed()
    if ("\\u0000" in raw if isinstance(raw, str) else b"\\u0000" in raw):  # JSON's NUL: look closer
        refuse_nul(data)
    return body["type"], data, message_id


def parse_or_problem(raw) -> tuple:
    """`parse`, with its refusal returned instead of raised (it is raised after the rate check)."""
    try:
        return (*parse(raw), None)
    except ApiError as problem:
        return None, None, None, problem


def malformed() -> ApiError:
    return ApiError(400, text("frame.malformed"), "MALFORMED_FRAME")


def frame(kind: str, data: dict, message_id=None) -> bytes:
    body = {"type": kind, "data": data}
    if message_id is not None:
        body["messageId"] = message_id  # lets the client match an answer to its frame
    return wire(encode(body))
