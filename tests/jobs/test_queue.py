import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from redis import Redis
from sqlalchemy import select

from lobby.extensions import db
from lobby.jobs import queue
from lobby.jobs.models import FailedJob, OutgoingMail
from tests.jobs.sample_jobs import explode, write_note

ROOT = Path(__file__).resolve().parents[2]


def failed_jobs(app):
    with app.app_context():
        return [row.to_dict() for row in db.session.scalars(select(FailedJob))]


def run_worker(app) -> subprocess.CompletedProcess:
    """The real worker command, in its own process, until the queue is empty."""
    env = {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
           "REDIS_URL": app.config["REDIS_URL"], "REDIS_PREFIX": app.config["REDIS_PREFIX"],
           "INSTANCE_PATH": str(app.instance_path), "SECRET_KEY": "test-secret"}
    flask = Path(sys.executable).with_name("flask")
    return subprocess.run([str(flask), "--app", "wsgi", "worker", "--burst"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def embedded(make_app, app):
    return make_app(REDIS_URL=None)


@pytest.fixture
def production(make_app, app, redis_url):
    app = make_app(REDIS_URL=redis_url)
    yield app
    with app.app_context():
        Redis.from_url(redis_url).delete(*(f"rq:queue:{name}" for name in queue.queue_names()))


def test_embedded_job_runs_in_process_without_holding_up_the_caller(embedded, tmp_path):
    note = tmp_path / "note.txt"
    with embedded.test_request_context():
        queue.enqueue(write_note, str(note), "привет")
    queue.wait_for_local_jobs(embedded)
    assert note.read_text() == "привет"


def test_embedded_failing_job_is_kept_and_does_not_break_the_caller(embedded):
    with embedded.test_request_context():
        queue.enqueue(explode, "нет связи")
    queue.wait_for_local_jobs(embedded)
    [failed] = failed_jobs(embedded)
    assert failed["function"] == "tests.jobs.sample_jobs:explode"
    assert failed["args"] == ["нет связи"]
    assert failed["error"] == "RuntimeError: нет связи"


def test_failed_job_can_be_retried_by_an_operator(embedded, tmp_path):
    note = tmp_path / "retried.txt"
    with embedded.app_context():
        row = FailedJob(function="tests.jobs.sample_jobs:write_note", args=[str(note), "снова"], error="x")
        db.session.add(row)
        db.session.commit()
        job_id = str(row.id)
    result = embedded.test_cli_runner().invoke(args=["jobs", "retry", job_id])
    assert result.exit_code == 0, result.output
    assert note.read_text() == "снова"
    assert failed_jobs(embedded)[0]["retriedAt"] is not None


def test_jobs_must_be_importable_functions(embedded):
    with embedded.app_context(), pytest.raises(ValueError):
        queue.enqueue(lambda: None)


def test_production_job_runs_in_the_rq_worker_process(production, tmp_path):
    note = tmp_path / "from-worker.txt"
    with production.app_context():
        queue.enqueue(write_note, str(note), "из воркера")
    assert not note.exists()  # queued, not run by the web process
    result = run_worker(production)
    assert result.returncode == 0, result.stderr
    assert note.read_text() == "из воркера"


def test_production_job_failure_is_recorded_by_the_worker(production):
    with production.app_context():
        queue.enqueue(explode, "SMTP недоступен")
    run_worker(production)
    [failed] = failed_jobs(production)
    assert failed["function"] == "tests.jobs.sample_jobs:explode"
    assert failed["error"] == "RuntimeError: SMTP недоступен"


def test_a_job_that_cannot_be_queued_is_kept(make_app, app, tmp_path):
    unreachable = make_app(REDIS_URL="redis://127.0.0.1:1/0")
    with unreachable.app_context():
        queue.enqueue(write_note, str(tmp_path / "never.txt"), "x")
    [failed] = failed_jobs(unreachable)
    assert failed["args"][1] == "x" and "Connection" in failed["error"]


def test_jobs_ping_waits_for_a_worker(production):
    worker = subprocess.Popen(
        [str(Path(sys.executable).with_name("flask")), "--app", "wsgi", "worker"], cwd=ROOT,
        env={**os.environ, "DATABASE_URL": production.config["SQLALCHEMY_DATABASE_URI"],
             "REDIS_URL": production.config["REDIS_URL"], "REDIS_PREFIX": production.config["REDIS_PREFIX"],
             "INSTANCE_PATH": str(production.instance_path), "SECRET_KEY": "x"},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        result = production.test_cli_runner().invoke(args=["jobs", "ping", "--timeout", "60"])
        assert result.exit_code == 0, result.output
        assert "a worker ran the job" in result.output
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def test_jobs_ping_fails_clearly_without_a_worker(production):
    started = time.monotonic()
    result = production.test_cli_runner().invoke(args=["jobs", "ping", "--timeout", "1"])
    assert result.exit_code != 0 and "no worker ran the job" in result.output
    assert time.monotonic() - started < 10


def test_operators_see_failed_jobs_with_their_error(embedded):
    runner = embedded.test_cli_runner()
    assert "no failed jobs" in runner.invoke(args=["jobs", "failed"]).output
    with embedded.test_request_context():
        queue.enqueue(explode, "почта не ушла")
    queue.wait_for_local_jobs(embedded)
    output = runner.invoke(args=["jobs", "failed"]).output
    assert "tests.jobs.sample_jobs:explode('почта не ушла',)" in output
    assert "RuntimeError: почта не ушла" in output


def finished(app, kind: str) -> list:
    """The jobs the worker finished on one of the app's queues."""
    from rq.job import Job

    with app.app_context():
        work_queue = queue.rq_queue(kind)
        return [Job.fetch(job_id, connection=work_queue.connection)
                for job_id in work_queue.finished_job_registry.get_job_ids()]


def test_mail_is_sent_before_pictures_queued_ahead_of_it(production, tmp_path):
    """A reset link asked for while heavy pictures wait is sent before them: mail has a queue of
    its own, which a worker takes from first (the probe saw a reset mail wait 18.9 s)."""
    from lobby.accounts import actions  # (embedded mode has no queue: pictures run in the request)

    with production.app_context():
        actions.do_register({"username": "anna", "email": "anna@example.com", "firstName": "Анна", "lastName": "Б",
                             "password": "password-123"}, verified=True)
        pictures = queue.rq_queue(queue.PICTURES)
        for index in range(6):  # stand-ins for heavy pictures: any job on the pictures' queue
            pictures.enqueue(queue.run, "tests.jobs.sample_jobs:write_note", str(tmp_path / f"{index}.txt"), "x")
    asked = production.test_client().post("/api/auth/forgot-password", json={"email": "anna@example.com"})
    assert asked.status_code == 200

    ran = run_worker(production)
    assert ran.returncode == 0, ran.stderr
    with production.app_context():
        [mail] = db.session.scalars(select(OutgoingMail)).all()
        assert mail.to_address == "anna@example.com" and mail.sent_at is not None
    mail_jobs, picture_jobs = finished(production, queue.MAIL), finished(production, queue.PICTURES)
    assert sorted(job.description for job in mail_jobs) == ["lobby.accounts.jobs:start_password_reset",
                                                            "lobby.jobs.mail:deliver_mail"]
    assert len(picture_jobs) == 6
    assert max(job.ended_at for job in mail_jobs) <= min(job.started_at for job in picture_jobs)


def test_one_person_has_at_most_two_pictures_in_the_works(app):
    from lobby import image_jobs
    from lobby.errors import ApiError

    with app.test_request_context():
        with image_jobs.one_of_theirs("user:1"), image_jobs.one_of_theirs("user:1"):
            with pytest.raises(ApiError) as refused:
                with image_jobs.one_of_theirs("user:1"):
                    pass
            assert refused.value.status == 429 and refused.value.headers["Retry-After"]
            with image_jobs.one_of_theirs("user:2"):  # someone else's turn is not theirs
                pass
        with image_jobs.one_of_theirs("user:1"), image_jobs.one_of_theirs("user:1"):  # both places back
            pass
