"""Mail is never lost to a Redis outage nor sent twice: the worker's outbox sweeper queues again
what Redis never held or lost, and a delivery job claims its mail before it speaks SMTP."""
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from sqlalchemy import select, update

from lobby.database import utcnow
from lobby.extensions import db
from lobby.jobs.mail import CLAIM, compose_mail, deliver_mail
from lobby.jobs.models import OutgoingMail
from tests.support import ThrowawayRedis

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def redis_server(tmp_path):
    server = ThrowawayRedis(tmp_path).start()
    yield server
    server.stop()


def worker_for(app, **env):
    return subprocess.Popen(
        [str(Path(sys.executable).with_name("flask")), "--app", "wsgi", "worker"], cwd=ROOT,
        env={**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "REDIS_URL": app.config["REDIS_URL"],
             "REDIS_PREFIX": app.config["REDIS_PREFIX"], "INSTANCE_PATH": str(app.instance_path), "SECRET_KEY": "x",
             "MAIL_SERVER": "127.0.0.1", "MAIL_PORT": str(app.config["MAIL_PORT"]), **env},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def test_a_sign_up_while_redis_is_away_gets_its_code_once_redis_is_back(make_app, app, redis_server, mailbox):
    production = make_app(REDIS_URL=redis_server.url)
    redis_server.stop()
    answer = production.test_client().post("/api/auth/register", json={
        "username": "tanya", "email": "tanya@example.com", "firstName": "Таня", "lastName": "Котова",
        "password": "password-123"})
    assert answer.status_code == 201, answer.get_json()
    redis_server.start()  # empty: the job was never queued anyway
    worker = worker_for(production, OUTBOX_SWEEP_SECONDS="1")
    try:
        code_mail = mailbox.wait_for("tanya@example.com", timeout=30)
        assert "Lobby" in code_mail["Subject"]
        with pytest.raises(AssertionError):  # three more sweeps: nothing sent again
            mailbox.wait_for("tanya@example.com", count=2, timeout=3)
        with production.app_context():
            assert db.session.scalar(select(OutgoingMail.sent_at)) is not None
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def queued_mail(app, to: str) -> int:
    with app.test_request_context():
        person = SimpleNamespace(first_name="Тест", last_name="Тестов", username="test", email=to)
        mail = compose_mail(to, "Проверка", "verify_code", user=person, code="123456", minutes=10)
        db.session.commit()
        return mail.id


def test_a_mail_is_sent_once_however_many_jobs_deliver_it(make_app, app, mailbox):
    embedded = make_app(REDIS_URL=None)
    mail_id = queued_mail(embedded, "once@example.com")
    with embedded.app_context():
        deliver_mail(mail_id)
        deliver_mail(mail_id)  # the sweeper's copy, after the queue's
    mailbox.wait_for("once@example.com")
    assert len(mailbox.sent_to("once@example.com")) == 1


def test_a_mail_another_job_is_sending_is_left_to_it_until_its_claim_lapses(make_app, app, mailbox):
    embedded = make_app(REDIS_URL=None)
    mail_id = queued_mail(embedded, "claimed@example.com")
    with embedded.app_context():
        db.session.execute(update(OutgoingMail).where(OutgoingMail.id == mail_id)
                           .values(sending_job="another-job", sending_until=utcnow() + CLAIM))
        db.session.commit()
        deliver_mail(mail_id)
        assert db.session.get(OutgoingMail, mail_id).sent_at is None
        db.session.execute(update(OutgoingMail).where(OutgoingMail.id == mail_id).values(sending_until=utcnow()))
        db.session.commit()
        deliver_mail(mail_id)  # that job died: its claim lapsed
    mailbox.wait_for("claimed@example.com")
    assert len(mailbox.sent_to("claimed@example.com")) == 1
