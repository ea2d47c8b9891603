"""People for bench/chaos.py, doing what the browser's islands do when things break: a live socket
that reconnects by the spec's policy (3 tries, 5 s, 10 s, 20 s apart) and catches up over HTTP
after a reconnect (once the channel's join is answered, as the chat view does) or a `resync`
(`GET /api/messages/{channel}/messages?after=`), and senders that send again with the same nonce
until the server has the message. Each person counts what reached it live (a duplicate is a
message heard twice) and what it had to fetch."""
from __future__ import annotations

import asyncio
import http.client
import json
import secrets
import time
from urllib.parse import urlsplit

import websockets

RECONNECT_DELAYS = (5.0, 10.0, 20.0)  # spec: 3 attempts, 5 s base, doubling


def call(method: str, url: str, token: str | None = None, body: dict | None = None,
         timeout: float = 15.0, source: str | None = None) -> tuple[int, dict, dict]:
    """One call: (status, JSON body or {}, headers). A refused or timed-out call is status 0.
    `source`: the loopback address to call from (people signing up come from many addresses; the
    per-address limits would otherwise count them as one)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout,
                                            source_address=(source, 0) if source else None)
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    try:
        connection.request(method, parts.path + (f"?{parts.query}" if parts.query else ""),
                           body=json.dumps(body).encode() if body is not None else None, headers=headers)
        answer = connection.getresponse()
        raw = answer.read()
    except (OSError, http.client.HTTPException):
        return 0, {}, {}
    finally:
        connection.close()
    try:
        parsed = json.loads(raw) if raw else {}
    except ValueError:
        parsed = {"raw": raw[:200].decode(errors="replace")}
    return answer.status, parsed if isinstance(parsed, dict) else {"list": parsed}, dict(answer.headers)


async def ahttp(*args, **kwargs) -> tuple[int, dict, dict]:
    return await asyncio.to_thread(call, *args, **kwargs)


class Person:
    """One signed-in person with one live socket in one channel."""

    def __init__(self, base: str, token: str, channel_id: int) -> None:
        self.base, self.token, self.channel_id = base, token, channel_id
        self.live: dict[int, int] = {}  # message id → times heard live
        self.fetched: set[int] = set()
        self.drops = 0
        self.resyncs = 0
        self.down_since: float | None = None
        self.back_after: list[float] = []  # seconds from a drop to the socket's next `connected`
        self.gave_up = False
        self.connected = asyncio.Event()
        self.resynced_at: float | None = None
        self.first_live_at: dict[int, float] = {}
        self._stop = False
        # For benches that do more than listen (bench/soak.py): the open socket to send frames on,
        # how catch-up calls (to time and count them), and the hooks `on_connected`/`on_frame`.
        self.ws: websockets.ClientConnection | None = None
        self.http = ahttp

    @property
    def known(self) -> set[int]:
        return set(self.live) | self.fetched

    async def run(self) -> None:
        attempt, had_session = 0, False
        while not self._stop:
            try:
                url = self.base.replace("http://", "ws://") + f"/ws?token={self.token}"
                async with websockets.connect(url, compression=None, open_timeout=20, max_size=2**20) as ws:
                    self.ws = ws
                    rejoining = False
                    async for raw in ws:
                        frame = json.loads(raw)
                        kind = frame.get("type")
                        if kind == "connected":
                            attempt = 0
                            if self.down_since is not None:
                                self.back_after.append(time.monotonic() - self.down_since)
                                self.down_since = None
                            await self.join(ws)
                            self.connected.set()
                            rejoining, had_session = had_session, True
                            await self.on_connected(ws)
                        elif kind == "channel_joined" and rejoining:
                            # Not before: a message published between the fetch and the join would
                            # be neither fetched nor heard.
                            rejoining = False
                            await self.catch_up()
                        elif kind == "error" and frame.get("messageId") == "join":
                            await asyncio.sleep(1.0)  # the join failed (an outage): ask again
                            await self.join(ws)
                        elif kind == "ping":
                            await ws.send('{"type":"pong","data":{}}')
                        elif kind == "new_message":
                            message_id = frame["data"]["id"]
                            self.live[message_id] = self.live.get(message_id, 0) + 1
                            self.first_live_at.setdefault(message_id, time.monotonic())
                        elif kind == "resync":
                            self.resyncs += 1
                            self.resynced_at = time.monotonic()
                            await self.catch_up()
                        self.on_frame(frame)
                        if self._stop:
                            return
            except (OSError, websockets.exceptions.WebSocketException, asyncio.TimeoutError):
                pass
            self.ws = None
            if self._stop:
                return
            self.connected.clear()
            self.drops += 1
            if self.down_since is None:
                self.down_since = time.monotonic()
            if attempt >= len(RECONNECT_DELAYS):
                self.gave_up = True
                return
            await asyncio.sleep(RECONNECT_DELAYS[attempt])
            attempt += 1

    async def join(self, ws) -> None:
        await ws.send(json.dumps({"type": "join_channel", "data": {"channelId": self.channel_id}, "messageId": "join"}))

    async def on_connected(self, ws) -> None:
        """After each `connected` (the channel's join is on its way)."""

    def on_frame(self, frame: dict) -> None:
        """Every frame heard, after the handling above."""

    async def catch_up(self) -> None:
        """What the chat view does after a reconnect: every message after the last one it has."""
        while True:
            after = max(self.known, default=None)
            query = f"?after={after}&limit=100" if after else "?limit=100"
            status, body, _ = await self.http("GET", f"{self.base}/api/messages/{self.channel_id}/messages{query}", self.token)
            if status != 200:
                await asyncio.sleep(1.0)
                continue
            self.fetched.update(message["id"] for message in body.get("messages", ()))
            if not body.get("hasMore") or not after:
                return

    def stop(self) -> None:
        self._stop = True


class Sender:
    """Sends a numbered message every `every` seconds over HTTP; a refused or failed send is sent
    again with the same nonce until it is taken (201, or 200 for a nonce the server already has)."""

    def __init__(self, base: str, token: str, channel_id: int, every: float) -> None:
        self.base, self.token, self.channel_id, self.every = base, token, channel_id, every
        self.sent: dict[str, int] = {}  # nonce → message id
        self.statuses: dict[int, int] = {}
        self.slowest = 0.0
        self._stop = False

    async def run(self) -> None:
        number = 0
        while not self._stop:
            number += 1
            nonce = f"chaos-{secrets.token_hex(6)}"
            while not self._stop:
                started = time.monotonic()
                status, body, _ = await ahttp("POST", f"{self.base}/api/messages/{self.channel_id}/messages", self.token,
                                              {"content": f"сообщение {number}", "nonce": nonce})
                self.slowest = max(self.slowest, time.monotonic() - started)
                self.statuses[status] = self.statuses.get(status, 0) + 1
                if status in (200, 201):
                    self.sent[nonce] = body["message"]["id"]
                    break
                await asyncio.sleep(1.0)
            await asyncio.sleep(self.every)

    def stop(self) -> None:
        self._stop = True


def coverage(people: list[Person], sent_ids: set[int]) -> dict:
    """What each person has of the messages sent: missing ones (after catching up) and ones heard
    live more than once, summed over everybody."""
    missing = sum(len(sent_ids - person.known) for person in people)
    duplicated = sum(sum(count - 1 for count in person.live.values() if count > 1) for person in people)
    return {"missing": missing, "duplicated": duplicated, "fetched": sum(len(p.fetched - set(p.live)) for p in people)}
