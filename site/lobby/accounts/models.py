from __future__ import annotations

from datetime import datetime

from flask_login import UserMixin
from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from lobby.database import utcnow
from lobby.extensions import db


class User(UserMixin, db.Model):
    __tablename__ = "users"
    # The periodic pass looks for unverified accounts past their time (accounts/unverified.py).
    __table_args__ = (Index("ix_users_is_email_verified_created_at", "is_email_verified", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(32))
    # Lower-cased copies: sign-in and "is it taken" are case-insensitive on both databases.
    username_key: Mapped[str] = mapped_column(String(32), unique=True)
    email: Mapped[str] = mapped_column(String(254))
    email_key: Mapped[str] = mapped_column(String(254), unique=True)
    first_name: Mapped[str] = mapped_column(String(50))
    last_name: Mapped[str] = mapped_column(String(50))
    password_hash: Mapped[str] = mapped_column(String(200))
    is_email_verified: Mapped[bool] = mapped_column(default=False)
    is_deactivated: Mapped[bool] = mapped_column(default=False)
    # Bumped to end every session at once (password reset, deactivation): cookie sessions and
    # access tokens carry the number they were issued with. One session alone ends by its SignIn.
    session_version: Mapped[int] = mapped_column(default=1)
    profile_image_url: Mapped[str | None] = mapped_column(String(500), default=None)
    # The profile others see (settings' `profile` group; lobby.settings writes them). Null = not set.
    avatar_file: Mapped[str | None] = mapped_column(String(100), default=None)  # under UPLOAD_FOLDER/avatars
    display_name: Mapped[str | None] = mapped_column(String(32), default=None)
    bio: Mapped[str | None] = mapped_column(String(200), default=None)
    pronouns: Mapped[str | None] = mapped_column(String(40), default=None)
    custom_status: Mapped[str | None] = mapped_column(String(50), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_login_at: Mapped[datetime | None] = mapped_column(default=None)
    # Set when the person deleted their account: the row stays (as «Удалённый пользователь») so
    # their messages keep an author; its name and address are released (accounts/deletion.py).
    deleted_at: Mapped[datetime | None] = mapped_column(default=None)

    @property
    def is_active(self) -> bool:  # Flask-Login: deactivated users cannot hold a session
        return not self.is_deactivated

    # The sign-in this row was loaded for (not a column): set by the session loader and at sign-in,
    # so the page cookie Flask-Login writes names it.
    sign_in_id = None  # int | None; unannotated so the ORM leaves it unmapped

    def get_id(self) -> str:
        return f"{self.id}:{self.session_version}:{self.sign_in_id}"

    def profile_dict(self) -> dict:
        """What the user chose to show others (settings' profile); '' where nothing is set."""
        return {"displayName": self.display_name or "", "bio": self.bio or "", "pronouns": self.pronouns or "",
                "customStatus": self.custom_status or ""}

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "username": self.username,
            "email": self.email,
            "firstName": self.first_name,
            "lastName": self.last_name,
            "profileImageUrl": self.profile_image_url,
            **self.profile_dict(),
            "isEmailVerified": self.is_email_verified,
            "lastLoginAt": self.last_login_at.isoformat() if self.last_login_at else None,
            "createdAt": self.created_at.isoformat(),
        }


class EmailCode(db.Model):
    """A six-digit verification code, stored hashed. Rows stay after use: they count toward the
    daily cap per address."""

    __tablename__ = "email_codes"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    expires_at: Mapped[datetime]
    failed_attempts: Mapped[int] = mapped_column(default=0)
    # Set when the code was used, replaced by a resend, or killed by wrong tries.
    closed_at: Mapped[datetime | None] = mapped_column(default=None)
    # An e-mail change's code: the address it was sent to, which becomes the account's once the
    # code is confirmed. None: a verification code of the account's own address.
    new_email: Mapped[str | None] = mapped_column(String(254), default=None)


class SignIn(db.Model):
    """One session: a sign-in from one browser or client. Its page cookie, its access tokens, its
    refresh-token chain and its live sockets all name it, and all end with it: at sign-out, or
    when every session of the account ends (password reset, deactivation). It lasts as long as its
    refresh chain, which each refresh extends."""

    __tablename__ = "sign_ins"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    ended_at: Mapped[datetime | None] = mapped_column(default=None)
    # What the sessions list shows: the browser that signed in, and when the session was last used
    # (its sign-in, each refresh of its access token, each look at the sessions list).
    user_agent: Mapped[str | None] = mapped_column(String(300), default=None)
    last_seen_at: Mapped[datetime | None] = mapped_column(default=None)


class RefreshToken(db.Model):
    """One link of a sign-in's rotating refresh-token chain, stored as a SHA-256 hash."""

    __tablename__ = "refresh_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    sign_in_id: Mapped[int] = mapped_column(ForeignKey("sign_ins.id", ondelete="CASCADE"), index=True)
    remember: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    rotated_at: Mapped[datetime | None] = mapped_column(default=None)
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)


class PasswordReset(db.Model):
    """A single-use password-reset link token, stored as a SHA-256 hash."""

    __tablename__ = "password_resets"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None] = mapped_column(default=None)
