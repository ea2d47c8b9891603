"""Voice signalling under load (issue 16): 200 simulated participants in 25 voice channels (8 each,
the mesh limit) join, exchange offers, answers and ICE candidates with everyone in their channel,
and a quarter of them leave and join again meanwhile. Production mode: PostgreSQL, Redis, gunicorn
gevent processes. Two rounds: every socket on one worker, then the sockets split between two
processes (one worker each), so every other relay crosses Redis.

    .venv/bin/python bench/voice_relay.py [participants] [channels]

Prints the relay time (a frame sent by one participant until its peer reads it: p50, p99,
slowest), the join answer time, and the Redis round trips of `channel_states` for a server with
50 voice channels that all have someone in them. Targets: relay p99 ≤ 50 ms; one round trip.
"""
from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "site")]

import websockets  # noqa: E402
from sqlalchemy import insert, select  # noqa: E402

from bench.lobby_server import LobbyDeployment  # noqa: E402

CANDIDATES = 4  # each side, to each peer
ARRIVALS = 5.0  # seconds over which the 200 arrive: 40 joins a second, a raid night starting
RETURNS = 2.0  # seconds over which the quarter that left comes back
SDP_FILLER = "a=candidate-like filler line of a real session description\r\n" * 50  # ~3 KB, as Chromium's


def add_voice_channels(deployment: LobbyDeployment, count: int) -> tuple[int, list[int]]:
    from lobby.extensions import db
    from lobby.servers.models import Channel

    with deployment.app.app_context():
        server_id = db.session.scalar(select(Channel.server_id).where(Channel.id == deployment.channel_id))
        ids = [db.session.scalar(insert(Channel).returning(Channel.id).values(
            server_id=server_id, name=f"голос-{n}", type="VOICE", position=n + 1)) for n in range(count)]
        db.session.commit()
    return server_id, ids


class Participant:
    def __init__(self, socket, user_id: int, relays: list[float], errors: list[dict]) -> None:
        self.socket, self.user_id = socket, user_id
        self.relays, self.errors = relays, errors
        self.answer: asyncio.Future | None = None
        self.channel_id = 0
        self.expected = 0  # relayed frames still to arrive
        self.all_heard = asyncio.Event()

    async def send(self, kind: str, data: dict) -> None:
        await self.socket.send(json.dumps({"type": kind, "data": data}))

    async def join(self, channel_id: int) -> tuple[list[int], float]:
        """Seat this participant; the ids already there, and seconds to the answer."""
        self.channel_id = channel_id
        self.answer = asyncio.get_running_loop().create_future()
        started = time.perf_counter()
        await self.send("rtc_join_channel", {"channelId": channel_id, "sessionId": f"bench-{self.user_id}"})
        state = await asyncio.wait_for(self.answer, 10)
        return [p["userId"] for p in state["participants"] if p["userId"] != self.user_id], time.perf_counter() - started

    async def signal(self, peer_id: int, kind: str) -> None:
        sent = time.perf_counter()
        description = {"type": kind, "sdp": f"v=0\r\na=bench-sent:{sent}\r\n{SDP_FILLER}"}
        await self.send(f"rtc_{kind}", {"targetUserId": peer_id, kind: description})
        for n in range(CANDIDATES):
            candidate = f"candidate:{n} 1 udp 2122260223 127.0.0.1 {50000 + n} typ host sent {time.perf_counter()}"
            await self.send("rtc_ice_candidate", {"targetUserId": peer_id, "candidate": {
                "candidate": candidate, "sdpMid": "0", "sdpMLineIndex": 0}})

    async def listen(self) -> None:
        try:
            async for raw in self.socket:
                now = time.perf_counter()
                frame = json.loads(raw)
                kind, data = frame["type"], frame.get("data") or {}
                if kind == "rtc_voice_state" and self.answer is not None and not self.answer.done():
                    if data.get("channelId") == self.channel_id:
                        self.answer.set_result(data)
                elif kind in ("rtc_offer", "rtc_answer"):
                    self._heard(now, float(data["offer" if kind == "rtc_offer" else "answer"]["sdp"]
                                           .split("a=bench-sent:")[1].split("\r\n")[0]))
                    if kind == "rtc_offer":
                        await self.signal(data["fromUserId"], "answer")
                elif kind == "rtc_ice_candidate":
                    self._heard(now, float(data["candidate"]["candidate"].rsplit(" ", 1)[1]))
                elif kind == "ping":
                    await self.send("pong", {})
                elif kind == "error":
                    self.errors.append(data)
        except websockets.ConnectionClosed:
            pass

    def _heard(self, now: float, sent: float) -> None:
        self.relays.append(now - sent)
        self.expected -= 1
        if self.expected <= 0:
            self.all_heard.set()


async def opened(url: str):
    socket = await websockets.connect(url, compression=None, max_queue=None, max_size=None)
    while json.loads(await socket.recv())["type"] != "connected":
        pass
    return socket


async def round_trip(deployment: LobbyDeployment, ports: list[int], channel_ids: list[int], count: int) -> dict:
    tokens = deployment.tokens(count)
    sockets = []
    for start in range(0, count, 50):
        sockets += await asyncio.gather(*(opened(f"ws://127.0.0.1:{ports[n % len(ports)]}/ws?token={tokens[n]}")
                                          for n in range(start, min(count, start + 50))))
    relays, errors, joins = [], [], []
    people = [Participant(socket, deployment.user_ids[n], relays, errors) for n, socket in enumerate(sockets)]
    listeners = [asyncio.ensure_future(person.listen()) for person in people]
    rooms = {channel_id: people[n::len(channel_ids)] for n, channel_id in enumerate(channel_ids)}
    per_peer = 1 + CANDIDATES  # offer or answer, and the candidates
    for members in rooms.values():
        for person in members:
            person.expected = per_peer * (len(members) - 1)
    started = time.perf_counter()

    async def arrive(person: Participant, channel_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        present, took = await person.join(channel_id)
        joins.append(took)
        for peer_id in present:  # the newcomer offers to everyone already there
            await person.signal(peer_id, "offer")

    # People arrive one after another over ARRIVALS seconds, the rooms filling side by side.
    step = ARRIVALS / count
    await asyncio.gather(*(arrive(person, channel_id, (n * len(rooms) + index) * step)
                           for index, (channel_id, members) in enumerate(rooms.items())
                           for n, person in enumerate(members)))
    await asyncio.wait_for(asyncio.gather(*(person.all_heard.wait() for person in people)), 30)
    # Churn: a quarter leave and come back; the others each get an offer from them again.
    leavers = people[::4]
    for person in people:
        person.all_heard.clear()
        person.expected = 0
    returning = set(map(id, leavers))
    for members in rooms.values():  # every pair with someone returning talks once more
        for n, person in enumerate(members):
            for other in members[n + 1:]:
                if id(person) in returning or id(other) in returning:
                    person.expected += per_peer
                    other.expected += per_peer
    await asyncio.gather(*(person.send("rtc_leave_channel", {"channelId": person.channel_id}) for person in leavers))
    await asyncio.sleep(0.2)
    await asyncio.gather(*(arrive(person, person.channel_id, n * RETURNS / len(leavers))
                           for n, person in enumerate(leavers)))
    waiting = [person.all_heard.wait() for person in people if person.expected > 0]
    try:
        await asyncio.wait_for(asyncio.gather(*waiting), 30)
    except asyncio.TimeoutError:
        print(f"not everything arrived: {sum(max(0, p.expected) for p in people)} frames missing; "
              f"errors {errors[:3]}")
    elapsed = time.perf_counter() - started
    await asyncio.gather(*(person.send("rtc_leave_channel", {"channelId": person.channel_id}) for person in people))
    await asyncio.sleep(0.5)  # the seats go now, not after the grace: the next round starts empty
    for socket in sockets:
        await socket.close()
    for task in listeners:
        task.cancel()
    return {"relays": relays, "joins": joins, "errors": errors, "seconds": elapsed}


def channel_states_round_trips(deployment: LobbyDeployment, server_id: int, channel_ids: list[int]) -> tuple[int, int]:
    """Seat someone in each of 50 voice channels, then count what `channel_states` sends to Redis."""
    from redis.connection import Connection

    from lobby.voice.access import voice_channel_ids

    store = deployment.app.extensions["lobby.voice"].store
    with deployment.app.app_context():
        ids = voice_channel_ids(server_id)
    for n, channel_id in enumerate(ids):
        from lobby.voice.store import Seat

        user_id = deployment.user_ids[n]
        seat = Seat(channel_id=channel_id, server_id=server_id, owner=f"bench:{n}", session_id=f"s{n}")
        store.take(user_id, seat, {"userId": user_id, "username": f"bench{n}", "muted": False, "deafened": False,
                                   "video": False, "screen": False, "speaking": False}, 8)
    sent = [0]
    original = Connection.send_packed_command

    def counted(self, *args, **kwargs):
        sent[0] += 1
        return original(self, *args, **kwargs)

    Connection.send_packed_command = counted
    try:
        rooms = store.rooms(ids)
    finally:
        Connection.send_packed_command = original
    return sent[0], len(rooms)


def figures(label: str, result: dict) -> None:
    relays = sorted(result["relays"])
    joins = sorted(result["joins"])
    pick = lambda values, q: values[min(len(values) - 1, int(len(values) * q))] * 1000  # noqa: E731
    print(f"{label}: {len(relays)} relayed frames in {result['seconds']:.1f} s; relay p50 "
          f"{statistics.median(relays) * 1000:.1f} ms, p99 {pick(relays, .99):.1f} ms, slowest {relays[-1] * 1000:.1f} ms; "
          f"join answer p50 {statistics.median(joins) * 1000:.1f} ms, p99 {pick(joins, .99):.1f} ms; "
          f"errors {len(result['errors'])}{' ' + str(result['errors'][:3]) if result['errors'] else ''}")


def main(count: int, rooms: int) -> None:
    with LobbyDeployment(count) as deployment:
        server_id, channel_ids = add_voice_channels(deployment, 50)
        _, first = deployment.gunicorn(1)
        figures("one worker", asyncio.run(round_trip(deployment, [first], channel_ids[:rooms], count)))
        _, second = deployment.gunicorn(1)
        figures("two processes + Redis", asyncio.run(round_trip(deployment, [first, second], channel_ids[:rooms], count)))
        trips, filled = channel_states_round_trips(deployment, server_id, channel_ids)
        print(f"channel_states of a server with {len(channel_ids)} voice channels ({filled} with someone): "
              f"{trips} Redis round trip{'s' if trips != 1 else ''}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, int(sys.argv[2]) if len(sys.argv) > 2 else 25)
