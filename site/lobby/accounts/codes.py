"""E-mail verification codes: 6 digits from `secrets`, stored as an HMAC, 10 minutes, single use;
a resend replaces the open code; 5 wrong tries kill it; at most one code a minute and 5 a day per
address (the spec's 60-second resend countdown, kept by the server, not only by the page)."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from contextlib import nullcontext
import math
from datetime import timedelta

from flask import current_app
from sqlalchemy import select, update

from lobby.accounts.models import EmailCode, User
from lobby.database import utcnow
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.i18n import _, in_language
from lobby.jobs.mail import compose_mail
from lobby.jobs.models import OutgoingMail
from lobby.texts import text

CODE_LIFETIME = timedelta(minutes=10)
MAX_WRONG_TRIES = 5
DAILY_CAP = 5
RESEND_COOLDOWN = timedelta(seconds=60)

# Russian, for the API document (built at import); an answer asks text() when it is made.
INVALID = text("auth.code_wrong")
EXPIRED = text("auth.code_expired")
LOCKED = text("auth.code_locked")
NO_CODE = text("auth.code_unknown")


def code_digest(user_id: int, code: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, f"{user_id}:{code}".encode(), hashlib.sha256).hexdigest()


def issue_code(user: User, new_email: str | None = None, template: str = "verify_code",
               language: str | None = None) -> OutgoingMail:
    """Close the open code and add a new one with its mail, in the caller's transaction. With
    `new_email` it is an e-mail change's code, mailed to that address (`accounts/email_change.py`).
    The mail is in the request's language, or in `language` (a mail to someone else)."""
    since = utcnow() - timedelta(days=1)
    sent_today = db.session.scalars(
        select(EmailCode.created_at).where(EmailCode.user_id == user.id, EmailCode.created_at > since)
        .order_by(EmailCode.created_at)
    ).all()
    if len(sent_today) >= DAILY_CAP:
        # A new code is allowed once the oldest of the day's codes is a day old.
        wait = int((sent_today[0] - since).total_seconds()) + 1
        raise ApiError(429, text("auth.code_daily_limit"), "CODE_DAILY_LIMIT",
                       headers={"Retry-After": str(wait)})
    close_open_codes(user.id)
    code = f"{secrets.randbelow(10**6):06d}"
    db.session.add(EmailCode(user_id=user.id, code_hash=code_digest(user.id, code),
                             expires_at=utcnow() + CODE_LIFETIME, new_email=new_email))
    with in_language(language) if language else nullcontext():
        return compose_mail(new_email or user.email, _("Код подтверждения Lobby"), template,
                            user=user, code=code, minutes=int(CODE_LIFETIME.total_seconds() // 60))


def latest_code(user_id: int, changing_email: bool = False) -> EmailCode | None:
    """The account's last verification code, or with `changing_email` its last e-mail change's."""
    kind = EmailCode.new_email.is_not(None) if changing_email else EmailCode.new_email.is_(None)
    return db.session.scalar(select(EmailCode).where(EmailCode.user_id == user_id, kind)
                             .order_by(EmailCode.id.desc()).limit(1))


def resend_wait(user_id: int, changing_email: bool = False) -> int:
    """Seconds until another code of this kind may be sent (0: now). One kind's code does not hold
    the other back: a verification's and an e-mail change's go to different addresses."""
    latest = latest_code(user_id, changing_email)
    if latest is None:
        return 0
    return max(0, math.ceil((latest.created_at + RESEND_COOLDOWN - utcnow()).total_seconds()))


def check_resend_cooldown(user_id: int, changing_email: bool = False) -> None:
    """429 CODE_RESEND_WAIT within a minute of the last code. A refused resend sends and counts
    nothing: a minute's wait costs no one a code of the day's five."""
    wait = resend_wait(user_id, changing_email)
    if wait:
        raise ApiError(429, text("account.email_resend_wait", seconds=wait), "CODE_RESEND_WAIT",
                       headers={"Retry-After": str(wait)})


def close_open_codes(user_id: int) -> None:
    db.session.execute(update(EmailCode).where(EmailCode.user_id == user_id, EmailCode.closed_at.is_(None))
                       .values(closed_at=utcnow()))


def use_code(user: User, code: str, changing_email: bool = False) -> EmailCode:
    """Check a code for this user; on success the code is closed in the caller's transaction and
    the caller commits. Call it before changing anything else: taking a try commits, and a wrong
    try is committed here, then raised.

    Each check first claims one of the code's tries in a committed statement of its own, and
    compares only once it holds one: concurrent checks cannot lose a count, so at most
    MAX_WRONG_TRIES guesses are ever compared per code (the right one included).

    `changing_email`: only an e-mail change's code counts (a verification code never changes the
    address, nor the reverse). Returns the code used."""
    current = latest_code(user.id, changing_email)
    if current is None:
        raise ApiError(400, text("auth.code_unknown"), "CODE_INVALID")
    if current.closed_at is not None:
        raise closed_code_error(current.failed_attempts)
    if current.expires_at <= utcnow():
        raise ApiError(400, text("auth.code_expired"), "CODE_EXPIRED")
    code_id, expected = current.id, current.code_hash
    tries = claim_try(code_id)
    if tries is None:  # closed since it was read: killed by other tries, used, or replaced
        raise closed_code_error(db.session.scalar(select(EmailCode.failed_attempts).where(EmailCode.id == code_id)))
    if not hmac.compare_digest(expected, code_digest(user.id, code)):
        locked = tries >= MAX_WRONG_TRIES
        if locked:
            close_code(code_id)
            db.session.commit()
        raise ApiError(400, text("auth.code_locked" if locked else "auth.code_wrong"),
                       "CODE_LOCKED" if locked else "CODE_INVALID")
    if not close_code(code_id):  # a concurrent right guess used it first
        raise ApiError(400, text("auth.code_unknown"), "CODE_INVALID")
    return current


def claim_try(code_id: int) -> int | None:
    """Take one try of an open code and commit at once (other checks of it wait for nothing
    longer than this statement); returns the tries taken so far, or None when none is left or the
    code is closed. `failed_attempts` counts tries taken: a right one closes the code anyway."""
    taken = db.session.execute(
        update(EmailCode)
        .where(EmailCode.id == code_id, EmailCode.closed_at.is_(None), EmailCode.failed_attempts < MAX_WRONG_TRIES)
        .values(failed_attempts=EmailCode.failed_attempts + 1)
        .returning(EmailCode.failed_attempts)
        .execution_options(synchronize_session=False)
    ).scalar()
    db.session.commit()
    return taken


def close_code(code_id: int) -> bool:
    """Close the code unless something closed it first; True if this call did."""
    result = db.session.execute(
        update(EmailCode).where(EmailCode.id == code_id, EmailCode.closed_at.is_(None))
        .values(closed_at=utcnow()).execution_options(synchronize_session=False)
    )
    return result.rowcount == 1


def closed_code_error(failed_attempts: int | None) -> ApiError:
    """A closed code killed by wrong tries says so (the user needs a new one); any other closed
    code (replaced by a resend) reads as an invalid one."""
    if failed_attempts is not None and failed_attempts >= MAX_WRONG_TRIES:
        return ApiError(400, text("auth.code_locked"), "CODE_LOCKED")
    return ApiError(400, text("auth.code_unknown"), "CODE_INVALID")
