"""Faults, on purpose (issue 19): Lobby in production mode (2 gunicorn gevent workers, PostgreSQL,
Redis, the RQ job worker) while its parts fail under people using it.

    .venv/bin/python bench/chaos.py                      # every scenario, about 8 minutes
    .venv/bin/python bench/chaos.py redis --outage 20    # one, shorter

- redis:    Redis stops for --outage seconds while people sign up and chat.
- postgres: PostgreSQL restarts (fast shutdown, --down seconds, start) under sends and reads.
- web:      one web worker is killed (SIGKILL) with about half of --sockets sockets on it.
- jobs:     the job worker is killed in the middle of sending a mail.

Each runs on a PostgreSQL cluster, a Redis and an SMTP sink of the run's own (bench/chaos_stack.py),
never the machine's, and prints its figures; a table of all of them comes last. The people are
bench/chaos_client.py: they reconnect and catch up as the browser does, so "lost" means a message
someone never had, live or fetched.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "site")]

from bench.chaos_client import Person, Sender, ahttp, coverage  # noqa: E402
from bench.chaos_stack import Stack, wait_until  # noqa: E402


async def gather_people(stack: Stack, count: int, offset: int = 0) -> tuple[list[Person], list[asyncio.Task]]:
    tokens = stack.deployment.tokens(count, offset)
    people = [Person(stack.url, token, stack.deployment.channel_id) for token in tokens]
    tasks = [asyncio.create_task(person.run()) for person in people]
    await asyncio.wait_for(asyncio.gather(*(person.connected.wait() for person in people)), 120)
    return people, tasks


async def finish(people: list[Person], senders: list[Sender], tasks: list[asyncio.Task], settle: float = 5.0) -> None:
    for sender in senders:
        sender.stop()
    await asyncio.sleep(settle)  # the last messages reach everyone
    for person in people:
        person.stop()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def sent_ids(senders: list[Sender]) -> set[int]:
    return {message_id for sender in senders for message_id in sender.sent.values()}


def merged(counts: list[dict[int, int]]) -> dict[int, int]:
    total: dict[int, int] = {}
    for found in counts:
        for status, n in found.items():
            total[status] = total.get(status, 0) + n
    return dict(sorted(total.items()))


class Poller:
    """GET a path every `every` seconds, keeping (time, status, body)."""

    def __init__(self, url: str, every: float = 0.5) -> None:
        self.url, self.every, self.seen, self._stop = url, every, [], False

    async def run(self) -> None:
        while not self._stop:
            status, body, headers = await ahttp("GET", self.url, timeout=10)
            self.seen.append((time.monotonic(), status, body, headers))
            await asyncio.sleep(self.every)


# --- Redis away ---------------------------------------------------------------------------------

async def redis_outage(stack: Stack, outage: float, chatters: int = 20, signups: int = 50) -> dict:
    people, tasks = await gather_people(stack, chatters)
    senders = [Sender(stack.url, token, stack.deployment.channel_id, every=2.0)
               for token in stack.deployment.tokens(10)]
    tasks += [asyncio.create_task(sender.run()) for sender in senders]
    health = Poller(f"{stack.url}/healthz")
    tasks.append(asyncio.create_task(health.run()))
    before, after = 10.0, 25.0
    emails = [f"chaos{i}@example.com" for i in range(signups)]
    signed: dict[str, int] = {}

    async def sign_up(index: int, email: str) -> None:
        await asyncio.sleep(index * (before + outage + after - 5) / signups)
        status, _, _ = await ahttp("POST", f"{stack.url}/api/auth/register", body={
            "username": f"chaos{index}", "email": email, "firstName": "Хаос", "lastName": "Тестов",
            "password": "password-123"}, source=f"127.0.{index // 250}.{index % 250 + 2}")
        signed[email] = status

    signing = [asyncio.create_task(sign_up(i, email)) for i, email in enumerate(emails)]
    await asyncio.sleep(before)
    down_at = time.monotonic()
    stack.redis.stop()
    await asyncio.sleep(outage)
    stack.redis.start()
    back_at = time.monotonic()
    last_before_back = max(sent_ids(senders), default=0)
    await asyncio.gather(*signing)
    await asyncio.sleep(after)
    health._stop = True
    await finish(people, senders, tasks)

    during = [(status, body) for at, status, body, _ in health.seen if down_at + 1 < at < back_at]
    healthy_again = next((at - back_at for at, status, _, _ in health.seen if at > back_at and status == 200), None)
    resynced = [person.resynced_at for person in people]
    later = sorted(i for i in sent_ids(senders) if i > last_before_back)
    live_again = next((max(p.first_live_at[i] for p in people) - back_at for i in later
                       if all(i in p.first_live_at for p in people)), None)
    accepted = [email for email, status in signed.items() if status == 201]
    wait_until(lambda: all(stack.smtp.count_to(email) >= 1 for email in accepted), 120)
    sent_late = [stack.smtp.arrived[email] - back_at for email in accepted if email in stack.smtp.arrived]
    statuses = merged([sender.statuses for sender in senders] + [{status: 1} for status in signed.values()])
    return {
        "api statuses (sends, sign-ups)": statuses,
        "sign-ups answered 201": f"{len(accepted)}/{signups}",
        "healthz while away": f"{sum(1 for s, b in during if s == 503 and b.get('redis') == 'unreachable')}/{len(during)} "
                              f"said 503, redis unreachable",
        "messages sent / lost / heard twice": f"{len(sent_ids(senders))} / {coverage(people, sent_ids(senders))['missing']} / "
                                              f"{coverage(people, sent_ids(senders))['duplicated']}",
        "mails lost / sent twice": f"{sum(1 for e in accepted if stack.smtp.count_to(e) == 0)} / "
                                   f"{sum(1 for e in accepted if stack.smtp.count_to(e) > 1)}",
        "seconds to recover: healthz 200, every socket told to resync, live delivery to all, every mail sent": (
            f"{fmt(healthy_again)}, {fmt(max(resynced) - back_at if all(resynced) else None)}, {fmt(live_again)}, "
            f"{fmt(max(sent_late) if len(sent_late) == len(accepted) else None)}"),
    }


# --- PostgreSQL restarts ------------------------------------------------------------------------

async def postgres_restart(stack: Stack, down: float) -> dict:
    people, tasks = await gather_people(stack, 20)
    senders = [Sender(stack.url, token, stack.deployment.channel_id, every=0.5)
               for token in stack.deployment.tokens(10)]
    tasks += [asyncio.create_task(sender.run()) for sender in senders]
    reader_token = stack.deployment.tokens(1)[0]
    reads = Poller(f"{stack.url}/api/messages/{stack.deployment.channel_id}/messages?limit=20", every=0.1)
    tasks.append(asyncio.create_task(read_forever(reads, reader_token)))
    await asyncio.sleep(5)
    down_at = time.monotonic()
    await asyncio.to_thread(stack.postgres.stop)
    await asyncio.sleep(down)
    await asyncio.to_thread(stack.postgres.start)
    back_at = time.monotonic()
    await asyncio.sleep(20)
    reads._stop = True
    await finish(people, senders, tasks)
    window = [(at, status, headers) for at, status, _, headers in reads.seen if at > down_at]
    failures_after = [at - back_at for at, status, _ in window if status != 200 and at > back_at]
    statuses = merged([sender.statuses for sender in senders] + [{status: 1} for _, status, _ in window])
    unavailable = [h for _, status, h in window if status == 503]
    return {
        "statuses from the stop on (sends, reads)": statuses,
        "500s": statuses.get(500, 0),
        "503s with Retry-After": f"{sum(1 for h in unavailable if h.get('Retry-After'))}/{len(unavailable)}",
        "slowest send (s; a hung worker would show)": f"{max(sender.slowest for sender in senders):.1f}",
        "seconds after PostgreSQL is back until every call succeeds": fmt(max(failures_after, default=0.0)),
        "messages sent / lost / heard twice": f"{len(sent_ids(senders))} / {coverage(people, sent_ids(senders))['missing']} / "
                                              f"{coverage(people, sent_ids(senders))['duplicated']}",
    }


async def read_forever(poller: Poller, token: str) -> None:
    while not poller._stop:
        status, body, headers = await ahttp("GET", poller.url, token, timeout=10)
        poller.seen.append((time.monotonic(), status, body, headers))
        await asyncio.sleep(poller.every)


# --- a web worker killed ------------------------------------------------------------------------

async def web_worker_killed(stack: Stack, sockets: int) -> dict:
    people, tasks = await gather_people(stack, sockets)
    senders = [Sender(stack.url, token, stack.deployment.channel_id, every=1.0)
               for token in stack.deployment.tokens(5, offset=sockets)]
    tasks += [asyncio.create_task(sender.run()) for sender in senders]
    await asyncio.sleep(5)
    victim = stack.web_pids()[0]
    os.kill(victim, signal.SIGKILL)
    killed_at = time.monotonic()
    await asyncio.sleep(3)
    dropped = [person for person in people if person.drops]
    await asyncio.sleep(45)  # the policy's three tries take 35 s at most
    await finish(people, senders, tasks)
    back = [max(person.back_after) for person in dropped if person.back_after]
    found = coverage(dropped, sent_ids(senders))
    return {
        "sockets on the killed worker": f"{len(dropped)}/{len(people)}",
        "back within the policy (3 tries, 5/10/20 s)": f"{len(back)}/{len(dropped)}; gave up: "
                                                        f"{sum(1 for p in dropped if p.gave_up)}",
        "seconds from the kill until back: median / slowest": (
            f"{fmt(statistics.median(back) if back else None)} / {fmt(max(back, default=None))}"),
        "their messages sent / lost / heard twice": f"{len(sent_ids(senders))} / {found['missing']} / {found['duplicated']}",
        "fetched on catching up (missed while away)": found["fetched"],
        "sends refused or failed meanwhile (sent again, same nonce)": sum(
            n for s in senders for status, n in s.statuses.items() if status not in (200, 201)),
    }


# --- the job worker killed mid-send -------------------------------------------------------------

async def job_worker_killed(stack: Stack) -> dict:
    email = "held@example.com"
    stack.smtp.hold_for = email
    status, _, _ = await ahttp("POST", f"{stack.url}/api/auth/register", body={
        "username": "held", "email": email, "firstName": "Хаос", "lastName": "Тестов", "password": "password-123"})
    held = await asyncio.to_thread(stack.smtp.holding.wait, 60)
    killed_at = time.monotonic()
    stack.kill_worker()
    stack.start_worker()
    await asyncio.to_thread(wait_until, lambda: stack.smtp.count_to(email) >= 1, 300, 0.5)
    await asyncio.sleep(20)  # a second copy, if any, would come now
    arrived = stack.smtp.arrived.get(email)
    return {
        "sign-up": status,
        "mail held mid-send when the worker was killed": "yes" if held else "no",
        "seconds from the kill until the retried job sent it": fmt(None if arrived is None else arrived - killed_at),
        "copies received": stack.smtp.count_to(email),
    }


def fmt(seconds: float | None) -> str:
    return "never" if seconds is None else f"{seconds:.1f}"


SCENARIOS = {
    "redis": lambda stack, args: redis_outage(stack, args.outage),
    "postgres": lambda stack, args: postgres_restart(stack, args.down),
    "web": lambda stack, args: web_worker_killed(stack, args.sockets),
    "jobs": lambda stack, args: job_worker_killed(stack),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenarios", nargs="*", metavar="scenario", help=f"any of {', '.join(SCENARIOS)} (default: all)")
    parser.add_argument("--outage", type=float, default=60.0, help="seconds Redis stays away")
    parser.add_argument("--down", type=float, default=5.0, help="seconds PostgreSQL stays down")
    parser.add_argument("--sockets", type=int, default=2000, help="sockets over the two web workers")
    args = parser.parse_args()
    unknown = set(args.scenarios) - set(SCENARIOS)
    if unknown:
        parser.error(f"unknown scenario {', '.join(sorted(unknown))}")
    from bench.chat_load import raise_limits

    raise_limits()
    results = {}
    for name in args.scenarios or SCENARIOS:
        print(f"=== {name}", flush=True)
        with Stack(users=args.sockets + 50) as stack:
            results[name] = asyncio.run(SCENARIOS[name](stack, args))
        for key, value in results[name].items():
            print(f"  {key}: {value}", flush=True)
    print("\n| scenario | figure | value |\n|---|---|---|")
    for name, figures in results.items():
        for key, value in figures.items():
            print(f"| {name} | {key} | {value} |")


if __name__ == "__main__":
    main()
