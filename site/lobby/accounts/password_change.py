"""Changing the password from the settings: the current one proves it is the owner (a session
left open on a shared computer is not enough), and every other session ends, as a thief's would."""
from __future__ import annotations

from flask import g, has_request_context
from sqlalchemy import update

from lobby.accounts import tokens
from lobby.accounts.models import PasswordReset, SignIn, User
from lobby.accounts.passwords import hash_password, password_matches
from lobby.accounts.validation import check_password, check_password_not_personal
from lobby.database import utcnow
from lobby.errors import ValidationError
from lobby.extensions import db
from lobby.realtime.notify import notify_sign_ins_ended
from lobby.texts import text


def check_current_password(user: User, password) -> None:
    """403 WRONG_PASSWORD naming `currentPassword` (not 401: the session is fine, and a client
    would take a 401 for an expired token). Only these refusals count toward `limits.password_checks`."""
    if not isinstance(password, str) or not password:
        raise ValidationError({"currentPassword": text("account.current_password_empty")})
    if not password_matches(user.password_hash, password):
        if has_request_context():
            g.wrong_password = True  # counted by limits.password_checks
        raise ValidationError({"currentPassword": text("account.current_password_wrong")}, status=403,
                              code="WRONG_PASSWORD")


def check_new_password(user: User, password) -> str:
    """The registration rules (the owner's username and e-mail too), under the field's own name;
    the same password again is refused."""
    try:
        password = check_password(password)
    except ValidationError as error:
        raise ValidationError({"newPassword": error.message}) from None
    check_password_not_personal(password, user.username, user.email, field="newPassword")
    if password_matches(user.password_hash, password):
        raise ValidationError({"newPassword": text("account.password_same")})
    return password


def do_change_password(user: User, current: str, new: str) -> None:
    """Set the new password; every session but the caller's (`user.sign_in_id`) ends, and so does
    every unused reset link (it was asked for under the old password): `end_other_access`."""
    check_current_password(user, current)
    new_hash = hash_password(check_new_password(user, new))
    user.password_hash = new_hash
    ended = end_other_access(user)
    db.session.commit()
    notify_sign_ins_ended(ended)


def end_other_access(user: User) -> list[tuple[int, int]]:
    """Inside the transaction of a change that may be the owner taking the account back (a new
    password, a new address): every unused reset link ends (it was mailed before, perhaps to an
    address that is no longer theirs) and so does every session but the caller's. Returns the
    ended sessions for `notify_sign_ins_ended`, after the commit."""
    db.session.execute(update(PasswordReset).where(PasswordReset.user_id == user.id, PasswordReset.used_at.is_(None))
                       .values(used_at=utcnow()))
    return end_other_sign_ins(user)


def end_other_sign_ins(user: User) -> list[tuple[int, int]]:
    """Inside the transaction: end the user's sessions except the caller's. The session version
    stays: bumping it would sign this session out too (its cookie and token carry it)."""
    others = [SignIn.user_id == user.id]
    if user.sign_in_id is not None:
        others.append(SignIn.id != user.sign_in_id)
    return tokens.end_sign_ins(*others)
