"""bench/soak.py's measuring and printing: memory samples, the store's own count of the messages,
progress lines, and the final table against the issue's targets."""
from __future__ import annotations

import argparse
import resource
import statistics
import time
from collections import Counter
from pathlib import Path

import psutil

from bench.chaos_client import ahttp, coverage
from bench.chat_load import percentile

SERVER_FAULTS = ("INTERNAL_ERROR", "SERVICE_UNAVAILABLE")  # a frame's 5xx
ANSWERED = ("send_message", "reaction_add", "reaction_remove", "rtc_join_channel", "rtc_leave_channel")
MB = 1024 * 1024


class Memory:
    """Each Lobby process's RSS (both web workers, the job worker's parent), and for information
    PostgreSQL's (PSS summed over its processes: the backends share their buffers, RSS would count
    them again in each) and Redis's."""

    def __init__(self, stack) -> None:
        self.stack = stack
        self.samples: list[tuple[float, bool, dict[str, int]]] = []  # (seconds in, after warm-up, name → bytes)

    def sample(self, elapsed: float, warm: bool) -> None:
        found = {f"web worker {pid}": rss(pid) for pid in self.stack.web_pids()}
        found[f"job worker {self.stack.worker.pid}"] = rss(self.stack.worker.pid)
        master = psutil.Process(int((Path(self.stack.postgres.data) / "postmaster.pid").read_text().split()[0]))
        found["PostgreSQL (PSS, all processes)"] = sum(pss(p) for p in (master, *master.children()))
        found["Redis"] = rss(self.stack.redis.process.pid)
        self.samples.append((elapsed, warm, found))

    def growth(self) -> dict[str, tuple[int, int, int, float | None]]:
        """name → (bytes at the end of warm-up, at the end, the most seen after warm-up, % growth);
        a process gone by the end (restarted) has no end figure and no growth."""
        warm = [found for _, after, found in self.samples if after]
        if not warm:
            return {}
        first, last = warm[0], warm[-1]
        return {name: (start, last.get(name, 0), max(found.get(name, 0) for found in warm),
                       (last[name] - start) * 100 / start if last.get(name) and start else None)
                for name, start in first.items()}

    def lobby_now(self) -> str:
        found = self.samples[-1][2] if self.samples else {}
        return " ".join(f"{name.split()[0]} {value // MB}" for name, value in found.items()
                        if name.startswith(("web", "job")))


def rss(pid: int) -> int:
    try:
        return psutil.Process(pid).memory_info().rss
    except psutil.NoSuchProcess:  # a worker restarting: its successor shows as a process of its own
        return 0


def pss(process: psutil.Process) -> int:
    try:
        return process.memory_full_info().pss
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return 0


async def audit(base: str, channel_id: int, token: str) -> Counter:
    """Every message of the channel, as stored, counted by the nonce its text starts with."""
    found, before = Counter(), None
    while True:
        status, body, _ = await ahttp("GET", f"{base}/api/messages/{channel_id}/messages?limit=100"
                                             + (f"&before={before}" if before else ""), token)
        messages = body.get("messages", []) if status == 200 else []
        if not messages:
            return found
        found.update(message["content"].split()[0] for message in messages)
        before = min(message["id"] for message in messages)


def fmt_ms(seconds: float) -> str:
    return "—" if seconds != seconds else f"{seconds * 1000:.0f} ms"


def latencies(values) -> tuple[float, float, float]:
    ordered = sorted(values)
    return percentile(ordered, 0.5), percentile(ordered, 0.99), (ordered[-1] if ordered else float("nan"))


def failed(status: int) -> bool:
    return status >= 500 or status == 0  # no answer at all counts with the 5xx


def window_line(elapsed: float, tally, people, memory: Memory, span: float) -> str:
    since = time.monotonic() - span
    calls = [c for c in tally.calls if c[0] >= since]
    frames = [f for f in tally.frames if f[0] >= since and f[2].startswith("error")]
    _, p99, _ = latencies(seconds for *_, seconds in calls)
    return (f"[{elapsed / 60:5.1f} min] messages {len(tally.sent_at)}; last {span / 60:g} min: {len(calls)} HTTP calls, "
            f"{sum(failed(c[2]) for c in calls)} 5xx/none, p99 {fmt_ms(p99)}, {len(frames)} error frames; "
            f"reconnects {sum(p.drops for p in people)}, gave up {sum(p.gave_up for p in people)}; "
            f"seated {sum(p.seat is not None for p in people)}; RSS MB {memory.lobby_now()}")


def report(args: argparse.Namespace, tally, people, memory: Memory, stored: Counter) -> None:
    calls, frames = tally.calls, [f for f in tally.frames if f[2] == "sent" or f[1] in ANSWERED]  # frames sent
    faults = sum(failed(status) for _, _, status, _ in calls)
    frame_faults = sum(1 for f in tally.frames if f[2].split()[-1] in SERVER_FAULTS)
    share = (faults + frame_faults) * 100 / max(1, len(calls) + len(frames))
    _, http_p99, _ = latencies(c[3] for c in calls)
    answered = [f for f in frames if f[1] in ANSWERED and f[2] not in ("socket closed", "no answer")]
    _, frame_p99, _ = latencies(f[3] for f in answered)
    delivery = [at - tally.sent_at[i] for p in people for i, at in p.first_live_at.items() if i in tally.sent_at]
    _, delivery_p99, _ = latencies(delivery)
    seen = coverage(people, set(tally.sent_at))
    twice_stored = sum(n - 1 for nonce, n in stored.items() if n > 1 and nonce.startswith("soak-"))
    lost_stored = sum(1 for nonce in tally.nonces if nonce not in stored)
    rows = [("5xx share (HTTP 5xx or unanswered, socket INTERNAL_ERROR/SERVICE_UNAVAILABLE)",
             f"{share:.4f} % ({faults + frame_faults} of {len(calls) + len(frames)})", "≤ 0.025 %", share <= 0.025),
            ("HTTP p99, every call", fmt_ms(http_p99), "≤ 2 s", http_p99 <= 2.0),
            ("socket answer p99 (sends, reactions, voice joins/leaves)", fmt_ms(frame_p99), "≤ 2 s", frame_p99 <= 2.0),
            ("live delivery p99 (send started → heard)", fmt_ms(delivery_p99), "≤ 2 s", delivery_p99 <= 2.0)]
    for name, (start, end, peak, growth) in memory.growth().items():
        if name.startswith(("web", "job")):
            rows.append((f"RSS growth, {name}", "restarted" if growth is None else
                         f"{growth:+.1f} % ({start // MB} → {end // MB} MB, peak {peak // MB})", "≤ 10 %",
                         growth is not None and growth <= 10.0))
    rows += [("messages lost for a receiver (after catch-up)", f"{seen['missing']} ({len(tally.sent_at)} messages × "
              f"{len(people)} receivers)", "0", seen["missing"] == 0),
             ("messages heard twice live", str(seen["duplicated"]), "0", seen["duplicated"] == 0),
             ("messages stored twice / taken and not stored", f"{twice_stored + tally.resent_other_id} / {lost_stored}",
              "0 / 0", twice_stored + tally.resent_other_id == 0 and lost_stored == 0)]
    print(f"\nSoak: {args.sockets} sockets, {args.minutes:g} min (warm-up {args.warmup_minutes:g})\n")
    print("| target | measured | limit | |\n|---|---|---|---|")
    for name, measured, limit, ok in rows:
        print(f"| {name} | {measured} | {limit} | {'PASS' if ok else 'FAIL'} |")
    details(tally, people, memory, seen)


def details(tally, people, memory: Memory, seen: dict) -> None:
    print("\n| HTTP call | count | statuses | p50 | p99 | slowest |\n|---|---|---|---|---|---|")
    for kind in sorted({c[1] for c in tally.calls}):
        mine = [c for c in tally.calls if c[1] == kind]
        p50, p99, top = latencies(c[3] for c in mine)
        statuses = dict(sorted(Counter(c[2] for c in mine).items()))
        print(f"| {kind} | {len(mine)} | {statuses} | {fmt_ms(p50)} | {fmt_ms(p99)} | {fmt_ms(top)} |")
    print("\n| frame | outcomes | answer p50 | p99 |\n|---|---|---|---|")
    for kind in sorted({f[1] for f in tally.frames}):
        mine = [f for f in tally.frames if f[1] == kind]
        p50, p99, _ = latencies(f[3] for f in mine if f[2] not in ("sent", "socket closed", "no answer"))
        print(f"| {kind} | {dict(Counter(f[2] for f in mine).most_common())} | {fmt_ms(p50)} | {fmt_ms(p99)} |")
    back = [max(p.back_after) for p in people if p.back_after]
    print(f"\nreconnects {sum(p.drops for p in people)} (median back {statistics.median(back) if back else 0:.1f} s, "
          f"slowest {max(back, default=0):.1f} s), gave up {sum(p.gave_up for p in people)}, resyncs "
          f"{sum(p.resyncs for p in people)}; messages fetched on catching up {seen['fetched']}")
    used = resource.getrusage(resource.RUSAGE_SELF)  # the client shares the cores with what it measures
    print(f"this client's CPU: {used.ru_utime + used.ru_stime:.0f} s")
    print("\n| process | end of warm-up | end | peak after warm-up | growth |\n|---|---|---|---|---|")
    for name, (start, end, peak, growth) in memory.growth().items():
        print(f"| {name} | {start / MB:.1f} MB | {end / MB:.1f} MB | {peak / MB:.1f} MB | "
              f"{'—' if growth is None else f'{growth:+.1f} %'} |")
