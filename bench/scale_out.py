"""Scale-out: two Lobby hosts behind HAProxy, and a conversation across them.

Each "host" is its own gunicorn process group (gevent workers) on a loopback port; both share one
PostgreSQL database and one Redis prefix, as hosts behind a load balancer do. HAProxy (Debian's
package, installed with apt-get when missing) runs the committed docs/haproxy.cfg with loopback
addresses put in, and pins each client to a host by its LOBBYHOST cookie.

Users pinned to host a and users pinned to host b hold live sockets in one channel, all through
HAProxy; their senders send over the socket and over HTTP POST in turn. Every message must reach
every socket on both hosts exactly once. Then a person on a and a person on b become friends and
exchange direct messages, each step heard live on the other host.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python bench/scale_out.py                      # about a minute
    .venv/bin/python bench/scale_out.py --per-host 200 --seconds 20

Run as root the first time (apt-get). Everything started here (HAProxy, the gunicorns, the
database, the Redis prefix) is torn down on exit, error or Ctrl-C. Nothing here is a test.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "site")]

from bench.balancer import (PIN_COOKIE, Hosts, connections_to, ensure_haproxy, first_visit,  # noqa: E402
                            haproxy_version, start_haproxy)
from bench.chat_load import Clients, percentile, raise_limits, run_within, traffic  # noqa: E402
from bench.dm_exchange import exchange  # noqa: E402
from bench.lobby_server import LobbyDeployment  # noqa: E402

HOSTS = ("a", "b")  # load-client process i holds the users pinned to HOSTS[i]


def open_sockets(clients: Clients, deployment: LobbyDeployment, port: int, per_host: int) -> dict:
    """`per_host` users pinned to each host open their sockets through HAProxy and join the channel."""
    answers = clients.call("connect", each=lambda i: {"tokens": deployment.tokens(per_host, offset=i * per_host),
                                                      "cookie": f"{PIN_COOKIE}={HOSTS[i]}"},
                           host="127.0.0.1", port=port, channel_id=deployment.channel_id, dialect="lobby",
                           by_origin=True)
    return {host: answer for host, answer in zip(HOSTS, answers)}


def conversation(clients: Clients, hosts: Hosts, args) -> dict:
    """A short warm-up (each worker's pools fill), then the measured run."""
    options = {"senders": 2 * args.senders, "rate": args.rate, "http_every": 2}
    traffic(clients, hosts, seconds=2.0, drain=3.0, **options)
    return traffic(clients, hosts, seconds=args.seconds, drain=5.0, **options)


def delivery(result: dict) -> dict[str, dict]:
    """Per kind ("same" host, "cross" hosts): (receiver, message) pairs expected, delivered once,
    missed and duplicated; receivers short of some message; the latencies, sorted."""
    sent = {str(i): send["sent"] for i, send in enumerate(result["sends"])}
    kinds = {kind: {"expected": 0, "once": 0, "missed": 0, "dups": 0, "short": 0, "receivers": 0, "latencies": []}
             for kind in ("same", "cross")}
    for receiver, stats in enumerate(result["per_client"]):
        for origin, count in sent.items():
            figures = kinds["same" if origin == str(receiver) else "cross"]
            for socket in stats["receivers"]:
                got = socket["seen"].get(origin, 0)
                figures["expected"] += count
                figures["once"] += min(got, count)
                figures["missed"] += max(0, count - got)
                figures["dups"] += socket["dups"].get(origin, 0)
                figures["short"] += got < count
                figures["receivers"] += 1
            figures["latencies"].extend(memoryview(stats["by_origin"].get(origin, b"")).cast("d"))
    for figures in kinds.values():
        figures["latencies"].sort()
    return kinds


def summed(result: dict, key: str) -> dict:
    total: dict = {}
    for stats in result["per_client"]:
        for name, count in stats[key].items():
            total[name] = total.get(name, 0) + count
    return total


def ms(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value == value else "—"


def delivery_table(result: dict) -> list[str]:
    kinds = delivery(result)
    rows = [("(receiver, message) pairs", lambda f: f"{f['expected']:,}"),
            ("delivered exactly once", lambda f: f"{f['once']:,} ({f['once'] / max(1, f['expected']):.2%})"),
            ("missed / duplicated", lambda f: f"{f['missed']} / {f['dups']}"),
            ("receivers short of a message", lambda f: f"{f['short']} of {f['receivers']}"),
            ("delivery p50 / p99", lambda f: f"{ms(percentile(f['latencies'], .5))} / "
                                             f"{ms(percentile(f['latencies'], .99))}")]
    lines = ["| | same host (a→a, b→b) | across hosts (a→b, b→a) |", "|---|---|---|"]
    lines += [f"| {name} | {cell(kinds['same'])} | {cell(kinds['cross'])} |" for name, cell in rows]
    return lines


def pinning_lines(result: dict, joined: dict, ports: dict[str, int], port: int) -> list[str]:
    """Where each side's calls landed, by HAProxy's X-Lobby-Host, and the backend connections."""
    lines = []
    for i, host in enumerate(HOSTS):
        stats = result["per_client"][i]
        lines.append(f"- users pinned to {host}: {joined[host]['joined']} sockets joined, handshakes answered by "
                     f"{stats['socket_backends']}; HTTP sends {stats['http_statuses']} answered by "
                     f"{stats['http_backends']}; TCP connections open into host {host}'s gunicorn: "
                     f"{connections_to(ports[host])} (one per socket, plus HTTP)")
    return lines + [f"- a first visit without the cookie: {first_visit(port)}"]


def dm_lines(done, sockets: dict) -> list[str]:
    lines = [f"Direct messages between two hosts (sockets on {sockets}):", "",
             "| step | by | heard live by | after |", "|---|---|---|---|"]
    lines += [f"| {s.what} | {s.by} | {s.heard} | {ms(s.seconds) if s.seconds is not None else 'NOT HEARD'} |"
              for s in done]
    return lines


def report(args, result: dict, joined: dict, ports: dict, port: int, dm, took: float) -> None:
    sent, over_http = result["sent"], sum(s["sent_http"] for s in result["sends"])
    print(f"\nScale-out: HAProxy {haproxy_version()} → 2 hosts × {args.workers} gevent worker(s), shared PostgreSQL + "
          f"Redis; {args.per_host} + {args.per_host} users in one channel; {2 * args.senders} senders × "
          f"{args.rate:g} msg/s for {args.seconds:g} s; total {took:.0f} s\n")
    print("\n".join(delivery_table(result)))
    print(f"\n- sent {sent:,} messages ({sent - over_http:,} over sockets, {over_http:,} over HTTP POST); HTTP "
          f"statuses {summed(result, 'http_statuses')}; socket error frames {result['errors']}"
          f"{''.join(f' {sample}' for sample in result['error_samples'])}; sockets lost {result['lost']}; server CPU {result['server_cpu']:.0%}")
    print("\n".join(pinning_lines(result, joined, ports, port)))
    print()
    print("\n".join(dm_lines(*dm)))


def run(args) -> None:
    started = time.monotonic()
    ensure_haproxy()
    raise_limits()
    users = 2 * args.per_host + 2  # the last two: the direct-message pair
    clients = None
    with LobbyDeployment(users) as deployment, tempfile.TemporaryDirectory(prefix="lobby-haproxy-") as folder:
        try:
            # docs/haproxy.cfg opens each connection with a PROXY header (the visitor's address).
            masters = {host: deployment.gunicorn(args.workers, "--proxy-protocol", "v2") for host in HOSTS}
            ports = {host: port for host, (_, port) in masters.items()}
            port = start_haproxy(deployment, Path(folder), ports)
            print(f"HAProxy on 127.0.0.1:{port} → hosts {ports}", flush=True)
            clients = Clients(len(HOSTS))
            joined = open_sockets(clients, deployment, port, args.per_host)
            result = conversation(clients, Hosts(deployment, {h: p for h, (p, _) in masters.items()}), args)
            pair = [(uid, f"bench{2 * args.per_host + i}", token) for i, (uid, token) in
                    enumerate(zip(deployment.user_ids[-2:], deployment.tokens(2, offset=2 * args.per_host)))]
            dm = asyncio.run(exchange(port, pair))
            report(args, result, joined, ports, port, dm, time.monotonic() - started)
        finally:
            if clients is not None:
                clients.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-host", type=int, default=50, help="users with a live socket on each host (50)")
    parser.add_argument("--senders", type=int, default=5, help="senders on each host (5)")
    parser.add_argument("--rate", type=float, default=2.0, help="messages a second per sender (2)")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the measured run (10)")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers per host (1)")
    parser.add_argument("--timeout", type=float, default=300, help="hard limit in seconds (300)")
    args = parser.parse_args()
    run_within(lambda: run(args), args.timeout)


if __name__ == "__main__":
    main()
