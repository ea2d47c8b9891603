"""Reconnect storm (issue 19): every client of a deploy back at once. Lobby in production mode
(2 gunicorn gevent workers, PostgreSQL, Redis) holds --clients sockets, both workers are killed
(SIGKILL: gunicorn starts new ones, as after a deploy), and every client connects again at the
same moment, each through the whole handshake: token check, presence, its channels, `connected`,
then `join_channel` answered. Prints how long until all are back, the rate, and the servers' CPU
per connect; the first, cold connect of everyone (each arrival announced) is printed too.

    .venv/bin/python bench/reconnect_storm.py                  # 5,000 clients, about 1 minute
    .venv/bin/python bench/reconnect_storm.py --clients 2000 --concurrency 500

Targets: all back within 10 s, >= 1,000 connects/s over the two workers. The load client shares
the two cores with the servers (its CPU is not counted in "server CPU").
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "site")]

from bench.chat_load import Clients, connect, raise_limits  # noqa: E402
from bench.lobby_server import LobbyDeployment  # noqa: E402
from bench.targets import LobbyTarget  # noqa: E402


def kill_workers(target: LobbyTarget) -> None:
    """SIGKILL both workers and wait until gunicorn's new ones have imported the app."""
    import psutil

    old = set(target.pids())
    for pid in old:
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        now = {child.pid for child in psutil.Process(target.process.pid).children()}
        if len(now) == len(old) and not now & old:
            break
        time.sleep(0.05)
    time.sleep(2.0)  # the app imports in each new worker after the fork


def storm(clients: Clients, target: LobbyTarget, count: int, concurrency: int) -> dict:
    cpu, client_cpu = target.cpu(), clients_cpu(clients)
    result = connect(clients, target, count, concurrency=concurrency)
    return {**result, "cpu": target.cpu() - cpu, "client_cpu": clients_cpu(clients) - client_cpu}


def clients_cpu(clients: Clients) -> float:
    return sum(answer["cpu"] for answer in clients.call("stats"))


def line(label: str, found: dict, count: int) -> str:
    rate = found["joined"] / found["seconds"] if found["seconds"] else 0
    per = 1000 / max(1, found["joined"])
    return (f"| {label} | {found['joined']:,}/{count:,} | {found['seconds']:.1f} s | {rate:,.0f}/s | "
            f"{found['cpu'] * per:.2f} ms | {found['client_cpu'] * per:.2f} ms | {found['failures'] or 'none'} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=5000)
    parser.add_argument("--concurrency", type=int, default=500, help="handshakes each load process keeps in flight")
    args = parser.parse_args()
    raise_limits()
    with LobbyDeployment(args.clients + 10) as deployment:
        target = LobbyTarget(deployment).start(2)
        clients = Clients(2)
        try:
            connect(clients, target, 20)  # warm: each worker opens its pools and imports its handlers
            clients.call("close")
            time.sleep(1)
            cold = storm(clients, target, args.clients, args.concurrency)
            time.sleep(3)
            kill_workers(target)
            clients.call("close")  # the sockets the kill cut; each client connects again at once
            back = storm(clients, target, args.clients, args.concurrency)
        finally:
            clients.close()
            target.stop()
    print(f"\nReconnect storm: {args.clients:,} clients, 2 gevent workers, {args.concurrency} handshakes in flight "
          f"per load process (2)\n")
    print("| | connected and joined | all in | rate | server CPU per connect | load client's | failures |\n"
          "|---|---|---|---|---|---|---|")
    print(line("first connect (each arrival announced)", cold, args.clients))
    print(line("after both workers were killed (a deploy)", back, args.clients))


if __name__ == "__main__":
    main()
