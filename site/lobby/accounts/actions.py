"""`do_*`: the only functions that change accounts. Each runs one transaction; mail goes out
through the job queue after the commit."""
from __future__ import annotations

from datetime import timedelta

from flask import current_app
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from lobby.accounts import codes, tokens, unverified
from lobby.accounts.models import PasswordReset, SignIn, User
from lobby.accounts.passwords import hash_password, needs_rehash, password_matches
from lobby.accounts.validation import check_password_not_personal
from lobby.database import utcnow
from lobby.errors import ApiError, ValidationError
from lobby.extensions import db
from lobby.i18n import _, in_language, language_of
from lobby.jobs.mail import compose_mail, send_after_commit
from lobby.realtime.notify import notify_sessions_revoked, notify_sign_ins_ended
from lobby.texts import text

# Russian, for the API document (built at import); an answer asks text() when it is made.
ALREADY_VERIFIED = text("auth.already_verified")
BAD_CREDENTIALS = text("auth.bad_credentials")
NOT_VERIFIED = text("auth.not_verified")
DEACTIVATED = text("auth.deactivated")
RESET_INVALID = text("auth.reset_invalid")
RESET_LIFETIME = timedelta(hours=1)


def find_user(identifier: str) -> User | None:
    """By e-mail when the identifier has an @, else by username; case-insensitive."""
    key = identifier.strip().lower()
    column = User.email_key if "@" in key else User.username_key
    return db.session.scalar(select(User).where(column == key))


def find_account(identifier: str) -> User | None:
    """`find_user` for a sign-in, a code or a mail: an expired unverified account is not there
    (and goes now: `unverified.unless_expired`)."""
    return unverified.unless_expired(find_user(identifier))


def taken_fields(username: str | None, email: str | None) -> dict[str, str]:
    """The fields a sign-up could not have: held by an account, unless by one a sign-up replaces
    (`unverified.py`)."""
    taken = {}
    holds = ~unverified.holding_for_no_one()
    if username and db.session.scalar(select(User.id).where(User.username_key == username.lower(), holds)):
        taken["username"] = text("auth.username_taken")
    if email and db.session.scalar(select(User.id).where(User.email_key == email.lower(), holds)):
        taken["email"] = text("auth.email_taken")
    return taken


def do_register(fields: dict, verified: bool = False) -> User:
    """A new account; an unverified one older than a code's lifetime that holds the username or
    the address goes (`unverified.py`). 409 CONFLICT naming what is taken, also when a sign-up at
    the same instant took it first."""
    check_password_not_personal(fields["password"], fields["username"], fields["email"])
    taken = taken_fields(fields["username"], fields["email"])
    if taken:
        raise ValidationError(taken, status=409, code="CONFLICT")
    password_hash = hash_password(fields["password"])  # the slow part, before any row is locked
    unverified.release_for_sign_up(fields["username"], fields["email"])
    try:
        return create_account(fields, password_hash, verified)
    except IntegrityError:
        db.session.rollback()
        raise ValidationError(taken_fields(fields["username"], fields["email"])
                              or {"username": text("auth.username_taken")}, status=409, code="CONFLICT") from None


def create_account(fields: dict, password_hash: str, verified: bool) -> User:
    user = User(
        username=fields["username"], username_key=fields["username"].lower(),
        email=fields["email"], email_key=fields["email"].lower(),
        first_name=fields["firstName"], last_name=fields["lastName"],
        password_hash=password_hash, is_email_verified=verified,
    )
    db.session.add(user)
    db.session.flush()
    keep_language(user)
    mail = None if verified else codes.issue_code(user)
    db.session.commit()
    if mail is not None:
        send_after_commit(mail)
    return user


def keep_language(user: User) -> None:
    """Someone who signs up on the English pages keeps English: their setting starts as the
    language they registered in (Russian, the default, needs no row)."""
    from lobby.i18n import DEFAULT_LANGUAGE, language
    from lobby.settings.models import UserSettings
    if language() != DEFAULT_LANGUAGE:
        db.session.add(UserSettings(user_id=user.id, document={"general": {"language": language()}}))


def do_resend_code(user: User) -> None:
    """A new verification code, at most one a minute per address (`codes.check_resend_cooldown`)."""
    if user.is_email_verified:
        raise ApiError(409, text("auth.already_verified"), "ALREADY_VERIFIED")
    codes.check_resend_cooldown(user.id)
    mail = codes.issue_code(user)
    db.session.commit()
    send_after_commit(mail)


def do_verify_email(email: str, code: str) -> User:
    user = find_account(email) if "@" in email else None
    if user is None:
        raise ApiError(400, text("auth.code_unknown"), "CODE_INVALID")
    if user.is_email_verified:
        raise ApiError(409, text("auth.already_verified"), "ALREADY_VERIFIED")
    codes.use_code(user, code)
    user.is_email_verified = True
    db.session.commit()
    return user


def authenticate(identifier: str, password: str) -> User:
    """The user these credentials belong to, or an error: 401 for wrong ones (the same for an
    unknown account, which costs the same hashing time), 403 when unverified or deactivated."""
    user = find_account(identifier)
    if not password_matches(user.password_hash if user else None, password):
        raise ApiError(401, text("auth.bad_credentials"), "INVALID_CREDENTIALS")
    if user.is_deactivated:
        raise ApiError(403, text("auth.deactivated"), "ACCOUNT_DEACTIVATED")
    if not user.is_email_verified:
        raise ApiError(403, text("auth.not_verified"), "EMAIL_NOT_VERIFIED")
    return user


def do_sign_in(user: User, password: str, remember: bool) -> str:
    """Start a sign-in (a session) with its refresh-token chain; returns the refresh token, and
    `user.sign_in_id` names the sign-in."""
    if needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
    user.last_login_at = utcnow()
    refresh_token = tokens.start_sign_in(user, remember)
    db.session.commit()
    return refresh_token


def do_sign_out(*sign_in_ids: int | None) -> None:
    """End these sign-ins (the caller's: its cookie, token or refresh cookie named them): their
    page cookies, access tokens, refresh chains and live sockets stop working at once."""
    ids = {sign_in_id for sign_in_id in sign_in_ids if sign_in_id is not None}
    if not ids:
        return
    ended = tokens.end_sign_ins(SignIn.id.in_(ids))
    db.session.commit()
    notify_sign_ins_ended(ended)


def do_start_password_reset(email: str, language: str | None = None) -> None:
    """The job behind forgot-password: it looks the address up itself, so the request costs the
    same whether or not an account has it. An unverified account gets its link too: completing
    the reset proves the mailbox (`do_reset_password`)."""
    user = find_account(email) if "@" in email else None
    if user is None or user.is_deactivated:
        return
    token = tokens.new_secret()
    db.session.add(PasswordReset(user_id=user.id, token_hash=tokens.digest(token),
                                 expires_at=utcnow() + RESET_LIFETIME))
    # A job has no request: the mail is in the language of the page that asked (`language`), else
    # in the account holder's.
    with in_language(language or language_of(user.id)):
        mail = compose_mail(user.email, _("Сброс пароля Lobby"), "reset_password", user=user,
                            link=f"{current_app.config['PUBLIC_URL']}/auth/reset-password?token={token}",
                            minutes=int(RESET_LIFETIME.total_seconds() // 60))
    db.session.commit()
    send_after_commit(mail)


def reset_for_token(token: str | None) -> PasswordReset:
    reset = db.session.scalar(select(PasswordReset).where(PasswordReset.token_hash == tokens.digest(token or "")))
    if reset is None or reset.used_at is not None or reset.expires_at <= utcnow():
        raise ApiError(400, text("auth.reset_invalid"), "RESET_TOKEN_INVALID")
    return reset


def do_reset_password(token: str | None, password: str) -> User:
    """Set a new password from a reset link; every session of the account ends. A link sets one
    password, however many requests race with it: the link is claimed by a conditional UPDATE, and
    only the request that claimed it writes (the slow hashing happens before, outside the lock).

    The link was mailed to the account's address, so using it proves the mailbox as a code does:
    an unverified address becomes verified (the owner of an address someone else signed up with
    takes the account this way, whatever codes that someone spent)."""
    reset = reset_for_token(token)  # a dead link is refused before any hashing
    owner = db.session.get(User, reset.user_id)
    check_password_not_personal(password, owner.username, owner.email)
    new_hash = hash_password(password)
    now = utcnow()
    user_id = db.session.execute(update(PasswordReset).where(
        PasswordReset.token_hash == tokens.digest(token or ""), PasswordReset.used_at.is_(None),
        PasswordReset.expires_at > now).values(used_at=now).returning(PasswordReset.user_id)).scalar()
    if user_id is None:  # another request used it meanwhile
        db.session.rollback()
        raise ApiError(400, text("auth.reset_invalid"), "RESET_TOKEN_INVALID")
    user = db.session.get(User, user_id)
    user.password_hash = new_hash
    if not user.is_email_verified:
        user.is_email_verified = True
        codes.close_open_codes(user.id)
    db.session.execute(update(PasswordReset).where(PasswordReset.user_id == user.id, PasswordReset.used_at.is_(None))
                       .values(used_at=now))
    end_every_session(user)
    db.session.commit()
    notify_sessions_revoked(user.id)
    return user


def end_every_session(user: User) -> None:
    """Call inside the transaction; `notify_sessions_revoked` after its commit."""
    # Counted in SQL, not read-modify-write: two resets at once must both move it.
    db.session.execute(update(User).where(User.id == user.id).values(session_version=User.session_version + 1))
    db.session.expire(user, ["session_version"])
    tokens.end_sign_ins(SignIn.user_id == user.id)


def do_deactivate(user: User) -> None:
    user.is_deactivated = True
    end_every_session(user)
    db.session.commit()
    notify_sessions_revoked(user.id)


def do_verify_by_operator(user: User) -> None:
    user.is_email_verified = True
    codes.close_open_codes(user.id)
    db.session.commit()
