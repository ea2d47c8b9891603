"""Counts Lobby keeps itself beside Flask-Limiter's (sign-in failures, fan-out limits, pictures in
the works), in the same storage: process memory in embedded mode, Redis in production, under the
app's RATELIMIT_KEY_PREFIX, so the limiter's reset clears them too.

While Redis is away they are counted in this process's memory, as Flask-Limiter counts the views'
limits then (RATELIMIT_IN_MEMORY_FALLBACK_ENABLED): a Redis blip loosens a limit per process, and
never fails the request or frame that it counts.
"""
from __future__ import annotations

import logging

from limits.storage import MemoryStorage
from redis.exceptions import RedisError

from lobby.extensions import limiter

log = logging.getLogger(__name__)

_FALLBACK = MemoryStorage()


def counted(call, what: str):
    """`call(storage)` on the rate-limit storage, or on this process's memory while Redis is away;
    `what` names the counts in the warning."""
    try:
        return call(limiter.storage)
    except RedisError as error:
        log.warning("%s counted in memory: rate-limit storage unreachable (%s)", what, error)
        return call(_FALLBACK)
