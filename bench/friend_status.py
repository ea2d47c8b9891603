"""How fast a status change reaches a user's friends: one user with N friends (default 200), all of
them connected, in production mode (two gunicorn gevent workers, PostgreSQL, Redis pub/sub). The
user changes status over the live socket (`presence_update`) a few times; each round measures, for
every friend, the time from the change being sent to `friend_status_changed` arriving.

    .venv/bin/python bench/friend_status.py [friends] [rounds]

Prints p50 / p99 / slowest of a round's deliveries and whether every friend heard every change.
The target (issue 15): all 200 friends within 1 s.
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
from sqlalchemy import insert  # noqa: E402

from bench.lobby_server import LobbyDeployment  # noqa: E402

STATUSES = ("dnd", "online", "idle", "online")


def befriend(deployment: LobbyDeployment) -> None:
    """The first user is everyone's friend (a friendship is a row on each side)."""
    from lobby.extensions import db
    from lobby.friends.models import Friendship

    subject, *friends = deployment.user_ids
    with deployment.app.app_context():
        rows = [{"user_id": subject, "friend_id": f} for f in friends] + [{"user_id": f, "friend_id": subject}
                                                                         for f in friends]
        db.session.execute(insert(Friendship), rows)
        db.session.commit()


async def opened(url: str):
    socket = await websockets.connect(url, compression=None, max_queue=None)
    while json.loads(await socket.recv())["type"] != "connected":
        pass
    return socket


async def heard(socket, subject: int, status: str, sent_at: list[float]) -> float:
    """Seconds from the change being sent to this friend hearing it."""
    wire = {"online": "ONLINE", "idle": "IDLE", "dnd": "DO_NOT_DISTURB"}[status]
    while True:
        frame = json.loads(await socket.recv())
        data = frame.get("data") or {}
        if frame["type"] == "friend_status_changed" and data.get("friendId") == subject and data.get("status") == wire:
            return time.perf_counter() - sent_at[0]
        if frame["type"] == "ping":
            await socket.send('{"type":"pong","data":{}}')


async def run(deployment: LobbyDeployment, port: int, rounds: int) -> list[list[float]]:
    base = f"ws://127.0.0.1:{port}/ws?token="
    subject_token, *friend_tokens = deployment.tokens(len(deployment.user_ids))
    friends = []
    for start in range(0, len(friend_tokens), 50):  # a few at a time: the bench measures delivery, not connecting
        friends += await asyncio.gather(*(opened(base + token) for token in friend_tokens[start:start + 50]))
    subject = await opened(base + subject_token)
    await asyncio.sleep(1.0)  # the subject's own arrival (online) reaches everyone first
    for friend in friends:  # drop what arrived so far
        while True:
            try:
                await asyncio.wait_for(friend.recv(), 0.001)
            except asyncio.TimeoutError:
                break
    results = []
    for n in range(rounds):
        status = STATUSES[n % len(STATUSES)]
        sent_at = [0.0]
        listening = [asyncio.ensure_future(heard(friend, deployment.user_ids[0], status, sent_at)) for friend in friends]
        sent_at[0] = time.perf_counter()
        await subject.send(json.dumps({"type": "presence_update", "data": {"status": status}}))
        done, pending = await asyncio.wait(listening, timeout=10)
        for task in pending:
            task.cancel()
        results.append([task.result() for task in done])
        await asyncio.sleep(0.5)
    for socket in (subject, *friends):
        await socket.close()
    return results


def main(friends: int, rounds: int) -> None:
    with LobbyDeployment(friends + 1) as deployment:
        befriend(deployment)
        _, port = deployment.gunicorn(2)
        results = asyncio.run(run(deployment, port, rounds))
    for n, times in enumerate(results, 1):
        ordered = sorted(times)
        p99 = ordered[max(0, int(len(ordered) * .99) - 1)] if ordered else float("nan")
        print(f"round {n} ({STATUSES[(n - 1) % len(STATUSES)]}): {len(times)}/{friends} friends heard it; "
              f"p50 {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
              f"slowest {ordered[-1] * 1000:.1f} ms" if ordered else f"round {n}: nobody heard it")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, int(sys.argv[2]) if len(sys.argv) > 2 else 6)
