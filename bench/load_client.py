"""The load client: one OS process driving many live sockets with asyncio and `websockets`.

Each socket is an `asyncio.Protocol` around websockets' sans-I/O `ClientProtocol`, so a frame costs
one parse and no task switch, and a frame that arrives in the same read as the handshake
response is handled at once (simple-websocket's client holds such a frame back). The client
offers permessage-deflate as browsers do; the servers in the run all decline it.

Two dialects: Lobby's `{type, data}` frames (Lobby and the bare asyncio baseline speak them) and
Socket.IO over raw Engine.IO 4 text frames (the Flask-SocketIO baseline). Messages carry their
send time in their content, `bench|<key>|<unix time>`, so a receiver measures latency on the same
machine clock and counts each (message, socket) pair.

Behind a load balancer (scale_out.py) a worker can present a Cookie (the balancer's pin), tally
which backend answered (the balancer's `X-Lobby-Host` header), send some messages over HTTP POST
instead of the socket, and split what it receives by sending worker (`by_origin`).

The coordinator (chat_load.py) drives a worker through a Pipe: `run_worker(pipe, worker_id)`.
"""
from __future__ import annotations

import asyncio
import json
import re
import resource
import secrets
import socket
import time
from array import array

from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import enable_client_permessage_deflate
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

KEY = re.compile(rb"bench\|([0-9.]+)\|([0-9.]+)")
# The bench's load balancer names the backend that answered in this header (docs/haproxy.cfg).
BACKEND_HEADER = "X-Lobby-Host"
PONG = b'{"type":"pong","data":{}}'


class Lobby:
    """Lobby's frames (also spoken by the bare asyncio baseline)."""

    path = "/ws?token={token}"
    delivery = b'{"type":"new_message"'

    @staticmethod
    def on_open(conn) -> None:
        pass

    @staticmethod
    def kind(data: bytes) -> str:
        if data.startswith(b'{"type":"ping"'):
            return "ping"
        for kind in ("connected", "channel_joined", "error"):
            if data.startswith(b'{"type":"%s"' % kind.encode()):
                return kind
        return "other"

    @staticmethod
    def frame(kind: str, data: dict) -> bytes:
        return json.dumps({"type": kind, "data": data}, separators=(",", ":")).encode()

    pong = PONG


class SocketIO:
    """Socket.IO 5 over Engine.IO 4, websocket transport only, as raw text frames."""

    path = "/socket.io/?EIO=4&transport=websocket"
    delivery = b'42["new_message"'

    @staticmethod
    def on_open(conn) -> None:
        pass

    @staticmethod
    def kind(data: bytes) -> str:
        if data == b"2":
            return "ping"
        if data.startswith(b"0{"):
            return "open"
        if data.startswith(b"40"):
            return "connected"
        if data.startswith(b'42["channel_joined"'):
            return "channel_joined"
        if data.startswith(b"44") or data.startswith(b'42["error"'):
            return "error"
        return "other"

    @staticmethod
    def frame(kind: str, data: dict) -> bytes:
        return b"42" + json.dumps([kind, data], separators=(",", ":")).encode()

    pong = b"3"


DIALECTS = {"lobby": Lobby, "socketio": SocketIO}


# Every read lands here: each is handled (copied out) before the next, so one buffer serves all
# of a process's sockets. A plain asyncio.Protocol gets a new 256 KB bytes object per read, which
# glibc maps and unmaps each time (its mmap threshold never adapts to a buffer shrunk by
# realloc): two page faults and an munmap per frame, measured at 2 faults a read and half the
# client's CPU in the kernel, enough to make the client, not the server, set the latencies.
READ_BUFFER = memoryview(bytearray(256 * 1024))


def tally(counts: dict, key) -> None:
    if key is not None:
        counts[key] = counts.get(key, 0) + 1


def origin_of(key: bytes) -> str:
    """The worker that sent the message with this key (`worker.socket.seq`)."""
    return key.split(b".", 1)[0].decode()


def count_origins(keys) -> dict[str, int]:
    counts: dict[str, int] = {}
    for key in keys:
        tally(counts, origin_of(key))
    return counts


def header(head: bytes, name: str) -> str | None:
    found = re.search(rb"(?im)^" + name.encode() + rb": *([^\r\n]*)", head)
    return found.group(1).decode() if found else None


class HttpLine:
    """One keep-alive HTTP/1.1 connection posting JSON, each request waiting for its answer. It
    opens on first use, and again after an answer that says `Connection: close`."""

    def __init__(self, host: str, port: int, cookie: str | None = None) -> None:
        self.host, self.port = host, port
        self.cookie = f"Cookie: {cookie}\r\n" if cookie else ""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def post(self, path: str, token: str, body: bytes | None) -> tuple[int, bytes, bytes]:
        """Status, head and body of the answer; `body=None` posts nothing."""
        if self.writer is None:
            await self.open()
        kind = "Content-Type: application/json\r\n" if body is not None else ""
        body = body or b""
        head = (f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nAuthorization: Bearer {token}\r\n"
                f"{self.cookie}{kind}Content-Length: {len(body)}\r\n\r\n").encode()
        self.writer.write(head + body)
        answer = await self.reader.readuntil(b"\r\n\r\n")
        content = await self.reader.readexactly(int(header(answer, "Content-Length") or 0))
        if (header(answer, "Connection") or "").lower() == "close":
            self.close()
        return int(answer[9:12]), answer, content

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Conn(asyncio.BufferedProtocol):
    def __init__(self, worker: "Worker", index: int, url: str, origin: str | None, token: str = "",
                 cookie: str | None = None) -> None:
        self.worker, self.index = worker, index
        self.token, self.cookie = token, cookie
        self.http: HttpLine | None = None  # opened on its first HTTP send
        self.dialect = worker.dialect
        self.ws = ClientProtocol(parse_uri(url), origin=origin, extensions=enable_client_permessage_deflate(None),
                                 max_size=None)
        self.transport: asyncio.Transport | None = None
        loop = asyncio.get_running_loop()
        self.connected = loop.create_future()
        self.joined = loop.create_future()
        self.lost = False
        self.seen: set[bytes] = set()
        self.dup_keys: list[bytes] = []
        self.prefix = f"{worker.worker_id}.{index}.".encode()
        self.inflight = 0
        self.room = asyncio.Event()
        self.frames = 0
        self.framing = False  # see data_received
        self.rest = b""

    # asyncio.BufferedProtocol
    def connection_made(self, transport) -> None:
        self.transport = transport
        request = self.ws.connect()
        if self.cookie:
            request.headers["Cookie"] = self.cookie
        self.ws.send_request(request)
        self.flush()

    def get_buffer(self, sizehint: int) -> memoryview:
        return READ_BUFFER

    def buffer_updated(self, nbytes: int) -> None:
        self.data_received(bytes(READ_BUFFER[:nbytes]))

    def data_received(self, data: bytes) -> None:
        self.worker.reads += 1
        if self.framing:
            data = self.plain_text_frames(self.rest + data if self.rest else data)
            if not data:
                return
        self.ws.receive_data(data)
        events = self.ws.events_received()
        now = time.time()
        for event in events:
            if isinstance(event, Frame):
                if event.opcode is Opcode.TEXT:
                    self.on_text(event.data, now)
                elif event.opcode is Opcode.CLOSE:
                    self.worker.close_frames += 1
            elif isinstance(event, Response):
                if self.ws.handshake_exc is not None:
                    self.fail(self.ws.handshake_exc)
                else:
                    tally(self.worker.socket_backends, event.headers.get(BACKEND_HEADER))
                    self.dialect.on_open(self)
        # Once the handshake is through and websockets holds no partial frame, whole frames are
        # ours to cut (see plain_text_frames).
        self.framing = self.ws.state is State.OPEN and not self.ws.reader.buffer
        self.flush()

    def plain_text_frames(self, data: bytes) -> bytes:
        """Handle the complete, final, uncompressed text frames at the front of `data` (all a
        server sends here, compression being declined): a 2-, 4- or 10-byte header and the
        payload. websockets' general parser cost a third of the client's CPU, and the client's
        CPU is part of every latency it measures. Returns the first other whole frame onwards
        (ping, close ... for websockets to handle); a trailing partial frame waits in `rest`."""
        now, end, size = time.time(), len(data), 0
        at = 0
        while at + 2 <= end:
            first, second = data[at], data[at + 1]
            if first != 0x81 or second & 0x80:
                break
            size, head = second & 0x7F, 2
            if size == 126:
                size, head = int.from_bytes(data[at + 2:at + 4], "big"), 4
            elif size == 127:
                size, head = int.from_bytes(data[at + 2:at + 10], "big"), 10
            if at + head + size > end:
                break
            self.on_text(data[at + head:at + head + size], now)
            at += head + size
        if at + 2 <= end and not (data[at] == 0x81 and not data[at + 1] & 0x80):
            self.rest = b""
            return data[at:]  # another kind of frame: websockets takes it from here
        self.rest = data[at:]
        return b""

    def eof_received(self):
        self.ws.receive_eof()
        return False

    def connection_lost(self, exc) -> None:
        self.lost = True
        self.worker.lost += 1
        self.fail(ConnectionError("connection lost"))
        self.room.set()

    # frames
    def on_text(self, data: bytes, now: float) -> None:
        self.frames += 1
        worker = self.worker
        if data.startswith(self.dialect.delivery):
            found = KEY.search(data)
            if found is None:
                return
            key = found.group(1)
            if key in self.seen:
                worker.dups += 1
                self.dup_keys.append(key)
            else:
                self.seen.add(key)
            latency = now - float(found.group(2))
            worker.latencies.append(latency)
            if worker.by_origin is not None:
                worker.by_origin.setdefault(origin_of(key), array("d")).append(latency)
            worker.deliveries += 1
            if worker.window[0] <= now <= worker.window[1]:
                worker.in_window += 1
            if self.inflight and key.startswith(self.prefix):
                self.inflight -= 1
                self.room.set()
            return
        kind = self.dialect.kind(data)
        if kind == "ping":
            self.send_raw(self.dialect.pong)
        elif kind == "open":
            self.send_raw(b"40")
        elif kind == "connected":
            if not self.connected.done():
                self.connected.set_result(now)
        elif kind == "channel_joined":
            if not self.joined.done():
                self.joined.set_result(now)
        elif kind == "error":
            worker.errors += 1
            if len(worker.error_samples) < 5:
                worker.error_samples.append(data[:300].decode(errors="replace"))
            if self.inflight:
                self.inflight -= 1
                self.room.set()

    def fail(self, exc: Exception) -> None:
        for future in (self.connected, self.joined):
            if not future.done():
                future.set_exception(exc)
                future.exception()  # mark retrieved: a failed connect is counted, not logged

    def send_raw(self, payload: bytes) -> None:
        if self.lost or self.transport is None or self.ws.state is not State.OPEN:
            return
        self.ws.send_text(payload)
        self.flush()

    def flush(self) -> None:
        if self.transport is None:
            return
        for chunk in self.ws.data_to_send():
            if chunk:
                self.transport.write(chunk)
            elif not self.transport.is_closing():
                self.transport.write_eof() if self.transport.can_write_eof() else None

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.abort()


class Worker:
    def __init__(self, worker_id: int) -> None:
        self.worker_id = worker_id
        self.dialect = Lobby
        self.conns: list[Conn] = []
        self.socket_backends: dict[str, int] = {}  # BACKEND_HEADER of the handshake answers
        self.by_origin: dict[str, array] | None = None
        self.reset()
        self.lost = 0

    def reset(self) -> None:
        self.latencies = array("d")
        if self.by_origin is not None:
            self.by_origin = {}
        self.http_statuses: dict[int, int] = {}
        self.http_backends: dict[str, int] = {}
        self.deliveries = self.dups = self.in_window = self.errors = self.close_frames = self.reads = 0
        self.window = (0.0, 0.0)
        self.error_samples: list[str] = []
        self.run = secrets.token_hex(3)  # in nonces: Lobby answers a nonce it saw before with the old message
        for conn in self.conns:
            conn.seen = set()
            conn.dup_keys = []
            conn.inflight = 0

    async def connect(self, host: str, port: int, tokens: list[str], channel_id: int, dialect: str,
                      concurrency: int = 100, timeout: float = 60.0, rcvbuf: int | None = None,
                      cookie: str | None = None, by_origin: bool = False) -> dict:
        """Open a socket per token and join the channel. `cookie` goes with every handshake and
        HTTP send (a load balancer's pin); `by_origin` splits what arrives by sending worker."""
        self.dialect = DIALECTS[dialect]
        if by_origin and self.by_origin is None:
            self.by_origin = {}
        self.endpoint = (host, port)
        loop = asyncio.get_running_loop()
        gate = asyncio.Semaphore(concurrency)
        origin = f"http://{host}:{port}"
        failures: dict[str, int] = {}
        started = time.monotonic()

        async def one(token: str) -> None:
            async with gate:
                index = len(self.conns)
                url = f"ws://{host}:{port}" + self.dialect.path.format(token=token)
                conn = Conn(self, index, url, origin, token, cookie)
                self.conns.append(conn)
                try:
                    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                    if rcvbuf:  # the slow reader: a small window, so the server's buffers fill fast
                        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
                    sock.setblocking(False)
                    await asyncio.wait_for(loop.sock_connect(sock, (host, port)), timeout)
                    await loop.create_connection(lambda: conn, sock=sock)
                    await asyncio.wait_for(asyncio.shield(conn.connected), timeout)
                    conn.send_raw(self.dialect.frame("join_channel", {"channelId": channel_id}))
                    await asyncio.wait_for(asyncio.shield(conn.joined), timeout)
                except Exception as error:  # counted: a bench reports failures, it does not stop
                    name = type(error).__name__ + (f": {error}"[:120] if str(error) else "")
                    failures[name] = failures.get(name, 0) + 1
                    conn.close()

        await asyncio.gather(*(one(token) for token in tokens))
        joined = sum(1 for c in self.conns if c.joined.done() and not c.joined.exception() and not c.lost)
        return {"joined": joined, "failures": failures, "seconds": time.monotonic() - started}

    async def send(self, senders: int, channel_id: int, duration: float, start_at: float, rate: float = 0.0,
                   window: int = 0, measure: tuple[float, float] = (0.0, 0.0), pad: int = 0,
                   first: int = 0, everyone: int = 0, http_every: int = 0) -> dict:
        """Each of the first `senders` sockets sends `rate` messages a second (open loop), or keeps
        `window` messages in flight (closed loop: it sends again when its own copy comes back).
        With `http_every` = n (open loop only), every n-th message of a sender goes as an HTTP POST
        by the same user on their own keep-alive connection (see `post_message`).

        Open loop, the senders take turns: sender `first + i` of `everyone` (over all client
        processes) starts that many slots of 1 / (rate × everyone) seconds late, so "20 messages a
        second" is one every 50 ms, not 10 at once twice a second."""
        self.window = measure
        if window and http_every:
            raise ValueError("HTTP sends are open loop only")
        counts = {"sent": 0, "sent_http": 0}
        filler = "ж" * pad
        live = [c for c in self.conns if c.joined.done() and not c.joined.exception() and not c.lost]

        async def run(conn: Conn, turn: int) -> None:
            begin = start_at + (turn / (rate * everyone) if rate and everyone else 0.0)
            await asyncio.sleep(max(0.0, begin - time.time()))
            end, seq, nxt = start_at + duration, 0, begin
            while time.time() < end and not conn.lost:
                if window:
                    if conn.inflight >= window:
                        conn.room.clear()
                        try:
                            await asyncio.wait_for(conn.room.wait(), timeout=max(0.01, end - time.time()))
                        except asyncio.TimeoutError:
                            break
                        continue
                else:
                    delay = nxt - time.time()
                    if delay > 0:
                        await asyncio.sleep(delay)
                        if time.time() >= end:
                            break
                    nxt += 1.0 / rate
                seq += 1
                key = f"{self.worker_id}.{conn.index}.{seq}"
                content = f"bench|{key}|{time.time():.6f}|{filler}"
                message = {"channelId": channel_id, "content": content, "nonce": f"n-{self.run}-{key}"}
                if http_every and seq % http_every == 0:
                    if await self.post_message(conn, message):  # refused ones are not expected anywhere
                        counts["sent"] += 1
                        counts["sent_http"] += 1
                    continue
                conn.inflight += 1
                conn.send_raw(self.dialect.frame("send_message", message))
                counts["sent"] += 1

        await asyncio.gather(*(run(conn, first + i) for i, conn in enumerate(live[:senders])))
        return counts

    async def post_message(self, conn: Conn, message: dict) -> bool:
        """POST one of the socket's messages over HTTP as its user, presenting its cookie, so a
        load balancer sends it where the socket went; tallies the status and the backend."""
        if conn.http is None:
            conn.http = HttpLine(*self.endpoint, cookie=conn.cookie)
        body = json.dumps({"content": message["content"], "nonce": message["nonce"]}).encode()
        try:
            status, head, _ = await conn.http.post(f"/api/messages/{message['channelId']}/messages", conn.token, body)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            conn.http.close()
            tally(self.http_statuses, 0)  # no answer at all
            return False
        tally(self.http_statuses, status)
        tally(self.http_backends, header(head, BACKEND_HEADER))
        return status == 201

    async def http(self, host: str, port: int, path: str, tokens: list[str], connections: int, duration: float,
                   start_at: float) -> dict:
        """POST a message over `connections` keep-alive HTTP/1.1 connections, each waiting for its
        answer before the next request; the requests go round the users' tokens, so every user
        stays far under the per-user rate limit."""
        statuses: dict[int, int] = {}
        latencies = array("d")
        turn = iter(range(10**9))
        run = secrets.token_hex(3)  # a nonce seen before would be answered 200 from the first message

        async def one() -> None:
            line = HttpLine(host, port)
            await line.open()
            await asyncio.sleep(max(0.0, start_at - time.time()))
            end = start_at + duration
            while time.time() < end:
                i = next(turn)
                body = json.dumps({"content": f"bench http {self.worker_id}.{i}",
                                   "nonce": f"h-{run}-{self.worker_id}.{i}"}).encode()
                started = time.time()
                status, _, _ = await line.post(path, tokens[i % len(tokens)], body)
                latencies.append(time.time() - started)
                tally(statuses, status)
            line.close()

        await asyncio.gather(*(one() for _ in range(connections)))
        return {"statuses": statuses, "latencies": latencies.tobytes()}

    def stats(self) -> dict:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        live = [c for c in self.conns if c.joined.done() and not c.joined.exception()]
        return self.balanced_stats(live) | {
                "deliveries": self.deliveries, "dups": self.dups, "in_window": self.in_window,
                "errors": self.errors, "error_samples": self.error_samples, "lost": sum(c.lost for c in live),
                "open": sum(not c.lost for c in live), "distinct": [len(c.seen) for c in live if not c.lost],
                "distinct_lost": [len(c.seen) for c in live if c.lost], "frames": sum(c.frames for c in live),
                "latencies": self.latencies.tobytes(), "cpu": usage.ru_utime + usage.ru_stime,
                "cpu_system": usage.ru_stime, "switches": (usage.ru_nvcsw, usage.ru_nivcsw), "faults": usage.ru_minflt,
                "close_frames": self.close_frames, "reads": self.reads,
                "first_by_sender": sorted({k.rsplit(b".", 1)[0].decode() for k in live[0].seen}) if live else []}

    def balanced_stats(self, live: list[Conn]) -> dict:
        """Behind a load balancer: which backend answered, and (with `by_origin`) each receiver's
        messages and duplicates counted by sending worker, and the latencies by sending worker."""
        answer = {"http_statuses": self.http_statuses, "http_backends": self.http_backends,
                  "socket_backends": self.socket_backends}
        if self.by_origin is not None:
            answer["by_origin"] = {origin: lat.tobytes() for origin, lat in self.by_origin.items()}
            answer["receivers"] = [{"seen": count_origins(c.seen), "dups": count_origins(c.dup_keys), "lost": c.lost}
                                   for c in live]
        return answer

    def pause(self, paused: bool) -> None:
        for conn in self.conns:
            if conn.transport is not None and not conn.lost:
                conn.transport.pause_reading() if paused else conn.transport.resume_reading()

    async def close(self) -> None:
        for conn in self.conns:
            conn.close()
            if conn.http is not None:
                conn.http.close()
        await asyncio.sleep(0.2)
        self.conns = []
        self.socket_backends = {}


async def next_command(pipe) -> dict:
    """The coordinator's next command, awaited on the event loop itself. (A helper thread blocked
    in `pipe.recv` would make the process multi-threaded, and each munmap a cross-CPU TLB flush.)"""
    loop = asyncio.get_running_loop()
    while not pipe.poll():
        ready = loop.create_future()
        loop.add_reader(pipe.fileno(), lambda: ready.done() or ready.set_result(None))
        try:
            await ready
        finally:
            loop.remove_reader(pipe.fileno())
    return pipe.recv()


async def serve(pipe, worker_id: int) -> None:
    worker = Worker(worker_id)
    while True:
        command = await next_command(pipe)
        op = command.pop("op")
        if op == "exit":
            await worker.close()
            pipe.send({"ok": True})
            return
        try:
            if op == "connect":
                answer = await worker.connect(**command)
            elif op == "send":
                answer = await worker.send(**command)
            elif op == "http":
                answer = await worker.http(**command)
            elif op == "reset":
                worker.reset()
                answer = {}
            elif op == "wait":
                await asyncio.sleep(command["seconds"])
                answer = {}
            elif op == "stats":
                answer = worker.stats()
            elif op == "pause":
                worker.pause(command["paused"])
                answer = {}
            elif op == "close":
                await worker.close()
                answer = {}
            else:
                raise ValueError(f"unknown op {op}")
            pipe.send({"ok": True, **answer})
        except Exception as error:
            pipe.send({"ok": False, "error": repr(error)})


def run_worker(pipe, worker_id: int) -> None:
    import gc

    gc.freeze()  # thousands of long-lived protocol objects: keep the collector off them
    asyncio.run(serve(pipe, worker_id))
