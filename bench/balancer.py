"""HAProxy for the scale-out bench: Debian's package, the committed docs/haproxy.cfg with loopback
addresses put in, run in the foreground as a child, and the Lobby "hosts" behind it."""
from __future__ import annotations

import os
import re
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from bench.lobby_server import ROOT, LobbyDeployment, free_port, wait_for_port
from bench.load_client import BACKEND_HEADER
from bench.targets import Target

HAPROXY = Path("/usr/sbin/haproxy")
EXAMPLE = ROOT / "docs" / "haproxy.cfg"
PIN_COOKIE = "LOBBYHOST"


def ensure_haproxy() -> None:
    """Install Debian's haproxy when it is missing (Debian's archive only; the package's own
    service is not started in this container: policy-rc.d refuses it)."""
    if HAPROXY.exists():
        return
    if os.geteuid() != 0:
        raise SystemExit("haproxy is missing: run as root (apt-get install haproxy) or install it first")
    apt = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "--no-install-recommends", "haproxy"]
    if subprocess.run(install, env=apt, check=False).returncode != 0:
        subprocess.run(["apt-get", "update"], env=apt, check=True)  # the package lists may be stale
        subprocess.run(install, env=apt, check=True)


def config(ports: dict[str, int], port: int) -> str:
    """docs/haproxy.cfg listening on 127.0.0.1:`port`, with server `name` at 127.0.0.1:ports[name]."""
    text, binds = re.subn(r"(?m)^(\s*bind\s+)\S+", rf"\g<1>127.0.0.1:{port}", EXAMPLE.read_text())
    named = set()

    def server(found: re.Match) -> str:
        named.add(found.group(2))
        return f"{found.group(1)}127.0.0.1:{ports[found.group(2)]}"
    text = re.sub(r"(?m)^(\s*server\s+(\S+)\s+)\S+", server, text)
    if binds != 1 or named != set(ports):
        raise RuntimeError(f"{EXAMPLE} must have one bind line and a server line for each of {sorted(ports)}")
    return text


def start_haproxy(deployment: LobbyDeployment, folder: Path, ports: dict[str, int]) -> int:
    """HAProxy in the foreground (`-db`), in its own process group; the deployment stops it with
    its gunicorns. Returns its port once both hosts answer through it."""
    port = free_port()
    path = folder / "haproxy.cfg"
    path.write_text(config(ports, port))
    subprocess.run([str(HAPROXY), "-c", "-q", "-f", str(path)], check=True)
    process = subprocess.Popen([str(HAPROXY), "-db", "-f", str(path)], start_new_session=True)
    deployment.processes.insert(0, process)  # stopped first, before the hosts behind it
    wait_for_port(port, process)
    for name in ports:
        wait_for_pinned(port, name)
    return port


def get(port: int, path: str, cookie: str | None = None):
    """The answer's status and headers (an error status is an answer too)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status, answer.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers


def pinned_get(port: int, path: str, host: str) -> tuple[int, str | None]:
    status, headers = get(port, path, f"{PIN_COOKIE}={host}")
    return status, headers.get(BACKEND_HEADER)


def first_visit(port: int) -> str:
    """What a browser without the pin gets: the host that answered and the cookie that pins it."""
    status, headers = get(port, "/healthz")
    return f"HTTP {status} from {headers.get(BACKEND_HEADER)}, Set-Cookie: {headers.get('Set-Cookie')}"


def wait_for_pinned(port: int, host: str, timeout: float = 30) -> None:
    """Until /healthz with the pin cookie of `host` answers 200 from that host."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if pinned_get(port, "/healthz", host) == (200, host):
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"host {host} never answered through HAProxy")


def connections_to(port: int) -> int:
    """Established TCP connections into a local port: HAProxy's to that host, one per socket."""
    return sum(1 for c in psutil.net_connections("tcp")
               if c.status == psutil.CONN_ESTABLISHED and c.laddr and c.laddr.port == port)


class Hosts(Target):
    """The gunicorn process groups together, as one target for chat_load's `traffic` (server
    CPU, the channel)."""

    name = "Lobby behind HAProxy"

    def __init__(self, deployment: LobbyDeployment, masters: dict[str, object]) -> None:
        super().__init__()
        self.deployment, self.masters = deployment, masters

    def pids(self) -> list[int]:
        return [child.pid for master in self.masters.values() for child in psutil.Process(master.pid).children()]

    def channel(self) -> int:
        return self.deployment.channel_id


def haproxy_version() -> str:
    answer = subprocess.run([str(HAPROXY), "-v"], capture_output=True, text=True, check=True).stdout
    return answer.split("\n", 1)[0].replace("HAProxy version ", "").split(" ")[0]
