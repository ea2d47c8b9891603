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
