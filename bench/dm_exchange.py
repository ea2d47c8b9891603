"""The direct-message exchange of the scale-out bench. One person is pinned to host a, the other
to host b; each step one of them takes over HTTP or over their socket must reach the other's
socket, on the other host, live: a friend request, its acceptance (a DM needs friendship under the
default privacy), the DM opened, a message over HTTP, a reply over the socket."""
from __future__ import annotations

import asyncio
import json
import secrets
import time
from dataclasses import dataclass

from websockets.asyncio.client import connect

from bench.balancer import PIN_COOKIE
from bench.load_client import BACKEND_HEADER, HttpLine, header

HEARD_WITHIN = 10.0  # seconds: a step not heard by then counts as not heard


@dataclass
class Step:
    what: str
    by: str  # who acted, and how: "ana@a HTTP 201 (answered by a)"
    heard: str  # who heard it, on which host
    seconds: float | None  # from the action to the other socket's frame; None: never heard


class Person:
    """A socket and a keep-alive HTTP connection, both presenting one host's pin cookie."""

    def __init__(self, name: str, user_id: int, token: str, host: str, port: int) -> None:
        self.name, self.user_id, self.token, self.host, self.port = name, user_id, token, host, port
        self.http = HttpLine("127.0.0.1", port, cookie=f"{PIN_COOKIE}={host}")
        self.frames: list[tuple[float, str, dict]] = []
        self.arrived = asyncio.Event()
        self.socket_host: str | None = None

    async def open(self) -> None:
        self.ws = await connect(f"ws://127.0.0.1:{self.port}/ws?token={self.token}",
                                origin=f"http://127.0.0.1:{self.port}", compression=None,
                                additional_headers={"Cookie": f"{PIN_COOKIE}={self.host}"})
        self.socket_host = self.ws.response.headers.get(BACKEND_HEADER)
        self.reader = asyncio.create_task(self.read())
        await self.expect("connected")

    async def read(self) -> None:
        async for raw in self.ws:
            frame = json.loads(raw)
            if frame["type"] == "ping":
                await self.ws.send('{"type":"pong","data":{}}')
            self.frames.append((time.time(), raw, frame))
            self.arrived.set()

    async def expect(self, kind: str, marker: str = "") -> tuple[float, dict]:
        """The first frame of `kind` whose text holds `marker`: its arrival time and the frame."""
        deadline = time.monotonic() + HEARD_WITHIN
        while True:
            for when, raw, frame in self.frames:
                if frame["type"] == kind and marker in raw:
                    return when, frame
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), max(0.01, deadline - time.monotonic()))

    async def post(self, path: str, body: dict | None = None) -> tuple[str, dict]:
        """POST as this person; returns how it went ("HTTP 201 (answered by a)") and the body."""
        status, head, content = await self.http.post(path, self.token, json.dumps(body).encode() if body else None)
        return f"HTTP {status} (answered by {header(head, BACKEND_HEADER)})", json.loads(content or b"{}")

    async def send(self, kind: str, data: dict) -> None:
        await self.ws.send(json.dumps({"type": kind, "data": data}))

    async def close(self) -> None:
        self.http.close()
        if hasattr(self, "ws"):
            await self.ws.close()
            self.reader.cancel()

    def __str__(self) -> str:
        return f"{self.name}@{self.host}"


async def heard(listener: Person, kind: str, marker: str, since: float) -> float | None:
    try:
        when, _ = await listener.expect(kind, marker)
        return when - since
    except asyncio.TimeoutError:
        return None


async def steps(ana: Person, ben: Person, usernames: dict[Person, str]) -> list[Step]:
    done = []

    async def step(what: str, actor: Person, listener: Person, kind: str, marker: str, act) -> dict:
        since = time.time()
        how, body = await act()
        done.append(Step(what, f"{actor} {how}", str(listener), await heard(listener, kind, marker, since)))
        return body

    sent = await step("friend request", ana, ben, "friend_request_received", usernames[ana],
                      lambda: ana.post("/api/friends/request", {"username": usernames[ben]}))
    await step("request accepted", ben, ana, "friend_request_accepted", usernames[ben],
               lambda: ben.post(f"/api/friends/requests/{sent['request']['id']}/accept"))
    opened = await ana.post("/api/dms", {"userId": ben.user_id})
    dm = opened[1]["channel"]["id"]
    for person in (ana, ben):  # as the app does when the conversation is on screen
        await person.send("join_channel", {"channelId": dm})
        await person.expect("channel_joined", f'"channelId":{dm}')
    text = f"DM over HTTP {secrets.token_hex(4)}"
    await step("direct message (HTTP POST)", ana, ben, "new_message", text,
               lambda: ana.post(f"/api/messages/{dm}/messages", {"content": text, "nonce": secrets.token_hex(8)}))
    reply = f"DM reply over the socket {secrets.token_hex(4)}"

    async def over_socket():
        await ben.send("send_message", {"channelId": dm, "content": reply, "nonce": secrets.token_hex(8)})
        return f"socket (on {ben.socket_host})", {}
    await step("direct message (socket)", ben, ana, "new_message", reply, over_socket)
    return done


async def exchange(port: int, people: list[tuple[int, str, str]]) -> tuple[list[Step], dict[str, str]]:
    """`people`: (user id, username, token) of the one on host a and the one on host b. Returns the
    steps and which host each person's socket landed on."""
    (a_id, a_name, a_token), (b_id, b_name, b_token) = people
    ana, ben = Person("ana", a_id, a_token, "a", port), Person("ben", b_id, b_token, "b", port)
    try:
        await ana.open()
        await ben.open()
        done = await steps(ana, ben, {ana: a_name, ben: b_name})
        return done, {str(ana): ana.socket_host, str(ben): ben.socket_host}
    finally:
        await ana.close()
        await ben.close()
