"""Who is connected where, shared through Redis by every process (production mode).

Each process counts its own sockets per user in memory and tells Redis only which users it
holds: `{prefix}:presence:sockets:{process}` is a hash of those user ids. The process is alive
while `{prefix}:presence:alive:{process}` exists; it refreshes that key every heartbeat and the
key expires three heartbeats later. A process that dies without a word (SIGKILL after a
graceful timeout, OOM, a lost host) stops refreshing; the next heartbeat of any other process
reaps it and says which of its users are now offline everywhere.

A user is online while any live process holds them. The checks run as Lua scripts, so an
arrival and a departure of one user on two processes are ordered by Redis, never interleaved.
The scripts build key names from the prefix: fine on a single Redis (not Redis Cluster).
"""
from __future__ import annotations

import os
import secrets
import socket

from lobby.redis_pool import redis_client

ELSEWHERE = """
local function elsewhere(prefix, me, user)
  for _, p in ipairs(redis.call('SMEMBERS', prefix .. ':presence:procs')) do
    if p ~= me and redis.call('HEXISTS', prefix .. ':presence:sockets:' .. p, user) == 1 then return 1 end
  end
  return 0
end
"""
# `{prefix}:presence:online` is the set of users some live process holds: kept in step by every
# script, so reading who is online is one SMISMEMBER, whatever the number of processes.
# ARGV: prefix, process, ttl, users... (as many as a round of connects brings). Returns, in order,
# 1 for each user another live process already holds.
ARRIVE_MANY = ELSEWHERE + """
local held = {}
redis.call('SADD', ARGV[1] .. ':presence:procs', ARGV[2])
redis.call('SET', ARGV[1] .. ':presence:alive:' .. ARGV[2], '1', 'EX', ARGV[3])
for i = 4, #ARGV do
  redis.call('SADD', ARGV[1] .. ':presence:online', ARGV[i])
  redis.call('HSET', ARGV[1] .. ':presence:sockets:' .. ARGV[2], ARGV[i], '1')
  held[#held + 1] = elsewhere(ARGV[1], ARGV[2], ARGV[i])
end
return held
"""
# ARGV: prefix, process, user. Returns 1 if another live process still holds the user.
DEPART = ELSEWHERE + """
redis.call('HDEL', ARGV[1] .. ':presence:sockets:' .. ARGV[2], ARGV[3])
local held = elsewhere(ARGV[1], ARGV[2], ARGV[3])
if held == 0 then redis.call('SREM', ARGV[1] .. ':presence:online', ARGV[3]) end
return held
"""
# ARGV: prefix, process. Takes every dead process's users; returns those no live process holds.
REAP = ELSEWHERE + """
local procs, gone, offline = ARGV[1] .. ':presence:procs', {}, {}
for _, p in ipairs(redis.call('SMEMBERS', procs)) do
  if p ~= ARGV[2] and redis.call('EXISTS', ARGV[1] .. ':presence:alive:' .. p) == 0 then
    local held = ARGV[1] .. ':presence:sockets:' .. p
    for _, user in ipairs(redis.call('HKEYS', held)) do gone[user] = true end
    redis.call('DEL', held)
    redis.call('SREM', procs, p)
  end
end
for user, _ in pairs(gone) do
  if elsewhere(ARGV[1], '', user) == 0 then
    table.insert(offline, user)
    redis.call('SREM', ARGV[1] .. ':presence:online', user)
  end
end
return offline
"""
# ARGV: prefix, process, ttl, users... Returns 1 if this process had been reaped (others think
# its users went offline), after putting its users back.
REFRESH = """
local alive = ARGV[1] .. ':presence:alive:' .. ARGV[2]
local lost = redis.call('EXISTS', alive) == 0
redis.call('SET', alive, '1', 'EX', ARGV[3])
redis.call('SADD', ARGV[1] .. ':presence:procs', ARGV[2])
if not lost then return 0 end
for i = 4, #ARGV do
  redis.call('HSET', ARGV[1] .. ':presence:sockets:' .. ARGV[2], ARGV[i], '1')
  redis.call('SADD', ARGV[1] .. ':presence:online', ARGV[i])
end
return 1
"""


class RedisPresenceStore:
    shared = True

    def __init__(self, url: str, prefix: str, heartbeat_seconds: float) -> None:
        self._redis = redis_client(url)  # a blocking pool: see redis_pool.py
        self._prefix = prefix
        self._ttl = max(1, round(3 * heartbeat_seconds))
        self._status = f"{prefix}:presence:status"
        self._audience = f"{prefix}:presence:audience"  # who may see the user online, unless everyone
        self._online = f"{prefix}:presence:online"
        self._scripts = {name: self._redis.register_script(body)
                         for name, body in (("arrive_many", ARRIVE_MANY), ("depart", DEPART), ("reap", REAP),
                                            ("refresh", REFRESH))}
        self._process, self._pid = "", 0

    @property
    def process(self) -> str:
        # Made after a fork, not before: under `--preload` every worker needs its own name.
        if self._pid != os.getpid():
            self._pid = os.getpid()
            self._process = f"{socket.gethostname()}:{self._pid}:{secrets.token_hex(3)}"
        return self._process

    def arrive_many(self, user_ids: list[int]) -> set[int]:
        """Sockets of these users arrived in this process, in one script; returns the users another
        live process already held."""
        held = self._scripts["arrive_many"](args=[self._prefix, self.process, self._ttl, *user_ids])
        return {user_id for user_id, elsewhere in zip(user_ids, held) if elsewhere}

    def remember_many(self, choices: dict[int, tuple[str, str]]) -> None:
        """`set_status` and `set_audience` for each {user id: (status, audience)}, in one round trip."""
        if not choices:
            return
        pipe = self._redis.pipeline(transaction=False)
        pipe.hset(self._status, mapping={user_id: status for user_id, (status, _) in choices.items()})
        shown_to_some = {user_id: audience for user_id, (_, audience) in choices.items() if audience != "everyone"}
        if shown_to_some:
            pipe.hset(self._audience, mapping=shown_to_some)
        if len(shown_to_some) < len(choices):
            pipe.hdel(self._audience, *(user_id for user_id in choices if user_id not in shown_to_some))
        pipe.execute()

    def depart(self, user_id: int) -> bool:
        return bool(self._scripts["depart"](args=[self._prefix, self.process, user_id]))

    def refresh(self, user_ids) -> bool:
        return bool(self._scripts["refresh"](args=[self._prefix, self.process, self._ttl, *user_ids]))

    def reap(self) -> list[int]:
        return sorted(int(user) for user in self._scripts["reap"](args=[self._prefix, self.process]))

    def leave(self) -> None:
        """On a clean exit: declare this process dead; the next heartbeat elsewhere reaps it."""
        self._redis.delete(f"{self._prefix}:presence:alive:{self.process}")

    def status(self, user_id: int) -> str | None:
        found = self._redis.hget(self._status, user_id)
        return found.decode() if found else None

    def set_status(self, user_id: int, status: str) -> None:
        self._redis.hset(self._status, user_id, status)

    def lookup(self, user_ids: list[int]) -> dict[int, str]:
        """The online users among these, with their chosen status (or "online"): one round trip."""
        return {user_id: status for user_id, (status, _) in self.lookup_shown(user_ids).items()}

    def lookup_shown(self, user_ids: list[int]) -> dict[int, tuple[str, str]]:
        """The online users among these: {id: (chosen status, audience)}, in one round trip."""
        if not user_ids:
            return {}
        pipe = self._redis.pipeline(transaction=False)
        pipe.smismember(self._online, user_ids)
        pipe.hmget(self._status, user_ids)
        pipe.hmget(self._audience, user_ids)
        online, chosen, audiences = pipe.execute()
        return {user_id: (status.decode() if status else "online", audience.decode() if audience else "everyone")
                for user_id, here, status, audience in zip(user_ids, online, chosen, audiences) if here}

    def audience(self, user_id: int) -> str:
        found = self._redis.hget(self._audience, user_id)
        return found.decode() if found else "everyone"

    def set_audience(self, user_id: int, audience: str) -> None:
        if audience == "everyone":
            self._redis.hdel(self._audience, user_id)
        else:
            self._redis.hset(self._audience, user_id, audience)


class MemoryPresenceStore:
    """Embedded mode: one process, so nobody else ever holds a user."""

    shared = False

    def __init__(self) -> None:
        self._status: dict[int, str] = {}
        self._online: set[int] = set()
        self._audience: dict[int, str] = {}

    def arrive_many(self, user_ids: list[int]) -> set[int]:
        self._online.update(user_ids)
        return set()

    def remember_many(self, choices: dict[int, tuple[str, str]]) -> None:
        for user_id, (status, audience) in choices.items():
            self._status[user_id] = status
            self._audience[user_id] = audience

    def depart(self, user_id: int) -> bool:
        self._online.discard(user_id)
        return False

    def lookup(self, user_ids: list[int]) -> dict[int, str]:
        return {user_id: self._status.get(user_id, "online") for user_id in user_ids if user_id in self._online}

    def lookup_shown(self, user_ids: list[int]) -> dict[int, tuple[str, str]]:
        return {user_id: (status, self.audience(user_id)) for user_id, status in self.lookup(user_ids).items()}

    def audience(self, user_id: int) -> str:
        return self._audience.get(user_id, "everyone")

    def set_audience(self, user_id: int, audience: str) -> None:
        self._audience[user_id] = audience

    def status(self, user_id: int) -> str | None:
        return self._status.get(user_id)

    def set_status(self, user_id: int, status: str) -> None:
        self._status[user_id] = status
