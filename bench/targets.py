"""The servers under load: Lobby (gunicorn, gevent workers) and the two baselines, each with the
process ids whose memory and CPU the benchmark reads."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import psutil

from bench.lobby_server import BIN, ROOT, LobbyDeployment, free_port, stop, wait_for_port, wait_for_workers


class Target:
    name = ""
    dialect = "lobby"

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None
        self.port = 0

    def pids(self) -> list[int]:
        """The serving processes: a gunicorn master's workers, or the process itself."""
        master = psutil.Process(self.process.pid)
        return [c.pid for c in master.children()] or [master.pid]

    def rss(self) -> int:
        return sum(psutil.Process(pid).memory_info().rss for pid in self.pids())

    def cpu(self) -> float:
        return sum(self.cpu_by_process().values())

    def cpu_by_process(self) -> dict[int, float]:
        """CPU seconds (user + system) of each serving process so far."""
        found = {}
        for pid in self.pids():
            times = psutil.Process(pid).cpu_times()
            found[pid] = times.user + times.system
        return found

    def tokens(self, count: int) -> list[str]:
        return ["-"] * count  # the baselines take anyone

    def channel(self) -> int:
        return 1

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)
            self.process = None


class LobbyTarget(Target):
    name = "Lobby"

    def __init__(self, deployment: LobbyDeployment) -> None:
        super().__init__()
        self.deployment = deployment

    def start(self, workers: int) -> "LobbyTarget":
        self.stop()
        self.process, self.port = self.deployment.gunicorn(workers)
        return self

    def stop(self) -> None:
        if self.process is not None:
            self.deployment.stop(self.process)
            self.process = None

    def tokens(self, count: int) -> list[str]:
        return self.deployment.tokens(count)

    def channel(self) -> int:
        return self.deployment.channel_id


class AsyncioTarget(Target):
    name = "asyncio"

    def start(self, workers: int = 1) -> "AsyncioTarget":
        self.stop()
        self.port = free_port()
        self.process = subprocess.Popen([sys.executable, str(Path(__file__).parent / "baselines" / "asyncio_ws.py"),
                                         str(self.port)], cwd=ROOT, start_new_session=True)
        wait_for_port(self.port, self.process)
        return self


class SocketIOTarget(Target):
    name = "Flask-SocketIO"
    dialect = "socketio"

    def start(self, workers: int = 1) -> "SocketIOTarget":
        self.stop()
        self.port = free_port()
        command = [str(BIN / "gunicorn"), "-k", "gevent", "--worker-connections", "10000", "-w", "1",
                   "--no-control-socket", "--backlog", "4096", "-b", f"127.0.0.1:{self.port}",
                   "bench.baselines.socketio_gevent:app"]
        self.process = subprocess.Popen(command, cwd=ROOT, start_new_session=True)
        wait_for_port(self.port, self.process)
        wait_for_workers(self.process, 1)
        return self
