"""The RQ worker of production mode: `flask --app wsgi worker`.

The app and the job modules are imported once in the worker's parent; RQ forks a work horse
per job from that warm parent, so a job starts in milliseconds instead of re-importing the app.
"""
from __future__ import annotations

import importlib
import os

import click
from flask import Flask, current_app, has_app_context
from flask.cli import with_appcontext
from redis import Redis
from rq import Worker

from lobby.extensions import db

_engine_pid = os.getpid()


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
    worker = Worker([jobs_queue.queue_name()], connection=connection)
    worker.work(burst=burst, logging_level=current_app.config["LOG_LEVEL"])
