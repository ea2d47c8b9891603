"""Operator commands: `flask --app wsgi worker`, `flask --app wsgi jobs ...`."""
import time
from datetime import timedelta

import click
from flask import Flask, current_app
from flask.cli import AppGroup
from sqlalchemy import select

from lobby.extensions import db
from lobby.jobs import queue, tasks
from lobby.jobs.mail import retry_undelivered
from lobby.jobs.models import FailedJob
from lobby.jobs.worker import worker_command

jobs = AppGroup("jobs", help="Inspect and retry background jobs.")


@jobs.command("failed")
def failed_jobs() -> None:
    """List jobs that failed or could not be queued."""
    rows = db.session.scalars(select(FailedJob).order_by(FailedJob.id)).all()
    if not rows:
        click.echo("no failed jobs")
    for row in rows:
        item = row.to_dict()
        retried = f" (retried {item['retriedAt']})" if item["retriedAt"] else ""
        click.echo(f"{item['id']}\t{item['failedAt']}\t{item['function']}{tuple(item['args'])}\t{item['error']}{retried}")


@jobs.command("retry")
@click.argument("job_id", type=int)
def retry_job(job_id: int) -> None:
    """Queue a failed job again."""
    row = db.session.get(FailedJob, job_id)
    if row is None:
        raise click.ClickException(f"no failed job {job_id}")
    queue.retry(row)
    queue.wait_for_local_jobs(current_app._get_current_object())  # embedded: the CLI process must not exit mid-job
    click.echo(f"job {job_id} queued again")


@jobs.command("ping")
@click.option("--timeout", default=10.0, help="Seconds to wait for a worker.")
def ping(timeout: float) -> None:
    """Queue a heartbeat job and wait until a worker has run it."""
    if current_app.config.get("REDIS_URL") is None:
        queue.enqueue(tasks.log_heartbeat, "ping")
        queue.wait_for_local_jobs(current_app._get_current_object())
        click.echo("embedded mode: the job ran in-process")
        return
    job = queue.rq_queue().enqueue(queue.run, queue.function_name(tasks.log_heartbeat), "ping")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if job.get_status(refresh=True) == "finished":
            click.echo("a worker ran the job")
            return
        time.sleep(0.2)
    raise click.ClickException(f"no worker ran the job within {timeout:.0f}s")


mail = AppGroup("mail", help="Outgoing mail.")


@mail.command("retry")
@click.option("--minutes", default=1, help="Only mail undelivered for at least this long.")
def retry_mail(minutes: int) -> None:
    """Queue every undelivered mail again (run it from cron: nothing is lost to a mail outage)."""
    count = retry_undelivered(timedelta(minutes=minutes))
    queue.wait_for_local_jobs(current_app._get_current_object())
    click.echo(f"{count} mail(s) queued again")


def init_app(app: Flask) -> None:
    from lobby.accounts.cli import users
    from lobby.servers.cli import servers

    for command in (worker_command, jobs, mail, users, servers):
        app.cli.add_command(command)
