"""Mail delivery: `OutgoingMail` rows sent by a job, over SMTP or into `instance/outbox/`."""
from __future__ import annotations

import logging
import smtplib
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

from flask import current_app, render_template
from rq import get_current_job
from rq.job import Job
from sqlalchemy import false, or_, select, update

from lobby.database import utcnow
from lobby.extensions import db
from lobby.jobs.models import OutgoingMail
from lobby.jobs.queue import MAIL, enqueue, on_queue

log = logging.getLogger(__name__)

DELIVERY_RETRIES = 3
# How long a delivery job holds its mail: well past an SMTP conversation (each step times out at 30 s).
CLAIM = timedelta(minutes=2)


def compose_mail(to: str, subject: str, template: str, **context) -> OutgoingMail:
    """Add a mail to the session (from templates/mail/<template>.txt and .html); the caller
    commits, then calls `send_after_commit`."""
    mail = OutgoingMail(
        to_address=to,
        subject=subject,
        text_body=render_template(f"mail/{template}.txt", **context),
        html_body=render_template(f"mail/{template}.html", **context),
    )
    db.session.add(mail)
    return mail


def send_after_commit(mail: OutgoingMail) -> None:
    queue_delivery(mail.id)


def queue_delivery(mail_id: int) -> None:
    """A delivery job for the mail, its id kept on the row (`requeue_lost_mail` reads it)."""
    job_id = enqueue(deliver_mail, mail_id, retries=DELIVERY_RETRIES)
    if job_id is not None:
        db.session.execute(update(OutgoingMail).where(OutgoingMail.id == mail_id).values(queued_job=job_id))
        db.session.commit()


@on_queue(MAIL)
def deliver_mail(mail_id: int) -> None:
    """The job: send one mail unless it already went out or another job is sending it."""
    mail = claim(mail_id)
    if mail is None:
        return
    try:
        transport(build_message(mail), mail.id)
    except Exception as error:
        mail.attempts += 1
        mail.last_error = f"{type(error).__name__}: {error}"
        mail.sending_job = mail.sending_until = None  # free for the retry
        db.session.commit()
        raise
    mail.sent_at = utcnow()
    mail.attempts += 1
    mail.text_body = mail.html_body = ""
    mail.sending_job = mail.sending_until = None
    db.session.commit()


def claim(mail_id: int) -> OutgoingMail | None:
    """Take an unsent mail for this job: one UPDATE, which only one job can win while the claim
    stands. The same job tried again (RQ retries a job whose worker was killed mid-send, under its
    own id) takes its claim back; another job (a sweeper's copy) waits until the claim lapses.
    None: the mail went out, or someone else is sending it."""
    job = get_current_job()
    me, now = (job.id if job is not None else None), utcnow()
    free = or_(OutgoingMail.sending_until.is_(None), OutgoingMail.sending_until < now)
    mine = OutgoingMail.sending_job == me if me is not None else false()
    taken = db.session.execute(update(OutgoingMail).where(OutgoingMail.id == mail_id, OutgoingMail.sent_at.is_(None),
                                                          or_(free, mine))
                               .values(sending_job=me, sending_until=now + CLAIM)).rowcount
    db.session.commit()
    return db.session.get(OutgoingMail, mail_id) if taken else None


def build_message(mail: OutgoingMail) -> EmailMessage:
    message = EmailMessage()
    message["From"] = current_app.config["MAIL_DEFAULT_SENDER"]
    message["To"] = mail.to_address
    message["Subject"] = mail.subject
    # The same for every try: a mail sent twice (a worker killed after the server took it, before
    # it was marked sent) is one message to any receiver that drops repeated Message-IDs.
    message["Message-ID"] = f"<mail-{mail.id}.{mail.created_at:%Y%m%d%H%M%S}@lobby>"
    message.set_content(mail.text_body)
    message.add_alternative(mail.html_body, subtype="html")
    return message


def transport(message: EmailMessage, mail_id: int) -> None:
    config = current_app.config
    if not config.get("MAIL_SERVER"):
        write_to_outbox(message, mail_id)
        return
    smtp_class = smtplib.SMTP_SSL if config["MAIL_USE_SSL"] else smtplib.SMTP
    with smtp_class(config["MAIL_SERVER"], config["MAIL_PORT"], timeout=30) as smtp:
        if config["MAIL_USE_TLS"]:
            smtp.starttls()
        if config.get("MAIL_USERNAME"):
            smtp.login(config["MAIL_USERNAME"], config["MAIL_PASSWORD"] or "")
        smtp.send_message(message)
    log.info("mail %s sent", mail_id)


def write_to_outbox(message: EmailMessage, mail_id: int) -> None:
    """No MAIL_SERVER (embedded mode): keep the mail as an .eml file a developer can open."""
    folder = Path(current_app.config["OUTBOX_FOLDER"])
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{utcnow():%Y%m%d-%H%M%S}-{mail_id}.eml"
    path.write_bytes(bytes(message))
    # Never the body: it carries codes and links, which must not reach logs.
    log.info("mail %s written to %s", mail_id, path)


def retry_undelivered(older_than: timedelta = timedelta(minutes=1)) -> int:
    """Queue every mail still undelivered after `older_than`; returns how many."""
    cutoff = utcnow() - older_than
    ids = db.session.scalars(
        select(OutgoingMail.id).where(OutgoingMail.sent_at.is_(None), OutgoingMail.created_at < cutoff)
    ).all()
    for mail_id in ids:
        queue_delivery(mail_id)
    return len(ids)


def requeue_lost_mail(connection, older_than: timedelta = timedelta(seconds=30)) -> int:
    """The outbox sweeper's pass (the job worker runs it every SWEEP_SECONDS): queue again every
    mail undelivered after `older_than` whose job is gone — it could not be queued (Redis was
    away), or Redis lost it (a restart keeps nothing) — and that nobody is sending. A mail whose
    job still exists waits for it (its retries included). Returns how many were queued."""
    now = utcnow()
    waiting = db.session.execute(select(OutgoingMail.id, OutgoingMail.queued_job).where(
        OutgoingMail.sent_at.is_(None), OutgoingMail.created_at < now - older_than,
        or_(OutgoingMail.sending_until.is_(None), OutgoingMail.sending_until < now))).all()
    db.session.commit()
    lost = [mail_id for mail_id, job_id in waiting if job_id is None or not Job.exists(job_id, connection)]
    for mail_id in lost:
        queue_delivery(mail_id)
    return len(lost)
