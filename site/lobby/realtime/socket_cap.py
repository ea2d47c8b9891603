"""At most SOCKETS_PER_USER live sockets per person, counted across every process.

Every socket one person opens costs the instance a connection's memory, a share of each event
fanned out to them, and a frame budget of its own; the outside probe had one member hold 150. A
person with more tabs than the cap keeps the newest: when an admission makes one too many, the
oldest of their sockets is closed with 4008 'too many connections' (the client does not reconnect
on its own after that code: its tab says why and offers the button, so two tabs never take turns
closing each other).

The seats are a sorted set per person, scored by admission time: `{prefix}:sockets:{user}` in
Redis in production (one script call for a whole admission round), a dict in embedded mode. A
seat left by a process that died is simply the oldest, and goes first. The socket to close is
named on the bus (`sockets_closed`), so the process that holds it closes it.
"""
from __future__ import annotations

import threading
import time

from lobby.redis_pool import redis_client

SOCKETS_PER_USER = 10
SEAT_TTL = 24 * 3600  # a person's seats are forgotten a day after their last admission

# KEYS: each arrival's person's key. ARGV: cap, ttl, then each arrival's score and socket id.
# Returns, flat, the index (1-based) of each arrival whose person is over the cap and the socket
# ids to close for it.
TAKE = """
local out = {}
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], ARGV[1 + 2 * i], ARGV[2 + 2 * i])
  redis.call('EXPIRE', KEYS[i], ARGV[2])
  local over = redis.call('ZCARD', KEYS[i]) - tonumber(ARGV[1])
  if over > 0 then
    for _, popped in ipairs(redis.call('ZPOPMIN', KEYS[i], over)) do
      table.insert(out, i)
      table.insert(out, popped)
    end
  end
end
return out
"""


class MemorySeats:
    """Embedded mode: one process holds every socket."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._lock = threading.Lock()
        self._by_user: dict[int, dict[str, float]] = {}

    def take(self, arrivals: list[tuple[int, str]]) -> dict[int, list[str]]:
        """Seat each (user id, socket id); → user id → the socket ids of theirs to close."""
        closing: dict[int, list[str]] = {}
        with self._lock:
            for user_id, socket_id in arrivals:
                seats = self._by_user.setdefault(user_id, {})
                seats[socket_id] = time.monotonic()
                while len(seats) > self.cap:
                    oldest = min(seats, key=seats.__getitem__)
                    del seats[oldest]
                    closing.setdefault(user_id, []).append(oldest)
        return closing

    def leave(self, user_id: int, socket_id: str) -> None:
        with self._lock:
            seats = self._by_user.get(user_id)
            if seats is not None:
                seats.pop(socket_id, None)
                if not seats:
                    del self._by_user[user_id]


class RedisSeats:
    """Production: every process's sockets in one Redis."""

    def __init__(self, url: str, prefix: str, cap: int) -> None:
        self.cap = cap
        self._prefix = prefix
        self._redis = redis_client(url)
        self._take = self._redis.register_script(TAKE)

    def _key(self, user_id: int) -> str:
        return f"{self._prefix}:sockets:{user_id}"

    def take(self, arrivals: list[tuple[int, str]]) -> dict[int, list[str]]:
        now = time.time()
        argv: list = [self.cap, SEAT_TTL]
        for user_id, socket_id in arrivals:
            argv += [now, socket_id]
        found = self._take(keys=[self._key(user_id) for user_id, _ in arrivals], args=argv)
        closing: dict[int, list[str]] = {}
        for index, socket_id in zip(found[::2], found[1::2]):
            user_id = arrivals[int(index) - 1][0]
            closing.setdefault(user_id, []).append(socket_id.decode() if isinstance(socket_id, bytes) else socket_id)
        return closing

    def leave(self, user_id: int, socket_id: str) -> None:
        self._redis.zrem(self._key(user_id), socket_id)


def seats_for(config) -> MemorySeats | RedisSeats:
    cap = int(config["SOCKETS_PER_USER"])
    if config.get("REDIS_URL"):
        return RedisSeats(config["REDIS_URL"], config["REDIS_PREFIX"], cap)
    return MemorySeats(cap)
