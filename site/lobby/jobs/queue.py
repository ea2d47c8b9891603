"""The job seam: `enqueue(fn, *ids)` behaves the same in both modes.

Embedded (no REDIS_URL): the job runs inline, right away, in this process.
Production: the job goes to an RQ queue in Redis and `flask --app wsgi worker` runs it.

Call it after the commit that made the ids visible: a worker may pick the job up at once.
A job that raises, or that cannot be queued, is kept as a `FailedJob` row; nothing is lost.
"""
from __future__ import annotations

import logging
import traceback
from typing import Callable

from flask import current_app
from redis import Redis
from redis.exceptions import RedisError
from rq import Queue

from lobby.database import utcnow
from lobby.extensions import db
from lobby.jobs.models import FailedJob

log = logging.getLogger(__name__)

JOB_TIMEOUT = 300  # seconds; a mail send or a cleanup pass takes far less


def function_name(fn: Callable) -> str:
    if fn.__module__ == "__main__" or "<" in fn.__qualname__:
        raise ValueError("a job must be a module-level function of an importable module")
    return f"{fn.__module__}:{fn.__qualname__}"


def resolve(name: str) -> Callable:
    module_name, _, attr = name.partition(":")
    module = __import__(module_name, fromlist=[attr])
    return getattr(module, attr)


def queue_name() -> str:
    return f"{current_app.config['REDIS_PREFIX']}-jobs"


def rq_queue() -> Queue:
    connection = Redis.from_url(current_app.config["REDIS_URL"])
    return Queue(queue_name(), connection=connection, default_timeout=JOB_TIMEOUT)


def enqueue(fn: Callable, *args) -> None:
    """Run `fn(*args)` as a job. Arguments must be JSON-friendly (ids, not objects)."""
    name = function_name(fn)
    if current_app.config.get("REDIS_URL") is None:
        run(name, *args)
        return
    try:
        rq_queue().enqueue(run, name, *args, description=name)
    except RedisError:
        log.exception("job %s could not be queued; kept for retry", name)
        record_failure(name, args, traceback.format_exc())


def run(name: str, *args):
    """Run one job inside the app; what RQ calls. A failure is recorded, logged and re-raised
    on RQ (so RQ marks the job failed) but not inline (the request that queued it goes on)."""
    from lobby.jobs.worker import app_for_job

    with app_for_job().app_context():
        try:
            return resolve(name)(*args)
        except Exception:
            db.session.rollback()
            log.exception("job %s%r failed", name, tuple(args))
            record_failure(name, args, traceback.format_exc())
            if current_app.config.get("REDIS_URL") is not None:
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
