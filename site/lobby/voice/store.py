"""Where voice seats are kept: `MemoryVoiceStore` (embedded mode, one process) and
`RedisVoiceStore` (`store_redis.py`, production: every process sees the same rooms).

A seat (`Seat`) says where a user sits and which socket owns it; the room of a channel maps each
seated user to their state (`{userId, username, muted, deafened, video, screen, speaking,
serverMuted}`), so a channel's participants are one read. Each change is one atomic step of the
store (a lock here, a Lua script in Redis), so two tabs or two processes joining at once never both
get the last place, and a grace drop never removes a seat that a resume has just claimed.

A DM's call also has a state (`ring`, `answered`, `miss`, `decline`, `call_left`):
"ringing:<caller>:<ms>" while the first of the two sits there alone and its ring lasts (the ring's
token is "<caller>:<ms>", its start in epoch milliseconds), "missed" once it rang unanswered for
VOICE_RING_SECONDS, "declined" once the other said no, "answered:<caller>:<ms>" from the moment
the other person sat down, "ended" for a cooldown after the call ended. A call rings only when
there is none of these. `call_left` says, as a seat goes, whether the call is over and what it was."""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass

JOINED, MOVED, RESUMED, RETABBED, FULL = "joined", "moved", "resumed", "retabbed", "full"
ANSWERED_FOR = 24 * 3600.0  # seconds an answered call's state is kept (a call left by a dead process ends sooner)


def now_ms() -> int:
    """Epoch milliseconds: a call's start, compared across processes and hosts."""
    return int(time.time() * 1000)


@dataclass(frozen=True)
class Seat:
    """`owner`: a token of the socket (and join) holding the seat, unique across processes.
    `peer`: the other person of a DM call (None in a server's channel)."""
    channel_id: int
    server_id: int | None
    session_id: str
    owner: str
    peer: int | None = None

    def to_json(self) -> str:
        return json.dumps({"c": self.channel_id, "s": self.server_id, "sid": self.session_id, "o": self.owner,
                           "p": self.peer}, separators=(",", ":"))

    @classmethod
    def from_json(cls, raw) -> "Seat":
        found = json.loads(raw)
        # Lua's cjson writes whole numbers as numbers, and a missing value as an absent key.
        server, peer = found.get("s"), found.get("p")
        return cls(int(found["c"]), int(server) if server else None, str(found["sid"]), str(found["o"]),
                   int(peer) if peer else None)


@dataclass(frozen=True)
class Taken:
    """What a join did: `outcome` (one of the constants above), the seat the user left for it
    (a move), and the room's states after it."""
    outcome: str
    left: Seat | None = None
    states: tuple[dict, ...] = ()


def by_user(states) -> tuple[dict, ...]:
    return tuple(sorted(states, key=lambda state: state["userId"]))


def merged(state: dict, changes: dict) -> dict:
    """The state after `changes`; deafened implies muted (the spec: deafening mutes too), and so
    does a mute by the server (a timeout), which also silences the speaking mark."""
    found = {**state, **changes}
    if found.get("deafened"):
        found["muted"] = True
    if found.get("serverMuted"):
        found["muted"], found["speaking"] = True, False
    return found


class MemoryVoiceStore:
    """Embedded mode: everything under one lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seats: dict[int, Seat] = {}
        self._rooms: dict[int, dict[int, dict]] = {}
        self._rings: dict[int, tuple[str, float]] = {}  # DM channel → (its ring, until when: monotonic)

    def take(self, user_id: int, seat: Seat, state: dict, limit: int) -> Taken:
        with self._lock:
            old = self._seats.get(user_id)
            room = self._rooms.setdefault(seat.channel_id, {})
            if old is not None and old.channel_id == seat.channel_id:
                resumed = old.session_id == seat.session_id
                if not resumed:
                    room[user_id] = state  # another tab: its own devices, its own state
                self._seats[user_id] = seat
                return Taken(RESUMED if resumed else RETABBED, None, by_user(room.values()))
            if len(room) >= limit:
                if not room:
                    del self._rooms[seat.channel_id]
                return Taken(FULL)
            if old is not None:
                self._vacate(user_id, old)
            room[user_id] = state
            self._seats[user_id] = seat
            return Taken(MOVED if old is not None else JOINED, old, by_user(room.values()))

    def leave(self, user_id: int, channel_id: int | None = None, owner: str | None = None,
              server_id: int | None = None) -> Seat | None:
        """Remove the user's seat if it matches every condition given; the seat removed, or None."""
        with self._lock:
            seat = self._seats.get(user_id)
            if seat is None or not matches(seat, channel_id, owner, server_id):
                return None
            self._vacate(user_id, seat)
            return seat

    def _vacate(self, user_id: int, seat: Seat) -> None:
        del self._seats[user_id]
        room = self._rooms.get(seat.channel_id, {})
        room.pop(user_id, None)
        if not room:
            self._rooms.pop(seat.channel_id, None)

    def update(self, user_id: int, owner: str | None, channel_id: int, changes: dict) -> dict | None:
        """Change the state of the seat `owner` holds in `channel_id` (owner None: whichever socket
        holds the user's seat there, for a change the server makes); the new state, or None when
        there is no such seat."""
        with self._lock:
            seat = self._seats.get(user_id)
            if seat is None or (owner is not None and seat.owner != owner) or seat.channel_id != channel_id:
                return None
            room = self._rooms[channel_id]
            room[user_id] = merged(room[user_id], changes)
            return room[user_id]

    def seated_together(self, sender_id: int, owner: str, target_id: int, channel_id: int) -> int:
        """1: both sit in `channel_id`, the sender's seat held by `owner`; -1: the sender does not;
        0: the target does not."""
        with self._lock:
            mine, theirs = self._seats.get(sender_id), self._seats.get(target_id)
        if mine is None or mine.owner != owner or mine.channel_id != channel_id:
            return -1
        return 1 if theirs is not None and theirs.channel_id == channel_id else 0

    def relay(self, bus, sender_id: int, owner: str, target_id: int, channel_id: int, event: dict,
              recipients) -> int:
        """`seated_together`, and the event published when it is 1."""
        found = self.seated_together(sender_id, owner, target_id, channel_id)
        if found == 1:
            bus.publish(event, recipients)
        return found

    def reap(self) -> list[tuple[int, Seat]]:
        return []  # one process: its seats never outlive it

    def _ring_of(self, channel_id: int) -> str | None:
        found = self._rings.get(channel_id)
        if found is not None and found[1] <= time.monotonic():
            del self._rings[channel_id]
            return None
        return found[0] if found else None

    def _set_ring(self, channel_id: int, value: str, seconds: float | None) -> None:
        """`seconds` None keeps the time the ring has left."""
        until = self._rings[channel_id][1] if seconds is None else time.monotonic() + seconds
        self._rings[channel_id] = (value, until)

    def ring(self, channel_id: int, caller_id: int, seconds: float) -> str | None:
        """Start the call's ring unless it has a state (ringing, answered, declined, missed or just
        ended): the ring's token, or None. The ring's state lasts `seconds`."""
        with self._lock:
            if self._ring_of(channel_id) is not None:
                return None
            token = f"{caller_id}:{now_ms()}"
            self._set_ring(channel_id, f"ringing:{token}", seconds)
            return token

    def answered(self, channel_id: int, caller_id: int) -> None:
        """The other person took a seat: the call is on from now (unless it was already)."""
        with self._lock:
            if not (self._ring_of(channel_id) or "").startswith("answered:"):
                self._set_ring(channel_id, f"answered:{caller_id}:{now_ms()}", ANSWERED_FOR)

    def miss(self, channel_id: int, token: str) -> bool:
        """The ring `token` went unanswered: whether it still rang (it is "missed" now)."""
        with self._lock:
            if self._ring_of(channel_id) != f"ringing:{token}":
                return False
            self._set_ring(channel_id, "missed", None)
            return True

    def call_left(self, channel_id: int, cooldown: float) -> str | None:
        """A seat of the DM went. If the call is over now (nobody sits there, or one person after an
        answered call), its state becomes "ended" for `cooldown` seconds and the state it had is
        returned ('' for none); otherwise None."""
        with self._lock:
            seated = len(self._rooms.get(channel_id, {}))
            before = self._ring_of(channel_id) or ""
            if seated and not (seated == 1 and before.startswith("answered:")):
                return None
            self._set_ring(channel_id, "ended", cooldown)
            return before

    def decline(self, channel_id: int, caller_id: int) -> bool:
        """The callee says no to `caller_id`'s ringing call: whether there was one (once a ring)."""
        with self._lock:
            if not (self._ring_of(channel_id) or "").startswith(f"ringing:{caller_id}:"):
                return False
            self._set_ring(channel_id, "declined", None)
            return True

    def seat_of(self, user_id: int) -> Seat | None:
        with self._lock:
            return self._seats.get(user_id)

    def rooms(self, channel_ids) -> dict[int, tuple[dict, ...]]:
        """{channel id: states} of these channels, those with someone only."""
        with self._lock:
            return {c: by_user(self._rooms[c].values()) for c in channel_ids if self._rooms.get(c)}

    def active_servers(self, server_ids) -> set[int]:
        wanted = set(server_ids)
        with self._lock:
            return {seat.server_id for seat in self._seats.values() if seat.server_id in wanted}


def matches(seat: Seat, channel_id: int | None, owner: str | None, server_id: int | None) -> bool:
    return ((channel_id is None or seat.channel_id == channel_id) and (owner is None or seat.owner == owner)
            and (server_id is None or seat.server_id == server_id))

