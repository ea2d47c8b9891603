"""Live-socket load benchmark: Lobby in production mode (gunicorn gevent workers, PostgreSQL,
Redis) against a bare asyncio `websockets` broadcast server and a minimal Flask-SocketIO gevent
server, all started in this run, all driven by the same load client.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python bench/chat_load.py            # full run, about 6 minutes
    .venv/bin/python bench/chat_load.py --quick    # small numbers, about 3 minutes

It creates and drops its own PostgreSQL database (127.0.0.1, user postgres) and Redis prefix.
The load client runs on the same machine and shares its cores with the servers: its CPU use is
printed next to each figure. Nothing here is a test; pytest never collects it.
"""
from __future__ import annotations

import argparse
import multiprocessing
import resource
import signal
import statistics
import sys
import time
from array import array
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "site")]

from bench.load_client import run_worker  # noqa: E402
from bench.lobby_server import LobbyDeployment  # noqa: E402
from bench.targets import AsyncioTarget, LobbyTarget, SocketIOTarget, Target  # noqa: E402

SCALES = {
    # hold: sockets held (two Lobby workers); members: the one-worker channel; seconds per phase
    "full": {"hold": 5000, "members": 1000, "seconds": 10.0, "http_seconds": 10.0},
    "quick": {"hold": 600, "members": 200, "seconds": 4.0, "http_seconds": 4.0},
}


SLOW_SECONDS = 15.0
# Keep-alive connections in all. Each stays on the worker that accepted it, and with a few a
# gevent worker often accepts them all while the other sleeps (seen: 16 connections, one worker
# at 100 % CPU, the other idle); 64 spread about evenly, as many browsers would.
HTTP_CONNECTIONS = 64


class Timeout(Exception):
    pass


def raise_limits() -> None:
    """Thousands of sockets: lift the open-file limit to the hard limit (children inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Clients:
    """The load-client processes; `call` sends one command to each and gathers the answers."""

    def __init__(self, count: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipes, self.processes = [], []
        for worker_id in range(count):
            mine, theirs = context.Pipe()
            process = context.Process(target=run_worker, args=(theirs, worker_id), daemon=True)
            process.start()
            self.pipes.append(mine)
            self.processes.append(process)

    def call(self, op: str, each=None, **common) -> list[dict]:
        for i, pipe in enumerate(self.pipes):
            pipe.send({"op": op, **common, **(each(i) if each else {})})
        answers = [pipe.recv() for pipe in self.pipes]
        for answer in answers:
            if not answer.get("ok"):
                raise RuntimeError(f"load client failed on {op}: {answer.get('error')}")
        return answers

    def close(self) -> None:
        for pipe, process in zip(self.pipes, self.processes):
            try:
                pipe.send({"op": "exit"})
                if pipe.poll(5):
                    pipe.recv()
            except (OSError, EOFError):
                pass
            process.join(timeout=5)
            if process.is_alive():
                process.kill()


def split(items: list, parts: int, i: int) -> list:
    return items[i::parts]


def connect(clients: Clients, target: Target, count: int, concurrency: int = 100) -> dict:
    tokens = target.tokens(count)
    answers = clients.call("connect", each=lambda i: {"tokens": split(tokens, len(clients.pipes), i)},
                           host="127.0.0.1", port=target.port, channel_id=target.channel(), dialect=target.dialect,
                           concurrency=concurrency)
    failures: dict[str, int] = {}
    for answer in answers:
        for name, n in answer["failures"].items():
            failures[name] = failures.get(name, 0) + n
    return {"joined": sum(a["joined"] for a in answers), "failures": failures,
            "seconds": max(a["seconds"] for a in answers)}


def percentile(values, q: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(q * len(values)))]


def gather(answers: list[dict]) -> dict:
    latencies = array("d")
    for answer in answers:
        latencies.frombytes(answer["latencies"])
    ordered = sorted(latencies)
    total = {key: sum(a[key] for a in answers) for key in ("deliveries", "dups", "in_window", "errors", "lost", "open",
                                                         "frames", "close_frames", "reads")}
    total["distinct"] = [d for a in answers for d in a["distinct"]]
    total["latencies"] = ordered
    total["cpu"] = sum(a["cpu"] for a in answers)
    total["error_samples"] = [s for a in answers for s in a["error_samples"]][:3]
    total["first_by_sender"] = [a["first_by_sender"] for a in answers]
    return total


def traffic(clients: Clients, target: Target, *, senders: int, seconds: float, rate: float = 0.0, window: int = 0,
            pad: int = 0, drain: float = 6.0, **send_options) -> dict:
    """Senders send for `seconds`; everyone counts what arrives. Returns the gathered figures
    with `sent`, the rate over the measured window, and client and server CPU use; `per_client`
    and `sends` keep each client's own stats and send counts. `send_options` go to every send."""
    clients.call("reset")
    per_client = [senders // len(clients.pipes) + (1 if i < senders % len(clients.pipes) else 0)
                  for i in range(len(clients.pipes))]
    start = time.time() + 1.0
    measure = (start + min(1.0, seconds / 4), start + seconds)
    before = clients.call("stats")
    client_cpu, client_sys = sum(a["cpu"] for a in before), sum(a["cpu_system"] for a in before)
    switches = [sum(a["switches"][i] for a in before) for i in (0, 1)]
    faults = sum(a["faults"] for a in before)
    server_cpu = target.cpu()
    sent = clients.call("send", each=lambda i: {"senders": per_client[i], "first": sum(per_client[:i]),
                                                "everyone": senders}, channel_id=target.channel(),
                        duration=seconds, start_at=start, rate=rate, window=window, measure=measure, pad=pad,
                        **send_options)
    server_cpu = target.cpu() - server_cpu
    clients.call("wait", seconds=drain)  # let the last messages arrive (a late one counts as late)
    after = clients.call("stats")
    result = gather(after)
    result["client_sys"] = (sum(a["cpu_system"] for a in after) - client_sys) / seconds
    result["client_switches"] = [sum(a["switches"][i] for a in after) - switches[i] for i in (0, 1)]
    result["client_faults"] = sum(a["faults"] for a in after) - faults
    result["sent"] = sum(a["sent"] for a in sent)
    result["window_rate"] = result["in_window"] / (measure[1] - measure[0])
    result["client_cpu"] = (result["cpu"] - client_cpu) / seconds
    result["server_cpu"] = server_cpu / seconds
    result["per_client"], result["sends"] = after, sent
    return result


def warm_up(clients: Clients, target: Target) -> None:
    """A few sockets and messages first: a fresh worker opens its database pool and imports its
    handlers on first use, and that one-off cost is no per-socket figure."""
    connect(clients, target, 20)
    clients.call("send", senders=1, channel_id=target.channel(), duration=1.0, start_at=time.time() + 0.2, rate=5.0)
    clients.call("close")
    time.sleep(1.0)


def held(clients: Clients) -> int:
    return sum(a["open"] for a in clients.call("stats"))


# --- scenarios -----------------------------------------------------------------------------------

def hold_and_fan_out(clients: Clients, target: Target, scale: dict, log) -> dict:
    """(1) hold N sockets, memory per socket; (4)+(5) 4 messages/s into all of them, latency and
    exactly-once."""
    n = scale["hold"]
    warm_up(clients, target)
    before = target.rss()
    joined = connect(clients, target, n, concurrency=50)
    time.sleep(3.0)  # a moment to settle before measuring
    after = target.rss()
    open_now = held(clients)
    log(f"  {target.name}: {joined['joined']}/{n} joined in {joined['seconds']:.1f}s, {open_now} open, "
        f"{(after - before) / max(1, open_now) / 1024:.1f} KB/socket; failures {joined['failures'] or 'none'}")
    fan = traffic(clients, target, senders=4, rate=1.0, seconds=scale["seconds"])
    log(f"  {target.name}: 4 msg/s into {open_now}: {describe(fan, open_now)}")
    clients.call("close")
    return {"n": n, "joined": joined, "open": open_now, "kb": (after - before) / max(1, open_now) / 1024, "fan": fan}


def channel_load(clients: Clients, target: Target, scale: dict, log, slow_reader: Clients | None = None) -> dict:
    """(3) 20 messages/s into M members, latency; (2) saturation; (6) a slow reader, Lobby only."""
    m = scale["members"]
    warm_up(clients, target)
    joined = connect(clients, target, m)
    log(f"  {target.name}: {joined['joined']}/{m} members joined in {joined['seconds']:.1f}s "
        f"{joined['failures'] or ''}")
    members = held(clients)
    steady = traffic(clients, target, senders=10, rate=2.0, seconds=scale["seconds"])
    log(f"  {target.name}: 20 msg/s into {members}: {describe(steady, members)}")
    # Saturation: each of 10 senders keeps 4 messages in flight: 40 at most, well inside Lobby's
    # 256-frame outbox, so a reader that keeps up is never cut off for being slow.
    saturated = traffic(clients, target, senders=10, window=4, seconds=scale["seconds"], drain=8.0)
    log(f"  {target.name}: saturation into {members}: {saturated['window_rate']:,.0f} deliveries/s; "
        f"{describe(saturated, members)}")
    result = {"members": members, "steady": steady, "saturated": saturated}
    if slow_reader is not None:
        result["slow"] = slow_reader_test(clients, target, slow_reader, scale, log)
    clients.call("close")
    return result


def slow_reader_test(clients: Clients, target: Target, slow: Clients, scale: dict, log) -> dict:
    """A socket that stops reading, with a small receive window, while the channel is busy: it
    must be cut off, and everyone else must still get everything."""
    tokens = target.tokens(scale["members"] + 1)[-1:]
    slow.call("connect", tokens=tokens, host="127.0.0.1", port=target.port, channel_id=target.channel(),
              dialect=target.dialect, rcvbuf=4096)
    slow.call("pause", paused=True)
    members = held(clients)
    # 10 messages/s of ~3.8 KB (1,900 Cyrillic letters): a moderate load the others keep up with,
    # while the stalled socket's buffers and outbox fill.
    busy = traffic(clients, target, senders=20, rate=0.5, seconds=SLOW_SECONDS, pad=1900, drain=8.0)
    slow.call("pause", paused=False)
    slow.call("wait", seconds=1.0)
    reader = slow.call("stats")[0]
    slow.call("close")
    log(f"  {target.name}: slow reader {'cut off' if reader['lost'] else 'STILL OPEN'} after "
        f"{reader['deliveries']} of {busy['sent']} messages; others: {describe(busy, members)}")
    return {"cut": bool(reader["lost"]), "got": reader["deliveries"], "sent": busy["sent"], "busy": busy,
            "members": members}


def http_posts(clients: Clients, target: LobbyTarget, scale: dict, log) -> dict:
    """(7) POST /api/messages/{channel}/messages on PostgreSQL over keep-alive connections."""
    tokens = target.tokens(target.deployment.user_count)
    clients.call("http", each=lambda i: {"tokens": split(tokens, len(clients.pipes), i)}, host="127.0.0.1",
                 port=target.port, path=f"/api/messages/{target.channel()}/messages", connections=HTTP_CONNECTIONS // len(clients.pipes),
                 duration=2.0, start_at=time.time() + 0.2)  # warm-up: the pools fill, nothing counted
    start = time.time() + 1.0
    cpu, per_worker = target.cpu(), target.cpu_by_process()
    answers = clients.call("http", each=lambda i: {"tokens": split(tokens, len(clients.pipes), i)},
                           host="127.0.0.1", port=target.port, path=f"/api/messages/{target.channel()}/messages",
                           connections=HTTP_CONNECTIONS // len(clients.pipes),
                           duration=scale["http_seconds"], start_at=start)
    cpu = target.cpu() - cpu
    per_worker = [after - per_worker.get(pid, 0.0) for pid, after in target.cpu_by_process().items()]
    statuses: dict[int, int] = {}
    latencies = array("d")
    for answer in answers:
        latencies.frombytes(answer["latencies"])
        for status, n in answer["statuses"].items():
            statuses[status] = statuses.get(status, 0) + n
    ordered = sorted(latencies)
    seconds = scale["http_seconds"]
    rate = statuses.get(201, 0) / seconds
    by_worker = " + ".join(f"{worker / seconds:.0%}" for worker in per_worker)
    log(f"  Lobby: POST {rate:,.0f} created/s; statuses {statuses}; p50 {percentile(ordered, .5) * 1000:.1f} ms "
        f"p99 {percentile(ordered, .99) * 1000:.1f} ms; server CPU {cpu / seconds:.0%} ({by_worker} by worker)")
    return {"rate": rate, "statuses": statuses, "p50": percentile(ordered, .5), "p99": percentile(ordered, .99)}


def describe(result: dict, members: int) -> str:
    lat = result["latencies"]
    expected = result["sent"] * members
    if result["deliveries"] < expected:
        print("    senders heard by each client's first socket:", result["first_by_sender"])
    return (f"sent {result['sent']}, delivered {result['deliveries']:,}/{expected:,} "
            f"({within(result, members, 1e9):.2%}), dups {result['dups']}, p50 {percentile(lat, .5) * 1000:.1f} ms, "
            f"p99 {percentile(lat, .99) * 1000:.1f} ms, lost sockets {result['lost']}, errors {result['errors']} "
            f"{result['error_samples'] or ''}; {result['reads']:,} reads; CPU client {result['client_cpu']:.0%} "
            f"(system {result['client_sys']:.0%}; context switches {result['client_switches'][0]:,} waiting, "
            f"{result['client_switches'][1]:,} preempted; {result['client_faults']:,} page faults) "
            f"server {result['server_cpu']:.0%}")


def within(result: dict, members: int, seconds: float) -> float:
    expected = result["sent"] * members
    if not expected:
        return 0.0
    import bisect

    return bisect.bisect_right(result["latencies"], seconds) / expected


def exactly_once(result: dict, members: int) -> tuple[bool, str]:
    short = sum(1 for d in result["distinct"] if d != result["sent"])
    ok = result["dups"] == 0 and short == 0 and result["lost"] == 0 and len(result["distinct"]) == members
    return ok, f"{result['sent']} msgs × {members}: dups {result['dups']}, sockets short {short}, lost {result['lost']}"


# --- the table -------------------------------------------------------------------------------------

def ms(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value == value else "—"


def table(results: dict, scale: dict, quick: bool) -> list[str]:
    lobby, base, sio = results["Lobby"], results["asyncio"], results["Flask-SocketIO"]
    rows = []
    n, m = scale["hold"], scale["members"]

    def hold(r):
        return f"{r['open']}/{r['n']} held, {r['kb']:.0f} KB" if r else "—"
    ok = lobby["hold"]["open"] == n and lobby["hold"]["kb"] <= 60
    rows.append((f"{n:,} sockets held (Lobby: 2 workers)", hold(lobby["hold"]), hold(base["hold"]), hold(sio["hold"]),
                 "100 %, ≤ 60 KB each", ok))

    def rate(r):
        return f"{r['channel']['saturated']['window_rate']:,.0f}/s"
    lr, br, sr = (r["channel"]["saturated"]["window_rate"] for r in (lobby, base, sio))
    rows.append((f"saturation, 1 worker, {m:,} members: deliveries/s", rate(lobby), rate(base), rate(sio),
                 f"≥ 50 % of asyncio ({lr / br:.0%}), > SocketIO", lr >= 0.5 * br and lr > sr))
    sat = lobby["channel"]["saturated"]
    sat_within = within(sat, lobby["channel"]["members"], 5.0)
    rows.append(("saturation: delivered within 5 s", f"{sat_within:.2%}",
                 f"{within(base['channel']['saturated'], base['channel']['members'], 5.0):.2%}",
                 f"{within(sio['channel']['saturated'], sio['channel']['members'], 5.0):.2%}", "≥ 99.9 %",
                 sat_within >= 0.999))

    def p(r, key="steady"):
        lat = r["channel"][key]["latencies"]
        return f"{ms(percentile(lat, .5))} / {ms(percentile(lat, .99))}"
    l99, b99, s99 = (percentile(r["channel"]["steady"]["latencies"], .99) for r in (lobby, base, sio))
    rows.append((f"20 msg/s into {m:,}: p50 / p99", p(lobby), p(base), p(sio),
                 f"p99 ≤ 2× asyncio ({l99 / b99:.1f}×), < SocketIO", l99 <= 2 * b99 and l99 < s99))

    def p5(r):
        lat = r["hold"]["fan"]["latencies"]
        return f"{ms(percentile(lat, .5))} / {ms(percentile(lat, .99))}"
    f99 = percentile(lobby["hold"]["fan"]["latencies"], .99)
    rows.append((f"4 msg/s into {n:,} (Lobby: 2 workers + Redis): p50 / p99", p5(lobby), p5(base), p5(sio),
                 "p99 ≤ 175 ms", f99 <= 0.175))
    once = [exactly_once(r["hold"]["fan"], r["hold"]["open"]) for r in (lobby, base, sio)]
    steady_once = exactly_once(lobby["channel"]["steady"], lobby["channel"]["members"])
    rows.append(("exactly once, moderate load (the two rows above)",
                 "yes" if once[0][0] and steady_once[0] else "NO", "yes" if once[1][0] else "NO",
                 "yes" if once[2][0] else "NO", "every message, every socket, once", once[0][0] and steady_once[0]))
    slow = lobby["channel"]["slow"]
    busy_ok = exactly_once(slow["busy"], slow["members"])[0]
    rows.append(("slow reader (stops reading), 10 msg/s of 3.8 KB",
                 f"{'cut off' if slow['cut'] else 'not cut off'}, others {'intact' if busy_ok else 'HURT'}", "—", "—",
                 "cut off, others fine", slow["cut"] and busy_ok))
    post = lobby["http"]
    rows.append(("POST /api/messages/{id}/messages (2 workers, PostgreSQL)", f"{post['rate']:,.0f} req/s", "—", "—",
                 "≥ 600 req/s", post["rate"] >= 600))
    header = ("scenario", "Lobby", "asyncio websockets", "Flask-SocketIO", "target", "")
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name, a, b, c, goal, passed in rows:
        verdict = ("PASS" if passed else "FAIL") + (" (quick)" if quick else "")
        lines.append(f"| {name} | {a} | {b} | {c} | {goal} | {verdict} |")
    return lines


# --- the run ---------------------------------------------------------------------------------------

def run(args) -> None:
    scale = dict(SCALES["quick" if args.quick else "full"])
    if args.hold:
        scale["hold"] = args.hold
    if args.members:
        scale["members"] = args.members
    started = time.monotonic()

    def log(text: str) -> None:
        print(f"[{time.monotonic() - started:6.1f}s] {text}", flush=True)

    raise_limits()
    users = max(scale["hold"], scale["members"] + 1)
    log(f"setting up: database, {users:,} users, {args.clients} load-client processes "
        f"(they share the machine's {multiprocessing.cpu_count()} cores with the servers)")
    results: dict[str, dict] = {}
    clients = slow = None
    with LobbyDeployment(users) as deployment:
        targets: list[Target] = [t for t in (LobbyTarget(deployment), AsyncioTarget(), SocketIOTarget())
                                 if not args.only or t.name.lower() in args.only]
        try:
            clients, slow = Clients(args.clients), Clients(1)
            if args.invisible:
                deployment.invisible(True)
                log("presence: every bench user is invisible")
            for target in targets:
                result = {}
                if "hold" in args.scenarios:
                    log(f"{target.name}: hold {scale['hold']:,} sockets, then 4 msg/s into them")
                    target.start(2)
                    result["hold"] = hold_and_fan_out(clients, target, scale, log)
                    target.stop()
                if "channel" in args.scenarios:
                    log(f"{target.name}: {scale['members']:,} members on one worker")
                    target.start(1)
                    result["channel"] = channel_load(clients, target, scale, log,
                                                     slow if isinstance(target, LobbyTarget) else None)
                    target.stop()
                if isinstance(target, LobbyTarget) and "http" in args.scenarios:
                    log("Lobby: HTTP POST throughput, 2 workers")
                    target.start(2)
                    result["http"] = http_posts(clients, target, scale, log)
                    target.stop()
                results[target.name] = result
        finally:
            for target in targets:
                target.stop()
            for group in (clients, slow):
                if group is not None:
                    group.close()
    if args.only or set(args.scenarios) != {"hold", "channel", "http"}:
        return
    print()
    print(f"Live socket load, {'--quick (scaled down)' if args.quick else 'full run'}; "
          f"load client: {args.clients} processes on the same {multiprocessing.cpu_count()} cores, "
          f"permessage-deflate offered and declined by every server; "
          f"presence {'off (bench users invisible)' if args.invisible else 'on, as for real users'}; "
          f"total {time.monotonic() - started:.0f} s")
    for line in table(results, scale, args.quick):
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small numbers, about 2 minutes")
    parser.add_argument("--hold", type=int, help="sockets held on two workers (default 5000; quick 600)")
    parser.add_argument("--members", type=int, help="members of the one-worker channel (default 1000; quick 200)")
    parser.add_argument("--clients", type=int, default=2, help="load-client processes (default 2)")
    parser.add_argument("--invisible", action="store_true",
                        help="mark every bench user invisible (by default they are online like real users; "
                             "servers this large get no pushed presence, see README)")
    parser.add_argument("--only", nargs="*", help="run only these servers (lobby, asyncio, flask-socketio); no table")
    parser.add_argument("--scenarios", nargs="*", default=["hold", "channel", "http"],
                        help="hold (sockets held, 4 msg/s), channel (saturation, 20 msg/s, slow reader), http "
                             "(POST rate); default all three; with fewer, no table")
    parser.add_argument("--timeout", type=float, default=None, help="hard limit in seconds (default 1500; quick 400)")
    args = parser.parse_args()
    run_within(lambda: run(args), args.timeout or (400 if args.quick else 1500))


def run_within(run, limit: float) -> None:
    """Run a benchmark with a hard time limit. The limit, SIGTERM and Ctrl-C all raise inside it,
    so its `with` and `finally` blocks tear everything down on the way out."""
    def expire(signum, frame):
        raise Timeout(f"the benchmark ran past its {limit:.0f} s limit")

    signal.signal(signal.SIGALRM, expire)
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    signal.alarm(int(limit))
    try:
        run()
    except (Timeout, KeyboardInterrupt) as stopped:
        print(f"stopped: {str(stopped) or 'interrupted'}; everything was torn down", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
