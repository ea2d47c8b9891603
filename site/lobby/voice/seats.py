"""The voice extension of one process (`app.extensions["lobby.voice"]`): its seat store, the
names its sockets own seats by, and the grace timers of sockets that closed while seated."""
from __future__ import annotations

import itertools
import logging
import os
import secrets
import socket
import threading

from lobby.voice.news import StateNews
from lobby.voice.store import MemoryVoiceStore
from lobby.voice.store_redis import RedisVoiceStore

log = logging.getLogger(__name__)


class Voice:
    def __init__(self, app, store) -> None:
        self.app = app
        self.store = store
        self.news = StateNews(app)  # state changes told at most once a gap per person
        self._numbers = itertools.count(1)
        self._process, self._pid = "", 0
        self._reaper: threading.Thread | None = None

    @property
    def limit(self) -> int:
        return int(self.app.config["VOICE_CHANNEL_LIMIT"])

    def owner_of(self, conn) -> str:
        """The socket's name as a seat's owner, `<process>#<n>`: unique across processes and hosts,
        made at its first join (after a fork, so `--preload` workers never share one). In
        production the process part is presence's name for this process, so a seat whose process
        died (presence's heartbeat key expired) can be found and vacated (`reap_forever`)."""
        if conn.voice_owner is None:
            if self._pid != os.getpid():
                self._pid = os.getpid()
                presence = self.app.extensions["lobby.presence"].store
                self._process = (presence.process if presence.shared
                                 else f"{socket.gethostname()}:{self._pid}:{secrets.token_hex(3)}")
                self._start_reaper()
            conn.voice_owner = f"{self._process}#{next(self._numbers)}"
        return conn.voice_owner

    def _start_reaper(self) -> None:
        """Production: a process that dies (SIGKILL, OOM, a lost host) runs no grace timer for its
        seats; every process holding seats looks for such orphans once a presence heartbeat."""
        if self._reaper is None and self.app.extensions["lobby.presence"].store.shared:
            self._reaper = threading.Thread(target=self._reap_forever, name="lobby-voice-reaper", daemon=True)
            self._reaper.start()

    def _reap_forever(self) -> None:
        stop = threading.Event()  # never set: the loop lives as long as the process
        while not stop.wait(float(self.app.config["PRESENCE_HEARTBEAT_SECONDS"])):
            self.reap()

    def reap(self) -> None:
        from lobby.voice.calls import after_leave
        from lobby.voice.notify import notify_left, notify_seat, voice_state

        try:
            with self.app.app_context():
                for user_id, seat in self.store.reap():
                    notify_seat(user_id, voice_state(None, (), self.limit), None)
                    self.news.forget(user_id)
                    notify_left(user_id, seat)
                    after_leave(seat, user_id)
        except Exception:  # on its own thread nobody else would see it; the next beat tries again
            log.exception("voice: reaping the seats of dead processes failed")

    def socket_closed(self, conn) -> None:
        """A seated socket closed: its seat stays VOICE_GRACE_SECONDS, then goes unless a resume
        (a join with the same session) made another socket its owner meanwhile."""
        owner, grace = conn.voice_owner, float(self.app.config["VOICE_GRACE_SECONDS"])
        if grace <= 0:
            self._drop(conn.user_id, owner)
            return
        timer = threading.Timer(grace, self._drop, args=(conn.user_id, owner))
        timer.daemon = True
        timer.start()

    def _drop(self, user_id: int, owner: str) -> None:
        from lobby.voice.actions import do_drop_seat

        try:
            with self.app.app_context():  # a timer thread: no request around it
                do_drop_seat(user_id, owner=owner)
        except Exception:  # on a timer nobody else would see it
            log.exception("voice: the seat of user %s was not dropped after grace", user_id)


def voice_for(app) -> Voice:
    config = app.config
    if config.get("REDIS_URL"):
        return Voice(app, RedisVoiceStore(config["REDIS_URL"], config["REDIS_PREFIX"]))
    return Voice(app, MemoryVoiceStore())


def current_voice() -> Voice:
    from flask import current_app

    return current_app.extensions["lobby.voice"]
