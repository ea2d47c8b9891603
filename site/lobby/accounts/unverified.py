"""Accounts that never proved their address, and why they cannot squat one.

Anyone can sign up with someone else's address: the account stays unverified, for its code goes to
a mailbox its maker cannot read. Such an account holds its username and address for no one:
- it is replaceable 10 minutes after it was made (a code's lifetime: by then its maker has had a
  code and not used it): a sign-up naming its address or username removes it and takes them. A
  younger one still answers 409, so two people signing up at once do not undo each other;
- it expires 48 hours after it was made: the job worker's periodic pass removes it in production
  (`accounts.jobs.PERIODIC`), a sign-up or sign-in that meets it removes it in any mode, and
  `flask --app wsgi users prune-unverified` removes them all;
- whoever reads the mailbox can take it at any age: completing a reset from the mailed link
  verifies the address (`actions.do_reset_password`), and an e-mail change confirmed by its code
  removes an unverified holder of the new address (`email_change`).
An unverified account cannot sign in, so nothing but its own rows (codes, reset links, settings)
goes with it. A deleted account's tombstone is never one of these (it was verified to be deleted,
and its keys are no one's)."""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, false, or_

from lobby.accounts.codes import CODE_LIFETIME
from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.extensions import db

UNVERIFIED_LIFETIME = timedelta(hours=48)
REPLACEABLE_AFTER = CODE_LIFETIME


def unproven_since(age: timedelta):
    """Unverified accounts made more than `age` ago (the SQL condition; uses the users index on
    verified state and creation time)."""
    return (User.is_email_verified == false()) & (User.created_at < utcnow() - age) & User.deleted_at.is_(None)


def holding_for_no_one():
    """Accounts whose username and address a sign-up may take."""
    return unproven_since(REPLACEABLE_AFTER)


def is_expired(user: User) -> bool:
    return (not user.is_email_verified and user.deleted_at is None
            and user.created_at < utcnow() - UNVERIFIED_LIFETIME)


def release_for_sign_up(username: str, email: str) -> None:
    """Inside the sign-up's transaction: remove the replaceable accounts that hold this username
    or this address."""
    db.session.execute(delete(User).where(
        holding_for_no_one(), or_(User.username_key == username.lower(), User.email_key == email.lower()))
        .execution_options(synchronize_session=False))


def do_prune_unverified() -> int:
    """Remove every expired unverified account; returns how many went."""
    removed = db.session.execute(delete(User).where(unproven_since(UNVERIFIED_LIFETIME))
                                 .execution_options(synchronize_session=False)).rowcount
    db.session.commit()
    return removed


def unless_expired(user: User | None) -> User | None:
    """The account, or None when it is an expired unverified one, which goes now (committed): a
    sign-in or a mail meets it as it would after the periodic pass."""
    if user is None or not is_expired(user):
        return user
    db.session.expunge(user)  # nothing in this request may use the row once it is gone
    db.session.execute(delete(User).where(User.id == user.id, unproven_since(UNVERIFIED_LIFETIME))
                       .execution_options(synchronize_session=False))
    db.session.commit()
    return None
