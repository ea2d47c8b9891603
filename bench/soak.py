"""Soak (issue 19): Lobby in production mode (bench/chaos_stack.py: 2 gunicorn gevent workers, the
RQ job worker, a PostgreSQL, Redis and SMTP sink of the run's own) under people who send, react,
type, sit in voice and reconnect every few minutes, for a long time.

    .venv/bin/python bench/soak.py                                  # 30 minutes, 200 sockets
    .venv/bin/python bench/soak.py --minutes 3 --warmup-minutes 1   # to try it

Targets: 5xx ≤ 0.025 %; p99 ≤ 2 s; every Lobby process's RSS grows ≤ 10 % from the end of warm-up
to the end; no message lost or heard twice by any receiver. The people are bench/soak_people.py.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "site")]

from bench.chaos_stack import Stack  # noqa: E402
from bench.soak_people import Soaker, Tally  # noqa: E402
from bench.soak_report import Memory, audit, report, window_line  # noqa: E402
from bench.voice_relay import add_voice_channels  # noqa: E402


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add = parser.add_argument
    add("--minutes", type=float, default=30.0)
    add("--warmup-minutes", type=float, default=5.0, help="memory growth is measured from its end")
    add("--sockets", type=int, default=200)
    add("--progress-minutes", type=float, default=5.0, help="a progress line this often")
    add("--messages-per-second", type=float, default=3.0, help="all people together")
    add("--http-share", type=float, default=0.5, help="share of sends and reactions over HTTP (the rest: socket)")
    add("--reactions-per-second", type=float, default=1.0)
    add("--typing-per-second", type=float, default=1.0, help="drafts typed and left (every send types first too)")
    add("--reads-per-second", type=float, default=0.5, help="channel history opened (GET, 50 messages)")
    add("--voice-joins-per-minute", type=float, default=20.0)
    add("--voice-stay", type=float, nargs=2, default=(30.0, 120.0), metavar=("LOW", "HIGH"), help="seconds seated")
    add("--voice-channels", type=int, default=10, help="voice channels added to the seeded server (8 seats each)")
    add("--reconnect", type=float, nargs=2, default=(120.0, 300.0), metavar=("LOW", "HIGH"),
        help="each person closes its socket after a random number of seconds in this range, again and again")
    # Access tokens live 15 minutes; the browser refreshes them, the bench mints new ones.
    add("--token-renewal-minutes", type=float, default=10.0)
    return parser.parse_args()


class Schedules:
    """Open-loop actions at Poisson intervals, each on a random person, each its own task (a slow
    answer never slows the schedule down)."""

    def __init__(self, people: list[Soaker]) -> None:
        self.people, self.tasks, self.running = people, set(), True

    def someone(self, connected: bool = True) -> Soaker:
        pool = [p for p in self.people if p.ws is not None] if connected else self.people
        return random.choice(pool or self.people)

    def start(self, rate: float, act) -> None:
        if rate > 0:
            self.spawn(self.repeat(rate, act))

    async def repeat(self, rate: float, act) -> None:
        while self.running:
            await asyncio.sleep(random.expovariate(rate))
            if self.running:
                self.spawn(act())

    def spawn(self, work) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def stop(self, grace: float = 30.0) -> None:
        """No new actions; those under way finish (a send is retried until taken) or are cut after `grace`."""
        self.running = False
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=grace)
        for task in list(self.tasks):
            task.cancel()


def start_actions(schedules: Schedules, args: argparse.Namespace, base: str, channel_id: int, tally: Tally) -> None:
    def socket_or_http() -> bool:
        return random.random() >= args.http_share

    schedules.start(args.messages_per_second, lambda: schedules.someone().send_message(socket_or_http(), True))
    schedules.start(args.reactions_per_second, lambda: schedules.someone().react(socket_or_http()))
    schedules.start(args.typing_per_second, lambda: schedules.someone().type_briefly())
    schedules.start(args.voice_joins_per_minute / 60, lambda: schedules.someone().sit_in_voice(args.voice_stay))
    schedules.start(args.reads_per_second, lambda: tally.ahttp(
        "history", "GET", f"{base}/api/messages/{channel_id}/messages?limit=50", schedules.someone(False).token))


async def soak(stack: Stack, args: argparse.Namespace) -> None:
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(64))  # HTTP calls run in threads
    deployment, tally = stack.deployment, Tally()
    _, voice_ids = await asyncio.to_thread(add_voice_channels, deployment, args.voice_channels)
    people = [Soaker(stack.url, token, deployment.channel_id, tally, voice_ids)
              for token in deployment.tokens(args.sockets)]
    runs = [asyncio.create_task(person.run()) for person in people]
    await asyncio.wait_for(asyncio.gather(*(person.connected.wait() for person in people)), 180)
    print(f"{len(people)} sockets connected; {args.minutes:g} min of load, warm-up {args.warmup_minutes:g} min", flush=True)

    schedules = Schedules(people)
    start_actions(schedules, args, stack.url, deployment.channel_id, tally)
    closers = [asyncio.create_task(person.reconnect_every(*args.reconnect)) for person in people]
    memory = Memory(stack)
    await keep_watch(args, stack, people, tally, memory)

    # The end: no new actions, no more closing; everyone back on a socket and caught up.
    for task in closers:
        task.cancel()
    await schedules.stop()
    await settle(people)
    for person in people:
        person.stop()
    for task in runs:
        task.cancel()
    await asyncio.gather(*runs, return_exceptions=True)
    stored = await audit(stack.url, deployment.channel_id, people[0].token)
    report(args, tally, people, memory, stored)


async def keep_watch(args: argparse.Namespace, stack: Stack, people: list[Soaker], tally: Tally, memory: Memory) -> None:
    """Until the run's end: memory every 30 s, a progress line, fresh tokens."""
    started = time.monotonic()
    end, warm = started + args.minutes * 60, started + args.warmup_minutes * 60
    next_sample, next_line = started, started + args.progress_minutes * 60
    next_tokens = started + args.token_renewal_minutes * 60
    while (now := time.monotonic()) < end:
        if now >= next_sample:
            await asyncio.to_thread(memory.sample, now - started, now >= warm)
            next_sample += 30.0
        if now >= next_line:
            print(window_line(now - started, tally, people, memory, args.progress_minutes * 60), flush=True)
            next_line += args.progress_minutes * 60
        if now >= next_tokens:
            for person, token in zip(people, stack.deployment.tokens(len(people))):
                person.token = token
            next_tokens += args.token_renewal_minutes * 60
        await asyncio.sleep(min(1.0, max(0.0, end - now)))
    await asyncio.to_thread(memory.sample, time.monotonic() - started, True)


async def settle(people: list[Soaker], timeout: float = 90.0) -> None:
    """Wait until every person that has not given up is connected, then for the last deliveries
    and catch-ups (a reconnect's catch-up follows its join's answer)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(p.ws is None and not p.gave_up for p in people):
        await asyncio.sleep(0.5)
    await asyncio.sleep(10.0)


def main() -> None:
    args = options()
    from bench.chat_load import raise_limits

    raise_limits()
    with Stack(users=args.sockets) as stack:
        asyncio.run(soak(stack, args))


if __name__ == "__main__":
    main()
