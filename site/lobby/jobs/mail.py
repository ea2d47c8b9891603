"""Mail delivery: `OutgoingMail` rows sent by a job, over SMTP or into `instance/outbox/`."""
from __future__ import annotations

import logging
import smtplib
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from flask import current_app, render_template
from sqlalchemy import select

from lobby.database import utcnow
from lobby.extensions import db
from lobby.jobs.models import OutgoingMail
from lobby.jobs.queue import enqueue

log = logging.getLogger(__name__)

DELIVERY_RETRIES = 3


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
    enqueue(deliver_mail, mail.id, retries=DELIVERY_RETRIES)


def deliver_mail(mail_id: int) -> None:
    """The job: send one mail unless it already went out."""
    mail = db.session.get(OutgoingMail, mail_id)
    if mail is None or mail.sent_at is not None:
        return
    try:
        transport(build_message(mail), mail.id)
    except Exception as error:
        mail.attempts += 1
        mail.last_error = f"{type(error).__name__}: {error}"
        db.session.commit()
        raise
    mail.sent_at = utcnow()
    mail.attempts += 1
    mail.text_body = mail.html_body = ""
    db.session.commit()


def build_message(mail: OutgoingMail) -> EmailMessage:
    message = EmailMessage()
    message["From"] = current_app.config["MAIL_DEFAULT_SENDER"]
    message["To"] = mail.to_address
    message["Subject"] = mail.subject
    message["Message-ID"] = make_msgid(domain="lobby")
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
        enqueue(deliver_mail, mail_id, retries=DELIVERY_RETRIES)
    return len(ids)
