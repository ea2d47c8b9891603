"""Voice seats in Redis (production): every process sees the same rooms.

Keys, under REDIS_PREFIX: `{p}:voice:seats` (hash: user id → the seat's JSON), `{p}:voice:room:{c}`
(hash: user id → state JSON, one per channel with someone in it), `{p}:voice:servers` (hash:
server id → seats in its channels, so `voiceActive` of a page of servers is one HMGET) and
`{p}:voice:ring:{c}` (a DM call's state, expiring by itself: see `store.py`). Each
change is one Lua script (cjson reads the seats), so it is atomic across processes and costs one
round trip; so does a relay, which checks both seats and publishes on the bus in the same script.
Key names are built from the prefix inside the scripts: fine on a single Redis (not Cluster)."""
from __future__ import annotations

import json

from lobby.redis_pool import redis_client

from lobby.voice.store import ANSWERED_FOR, FULL, JOINED, MOVED, RESUMED, RETABBED, Seat, Taken, by_user, now_ms

VACATE = """
local function vacate(p, user, seat)
  redis.call('HDEL', p .. ':voice:seats', user)
  redis.call('HDEL', p .. ':voice:room:' .. tostring(seat.c), user)
  if seat.s and seat.s ~= cjson.null then
    if redis.call('HINCRBY', p .. ':voice:servers', tostring(seat.s), -1) <= 0 then
      redis.call('HDEL', p .. ':voice:servers', tostring(seat.s))
    end
  end
end
"""
# ARGV: prefix, user, channel, server ('' for a DM), session, seat JSON, state JSON, limit.
# Returns {outcome, the seat left (JSON or ''), states...}.
TAKE = VACATE + """
local p, user, channel = ARGV[1], ARGV[2], ARGV[3]
local seats, room = p .. ':voice:seats', p .. ':voice:room:' .. channel
local raw = redis.call('HGET', seats, user)
local old = raw and cjson.decode(raw)
if old and tostring(old.c) == channel then
  local outcome = 'retabbed'
  if old.sid == ARGV[5] then outcome = 'resumed' else redis.call('HSET', room, user, ARGV[7]) end
  redis.call('HSET', seats, user, ARGV[6])
  local found = {outcome, ''}
  for _, state in ipairs(redis.call('HVALS', room)) do table.insert(found, state) end
  return found
end
if redis.call('HLEN', room) >= tonumber(ARGV[8]) then return {'full', ''} end
if old then vacate(p, user, old) end
redis.call('HSET', room, user, ARGV[7])
redis.call('HSET', seats, user, ARGV[6])
if ARGV[4] ~= '' then redis.call('HINCRBY', p .. ':voice:servers', ARGV[4], 1) end
local found = {old and 'moved' or 'joined', raw or ''}
for _, state in ipairs(redis.call('HVALS', room)) do table.insert(found, state) end
return found
"""
# ARGV: prefix, user, channel, owner, server ('' = any). Returns the seat removed, or false.
LEAVE = VACATE + """
local raw = redis.call('HGET', ARGV[1] .. ':voice:seats', ARGV[2])
if not raw then return false end
local seat = cjson.decode(raw)
if (ARGV[3] ~= '' and tostring(seat.c) ~= ARGV[3]) or (ARGV[4] ~= '' and seat.o ~= ARGV[4])
   or (ARGV[5] ~= '' and tostring(seat.s) ~= ARGV[5]) then return false end
vacate(ARGV[1], ARGV[2], seat)
return raw
"""
# ARGV: prefix, user, owner ('' = whichever), channel, changes JSON. Returns the new state JSON, or
# false. The rules of `store.merged`.
UPDATE = """
local raw = redis.call('HGET', ARGV[1] .. ':voice:seats', ARGV[2])
if not raw then return false end
local seat = cjson.decode(raw)
if (ARGV[3] ~= '' and seat.o ~= ARGV[3]) or tostring(seat.c) ~= ARGV[4] then return false end
local room = ARGV[1] .. ':voice:room:' .. ARGV[4]
local state = cjson.decode(redis.call('HGET', room, ARGV[2]))
for key, value in pairs(cjson.decode(ARGV[5])) do state[key] = value end
if state.deafened then state.muted = true end
if state.serverMuted then state.muted = true; state.speaking = false end
local written = cjson.encode(state)
redis.call('HSET', room, ARGV[2], written)
return written
"""
# ARGV: prefix, sender, owner, target, channel, bus channel ('' = none), payload.
# Returns 1 (published), -1 (the sender holds no seat there), 0 (the target sits elsewhere or nowhere).
RELAY = """
local seats = ARGV[1] .. ':voice:seats'
local mine, theirs = unpack(redis.call('HMGET', seats, ARGV[2], ARGV[4]))
if not mine then return -1 end
local seat = cjson.decode(mine)
if seat.o ~= ARGV[3] or tostring(seat.c) ~= ARGV[5] then return -1 end
if not theirs or tostring(cjson.decode(theirs).c) ~= ARGV[5] then return 0 end
if ARGV[6] ~= '' then redis.call('PUBLISH', ARGV[6], ARGV[7]) end
return 1
"""
# ARGV: prefix. Vacates every seat whose owner's process is no longer alive in presence (its
# `{p}:presence:alive:{process}` key expired: the process died without closing its sockets, so no
# grace timer will ever run for them). Returns {user, seat JSON, ...}.
REAP = VACATE + """
local p, orphans = ARGV[1], {}
local all = redis.call('HGETALL', p .. ':voice:seats')
for i = 1, #all, 2 do
  local seat = cjson.decode(all[i + 1])
  local process = string.match(seat.o, '^(.*)#%d+$')
  if process and redis.call('EXISTS', p .. ':presence:alive:' .. process) == 0 then
    vacate(p, all[i], seat)
    table.insert(orphans, all[i])
    table.insert(orphans, all[i + 1])
  end
end
return orphans
"""
# A DM call's state (the rules are `MemoryVoiceStore`'s). KEYS: the state, the DM's room.
# ARGV: token ("<caller>:<ms>"), milliseconds. Returns 1 if it started ringing.
RING = """
if redis.call('SET', KEYS[1], 'ringing:' .. ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
"""
# ARGV: caller, now (ms), milliseconds to keep it.
ANSWERED = """
local now = redis.call('GET', KEYS[1])
if now and string.sub(now, 1, 9) == 'answered:' then return 0 end
redis.call('SET', KEYS[1], 'answered:' .. ARGV[1] .. ':' .. ARGV[2], 'PX', ARGV[3])
return 1
"""
# ARGV: token. Returns 1 if that ring still rang (now "missed", its time kept).
MISS = """
if redis.call('GET', KEYS[1]) ~= 'ringing:' .. ARGV[1] then return 0 end
redis.call('SET', KEYS[1], 'missed', 'KEEPTTL')
return 1
"""
# ARGV: cooldown milliseconds. Returns false while the call goes on, else the state it had ('' for
# none), now "ended" for the cooldown.
CALL_LEFT = """
local seated = redis.call('HLEN', KEYS[2])
local before = redis.call('GET', KEYS[1]) or ''
if seated > 0 and not (seated == 1 and string.sub(before, 1, 9) == 'answered:') then return false end
if tonumber(ARGV[1]) > 0 then redis.call('SET', KEYS[1], 'ended', 'PX', ARGV[1]) else redis.call('DEL', KEYS[1]) end
return before
"""
# ARGV: caller. Returns 1 if that caller's call was ringing (now declined, its ring's time kept).
DECLINE = """
local now = redis.call('GET', KEYS[1])
if not now or string.sub(now, 1, 9 + #ARGV[1]) ~= 'ringing:' .. ARGV[1] .. ':' then return 0 end
redis.call('SET', KEYS[1], 'declined', 'KEEPTTL')
return 1
"""
OUTCOMES = {name: name for name in (JOINED, MOVED, RESUMED, RETABBED, FULL)}


def text_of(value) -> str:
    return value.decode() if isinstance(value, bytes) else value


class RedisVoiceStore:
    def __init__(self, url: str, prefix: str) -> None:
        self._redis = redis_client(url)  # a blocking pool: see redis_pool.py
        self._prefix = prefix
        self._seats = f"{prefix}:voice:seats"
        self._servers = f"{prefix}:voice:servers"
        self._scripts = {name: self._redis.register_script(body)
                         for name, body in (("take", TAKE), ("leave", LEAVE), ("update", UPDATE), ("relay", RELAY),
                                             ("reap", REAP), ("ring", RING), ("answered", ANSWERED),
                                             ("miss", MISS), ("call_left", CALL_LEFT), ("decline", DECLINE))}

    def _room(self, channel_id: int) -> str:
        return f"{self._prefix}:voice:room:{channel_id}"

    def take(self, user_id: int, seat: Seat, state: dict, limit: int) -> Taken:
        found = self._scripts["take"](args=[
            self._prefix, user_id, seat.channel_id, seat.server_id or "", seat.session_id, seat.to_json(),
            json.dumps(state, separators=(",", ":")), limit])
        outcome, left = OUTCOMES[text_of(found[0])], text_of(found[1])
        return Taken(outcome, Seat.from_json(left) if left else None, by_user(json.loads(s) for s in found[2:]))

    def leave(self, user_id: int, channel_id: int | None = None, owner: str | None = None,
              server_id: int | None = None) -> Seat | None:
        raw = self._scripts["leave"](args=[self._prefix, user_id, channel_id or "", owner or "", server_id or ""])
        return Seat.from_json(raw) if raw else None

    def update(self, user_id: int, owner: str | None, channel_id: int, changes: dict) -> dict | None:
        raw = self._scripts["update"](args=[self._prefix, user_id, owner or "", channel_id,
                                            json.dumps(changes, separators=(",", ":"))])
        return json.loads(raw) if raw else None

    def _ring(self, channel_id: int) -> str:
        return f"{self._prefix}:voice:ring:{channel_id}"

    def ring(self, channel_id: int, caller_id: int, seconds: float) -> str | None:
        token = f"{caller_id}:{now_ms()}"
        started = self._scripts["ring"](keys=[self._ring(channel_id)], args=[token, round(seconds * 1000)])
        return token if started else None

    def answered(self, channel_id: int, caller_id: int) -> None:
        self._scripts["answered"](keys=[self._ring(channel_id)], args=[caller_id, now_ms(), round(ANSWERED_FOR * 1000)])

    def miss(self, channel_id: int, token: str) -> bool:
        return bool(self._scripts["miss"](keys=[self._ring(channel_id)], args=[token]))

    def call_left(self, channel_id: int, cooldown: float) -> str | None:
        found = self._scripts["call_left"](keys=[self._ring(channel_id), self._room(channel_id)],
                                           args=[round(cooldown * 1000)])
        return None if found is None else text_of(found)

    def decline(self, channel_id: int, caller_id: int) -> bool:
        return bool(self._scripts["decline"](keys=[self._ring(channel_id)], args=[caller_id]))

    def relay(self, bus, sender_id: int, owner: str, target_id: int, channel_id: int, event: dict,
              recipients) -> int:
        """The check and the publish in one round trip, when the bus is Redis's own."""
        wire = getattr(bus, "wire_payload", None)
        found = int(self._scripts["relay"](args=[
            self._prefix, sender_id, owner, target_id, channel_id, bus.channel if wire else "",
            wire(event, recipients) if wire else ""]))
        if found == 1 and not wire:
            bus.publish(event, recipients)
        return found

    def reap(self) -> list[tuple[int, Seat]]:
        """Seats left behind by processes that died: vacated, as (user id, seat). O(seats) once a
        heartbeat, in one script."""
        found = self._scripts["reap"](args=[self._prefix])
        return [(int(found[n]), Seat.from_json(found[n + 1])) for n in range(0, len(found), 2)]

    def seat_of(self, user_id: int) -> Seat | None:
        raw = self._redis.hget(self._seats, user_id)
        return Seat.from_json(raw) if raw else None

    def rooms(self, channel_ids) -> dict[int, tuple[dict, ...]]:
        """One round trip (a pipeline) whatever the number of channels."""
        channel_ids = list(channel_ids)
        if not channel_ids:
            return {}
        pipe = self._redis.pipeline(transaction=False)
        for channel_id in channel_ids:
            pipe.hvals(self._room(channel_id))
        return {c: by_user(json.loads(s) for s in states) for c, states in zip(channel_ids, pipe.execute()) if states}

    def active_servers(self, server_ids) -> set[int]:
        server_ids = list(server_ids)
        if not server_ids:
            return set()
        counts = self._redis.hmget(self._servers, server_ids)
        return {server_id for server_id, count in zip(server_ids, counts) if count and int(count) > 0}
