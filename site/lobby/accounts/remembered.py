"""The remembered device: a browser in which someone signed in to an account (or reset its password
from the mailed link) keeps a signed cookie naming that account and a device id of its own.

Sign-ins to that account from that browser are counted in a window of their own
(`limits.PER_ACCOUNT_AND_DEVICE`) and in no other, so no one else's failures, however many and
from wherever, lock the owner out of their usual browser. The cookie is no credential: the
password is checked as ever, and it names one account, so it helps no one guess another's. It
is HttpOnly (no script reads it), SameSite=Lax, lives a year, and outlasts sign-outs (it is what
lets the owner back in)."""
from __future__ import annotations

import secrets
from datetime import timedelta

from flask import Response, current_app, request
from itsdangerous import BadSignature, URLSafeTimedSerializer

from lobby.accounts.models import User

COOKIE = "lobby_device"
LIFETIME = timedelta(days=365)
LONGEST_COOKIE = 200  # a cookie we signed is about 80 characters; anything longer is not ours


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="lobby.remembered-device")


def remembered() -> tuple[int, str] | None:
    """(account id, device id) from this browser's cookie, if it is one we signed within a year."""
    raw = request.cookies.get(COOKIE, "")
    if not raw or len(raw) > LONGEST_COOKIE:
        return None
    try:
        payload = _serializer().loads(raw, max_age=int(LIFETIME.total_seconds()))
    except BadSignature:
        return None
    if not (isinstance(payload, list) and len(payload) == 2 and isinstance(payload[0], int)
            and isinstance(payload[1], str)):
        return None
    return payload[0], payload[1]


def device_for(user: User | None) -> str | None:
    """This browser's device id when it is remembered for `user`, else None."""
    found = remembered()
    return found[1] if user is not None and found is not None and found[0] == user.id else None


def remember_device(response: Response, user: User) -> None:
    """Set (or renew for another year) the cookie naming `user`; a browser already remembered for
    them keeps its device id, and so its window."""
    device = device_for(user) or secrets.token_urlsafe(12)
    response.set_cookie(COOKIE, _serializer().dumps([user.id, device]), max_age=int(LIFETIME.total_seconds()),
                        path="/", httponly=True, samesite="Lax", secure=current_app.config["SESSION_COOKIE_SECURE"])
