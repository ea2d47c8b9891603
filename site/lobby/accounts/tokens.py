"""Access tokens (short-lived, signed, stateless) and refresh tokens (random, stored hashed,
rotated on every use; a reused one revokes its whole chain)."""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import select, update

from lobby.accounts.models import RefreshToken, User
from lobby.database import utcnow
from lobby.errors import ApiError
from lobby.extensions import db

ACCESS_TOKEN_SECONDS = 15 * 60
REMEMBERED_SESSION = timedelta(days=30)
BROWSER_SESSION = timedelta(hours=24)  # server-side cap for a cookie that dies with the browser
# Two tabs refreshing with the same cookie at once: the later one, within this window, is a race,
# not a theft. It gets an access token; the cookie the first one set is already in the browser.
ROTATION_GRACE = timedelta(seconds=10)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Claims:
    """What a valid access token says: whose it is, and which of their sessions issued it."""
    user_id: int
    session_version: int


def _serializer() -> URLSafeTimedSerializer:
    # One per app, made on first use: building it (and its signer) on every request showed in
    # the profile of the message send.
    made = current_app.extensions.get("lobby.access-tokens")
    if made is None or made[0] != current_app.config["SECRET_KEY"]:
        key = current_app.config["SECRET_KEY"]
        made = current_app.extensions["lobby.access-tokens"] = (
            key, URLSafeTimedSerializer(key, salt="lobby.access-token"))
    return made[1]


def issue_access_token(user: User) -> str:
    return _serializer().dumps({"u": user.id, "v": user.session_version})


def access_claims(token: str) -> Claims | None:
    """The claims of a well-signed, unexpired access token (no database read: whether that
    session still stands is for `session_user`, or a statement that checks it, to say)."""
    try:
        found = _serializer().loads(token, max_age=ACCESS_TOKEN_SECONDS)
    except BadSignature:  # also covers expiry
        return None
    if not isinstance(found, dict) or not isinstance(found.get("u"), int) or not isinstance(found.get("v"), int):
        return None
    return Claims(found["u"], found["v"])


def session_user(claims: Claims | None) -> User | None:
    """The user whose session issued these claims, while it stands (no reset or deactivation
    since)."""
    if claims is None:
        return None
    user = db.session.get(User, claims.user_id)
    if user is None or user.session_version != claims.session_version or not user.is_active:
        return None
    return user


def user_for_access_token(token: str) -> User | None:
    return session_user(access_claims(token))


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def start_chain(user: User, remember: bool) -> str:
    """A new refresh-token chain for a sign-in; returns the token for the cookie."""
    return _add_link(user.id, secrets.token_hex(16), remember)


def _add_link(user_id: int, family: str, remember: bool) -> str:
    token = new_secret()
    lifetime = REMEMBERED_SESSION if remember else BROWSER_SESSION
    db.session.add(RefreshToken(user_id=user_id, token_hash=digest(token), family=family,
                                remember=remember, expires_at=utcnow() + lifetime))
    return token


REFRESH_FAILED = "Сессия истекла. Войдите снова."


def rotate(token: str) -> tuple[User, str | None, bool]:
    """Use a refresh token: returns (user, the next token or None within the race grace,
    remember). Raises 401 for an unknown, expired, revoked or reused token; a reuse revokes the
    whole chain (someone else holds a copy)."""
    link = db.session.scalar(select(RefreshToken).where(RefreshToken.token_hash == digest(token or "")))
    now = utcnow()
    if link is None or link.revoked_at is not None or link.expires_at <= now:
        raise ApiError(401, REFRESH_FAILED, "REFRESH_INVALID")
    if link.rotated_at is not None:
        if now - link.rotated_at > ROTATION_GRACE:
            revoke_family(link.family)
            db.session.commit()
            raise ApiError(401, REFRESH_FAILED, "REFRESH_REUSED")
        return _usable_user(link), None, link.remember
    user = _usable_user(link)
    link.rotated_at = now
    successor = _add_link(link.user_id, link.family, link.remember)
    db.session.commit()
    return user, successor, link.remember


def _usable_user(link: RefreshToken) -> User:
    user = db.session.get(User, link.user_id)
    if user is None or not user.is_active or not user.is_email_verified:
        raise ApiError(401, REFRESH_FAILED, "REFRESH_INVALID")
    return user


def revoke_family(family: str) -> None:
    db.session.execute(update(RefreshToken).where(RefreshToken.family == family, RefreshToken.revoked_at.is_(None))
                       .values(revoked_at=utcnow()))


def revoke_token_chain(token: str | None) -> None:
    """Sign-out: the chain this token belongs to ends (whatever state the token is in)."""
    if not token:
        return
    family = db.session.scalar(select(RefreshToken.family).where(RefreshToken.token_hash == digest(token)))
    if family:
        revoke_family(family)


def revoke_all(user_id: int) -> None:
    db.session.execute(update(RefreshToken).where(RefreshToken.user_id == user_id, RefreshToken.revoked_at.is_(None))
                       .values(revoked_at=utcnow()))
