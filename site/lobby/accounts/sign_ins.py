"""The sessions list of the account settings: the user's open sign-ins, with 'Выйти' for one and
for all the others. A sign-in of someone else's is 404, as if it did not exist."""
from __future__ import annotations

from sqlalchemy import select, update

from lobby.accounts import actions
from lobby.accounts.devices import device_of
from lobby.accounts.models import SignIn, User
from lobby.accounts.password_change import end_other_sign_ins
from lobby.database import utcnow
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.realtime.notify import notify_sign_ins_ended
from lobby.texts import text


def open_sign_ins(user_id: int):
    return select(SignIn).where(SignIn.user_id == user_id, SignIn.ended_at.is_(None), SignIn.expires_at > utcnow())


def sign_in_dict(sign_in: SignIn, current_id: int | None) -> dict:
    seen = sign_in.last_seen_at or sign_in.created_at
    return {"id": sign_in.id, "device": device_of(sign_in.user_agent), "userAgent": sign_in.user_agent,
            "createdAt": sign_in.created_at.isoformat(), "lastSeenAt": seen.isoformat(),
            "current": sign_in.id == current_id}


def sessions_of(user: User) -> list[dict]:
    """The open sessions, this one (`user.sign_in_id`) first, then the most recently used. Looking
    at the list is a use of this session: it is stamped seen now."""
    if user.sign_in_id is not None:
        db.session.execute(update(SignIn).where(SignIn.id == user.sign_in_id).values(last_seen_at=utcnow()))
        db.session.commit()
    found = db.session.scalars(open_sign_ins(user.id)).all()
    found.sort(key=lambda s: (s.id != user.sign_in_id, -(s.last_seen_at or s.created_at).timestamp()))
    return [sign_in_dict(sign_in, user.sign_in_id) for sign_in in found]


def access_sign_in(user: User, sign_in_id: int) -> SignIn:
    """One of the user's open sessions, else 404 (another person's too: they must not learn it exists)."""
    found = db.session.scalar(open_sign_ins(user.id).where(SignIn.id == sign_in_id))
    if found is None:
        raise ApiError(404, text("account.session_not_found"), "SESSION_NOT_FOUND")
    return found


def do_end_session(user: User, sign_in_id: int) -> None:
    """Sign out one session (this one included): its cookie, tokens, refresh chain and sockets."""
    actions.do_sign_out(access_sign_in(user, sign_in_id).id)


def do_end_other_sessions(user: User) -> int:
    """Every session but the caller's; returns how many ended."""
    ended = end_other_sign_ins(user)
    db.session.commit()
    notify_sign_ins_ended(ended)
    return len(ended)
