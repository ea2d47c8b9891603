"""Baseline: a bare asyncio `websockets` broadcast server, no compression, no auth, no storage.

Speaks just enough of Lobby's `{type, data}` frames for the load client: `connected` on open,
`join_channel` → `channel_joined`, `send_message` → `new_message` to every joined socket (the
sender included), `pong` ignored. The frame is encoded once and handed to `broadcast`.

    python bench/baselines/asyncio_ws.py PORT
"""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
import sys
import time

from websockets.asyncio.server import broadcast, serve

channels: dict[int, set] = {}
ids = itertools.count(1)


def encode(frame: dict) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


async def handler(ws) -> None:
    joined: set[int] = set()
    user = next(ids)
    await ws.send(encode({"type": "connected", "data": {"userId": user, "username": f"u{user}"}}))
    try:
        async for raw in ws:
            body = json.loads(raw)
            kind, data = body.get("type"), body.get("data") or {}
            if kind == "join_channel":
                channel = int(data["channelId"])
                channels.setdefault(channel, set()).add(ws)
                joined.add(channel)
                await ws.send(encode({"type": "channel_joined", "data": {"channelId": channel}}))
            elif kind == "send_message":
                channel = int(data["channelId"])
                message = {"id": next(ids), "channelId": channel, "authorId": user, "content": data.get("content"),
                           "nonce": data.get("nonce"), "createdAt": time.time()}
                broadcast(channels.get(channel, ()), encode({"type": "new_message", "data": message}))
    finally:
        for channel in joined:
            channels.get(channel, set()).discard(ws)


async def main(port: int) -> None:
    logging.getLogger("websockets").setLevel(logging.CRITICAL)  # a client hanging up is no news
    async with serve(handler, "127.0.0.1", port, compression=None, ping_interval=None, max_queue=64,
                     backlog=4096) as server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
