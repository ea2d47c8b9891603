"""Changing the e-mail address: a 6-digit code goes to the NEW address (10 minutes, single use,
5 tries, a new one at most every 60 s, 5 a day — the verification code's rules, `codes.py`), and
the address changes only when that code is confirmed. The current password is asked to start.

Address enumeration: starting a change to an address another account uses answers exactly as for
a free one. A code row is made all the same (its code is mailed to nobody), so the pending state,
the resend countdown, the daily cap and every wrong-code answer match; the address's owner gets a
notice instead of a code. Only whoever reads that mailbox could learn more, and they own it. (The
registration form's availability check, which the spec asks for, still tells whether an address
is taken; this step adds no second, signed-in way to ask.)

An address held only by an unverified account is free here (`unverified.py`): its code is mailed,
and confirming it removes that account, for the confirmer reads the mailbox and its maker did not."""
from __future__ import annotations

from sqlalchemy import delete, false, select
from sqlalchemy.exc import IntegrityError

from lobby.accounts import codes
from lobby.accounts.models import User
from lobby.accounts.password_change import check_current_password, end_other_access
from lobby.accounts.validation import check_code, check_email
from lobby.database import utcnow
from lobby.errors import ApiError, ValidationError
from lobby.extensions import db
from lobby.i18n import _, in_language, language_of
from lobby.jobs.mail import compose_mail, send_after_commit
from lobby.realtime.notify import notify_sign_ins_ended
from lobby.texts import text

def pending_email(user: User) -> str | None:
    """The address a change waits to be confirmed for (its code still open and in time)."""
    change = codes.latest_code(user.id, changing_email=True)
    if change is None or change.closed_at is not None or change.expires_at <= utcnow():
        return None
    return change.new_email


def resend_wait(user: User) -> int:
    """Seconds until another code may be sent for a change (0: now)."""
    return codes.resend_wait(user.id, changing_email=True)


def check_cooldown(user: User) -> None:
    codes.check_resend_cooldown(user.id, changing_email=True)


def check_new_email(user: User, value) -> str:
    try:
        email = check_email(value)
    except ValidationError as error:
        raise ValidationError({"newEmail": error.message}) from None
    if email.lower() == user.email_key:
        raise ValidationError({"newEmail": text("account.email_same")})
    return email


def holder_of(user: User, email: str) -> int | None:
    """The id of another account that uses `email` and proved it, if one does. An unverified one
    proved nothing (`unverified.py`): whoever confirms this change's code reads the mailbox."""
    return db.session.scalar(select(User.id).where(User.email_key == email.lower(), User.id != user.id,
                                                   User.is_email_verified))


def release_address(user: User, email: str) -> None:
    """Inside the confirming transaction: unverified accounts holding the address go."""
    db.session.execute(delete(User).where(User.email_key == email.lower(), User.id != user.id,
                                          User.is_email_verified == false(), User.deleted_at.is_(None))
                       .execution_options(synchronize_session=False))


def taken_by_another(user: User, email: str) -> bool:
    return holder_of(user, email) is not None


def send_code(user: User, email: str) -> None:
    """Issue the change's code (replacing any open one) and mail it after the commit; to an address
    someone else uses, a notice goes instead (see the module's note), in that person's language."""
    holder = holder_of(user, email)
    if holder is None:
        mail = codes.issue_code(user, new_email=email, template="email_change_code")
    else:
        mail = codes.issue_code(user, new_email=email, template="email_taken_notice", language=language_of(holder))
    db.session.commit()
    send_after_commit(mail)


def do_start_email_change(user: User, current_password, new_email) -> str:
    check_current_password(user, current_password)
    email = check_new_email(user, new_email)
    check_cooldown(user)
    send_code(user, email)
    return email


def do_resend_email_code(user: User) -> str:
    email = pending_email(user)
    if email is None:
        raise ApiError(409, text("account.email_not_pending"), "NO_EMAIL_CHANGE")
    check_cooldown(user)
    send_code(user, email)
    return email


def do_confirm_email_change(user: User, code) -> User:
    """The code proves the new address is the caller's: only now does the account take it (from an
    unverified account holding it, too). The old address is told (a hijacked session changing the
    address should not go unnoticed), and, as after a password change, every unused reset link
    and every other session end: a link mailed to the old address, or a session of whoever
    read it, must not outlive the owner's taking the account back."""
    try:
        code = check_code(code)
    except ValidationError as error:
        raise ValidationError({"code": error.message}) from None
    new_email = codes.use_code(user, code, changing_email=True).new_email
    if taken_by_another(user, new_email):  # taken since the code was sent: the caller owns the mailbox
        db.session.commit()  # the code is used up all the same
        raise ValidationError({"newEmail": text("auth.email_taken")}, status=409, code="CONFLICT")
    release_address(user, new_email)
    old_email = user.email
    user.email, user.email_key = new_email, new_email.lower()
    ended = end_other_access(user)
    with in_language(language_of(user.id)):  # the old address's reader may not be the one signed in now
        mail = compose_mail(old_email, _("Email аккаунта Lobby изменён"), "email_changed", user=user,
                            new_email=new_email)
    try:
        db.session.commit()
    except IntegrityError:  # another account took it in the same instant
        db.session.rollback()
        raise ValidationError({"newEmail": text("auth.email_taken")}, status=409, code="CONFLICT") from None
    send_after_commit(mail)
    notify_sign_ins_ended(ended)
    return user
