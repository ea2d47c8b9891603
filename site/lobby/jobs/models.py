from datetime import datetime

from sqlalchemy import JSON, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from lobby.database import utcnow
from lobby.extensions import db


class FailedJob(db.Model):
    """A job that raised, or could not be queued: kept so an operator can see and retry it."""

    __tablename__ = "failed_jobs"

    id: Mapped[int] = mapped_column(primary_key=True)
    function: Mapped[str] = mapped_column(String(200))
    args: Mapped[list] = mapped_column(JSON, default=list)
    error: Mapped[str] = mapped_column(Text)
    failed_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    retried_at: Mapped[datetime | None] = mapped_column(default=None)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "function": self.function,
            "args": self.args,
            "error": self.error.strip().splitlines()[-1] if self.error else "",
            "failedAt": self.failed_at.isoformat(),
            "retriedAt": self.retried_at.isoformat() if self.retried_at else None,
        }


class OutgoingMail(db.Model):
    """A mail to send. Written in the transaction that needs it, delivered by a job; kept until
    delivered, so a send that fails (or could not be queued) is retried, never lost. The bodies
    are dropped once delivered: they may carry codes and links."""

    __tablename__ = "outgoing_mail"

    id: Mapped[int] = mapped_column(primary_key=True)
    to_address: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(200))
    text_body: Mapped[str] = mapped_column(Text)
    html_body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    sent_at: Mapped[datetime | None] = mapped_column(default=None, index=True)
    attempts: Mapped[int] = mapped_column(default=0)
    last_error: Mapped[str | None] = mapped_column(Text, default=None)
    queued_job: Mapped[str | None] = mapped_column(String(64), default=None)  # None: it could not be queued
    # Claimed by a delivery job until then (mail.py: `claim`); None or past: free to send.
    sending_job: Mapped[str | None] = mapped_column(String(64), default=None)
    sending_until: Mapped[datetime | None] = mapped_column(default=None)
