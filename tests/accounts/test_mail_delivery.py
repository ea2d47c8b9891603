"""Mail is never lost: without MAIL_SERVER it goes to `instance/outbox/`; when SMTP is down the
registration still succeeds and the mail waits, recorded, until `flask mail retry` sends it."""
import logging
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from rq.registry import ScheduledJobRegistry
from sqlalchemy import select

from lobby.extensions import db
from lobby.jobs.models import FailedJob, OutgoingMail
from lobby.jobs.queue import MAIL, rq_queue
from tests.accounts.conftest import code_in, registration
from tests.support import run_jobs

EMAIL = "anna@example.com"


def register(app):
    response = app.test_client().post("/api/auth/register", json=registration())
    run_jobs(app)
    return response


def rows(app, model) -> list:
    with app.app_context():
        return db.session.scalars(select(model).order_by(model.id)).all()


@pytest.fixture
def without_leftover_jobs():
    """Production mode: RQ keeps a failed mail job scheduled for a later retry; delete it after."""
    apps = []
    yield apps.append
    for app in apps:
        if app.config.get("REDIS_URL"):
            with app.app_context():
                registry = ScheduledJobRegistry(queue=rq_queue(MAIL))
                for job_id in registry.get_job_ids():
                    registry.remove(job_id, delete_job=True)


def test_without_a_mail_server_mail_is_written_to_the_outbox_and_logged_without_its_code(
        make_app, app, mailbox, caplog):
    caplog.set_level(logging.INFO)
    mailbox.messages.clear()
    offline = make_app(MAIL_SERVER=None)
    assert register(offline).status_code == 201

    [eml] = sorted(offline.config["OUTBOX_FOLDER"].glob("*.eml"))
    assert eml.parent == offline.config["OUTBOX_FOLDER"] == Path(offline.instance_path) / "outbox"
    mail = message_from_bytes(eml.read_bytes(), policy=policy.default)
    assert mail["To"] == EMAIL and mail["Subject"] == "Код подтверждения Lobby"
    code = code_in(mail)
    assert str(eml) in caplog.text
    assert code not in caplog.text
    assert mailbox.sent_to(EMAIL) == []
    [row] = rows(offline, OutgoingMail)
    assert row.sent_at is not None


def test_mail_that_smtp_refuses_is_kept_and_sent_by_mail_retry(make_app, app, mailbox, without_leftover_jobs):
    mailbox.messages.clear()
    broken = make_app(MAIL_PORT="1")  # nothing listens there
    without_leftover_jobs(broken)
    assert register(broken).status_code == 201

    [row] = rows(broken, OutgoingMail)
    assert row.sent_at is None and row.attempts >= 1 and row.last_error
    assert row.text_body  # the code is still there to send
    assert any(job.function == "lobby.jobs.mail:deliver_mail" and job.args == [row.id]
               for job in rows(broken, FailedJob))
    assert mailbox.sent_to(EMAIL) == []

    broken.config["MAIL_PORT"] = mailbox.port  # the mail server is back
    result = broken.test_cli_runner().invoke(args=["mail", "retry", "--minutes", "0"])
    assert result.exit_code == 0, result.output
    assert "1 mail(s) queued again" in result.output
    run_jobs(broken)

    delivered = mailbox.wait_for(EMAIL)
    assert delivered["Subject"] == "Код подтверждения Lobby"
    assert len(code_in(delivered)) == 6
    [row] = rows(broken, OutgoingMail)
    assert row.sent_at is not None and row.text_body == "" and row.html_body == ""
