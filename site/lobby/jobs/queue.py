"""The job seam: `enqueue(fn, *args)` behaves the same in both modes.

Embedded (no REDIS_URL): the job runs in this process, on one background thread, right after
the call; the request that queued it does not wait for it (so an SMTP send, say, never shows in
a response's timing). Production: the job goes to an RQ queue in Redis and
`flask --app wsgi worker` runs it.

Call it after the commit that made the job's rows visible: a worker may pick the job up at once.
Production has three queues (`ORDER`): mail first, then the rest, then heavy pictures.
A job that raises, or that cannot be queued, is kept as a `FailedJob` row; nothing is lost.
"""
from __future__ import annotations

import logging
import queue as stdlib_queue
import threading
import traceback
from typing import Callable

from flask import Flask, current_app
from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry

from lobby.database import utcnow
from lobby.extensions import db
from lobby.jobs.models import FailedJob

log = logging.getLogger(__name__)

JOB_TIMEOUT = 300  # seconds; a mail send or a cleanup pass takes far less
# The queues, in the order a worker takes from them: a sign-up code or a reset link is never behind
# anything else, and a burst of heavy pictures (seconds each) waits behind the quick cleanup jobs
# rather than in front of mail. A job names its queue with `@on_queue`; the rest go to JOBS.
MAIL, JOBS, PICTURES = "mail", "jobs", "pictures"
ORDER = (MAIL, JOBS, PICTURES)
QUEUE_OF = "lobby_queue"  # the attribute `on_queue` leaves on a job function


def on_queue(kind: str):
    """Mark a job function with the queue it goes to."""
    if kind not in ORDER:
        raise ValueError(f"not a queue: {kind!r}")

    def mark(fn: Callable) -> Callable:
        setattr(fn, QUEUE_OF, kind)
        return fn
    return mark


def function_name(fn: Callable) -> str:
    if fn.__module__ == "__main__" or "<" in fn.__qualname__:
        raise ValueError("a job must be a module-level function of an importable module")
    return f"{fn.__module__}:{fn.__qualname__}"


def resolve(name: str) -> Callable:
    module_name, _, attr = name.partition(":")
    module = __import__(module_name, fromlist=[attr])
    return getattr(module, attr)


def queue_name(kind: str = JOBS) -> str:
    return f"{current_app.config['REDIS_PREFIX']}-{kind}"


def queue_names() -> list[str]:
    """Every queue's name, in the order a worker takes from them."""
    return [queue_name(kind) for kind in ORDER]


def rq_queue(kind: str = JOBS, wait_seconds: float | None = None) -> Queue:
    """A queue on a connection of its own. `wait_seconds`: the longest a blocking read on it (a
    job's result) may take; redis-py gives up on any read after 5 s unless told otherwise."""
    timeouts = {"socket_timeout": wait_seconds + 10} if wait_seconds else {}
    connection = Redis.from_url(current_app.config["REDIS_URL"], **timeouts)
    return Queue(queue_name(kind), connection=connection, default_timeout=JOB_TIMEOUT)


def enqueue(fn: Callable, *args, retries: int = 0) -> str | None:
    """Run `fn(*args)` as a job. Arguments must be JSON-friendly (ids, not objects).
    `retries`: on RQ, how many more tries a failing job gets (after 10 s, 1 min, 5 min...), a
    job whose worker died among them. Returns the RQ job's id; None when it runs in this process
    or could not be queued."""
    name = function_name(fn)
    if current_app.config.get("REDIS_URL") is None:
        local_runner(current_app._get_current_object()).submit(name, args)
        return None
    retry = Retry(max=retries, interval=[10, 60, 300][:retries]) if retries else None
    try:
        return rq_queue(getattr(fn, QUEUE_OF, JOBS)).enqueue(run, name, *args, description=name, retry=retry).id
    except RedisError:
        log.exception("job %s could not be queued; kept for retry", name)
        record_failure(name, args, traceback.format_exc())
        return None


def run(name: str, *args):
    """What RQ calls in the worker: run the job inside the app; a failure is recorded, logged
    and re-raised so RQ marks the job failed (and retries it when asked to)."""
    from lobby.jobs.worker import app_for_job

    return run_in(app_for_job(), name, args, reraise=True)


def run_in(app: Flask, name: str, args, reraise: bool):
    with app.app_context():
        try:
            return resolve(name)(*args)
        except Exception:
            db.session.rollback()
            log.exception("job %s failed", name)
            record_failure(name, args, traceback.format_exc())
            if reraise:
                raise
            return None


def record_failure(name: str, args, error: str) -> None:
    db.session.add(FailedJob(function=name, args=list(args), error=error))
    db.session.commit()


def retry(failed: FailedJob) -> None:
    """Queue a failed job again; the row stays, marked with the time of the retry."""
    failed.retried_at = utcnow()
    db.session.commit()
    enqueue(resolve(failed.function), *failed.args)


class LocalRunner:
    """Embedded mode's worker: one daemon thread running jobs in order, in this process."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.jobs: stdlib_queue.Queue = stdlib_queue.Queue()
        self.thread = threading.Thread(target=self._work, name="lobby-jobs", daemon=True)
        self.thread.start()

    def submit(self, name: str, args) -> None:
        self.jobs.put((name, tuple(args)))

    def _work(self) -> None:
        while True:
            name, args = self.jobs.get()
            try:
                run_in(self.app, name, args, reraise=False)
            finally:
                self.jobs.task_done()

    def wait(self) -> None:
        """Block until every job submitted so far has run (tests, CLI commands)."""
        self.jobs.join()


_runner_lock = threading.Lock()


def local_runner(app: Flask) -> LocalRunner:
    with _runner_lock:
        if "lobby.jobs" not in app.extensions:
            app.extensions["lobby.jobs"] = LocalRunner(app)
        return app.extensions["lobby.jobs"]


def wait_for_local_jobs(app: Flask) -> None:
    if "lobby.jobs" in app.extensions:
        app.extensions["lobby.jobs"].wait()
