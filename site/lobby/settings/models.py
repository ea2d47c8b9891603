"""Where the settings document is kept. Only what differs from the defaults is stored, so a new
default reaches everyone who never changed that field. The fields others see or that rules read
are not here: the profile is on `users`, the enforced privacy values on `privacy_settings`
(`store.py` puts the document together)."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey
from sqlalchemy.orm import Mapped, mapped_column

from lobby.database import utcnow
from lobby.extensions import db


class UserSettings(db.Model):
    __tablename__ = "user_settings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    document: Mapped[dict] = mapped_column(JSON, default=dict)  # {group: {field: value}} beyond the defaults
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
