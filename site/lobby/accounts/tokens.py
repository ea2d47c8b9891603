"""Access tokens (short-lived, signed) and refresh tokens (random, stored hashed, rotated on every
use; a reused one ends its whole sign-in). Both name a `SignIn`: when it ends, they stop working."""
from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app, has_request_context, request
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import bindparam, select, update

from lobby.accounts.models import RefreshToken, SignIn, User
from lobby.database import AmongIds, utcnow
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.texts import text

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
    """What a valid access token says: whose it is, and which of their sessions issued it (the
    account's session version, and the sign-in). `sign_in_id` None: the server acting for the user
    (seed data, operators), never a client."""
    user_id: int
    session_version: int
    sign_in_id: int | None = None


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

    def issue(self, user, sign_in_id: int) -> str:
        return self.serializer.dumps({"u": user.id, "v": user.session_version, "s": sign_in_id})

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
        if not isinstance(payload, dict) or not all(isinstance(payload.get(key), int) for key in "uvs"):
            return None
        return Claims(payload["u"], payload["v"], payload["s"]), int(issued.timestamp())


def _tokens() -> AccessTokens:
    """The app's, made on first use (and again if its secret key changed)."""
    made = current_app.extensions.get("lobby.access-tokens")
    if made is None or made.secret != current_app.config["SECRET_KEY"]:
        made = current_app.extensions["lobby.access-tokens"] = AccessTokens(current_app.config["SECRET_KEY"])
    return made


def issue_access_token(user: User, sign_in_id: int) -> str:
    return _tokens().issue(user, sign_in_id)


def access_claims(token: str) -> Claims | None:
    """The claims of a well-signed, unexpired access token (no database read: whether that
    session still stands is for `session_user`, or a statement that checks it, to say)."""
    return _tokens().claims(token) if token else None


# Run by every signed-in request: built once (making it per call cost more than its round trip).
SIGNED_IN_USER = select(User).join(SignIn, SignIn.user_id == User.id).where(
    User.id == bindparam("user"), SignIn.id == bindparam("sign_in"), SignIn.ended_at.is_(None),
    SignIn.expires_at > bindparam("now"))


def session_user(claims: Claims | None) -> User | None:
    """The user whose session issued these claims, while it stands: the sign-in has not ended or
    expired, and no reset or deactivation came since. The user comes back with `sign_in_id` set."""
    if claims is None:
        return None
    if claims.sign_in_id is None:  # the server acting for the user (a token always names one)
        user = db.session.get(User, claims.user_id)
    else:
        user = db.session.scalar(SIGNED_IN_USER, {"user": claims.user_id, "sign_in": claims.sign_in_id, "now": utcnow()})
    if user is None or user.session_version != claims.session_version or not user.is_active:
        return None
    user.sign_in_id = claims.sign_in_id
    return user


# `session_user` for the sockets one round admits (`realtime/admission.py`): one statement.
SIGNED_IN_USERS = select(User, SignIn.id).join(SignIn, SignIn.user_id == User.id).where(
    AmongIds(SignIn.id, "sign_ins"), SignIn.ended_at.is_(None), SignIn.expires_at > bindparam("now"))


def session_users(claims: list[Claims]) -> list[User | None]:
    """`session_user` of each claims, in order, with one statement for all (a user signed in
    twice is one row, shared: `sign_in_id` is not set on it)."""
    sign_ins = sorted({c.sign_in_id for c in claims if c.sign_in_id is not None})
    rows = db.session.execute(SIGNED_IN_USERS, {"sign_ins": sign_ins, "now": utcnow()}).all() if sign_ins else []
    by_sign_in = {sign_in_id: user for user, sign_in_id in rows}
    return [by_sign_in.get(claim.sign_in_id) if stands(claim, by_sign_in.get(claim.sign_in_id)) else None
            for claim in claims]


def stands(claim: Claims, user: User | None) -> bool:
    """Whether `user`, read with the sign-in `claim` names (ended and expired ones left out), is
    still the session the claim was issued for: no reset or deactivation since."""
    return (claim.sign_in_id is not None and user is not None and user.id == claim.user_id
            and user.session_version == claim.session_version and user.is_active)


def user_for_access_token(token: str) -> User | None:
    return session_user(access_claims(token))


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def start_sign_in(user: User, remember: bool) -> str:
    """A new sign-in with its refresh-token chain; returns the token for the cookie and sets
    `user.sign_in_id`. Call inside the sign-in's transaction."""
    sign_in = SignIn(user_id=user.id, expires_at=utcnow() + lifetime(remember), user_agent=browser_of_request())
    db.session.add(sign_in)
    db.session.flush()
    user.sign_in_id = sign_in.id
    return _add_link(sign_in, remember)


def browser_of_request() -> str | None:
    """The User-Agent the sessions list names the device by (cut to its column)."""
    if not has_request_context():
        return None
    return (request.headers.get("User-Agent") or "")[:300] or None


def lifetime(remember: bool) -> timedelta:
    return REMEMBERED_SESSION if remember else BROWSER_SESSION


def _add_link(sign_in: SignIn, remember: bool) -> str:
    """The chain's next token. The sign-in lives as long as its newest link."""
    token = new_secret()
    sign_in.expires_at = utcnow() + lifetime(remember)
    sign_in.last_seen_at = utcnow()
    db.session.add(RefreshToken(user_id=sign_in.user_id, token_hash=digest(token), sign_in_id=sign_in.id,
                                remember=remember, expires_at=sign_in.expires_at))
    return token


REFRESH_FAILED = text("auth.refresh_failed")  # Russian, for the API document; an answer asks text() then


def rotate(token: str) -> tuple[User, str | None, bool]:
    """Use a refresh token: returns (user with `sign_in_id` set, the next token or None within the
    race grace, remember). Raises 401 for an unknown, expired, revoked or reused token, or one of
    a sign-in that ended; a reuse ends the whole sign-in (someone else holds a copy)."""
    link = db.session.scalar(select(RefreshToken).where(RefreshToken.token_hash == digest(token or "")))
    now = utcnow()
    if link is None or link.revoked_at is not None or link.expires_at <= now:
        raise ApiError(401, text("auth.refresh_failed"), "REFRESH_INVALID")
    sign_in = db.session.get(SignIn, link.sign_in_id)
    if sign_in.ended_at is not None:
        raise ApiError(401, text("auth.refresh_failed"), "REFRESH_INVALID")
    user = _usable_user(link)
    if link.rotated_at is None and _claim(link, now):
        successor = _add_link(sign_in, link.remember)
        db.session.commit()
        return user, successor, link.remember
    # Rotated before, or by a request racing this one: a race within the grace gets an access
    # token only; later, it is a copy in someone else's hands.
    rotated_at = link.rotated_at or db.session.scalar(select(RefreshToken.rotated_at).where(RefreshToken.id == link.id))
    if now - rotated_at > ROTATION_GRACE:
        end_sign_ins(SignIn.id == sign_in.id)
        db.session.commit()
        raise ApiError(401, text("auth.refresh_failed"), "REFRESH_REUSED")
    return user, None, link.remember


def _claim(link: RefreshToken, now) -> bool:
    """Mark the link rotated unless another request did first: one successor per link, however
    many requests use it at once."""
    claimed = db.session.execute(update(RefreshToken).where(
        RefreshToken.id == link.id, RefreshToken.rotated_at.is_(None), RefreshToken.revoked_at.is_(None))
        .values(rotated_at=now).returning(RefreshToken.id).execution_options(synchronize_session=False)).scalar()
    return claimed is not None


def _usable_user(link: RefreshToken) -> User:
    user = db.session.get(User, link.user_id)
    if user is None or not user.is_active or not user.is_email_verified:
        raise ApiError(401, text("auth.refresh_failed"), "REFRESH_INVALID")
    user.sign_in_id = link.sign_in_id
    return user


def end_sign_ins(*which) -> list[tuple[int, int]]:
    """End the open sign-ins `which` selects (SQL conditions on SignIn), with their refresh chains;
    returns their (user id, sign-in id) pairs, for `notify_sign_ins_ended` after the commit."""
    ended = db.session.execute(update(SignIn).where(SignIn.ended_at.is_(None), *which).values(ended_at=utcnow())
                               .returning(SignIn.user_id, SignIn.id)).all()
    ids = [sign_in_id for _, sign_in_id in ended]
    if ids:
        db.session.execute(update(RefreshToken).where(RefreshToken.sign_in_id.in_(ids), RefreshToken.revoked_at.is_(None))
                           .values(revoked_at=utcnow()))
    return [(user_id, sign_in_id) for user_id, sign_in_id in ended]


def sign_in_of_refresh_token(token: str | None) -> int | None:
    """The sign-in a refresh token belongs to, whatever state the token is in."""
    if not token:
        return None
    return db.session.scalar(select(RefreshToken.sign_in_id).where(RefreshToken.token_hash == digest(token)))
