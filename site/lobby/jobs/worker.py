"""The RQ worker of production mode: `flask --app wsgi worker`.

The app and the job modules are imported once in the worker's parent; RQ forks a work horse
per job from that warm parent, so a job starts in milliseconds instead of re-importing the app.
"""
from __future__ import annotations

import importlib
import logging
import os
import threading
import time
from datetime import timedelta

import click
from flask import Flask, current_app, has_app_context
from flask.cli import with_appcontext
from redis import Redis
from redis.exceptions import RedisError
from rq import Worker

from lobby.extensions import db

log = logging.getLogger(__name__)

_engine_pid = os.getpid()
MAINTENANCE_SECONDS = 30
MONITORING_SECONDS = 10
RESTART_SECONDS = 5


class LobbyWorker(Worker):
    # While Redis is away RQ waits longer and longer between tries, up to a minute by default:
    # once it is back, jobs (a sign-up's code) should run within seconds.
    max_connection_wait_time = 5.0


def app_for_job() -> Flask:
    """The app a job runs in: the current one (inline or in a work horse), else a new one."""
    global _engine_pid
    if not has_app_context():
        from lobby import create_app

        return create_app()
    app = current_app._get_current_object()
    if os.getpid() != _engine_pid:
        # A forked work horse must not share the parent's pooled database connections.
        with app.app_context():
            db.engine.dispose(close=False)
        _engine_pid = os.getpid()
    return app


@click.command("worker")
@click.option("--burst", is_flag=True, help="Run the queued jobs, then exit.")
@with_appcontext
def worker_command(burst: bool) -> None:
    """Run the RQ worker for Lobby's job queue (production mode)."""
    from lobby.jobs import queue as jobs_queue

    url = current_app.config.get("REDIS_URL")
    if not url:
        raise click.ClickException("REDIS_URL is not set: in embedded mode jobs run in-process.")
    # Every job module loaded in the parent before the first fork (the app names them: jobs/
    # imports no feature).
    from lobby import JOB_MODULES

    for name in JOB_MODULES:
        importlib.import_module(name)

    connection = Redis.from_url(url)
    if not burst:
        start_sweeper(current_app._get_current_object(), connection)
    while True:
        # The scheduler runs the retries' delays (10 s, 1 min, 5 min); maintenance every 30 s hands
        # a job whose worker was killed back to its retries (RQ sees it abandoned once its
        # heartbeat, job_monitoring_interval + 60 s, lapses) and takes over a dead worker's
        # scheduler. An idle worker looks at maintenance only between its waits for a job, which
        # last worker_ttl - 15 s: 405 s by default, 30 s here.
        worker = LobbyWorker(jobs_queue.queue_names(), connection=connection, maintenance_interval=MAINTENANCE_SECONDS,
                             job_monitoring_interval=MONITORING_SECONDS, worker_ttl=MAINTENANCE_SECONDS + 15)
        try:
            worker.work(burst=burst, with_scheduler=True, logging_level=current_app.config["LOG_LEVEL"])
        except RedisError as error:
            log.warning("job worker lost Redis (%s)", error)
        if burst or worker._shutdown_requested_date is not None:  # RQ's mark of a SIGINT or SIGTERM
            return
        # RQ quits on an error outside its wait for a job (Redis away at a heartbeat): start again.
        log.warning("job worker stopped on an error; starting again in %s s", RESTART_SECONDS)
        time.sleep(RESTART_SECONDS)


def start_sweeper(app: Flask, connection: Redis) -> None:
    """A thread of the worker's parent: every OUTBOX_SWEEP_SECONDS, mail undelivered that long
    whose job is gone is queued again (`mail.requeue_lost_mail`): a mail written while Redis was
    away, or whose job a Redis restart lost, is sent once Redis is back, without an operator.
    The same pass runs the features' periodic work: each job module's `PERIODIC` functions (the
    app names the modules, JOB_MODULES; jobs/ imports no feature), each on its own, so one
    failing does not hold back the others."""
    from lobby import JOB_MODULES
    from lobby.jobs.mail import requeue_lost_mail

    every = float(app.config["OUTBOX_SWEEP_SECONDS"])
    periodic = [work for name in JOB_MODULES for work in getattr(importlib.import_module(name), "PERIODIC", ())]

    def requeue_mail() -> None:
        queued = requeue_lost_mail(connection, older_than=timedelta(seconds=every))
        if queued:
            log.warning("outbox sweeper queued %s undelivered mail again", queued)

    def sweep_forever() -> None:
        while True:
            time.sleep(every)
            for work in (requeue_mail, *periodic):
                with app.app_context():
                    try:
                        work()
                    except Exception as error:  # Redis or the database away: the next pass tries again
                        log.warning("periodic pass skipped %s: %s", work.__name__, error)
                    finally:
                        db.session.remove()

    threading.Thread(target=sweep_forever, name="lobby-outbox-sweeper", daemon=True).start()
