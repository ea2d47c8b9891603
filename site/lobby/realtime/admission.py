"""Admitting live sockets in rounds.

A socket's admission checks its token's session, copies the user's chosen status into presence,
reads the channels it watches, registers it with its `connected` greeting and counts it in
presence. One socket at a time that was eight round trips and about 10 ms of CPU: ~110 sockets a
second over two workers, so a reconnect storm (a deploy sends every client back at once) took
most of a minute. Here the sockets that arrive together are admitted together, as the bus
publishes (`publisher.py`): the first to arrive admits every socket waiting when it starts, round
after round, until none waits, while the others wait for their round. A round costs four
statements and two Redis round trips however many sockets it holds; the arrivals it makes are
told to others afterwards, off the handshake's path (`herald.py`).
"""
from __future__ import annotations

import logging
import threading

from lobby.accounts.tokens import session_users
from lobby.extensions import db
from lobby.realtime.connection import CLOSE_UNAUTHORIZED, Connection, encode, wire
from lobby.realtime.watch import readable_channels_of, register_watching
from lobby.settings.presence import presence_choices

log = logging.getLogger(__name__)

RECHECK_BATCH = 1000  # sockets checked again per statement after the bus was away


class _Waiting:
    __slots__ = ("conn", "done", "admitted")

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.done = threading.Event()
        self.admitted: bool | None = None  # None: the round failed (the database is away)


class Gate:
    """This process's admissions (one per app: `app.extensions["lobby.gate"]`)."""

    def __init__(self, app) -> None:
        self.app = app
        self._lock = threading.Lock()
        self._waiting: list[_Waiting] = []
        self._admitting = False

    def admit(self, conn: Connection) -> bool | None:
        """Admit a socket opened with `conn.claims`: True once it is registered and counted
        (`conn.user` set), False if its session no longer stands, None if its round failed."""
        waiting = _Waiting(conn)
        with self._lock:
            self._waiting.append(waiting)
            leading, self._admitting = not self._admitting, True
        if leading:
            self._admit_rounds()
        waiting.done.wait()
        return waiting.admitted

    def _admit_rounds(self) -> None:
        """Admit what waits, round after round, until nothing does. Whatever stops this (even a
        greenlet killed) settles every waiting socket, so none waits for ever."""
        current: list[_Waiting] = []
        try:
            while True:
                with self._lock:
                    current, self._waiting = self._waiting, []
                    if not current:
                        self._admitting = False
                        return
                self._round(current)
                for waiting in current:
                    waiting.done.set()
                current = []
        except BaseException:
            with self._lock:
                stranded, self._waiting, self._admitting = current + self._waiting, [], False
            for waiting in stranded:
                waiting.done.set()
            raise

    def _round(self, current: list[_Waiting]) -> None:
        try:
            admitted = self._check_sessions(current)
        except Exception:
            log.exception("live sockets not admitted: their sessions could not be read")
            return  # each `admitted` stays None: the gateway asks those clients to come back
        finally:
            db.session.remove()
        try:
            if admitted:
                self._register(admitted)
        except Exception:  # a bug, not a blip: those sockets are closed rather than left half-made
            log.exception("live sockets not registered")
            for waiting in current:
                waiting.admitted = None if waiting.admitted else waiting.admitted

    def _check_sessions(self, current: list[_Waiting]) -> list[Connection]:
        users = session_users([waiting.conn.claims for waiting in current])
        admitted = []
        for waiting, user in zip(current, users):
            waiting.admitted = user is not None
            if user is not None:
                waiting.conn.user = user
                admitted.append(waiting.conn)
        return admitted

    def _register(self, conns: list[Connection]) -> None:
        """The admitted sockets' presence choices, watched channels and greetings. Presence is a
        nicety: without Redis the sockets still open, as the user's default status."""
        hub, presence = self.app.extensions["lobby.hub"], self.app.extensions["lobby.presence"]
        user_ids = sorted({conn.user_id for conn in conns})
        statuses = {user_id: "online" for user_id in user_ids}
        try:
            choices = presence_choices(user_ids)
            presence.remember_many(choices)
            statuses = {user_id: status for user_id, (status, _) in choices.items()}
        except Exception:
            log.exception("presence choices not copied for %s sockets", len(conns))
        marks = {user_id: hub.revocation_mark(user_id) for user_id in user_ids}
        try:
            watched = readable_channels_of(user_ids)
        except Exception:
            log.exception("watched channels not loaded for %s sockets", len(conns))
            watched = None
        finally:
            db.session.remove()
        for conn in conns:
            greeting = wire(encode({"type": "connected", "data": {
                "userId": conn.user_id, "username": conn.user.username, "status": statuses[conn.user_id]}}))
            if watched is None or not hub.register(conn, greeting, watched[conn.user_id], marks[conn.user_id]):
                register_watching(hub, conn, greeting)  # lost channels meanwhile: read again, alone
        try:
            presence.connected_many([conn.user_id for conn in conns])
        except Exception:
            log.exception("presence not counted for %s sockets", len(conns))

    def recheck(self) -> None:
        """After the bus lost events (Redis was away; `RedisBus.on_recovered`): every socket of this
        process is checked as at its admission, for what it may have missed being told — its
        session (ended meanwhile: closed, 4001) and the channels it watches (read again) — then
        hears `resync` and catches up over HTTP as after a reconnect."""
        hub = self.app.extensions["lobby.hub"]
        conns = hub.all_connections()
        resync = wire(encode({"type": "resync", "data": {}}))
        for start in range(0, len(conns), RECHECK_BATCH):
            batch = conns[start:start + RECHECK_BATCH]
            with self.app.app_context():
                try:
                    users = session_users([conn.claims for conn in batch])
                    watched = readable_channels_of(sorted({conn.user_id for conn in batch}))
                finally:
                    db.session.remove()
            for conn, user in zip(batch, users):
                if user is None:
                    conn.end(CLOSE_UNAUTHORIZED, "unauthorized")
                    continue
                hub.rewatch(conn, watched[conn.user_id])
                conn.enqueue(resync)
