"""This process's live connections, and delivery of bus events to them.

The bus calls `Hub.deliver` from one thread (the Redis subscriber in production, or whoever
published in embedded mode): it serializes each event once, as WebSocket bytes, and hands them to
every target connection (`connection.py`), which never blocks. One pinger thread pings every
socket on its schedule, rather than a timer per socket.

Each socket also watches every channel its user can read (`watch.py`): a `new_message` of a channel
it watches but has not joined reaches it as `channel_activity`, made here from the event itself
(no query, no write per recipient), encoded once per distinct frame.
"""
from __future__ import annotations

import logging
import threading
from time import monotonic

from lobby.realtime.bus import Recipients
from lobby.realtime.connection import CLOSE_CROWDED, CLOSE_IDLE, CLOSE_UNAUTHORIZED, PING_FRAME, Connection, encode, wire

log = logging.getLogger(__name__)


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
        self._by_watched: dict[int, set[Connection]] = {}
        self._revoked: dict[int, int] = {}  # user id → channel losses heard (see `register`)
        self._by_server: dict[int, set[Connection]] = {}  # sockets watching any channel of a server
        self._internal = {"access_revoked": self._revoke, "sessions_revoked": self._end_sessions,
                          "watch_channels": self._watch_more, "voice_seat": self._tell_seat,
                          "sockets_closed": self._close_sockets}
        self._tick = 1.0  # how often the pinger looks: half the shortest ping period seen, or less
        self._sooner = threading.Event()  # set when the tick shrinks: the pinger's wait is cut short

    def attach(self) -> None:
        with self._attach_lock:  # the Redis bus waits until its subscriber is listening
            if not self._attached:
                self._bus.subscribe(self.deliver)
                threading.Thread(target=self._ping_forever, name="lobby-pinger", daemon=True).start()
                self._attached = True

    def revocation_mark(self, user_id: int) -> int:
        """How many times this process heard the user lose channels: read before their readable
        channels are, and handed to `register`."""
        with self._lock:
            return self._revoked.get(user_id, 0)

    def register(self, conn: Connection, greeting: bytes | None = None,
                 watched: dict[int, int | None] | None = None, mark: int | None = None) -> bool:
        """Add a new socket, in one step with the frame it hears first (`greeting`: nothing
        delivered can overtake it) and the channels it watches (so a message sent once the client
        has its greeting reaches it live). Refused, doing nothing, if the user lost channels since
        `mark` (`revocation_mark`) was read: the caller reads them again."""
        if not self._attached:
            self.attach()
        with self._lock:
            if mark is not None and mark != self._revoked.get(conn.user_id, 0):
                return False
            if greeting is not None:
                conn.enqueue(greeting)  # never blocks
            self._by_user.setdefault(conn.user_id, set()).add(conn)
            tick = max(0.05, min(self._tick, conn.ping_seconds / 2, conn.idle_seconds / 4))
            if tick < self._tick:
                self._tick = tick
                self._sooner.set()
            self._add_watched(conn, watched or {})
        return True

    def _ping_forever(self) -> None:
        """Ping each socket every `ping_seconds` (its `next_ping`), and close those silent for
        `idle_seconds` (4002 'timeout'): one thread for all of them."""
        while True:  # as long as the process
            self._sooner.wait(self._tick)
            self._sooner.clear()
            try:
                self._ping_due(monotonic())
            except Exception:  # on its own thread nobody else would see it; the next tick goes on
                log.exception("live socket pinger failed")

    def _ping_due(self, now: float) -> None:
        with self._lock:
            due = [conn for conns in self._by_user.values() for conn in conns
                   if conn.next_ping <= now or now - conn.heard_at >= conn.idle_seconds]
        for conn in due:
            if now - conn.heard_at >= conn.idle_seconds:
                conn.end(CLOSE_IDLE, "timeout")
                continue
            conn.next_ping = now + conn.ping_seconds
            conn.enqueue(PING_FRAME)

    def unregister(self, conn: Connection) -> None:
        with self._lock:
            _discard(self._by_user, conn.user_id, conn)
            for channel_id in conn.channels:
                _discard(self._by_channel, channel_id, conn)
            conn.channels.clear()
            for channel_id in conn.watched:
                _discard(self._by_watched, channel_id, conn)
            for server_id in set(conn.watched.values()) - {None}:
                _discard(self._by_server, server_id, conn)
            conn.watched.clear()

    def watch(self, conn: Connection, channels: dict[int, int | None], mark: int | None = None) -> bool:
        """Add channels (id → server id, None for a DM) the connection's user can read. `mark` as in
        `join`: refused if access was revoked since it was read (the caller loads them again)."""
        with self._lock:
            if conn.closed or (mark is not None and mark != conn.revocations):
                return False
            self._add_watched(conn, channels)
            return True

    def _add_watched(self, conn: Connection, channels: dict[int, int | None]) -> None:
        """Under the lock."""
        for channel_id, server_id in channels.items():
            conn.watched[channel_id] = server_id
            self._by_watched.setdefault(channel_id, set()).add(conn)
            if server_id is not None:
                self._by_server.setdefault(server_id, set()).add(conn)

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

    def all_connections(self) -> list[Connection]:
        with self._lock:
            return [conn for conns in self._by_user.values() for conn in conns]

    def rewatch(self, conn: Connection, channels: dict[int, int | None]) -> None:
        """The channels the user can read, read again after events may have been lost (the bus
        was away): those gone are dropped, joined ones too, as by a revocation; new ones added."""
        with self._lock:
            if conn.closed:
                return
            gone = conn.watched.keys() - channels.keys()
            if gone:
                conn.revocations += 1  # a join in flight checks again
                servers = {conn.watched.pop(channel_id) for channel_id in gone}
                for channel_id in gone:
                    _discard(self._by_watched, channel_id, conn)
                    if channel_id in conn.channels:
                        conn.channels.discard(channel_id)
                        _discard(self._by_channel, channel_id, conn)
                for server_id in servers - set(conn.watched.values()) - {None}:
                    _discard(self._by_server, server_id, conn)
            self._add_watched(conn, {key: value for key, value in channels.items() if key not in conn.watched})

    def deliver(self, event: dict, recipients: Recipients) -> None:
        """The bus subscriber: queue the event for every local target, each socket once."""
        internal = self._internal.get(event.get("type"))
        if internal is not None:
            internal(event.get("data") or {}, recipients)
            return
        with self._lock:
            sources = [self._by_user.get(u) for u in recipients.users]
            sources += [self._by_channel.get(c) for c in recipients.channels]
            if recipients.servers:
                sources += [self._by_server.get(s) for s in recipients.servers]
            sources = [s for s in sources if s]
            targets = () if not sources else tuple(sources[0]) if len(sources) == 1 else set().union(*sources)
            watching = self._watching_only(event, recipients)
        if targets:
            frame = wire(encode(event))  # once per event, not once per socket
            for conn in targets:
                conn.enqueue(frame)
        if watching:
            self._tell_activity(event.get("data") or {}, watching)

    def _watching_only(self, event: dict, recipients: Recipients) -> list[Connection]:
        """Under the lock: for a channel's new message, the sockets that watch it without having
        joined it."""
        if event.get("type") != "new_message" or len(recipients.channels) != 1:
            return []
        (channel_id,) = recipients.channels
        return [conn for conn in self._by_watched.get(channel_id, ()) if channel_id not in conn.channels]

    def _tell_activity(self, message: dict, watching: list[Connection]) -> None:
        """`channel_activity` to each socket, `mentioned` for its own user; one frame per value."""
        channel_id, author_id = message.get("channelId"), (message.get("author") or {}).get("id")
        named = {person.get("id") for person in message.get("mentions") or ()}
        everyone = bool(message.get("mentionsEveryone"))
        frames: dict[tuple, bytes] = {}
        for conn in watching:
            mentioned = conn.user_id in named or (everyone and conn.user_id != author_id)
            key = (conn.watched.get(channel_id), mentioned)
            frame = frames.get(key)
            if frame is None:
                frame = frames[key] = wire(encode({"type": "channel_activity", "data": {
                    "channelId": channel_id, "serverId": key[0], "messageId": message.get("id"),
                    "authorId": author_id, "mentioned": mentioned}}))
            conn.enqueue(frame)

    def _watch_more(self, data: dict, recipients: Recipients) -> None:
        """Internal event: these users can read more channels now (a channel made in their server,
        a server joined, a DM started). Not sent on."""
        server_id = data.get("serverId")
        channels = {int(c): server_id for c in data.get("channelIds", ())}
        for user_id in recipients.users:
            for conn in self.connections_of(user_id):
                self.watch(conn, channels)

    def _revoke(self, data: dict, recipients: Recipients) -> None:
        """Internal event: these users lost these channels (kick, ban, leave). Not sent on."""
        channel_ids = {int(c) for c in data.get("channelIds", ())}
        told = []
        with self._lock:
            for user_id in recipients.users:
                self._revoked[user_id] = self._revoked.get(user_id, 0) + 1  # a registration in flight retries
                for conn in self._by_user.get(user_id, ()):
                    conn.revocations += 1
                    told.append(conn)
                    for channel_id in channel_ids & conn.channels:
                        conn.channels.discard(channel_id)
                        _discard(self._by_channel, channel_id, conn)
                    for channel_id in channel_ids & conn.watched.keys():
                        del conn.watched[channel_id]
                        _discard(self._by_watched, channel_id, conn)
                    server_id = data.get("serverId")
                    if server_id is not None and server_id not in conn.watched.values():
                        _discard(self._by_server, server_id, conn)
        # The client learns it too, so it can leave the server's screens (channel ids stay internal).
        said = {key: data[key] for key in ("serverName", "moderatorReason") if data.get(key) is not None}
        frame = wire(encode({"type": "server_access_revoked",
                             "data": {"serverId": data.get("serverId"), "reason": data.get("reason"), **said}}))
        for conn in told:
            conn.enqueue(frame)

    def _tell_seat(self, data: dict, recipients: Recipients) -> None:
        """Internal event (lobby/voice): the user's voice seat changed. `answered` names the socket
        that changed it (it had `rtc_voice_state` as its answer; None when the server did: a grace
        drop, a kick). Every other socket of theirs forgets any seat it held, so it can no longer
        signal, and hears `rtc_voice_state`."""
        answered, frame = data.get("answered"), None
        with self._lock:
            told = [conn for user_id in recipients.users for conn in self._by_user.get(user_id, ())
                    if answered is None or conn.voice_owner != answered]
        for conn in told:
            conn.voice = None
            frame = frame or wire(encode({"type": "rtc_voice_state", "data": data["state"]}))
            conn.enqueue(frame)

    def _end_sessions(self, data: dict, recipients: Recipients) -> None:
        """Internal event: the users' sessions ended (password reset, deactivation), or one of them
        (`signInId`: a sign-out). Those sockets close as an expired token would (4001), so a
        client cannot keep listening on an old login."""
        sign_in_id = data.get("signInId")
        with self._lock:
            ending = [conn for user_id in recipients.users for conn in self._by_user.get(user_id, ())
                      if sign_in_id is None or conn.claims.sign_in_id == sign_in_id]
        for conn in ending:
            conn.end(CLOSE_UNAUTHORIZED, "unauthorized")

    def _close_sockets(self, data: dict, recipients: Recipients) -> None:
        """Internal event (`socket_cap.py`): these sockets of the users are one too many; those
        this process holds close with 4008."""
        names = set(data.get("socketIds", ()))
        with self._lock:
            closing = [conn for user_id in recipients.users for conn in self._by_user.get(user_id, ())
                       if conn.socket_id in names]
        for conn in closing:
            conn.end(CLOSE_CROWDED, "too many connections")


def _discard(index: dict[int, set[Connection]], key: int, conn: Connection) -> None:
    found = index.get(key)
    if found is not None:
        found.discard(conn)
        if not found:
            del index[key]
