"""Heavy pictures are decoded by the job worker, never by the web worker that received them.

A production web worker is one gevent process serving many requests and sockets at once:
decoding a 24 MP photo holds its only thread for a quarter of a second or more, and a heap grown
by 100 MB is not all handed back afterwards. So a picture whose header says it is heavy
(`Header.heavy`) is re-encoded by a job, `work(purpose, token)`:

- production (RQ): the upload is written to UPLOAD_FOLDER/incoming/<token>.in (the job worker
  shares UPLOAD_FOLDER already: it removes deleted messages' files), the job is queued on the
  pictures' queue (a worker takes mail first: pictures must never hold back a code or a reset
  link), and the request waits for its result with RQ's blocking read of the job's
  result stream (XREAD BLOCK). Under gevent that read is a cooperative socket wait: the web worker
  serves everyone else meanwhile. RQ forks a work horse per job, so the decoding's memory leaves
  with the horse. The new file comes back as <token>.out; both files go when the request is done.
- embedded: the same job function runs inline, in the request: there is no other process.

No result within WAIT_SECONDS (no worker running, or a long backlog): 503, and the job expires
from the queue unstarted; the picture is never decoded in the web worker instead. A job that
fails (an exception, a work horse killed) counts as a picture we cannot read.

One person has at most PENDING_PER_PERSON heavy pictures in the works at once (the others' turn
comes between theirs): a further one is 429 until one of theirs is done. Counted in Redis across
processes in production, in this process in embedded mode.
"""
from __future__ import annotations

import logging
import re
import secrets
import shutil
from contextlib import contextmanager
from pathlib import Path

from flask import current_app, g, request
from redis.exceptions import RedisError
from rq.results import Result

from lobby import images
from lobby.errors import ApiError, http_message
from lobby.limit_storage import counted
from lobby.jobs import queue

log = logging.getLogger(__name__)

PENDING_PER_PERSON = 2
WAIT_SECONDS = 60  # a picture within the budget takes seconds (a 25 MP PNG: up to ~20 s); the rest is queueing
RESULT_SECONDS = 600  # how long RQ keeps a finished job's (small) result and registry entry
TOKEN = re.compile(r"^[0-9a-f]{32}$")
PURPOSES = ("icon", "attachment")


def reencode(purpose: str, stream) -> tuple[dict, bytes]:
    """Re-encode a checked, heavy picture by the job; (the job's result, the new file's bytes).
    Raises NotAPicture or TooLarge as the job found it, ApiError 503 when no worker answered, 429
    when the asker has PENDING_PER_PERSON pictures in the works already."""
    with one_of_theirs(asker()):
        return reencode_now(purpose, stream)


def asker() -> str:
    """Who the picture is for: the signed-in caller (by token or page session), else the address."""
    claims, user = g.get("claims"), g.get("user")
    if claims is not None:
        return f"user:{claims.user_id}"
    if user is not None:
        return f"user:{user.id}"
    return f"ip:{request.remote_addr}"


@contextmanager
def one_of_theirs(person: str):
    """Hold one of the person's PENDING_PER_PERSON places while their picture is in the works.
    Counted in the rate limits' storage (`limit_storage.py`); a place left by a killed process
    lapses with its key."""
    key = f"{current_app.config['RATELIMIT_KEY_PREFIX']}:pictures-pending:{person}"
    expiry = WAIT_SECONDS + 30

    def add(amount: int) -> int:
        return counted(lambda storage: storage.incr(key, expiry, amount=amount), "pictures in the works")

    if add(1) > PENDING_PER_PERSON:
        add(-1)
        raise ApiError(429, http_message(429), "RATE_LIMITED", headers={"Retry-After": "5"})
    try:
        yield
    finally:
        add(-1)


def reencode_now(purpose: str, stream) -> tuple[dict, bytes]:
    token = secrets.token_hex(16)
    source, target = paths(token)
    with source.open("wb") as out:
        shutil.copyfileobj(stream, out, 1024 * 1024)
    stream.seek(0)
    try:
        result = work(purpose, token) if current_app.config.get("REDIS_URL") is None else by_worker(purpose, token)
        if result.get("error") == "too-large":
            raise images.TooLarge(token)
        if "error" in result:
            raise images.NotAPicture(result["error"])
        return result, target.read_bytes()
    finally:  # in this order: a job still running after we gave up then removes its own output
        source.unlink(missing_ok=True)
        target.unlink(missing_ok=True)


def by_worker(purpose: str, token: str) -> dict:
    name = queue.function_name(work)
    work_queue = queue.rq_queue(queue.PICTURES, wait_seconds=WAIT_SECONDS)
    try:
        job = work_queue.enqueue(queue.run, name, purpose, token, description=name,
                                 job_timeout=WAIT_SECONDS, ttl=WAIT_SECONDS, result_ttl=RESULT_SECONDS)
        result = job.latest_result(timeout=WAIT_SECONDS)
    except RedisError:
        log.exception("picture job %s could not be run", token)
        result = None
    finally:
        work_queue.connection.close()
    if result is None:
        log.error("no worker re-encoded picture %s within %s s", token, WAIT_SECONDS)
        raise ApiError(503, http_message(503), headers={"Retry-After": "10"})
    if result.type != Result.Type.SUCCESSFUL:
        return {"error": "failed"}
    return result.return_value


def paths(token: str) -> tuple[Path, Path]:
    if not TOKEN.match(token):  # tokens come from `reencode`; never let one walk out
        raise ValueError(f"not an upload token: {token!r}")
    folder = Path(current_app.config["UPLOAD_FOLDER"]) / "incoming"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{token}.in", folder / f"{token}.out"


def work(purpose: str, token: str) -> dict:
    """The job: re-encode incoming/<token>.in for `purpose` into <token>.out. Returns the
    picture's kind and size, or {"error": ...} for what the request must answer."""
    from lobby.messages import attachments
    from lobby.servers import icons

    if purpose not in PURPOSES:
        raise ValueError(f"not a picture purpose: {purpose!r}")
    source, target = paths(token)
    try:
        with source.open("rb") as stream:
            if purpose == "icon":
                images.check(stream, animated=False, formats=icons.FORMATS)
                data, result = icons.icon_png(stream), {"kind": "PNG"}
            else:
                data, kind, width, height = attachments.encoded(stream, images.check(stream, animated=True))
                result = {"kind": kind, "width": width, "height": height}
    except FileNotFoundError:
        return {"error": "gone"}  # the request stopped waiting before the job started
    except images.TooLarge:
        return {"error": "too-large"}
    except images.NotAPicture:
        return {"error": "not-a-picture"}
    partial = target.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(target)
    if not source.exists():  # the request stopped waiting while we worked: nobody will read it
        target.unlink(missing_ok=True)
    return result
