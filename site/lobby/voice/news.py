"""How much voice news one person can make the server tell: a server's voice news (joined, left,
state) reaches every connected member of the server, so a client flapping its seat or its switches
would have the server send thousands of frames to people who did nothing.

- Joins: at most VOICE_JOIN_LIMIT per person in any VOICE_JOIN_WINDOW seconds (10 a minute), in
  every tab and process together (the rate-limit storage: `realtime.throttle`); past it the join is
  refused with 429 RATE_LIMITED and `retryAfter`, and nothing is told. A resume (the same tab back
  after a drop) is free: nobody hears of it. Leaving is never refused, and every leave needs a seat,
  so a person's joined/left news is bounded by their joins.
- State (mute, deafen, camera, screen, speaking): at most one `user_state_broadcast` per person
  every VOICE_STATE_GAP seconds; what changes within the gap is told at its end, as the state it
  ended in (read from the store then, so it is never older than the seat). Only the socket holding
  the seat changes its state, and the server's own changes (a timeout's mute) are rare, so this is
  kept in the process of that socket: no round trip more per change.
"""
from __future__ import annotations

import logging
import threading
from time import monotonic

from flask import current_app

from lobby.errors import ApiError
from lobby.realtime.throttle import Rate
from lobby.texts import text
from lobby.voice.store import Seat

log = logging.getLogger(__name__)


def check_join_rate(user_id: int) -> None:
    """Count a join of the user's; 429 RATE_LIMITED (with `retryAfter`) past VOICE_JOIN_LIMIT."""
    from lobby.extensions import limiter

    if not limiter.enabled:
        return
    config = current_app.config
    joins = Rate("voice-join", int(config["VOICE_JOIN_LIMIT"]), float(config["VOICE_JOIN_WINDOW"]))
    if not joins.take(user_id):
        from lobby.servers.timeouts import time_left

        wait = joins.seconds_left(user_id)
        raise ApiError(429, text("voice.too_many_joins", left=time_left(wait)), "RATE_LIMITED",
                       headers={"Retry-After": str(wait)}, retryAfter=wait)


class StateNews:
    """One process's state news: when each person's last went out, and the change waiting for the
    end of their gap (a timer each, only while one waits)."""

    def __init__(self, app) -> None:
        self.app = app
        self._lock = threading.Lock()
        self._told: dict[int, float] = {}  # user id → when their last state news went out (monotonic)
        self._waiting: dict[int, tuple[Seat, threading.Timer]] = {}

    @property
    def gap(self) -> float:
        return float(self.app.config["VOICE_STATE_GAP"])

    def tell(self, user_id: int, seat: Seat, state: dict) -> None:
        """The user's state in `seat` changed to `state`: told now, or at the end of their gap."""
        from lobby.voice.notify import notify_state

        now = monotonic()
        with self._lock:
            if user_id in self._waiting:
                return  # the news at the gap's end will carry this change too
            wait = self._told.get(user_id, -self.gap) + self.gap - now
            if wait > 0:
                timer = threading.Timer(wait, self._tell_later, args=(user_id,))
                timer.daemon = True
                self._waiting[user_id] = (seat, timer)
                timer.start()
                return
            self._told[user_id] = now
            self._forget_old(now)
        notify_state(user_id, seat, state)

    def forget(self, user_id: int) -> None:
        """The user left their seat: a change still waiting is not told (it would follow their leaving)."""
        with self._lock:
            waiting = self._waiting.pop(user_id, None)
        if waiting is not None:
            waiting[1].cancel()

    def _tell_later(self, user_id: int) -> None:
        from lobby.voice.notify import notify_state
        from lobby.voice.seats import current_voice

        with self._lock:
            waiting = self._waiting.pop(user_id, None)
            self._told[user_id] = monotonic()
        if waiting is None:
            return
        seat = waiting[0]
        try:
            with self.app.app_context():  # a timer's thread: no request around it
                states = current_voice().store.rooms([seat.channel_id]).get(seat.channel_id, ())
                state = next((s for s in states if s["userId"] == user_id), None)
                if state is not None:  # still seated there: the state it ended in
                    notify_state(user_id, seat, state)
        except Exception:  # on a timer nobody else would see it
            log.exception("voice: the state news of user %s was not told", user_id)

    def _forget_old(self, now: float) -> None:
        """Keep the table to the people whose gap still runs (call with the lock held)."""
        if len(self._told) > 1024:
            for user_id in [u for u, at in self._told.items() if now - at > self.gap]:
                del self._told[user_id]
