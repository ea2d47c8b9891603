"""Frame budgets: how many frames a person may send, whichever of their sockets they come by.

A budget per socket let one member multiply theirs by opening more sockets (the probe held 60,
each with 40 reaction frames, and stalled the instance). So a person's sockets in this process
share one pair of token buckets — signalling frames and the rest — made with their first socket.
They outlive the last one until they are full again: closing and reopening a socket buys no new
burst. Together with the cap on sockets per person (`socket_cap.py`) no one sends more than
SOCKET_RATE frames a second to a process.
"""
from __future__ import annotations

import threading
from time import monotonic

SWEEP_EVERY = 1000  # socket closes between looks for buckets nobody uses


class TokenBucket:
    """`rate` frames a second on average, bursts up to `burst`. Taken from any of the person's
    socket threads."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "_lock")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = float(burst), monotonic()
        self._lock = threading.Lock()

    def take(self) -> bool:
        with self._lock:
            now = monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
            if self.tokens < 1:
                return False
            self.tokens -= 1
            return True


    def full(self) -> bool:
        with self._lock:
            return self.tokens + (monotonic() - self.stamp) * self.rate >= self.burst


class Buckets:
    """A person's two rate limits: signalling frames (`voice.frames.SIGNALLING`) and the rest."""

    __slots__ = ("general", "voice", "holders")

    def __init__(self, general: TokenBucket, voice: TokenBucket) -> None:
        self.general, self.voice = general, voice
        self.holders = 0  # this process's sockets of the person that use them

    def unused(self) -> bool:
        """No socket uses them and they are full: forgetting them gives nobody a thing."""
        return self.holders <= 0 and self.general.full() and self.voice.full()


class Budgets:
    """Each person's Buckets in this process (`app.extensions["lobby.budgets"]`)."""

    def __init__(self, config) -> None:
        self._config = config  # read when a person's buckets are made: tests tune the rates
        self._lock = threading.Lock()
        self._by_user: dict[int, Buckets] = {}
        self._releases = 0

    def hold(self, user_id: int) -> Buckets:
        """The person's buckets, for one more socket of theirs (give them back with `release`)."""
        with self._lock:
            buckets = self._by_user.get(user_id)
            if buckets is None:
                config = self._config
                buckets = self._by_user[user_id] = Buckets(
                    TokenBucket(float(config["SOCKET_RATE"]), int(config["SOCKET_BURST"])),
                    TokenBucket(float(config["VOICE_SIGNAL_RATE"]), int(config["VOICE_SIGNAL_BURST"])))
            buckets.holders += 1
            return buckets

    def release(self, user_id: int) -> None:
        with self._lock:
            buckets = self._by_user.get(user_id)
            if buckets is not None:
                buckets.holders -= 1
                if buckets.unused():
                    del self._by_user[user_id]
            self._releases += 1
            if self._releases % SWEEP_EVERY == 0:  # those left half-spent are full by now
                for gone in [user for user, kept in self._by_user.items() if kept.unused()]:
                    del self._by_user[gone]

    def __len__(self) -> int:
        return len(self._by_user)
