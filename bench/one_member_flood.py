"""One member against the instance (issue 28, the probe's "one member can stall the instance"):
Lobby in production mode — one gunicorn gevent worker with a database pool of 5, the machine's
PostgreSQL and Redis — while one member opens 60 sockets and sends 40 reaction frames (each a
different emoji) and 40 typing frames on each. Meanwhile a bystander reads `GET /api/servers` and
`/healthz` every 0.2 s, and a steady reader sits in the channel.

    .venv/bin/python bench/one_member_flood.py

Prints what the member got (sockets kept, answers by kind), what the bystander waited (p50, p99,
max, statuses) and what the reader heard (frames, the largest, whether it was cut off). The probe
saw: every database connection held > 30 s, the bystander's GET 26.6 s (a 500 after 34.9 s),
/healthz 6.5 s, 17 INTERNAL_ERROR frames, the reader cut off after 365 frames of ~30 KB.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "site")]

import websockets  # noqa: E402

from bench.chaos_client import ahttp  # noqa: E402
from bench.lobby_server import LobbyDeployment  # noqa: E402

# Forty different emoji: more kinds than a message may hold now (20), all of them one emoji.
EMOJI = ("👍 👎 😀 😂 😍 😎 😭 😡 🤔 🙏 👏 🔥 🎉 💯 ❤️ 💔 ⭐ ✅ ❌ ⚡ 🎮 🕹️ 🏆 🎯 🚀 👀 💀 🤝 🍕 🍺 "
         "☕ 🐱 🐶 🦊 🐸 🌈 🌙 ☀️ 🍀 🎵").split()


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sockets", type=int, default=60)
    parser.add_argument("--frames", type=int, default=40, help="reaction frames per socket (as many typing frames)")
    parser.add_argument("--pool", type=int, default=5, help="DATABASE_POOL_SIZE of the web worker")
    return parser.parse_args()


def ws_url(base: str, token: str) -> str:
    return base.replace("http://", "ws://") + f"/ws?token={token}"


async def member(base: str, token: str, channel: int, message: int, sockets: int, frames: int) -> dict:
    """The member's sockets, each sending its frames as fast as it can; what came back."""
    answers: Counter = Counter()
    closes: Counter = Counter()

    async def one(number: int) -> None:
        try:
            async with websockets.connect(ws_url(base, token), max_size=None, open_timeout=30) as ws:
                for index in range(frames):
                    await ws.send(json.dumps({"type": "reaction_add", "messageId": f"r{index}",
                                              "data": {"messageId": message, "emoji": EMOJI[index % len(EMOJI)]}}))
                    await ws.send(json.dumps({"type": "typing", "data": {"channelId": channel, "isTyping": True}}))
                deadline = time.monotonic() + 20
                while time.monotonic() < deadline:
                    try:
                        frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=3))
                    except asyncio.TimeoutError:
                        break
                    kind = frame["type"]
                    answers[f"error {frame['data'].get('code')}" if kind == "error" else kind] += 1
        except websockets.ConnectionClosed as closed:
            closes[closed.rcvd.code if closed.rcvd else "dropped"] += 1
        except (OSError, asyncio.TimeoutError) as error:
            closes[type(error).__name__] += 1

    await asyncio.gather(*(one(n) for n in range(sockets)))
    return {"answers": answers, "closes": closes}


async def bystander(base: str, token: str, stop: asyncio.Event) -> dict:
    waits: dict[str, list[float]] = {"servers": [], "healthz": []}
    statuses: Counter = Counter()
    while not stop.is_set():
        for name, path, auth in (("servers", "/api/servers", token), ("healthz", "/healthz", None)):
            started = time.monotonic()
            status, _, _ = await ahttp("GET", base + path, auth, timeout=60)
            waits[name].append(time.monotonic() - started)
            statuses[f"{name} {status}"] += 1
        await asyncio.sleep(0.2)
    return {"waits": waits, "statuses": statuses}


async def reader(base: str, token: str, channel: int, stop: asyncio.Event) -> dict:
    heard, largest, cut = 0, 0, None
    async with websockets.connect(ws_url(base, token), max_size=None) as ws:
        await ws.send(json.dumps({"type": "join_channel", "data": {"channelId": channel}}))
        try:
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except asyncio.TimeoutError:
                    continue
                heard += 1
                largest = max(largest, len(raw.encode() if isinstance(raw, str) else raw))
        except websockets.ConnectionClosed as closed:
            cut = closed.rcvd.code if closed.rcvd else "dropped"
    return {"heard": heard, "largest": largest, "cut": cut}


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms"


async def run(deployment: LobbyDeployment, base: str, settings: argparse.Namespace) -> None:
    attacker, calm, steady = deployment.tokens(3)
    channel = deployment.channel_id
    status, body, _ = await ahttp("POST", f"{base}/api/messages/{channel}/messages", calm, {"content": "Кто в рейд?"})
    assert status == 201, (status, body)
    message = body["message"]["id"]
    stop = asyncio.Event()
    watching = asyncio.create_task(bystander(base, calm, stop))
    listening = asyncio.create_task(reader(base, steady, channel, stop))
    await asyncio.sleep(1)
    started = time.monotonic()
    flood = await member(base, attacker, channel, message, settings.sockets, settings.frames)
    took = time.monotonic() - started
    await asyncio.sleep(2)
    stop.set()
    seen, heard = await watching, await listening
    _, kept, _ = await ahttp("GET", f"{base}/api/messages/{channel}/messages?limit=1", calm)
    kinds = len(((kept.get("messages") or [{}])[-1]).get("reactions") or [])
    print(f"member: {settings.sockets} sockets × {settings.frames} reaction + {settings.frames} typing frames, {took:.1f} s")
    print(f"  sockets closed by the server: {dict(flood['closes']) or 'none'}")
    print(f"  answers: {dict(flood['answers'])}")
    print(f"  reaction kinds on the message: {kinds}")
    print(f"bystander GET /api/servers: {quantiles(seen['waits']['servers'])}")
    print(f"bystander GET /healthz: {quantiles(seen['waits']['healthz'])}")
    print(f"  statuses: {dict(seen['statuses'])}")
    print(f"steady reader: {heard['heard']} frames, largest {heard['largest']} bytes, "
          f"cut off: {heard['cut'] or 'no'}")


def main() -> None:
    settings = options()
    with LobbyDeployment(3) as deployment:
        deployment.env.update(DATABASE_POOL_SIZE=str(settings.pool), MESSAGE_SEND_LIMIT="30")
        _, port = deployment.gunicorn(1)
        asyncio.run(run(deployment, f"http://127.0.0.1:{port}", settings))


if __name__ == "__main__":
    main()
