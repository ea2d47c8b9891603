"""Limits on what one person's frames make the server tell other people (fan-out): typing, voice
joins, ringing. A frame costs its sender little, but what it sets off reaches a whole channel or
server, so these limits are per person (and channel), not per socket: every tab and every process
counts in the same place.

They are counted where Flask-Limiter counts the views' limits (`RATELIMIT_STORAGE_URI`: process
memory in embedded mode, Redis in production, under the same `LIMITS:` keys its reset clears), and
while Redis is away in this process's memory, as Flask-Limiter itself does then
(`RATELIMIT_IN_MEMORY_FALLBACK_ENABLED`): a Redis blip loosens them per process, never stops a
frame.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import lru_cache

from flask import current_app
from limits import RateLimitItem, parse
from limits.strategies import MovingWindowRateLimiter

from lobby.limit_storage import counted as counted_in_storage

def counted(call):
    return counted_in_storage(call, "fan-out limits")


@lru_cache(maxsize=64)
def item(amount: int, seconds: float) -> RateLimitItem:
    return parse(f"{int(amount)} per {max(1, math.ceil(seconds))} seconds")


def key(scope: str, *ids) -> str:
    """A plain key of its own (not a window's) under the app's rate-limit prefix."""
    return "/".join((current_app.config["RATELIMIT_KEY_PREFIX"], scope, *map(str, ids)))


@dataclass(frozen=True)
class Rate:
    """At most `amount` in any `seconds` (a moving window), per `ids`."""
    scope: str
    amount: int
    seconds: float

    def _ids(self, ids) -> tuple[str, ...]:
        return (current_app.config["RATELIMIT_KEY_PREFIX"], self.scope, *map(str, ids))

    def take(self, *ids) -> bool:
        """Count one; False (nothing counted) when the window is full."""
        limit = item(self.amount, self.seconds)
        return counted(lambda storage: MovingWindowRateLimiter(storage).hit(limit, *self._ids(ids)))

    def seconds_left(self, *ids) -> int:
        """Whole seconds until the window has room again (at least 1)."""
        limit = item(self.amount, self.seconds)
        reset = counted(lambda storage: MovingWindowRateLimiter(storage).get_window_stats(limit, *self._ids(ids)))[0]
        return max(1, math.ceil(reset - time.time()))


def flag_up(name: str, seconds: float) -> None:
    """Raise a flag that falls by itself after `seconds` (raised again: the time starts over)."""
    def up(storage) -> None:
        storage.clear(name)
        storage.incr(name, max(1, math.ceil(seconds)))
    counted(up)


def flag_taken_down(name: str) -> bool:
    """Take a flag down; whether it was up."""
    def down(storage) -> bool:
        was_up = storage.get(name) > 0
        if was_up:
            storage.clear(name)
        return was_up
    return counted(down)
