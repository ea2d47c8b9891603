"""Redis clients for the stores every request or frame touches (presence, voice seats, rate limits).

redis-py's default pool holds 100 connections and raises `Too many connections` for the 101st
caller. A gevent worker serves hundreds of sockets at once, and a burst (200 people leaving voice
together, measured in bench/voice_relay.py) had a few dozen frames fail with INTERNAL_ERROR that
way. A blocking pool makes the 101st caller wait for a connection to come back instead: Redis
answers in well under a millisecond, so the wait is short, and a real outage still fails after
POOL_TIMEOUT seconds."""
from __future__ import annotations

from redis import BlockingConnectionPool, Redis

POOL_SIZE = 100
POOL_TIMEOUT = 5


def blocking_pool(url: str) -> BlockingConnectionPool:
    return BlockingConnectionPool.from_url(url, max_connections=POOL_SIZE, timeout=POOL_TIMEOUT)


def redis_client(url: str) -> Redis:
    return Redis(connection_pool=blocking_pool(url))
