"""Access tokens (short-lived, signed, stateless) and refresh tokens (random, stored hashed,
rotated on every use; a reused one revokes its whole chain)."""
from __future__ import annotations

import hashlib
import secrets
import time
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


class AccessTokens:
    """Signs access tokens for one secret key, and remembers the ones it verified.

    Verifying a token's signature was an eighth of the CPU of a minimal API call, and a client
    sends the same token with every request for 15 minutes. So a token verified once is kept
    (keyed by the whole token, so nothing unsigned can match) with the time it was issued, and
    its age is checked on every use as before."""

    REMEMBERED = 20_000  # tokens; about 4 MB at most, emptied when full

    def __init__(self, secret: str) -> None:
        self.secret = secret
        self.serializer = URLSafeTimedSerializer(secret, salt="lobby.access-token")
        self.verified: dict[str, tuple[Claims, int]] = {}

    def issue(self, user) -> str:
        return self.serializer.dumps({"u": user.id, "v": user.session_version})

    def claims(self, token: str) -> Claims | None:
        found = self.verified.get(token)
        if found is None:
            found = self._verify(token)
            if found is None:
                return None
            if len(self.verified) >= self.REMEMBERED:
                self.verified.clear()
            self.verified[token] = found
        claims, issued = found
        # As itsdangerous's max_age: expired, or issued in the future (a clock gone wrong).
        return claims if 0 <= int(time.time()) - issued <= ACCESS_TOKEN_SECONDS else None

    def _verify(self, token: str) -> tuple[Claims, int] | None:
        try:
            payload, issued = self.serializer.loads(token, return_timestamp=True)
        except BadSignature:
            return None
        if not isinstance(payload, dict) or not isinstance(payload.get("u"), int) or not isinstance(payload.get("v"), int):
            return None
        return Claims(payload["u"], payload["v"]), int(issued.timestamp())


def _tokens() -> AccessTokens:
    """The app's, made on first use (and again if its secret key changed)."""
    made = current_app.extensions.get("lobby.access-tokens")
    if made is None or made.secret != current_app.config["SECRET_KEY"]:
        made = current_app.extensions["lobby.access-tokens"] = AccessTokens(current_app.config["SECRET_KEY"])
    return made


def issue_access_token(user: User) -> str:
    return _tokens().issue(user)


def access_claims(token: str) -> Claims | None:
    """The claims of a well-signed, unexpired access token (no database read: whether that
    session still stands is for `session_user`, or a statement that checks it, to say)."""
    return _tokens().claims(token) if token else None


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
