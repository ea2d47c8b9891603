"""The people of bench/soak.py: chaos_client's `Person` (a live socket that reconnects by the
spec's policy and catches up) who also sends, reacts, types and sits in voice, and a `Tally` of
every HTTP call and every frame's answer."""
from __future__ import annotations

import asyncio
import itertools
import json
import random
import secrets
import time
from urllib.parse import quote

import websockets

from bench.chaos_client import Person, call

EMOJI = ("👍", "❤️", "😂", "🎉", "👀")
ANSWER_WAIT = 10.0  # seconds a frame's answer may take before it counts as never answered


class Tally:
    """What was asked and how it went. Lists are appended to from the HTTP threads too (an append
    is atomic); each entry carries its time so a window can be cut out for progress lines."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, str, int, float]] = []  # (when, kind, status, seconds)
        self.frames: list[tuple[float, str, str, float]] = []  # (when, frame kind, outcome, seconds)
        self.sent_at: dict[int, float] = {}  # message id → when its send started (delivery latency)
        self.nonces: dict[str, int] = {}  # nonce → message id the server answered with
        self.resent_other_id = 0  # a resend of a nonce answered with another id (a duplicate made)

    def call(self, kind: str, method: str, url: str, token: str, body: dict | None = None) -> tuple[int, dict, dict]:
        """`chaos_client.call`, timed inside its thread: the thread pool's queue is the client's, not Lobby's."""
        started = time.perf_counter()
        status, answer, headers = call(method, url, token, body)
        self.calls.append((time.monotonic(), kind, status, time.perf_counter() - started))
        return status, answer, headers

    async def ahttp(self, kind: str, *args, **kwargs) -> tuple[int, dict, dict]:
        return await asyncio.to_thread(self.call, kind, *args, **kwargs)

    def sent(self, nonce: str, message_id: int, started: float) -> None:
        if self.nonces.setdefault(nonce, message_id) != message_id:
            self.resent_other_id += 1
        self.sent_at.setdefault(message_id, started)


class Soaker(Person):
    """A person of the soak. Actions are started by the run's schedules (soak.py); each returns
    when its answer came (or did not). Frame answers are matched by the envelope's `messageId`, or,
    for a reaction in a joined channel (answered only by the channel's broadcast), by what it says."""

    numbers = itertools.count(1)

    def __init__(self, base: str, token: str, channel_id: int, tally: Tally, voice_ids: list[int]) -> None:
        super().__init__(base, token, channel_id)
        self.tally, self.voice_ids = tally, voice_ids
        self.http = lambda *args, **kwargs: tally.ahttp("catch_up", *args, **kwargs)
        self.user_id = 0
        self.waiting: dict[object, asyncio.Future] = {}
        self.mine: list[tuple[int, str]] = []  # reactions given and not yet taken back
        self.reacting: set[tuple[int, str]] = set()  # on their way
        self.seat: int | None = None  # the voice channel this person sits in (taken again on a reconnect)
        self.session_id = secrets.token_hex(8)
        self.background: set[asyncio.Task] = set()

    # --- what the socket hears -------------------------------------------------------------------

    def on_frame(self, frame: dict) -> None:
        kind, data = frame.get("type"), frame.get("data") or {}
        if kind == "connected":
            self.user_id = data.get("userId", 0)
        keys = [frame.get("messageId")]
        if kind in ("reaction_added", "reaction_removed") and data.get("userId") == self.user_id:
            keys.append((kind, data.get("messageId"), data.get("emoji")))
        for key in keys:
            future = self.waiting.pop(key, None) if key is not None else None
            if future is not None and not future.done():
                future.set_result(frame)

    async def on_connected(self, ws) -> None:
        if self.seat is not None:  # the browser takes its seat again with the same session (resumed)
            self.spawn(self.ask("rtc_join_channel", {"channelId": self.seat, "sessionId": self.session_id}))

    def spawn(self, work) -> None:
        task = asyncio.create_task(work)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def ask(self, kind: str, data: dict, also: object = None) -> dict | None:
        """Send a frame and wait for its answer; the outcome is tallied as the answer's type, the
        error's code, "socket closed" or "no answer"."""
        ws = self.ws
        if ws is None:
            return None
        frame_id = f"f{next(self.numbers)}"
        future = asyncio.get_running_loop().create_future()
        keys = [frame_id] + ([also] if also is not None else [])
        for key in keys:
            self.waiting[key] = future
        started = time.monotonic()
        closed = asyncio.ensure_future(ws.wait_closed())
        try:
            await ws.send(json.dumps({"type": kind, "data": data, "messageId": frame_id}))
            await asyncio.wait([future, closed], timeout=ANSWER_WAIT, return_when=asyncio.FIRST_COMPLETED)
        except websockets.ConnectionClosed:
            pass
        finally:
            closed.cancel()
            for key in keys:
                self.waiting.pop(key, None)
        answer = future.result() if future.done() else None
        outcome = (answer["type"] if answer["type"] != "error" else f"error {answer['data'].get('code')}") if answer \
            else ("socket closed" if ws.state is not websockets.State.OPEN else "no answer")
        self.tally.frames.append((time.monotonic(), kind, outcome, time.monotonic() - started))
        return answer

    # --- what the person does --------------------------------------------------------------------

    async def send_message(self, over_socket: bool, typing_first: bool) -> None:
        """Type (maybe), then send; an unanswered send goes again over HTTP with its nonce, until
        it is taken, as the chat view retries unsent messages."""
        nonce = f"soak-{secrets.token_hex(8)}"
        content = f"{nonce} сообщение {next(self.numbers)}"
        if typing_first and self.ws is not None:
            await self.frame("typing", {"channelId": self.channel_id, "isTyping": True})
            await asyncio.sleep(random.uniform(1.0, 3.0))
        if over_socket and self.ws is not None:
            started = time.monotonic()
            answer = await self.ask("send_message", {"channelId": self.channel_id, "content": content, "nonce": nonce})
            if answer and answer["type"] == "message_sent":
                self.tally.sent(nonce, answer["data"]["message"]["id"], started)
                return
        while not self._stop:
            started = time.monotonic()
            status, body, _ = await self.tally.ahttp("send", "POST", f"{self.base}/api/messages/{self.channel_id}/messages",
                                                     self.token, {"content": content, "nonce": nonce})
            if status in (200, 201):
                self.tally.sent(nonce, body["message"]["id"], started)
                return
            await asyncio.sleep(1.0)

    async def react(self, over_socket: bool) -> None:
        """Take back a reaction of one's own now and then, else react to a message heard lately.
        Never the same reaction twice at once: a repeated one changes nothing, and over a socket in
        the channel nothing answers it."""
        if self.mine and random.random() < 0.4:
            message_id, emoji = self.mine.pop(random.randrange(len(self.mine)))
            adding, path = False, f"/api/messages/{message_id}/reactions/{quote(emoji)}"
        else:
            recent = sorted(self.live)[-20:]
            message_id, emoji = (random.choice(recent), random.choice(EMOJI)) if recent else (0, "")
            if not recent or (message_id, emoji) in self.mine or (message_id, emoji) in self.reacting:
                return
            adding, path = True, f"/api/messages/{message_id}/reactions"
        self.reacting.add((message_id, emoji))
        if over_socket and self.ws is not None:
            kind, heard = ("reaction_add", "reaction_added") if adding else ("reaction_remove", "reaction_removed")
            answer = await self.ask(kind, {"messageId": message_id, "emoji": emoji}, also=(heard, message_id, emoji))
            done, known = bool(answer) and answer["type"] == heard, answer is not None
        else:
            status = (await self.tally.ahttp("react", "POST", self.base + path, self.token, {"emoji": emoji}) if adding
                      else await self.tally.ahttp("unreact", "DELETE", self.base + path, self.token))[0]
            done, known = status == 200, status != 0
        if known:  # a reaction whose fate is unknown (the socket closed) stays "on its way": never picked again
            self.reacting.discard((message_id, emoji))
        if done and adding:
            self.mine.append((message_id, emoji))

    async def type_briefly(self) -> None:
        """Starts typing and stops without sending (a draft left)."""
        await self.frame("typing", {"channelId": self.channel_id, "isTyping": True})
        await asyncio.sleep(random.uniform(2.0, 5.0))
        await self.frame("typing", {"channelId": self.channel_id, "isTyping": False})

    async def sit_in_voice(self, stay: tuple[float, float]) -> None:
        """Join a voice channel (signalling only: no media, no peers offered to), speak once, leave."""
        if self.seat is not None or self.ws is None:
            return
        channel_id = random.choice(self.voice_ids)
        answer = await self.ask("rtc_join_channel", {"channelId": channel_id, "sessionId": self.session_id})
        if not answer or answer["type"] != "rtc_voice_state":
            return
        self.seat = channel_id
        await asyncio.sleep(random.uniform(*stay) / 2)
        await self.frame("voice_activity", {"channelId": channel_id, "isSpeaking": True})
        await asyncio.sleep(random.uniform(0.5, 3.0))
        await self.frame("voice_activity", {"channelId": channel_id, "isSpeaking": False})
        await asyncio.sleep(random.uniform(*stay) / 2)
        while self.ws is None and not self._stop:  # leaving is a click: it waits for the socket
            await asyncio.sleep(1.0)
        self.seat = None
        await self.ask("rtc_leave_channel", {"channelId": channel_id})

    async def frame(self, kind: str, data: dict) -> None:
        """A frame with no answer unless refused: its error, if any, is tallied when it comes."""
        ws = self.ws
        if ws is None:
            return
        frame_id = f"f{next(self.numbers)}"
        future = asyncio.get_running_loop().create_future()
        self.waiting[frame_id] = future
        future.add_done_callback(lambda f: self.tally.frames.append(
            (time.monotonic(), kind, f"error {f.result()['data'].get('code')}", 0.0)))
        asyncio.get_running_loop().call_later(ANSWER_WAIT, self.waiting.pop, frame_id, None)
        try:
            await ws.send(json.dumps({"type": kind, "data": data, "messageId": frame_id}))
            self.tally.frames.append((time.monotonic(), kind, "sent", 0.0))
        except websockets.ConnectionClosed:
            self.waiting.pop(frame_id, None)

    async def reconnect_every(self, low: float, high: float) -> None:
        """Close the socket at a random time within [low, high] seconds, again and again: the
        person comes back after the policy's delay and catches up."""
        while not self._stop:
            await asyncio.sleep(random.uniform(low, high))
            if self.ws is not None and not self._stop:
                await self.ws.close()
