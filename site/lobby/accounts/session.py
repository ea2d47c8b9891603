"""Who is signed in: Flask-Login cookie sessions for pages, Bearer access tokens for the API,
and the refresh-token cookie shared by both."""
from __future__ import annotations

from functools import wraps

from flask import Response, current_app, g, jsonify, redirect, request, session, url_for
from flask.sessions import SecureCookieSessionInterface
from flask_login import current_user, login_user, logout_user

from lobby.accounts import tokens
from lobby.accounts.models import User
from lobby.accounts.remembered import remember_device
from lobby.errors import ApiError, wants_json
from lobby.ids import parse_id
from lobby.extensions import db, login_manager
from lobby.texts import text

REFRESH_COOKIE = "lobby_refresh"
REFRESH_COOKIE_PATH = "/api/auth"


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with the signer built once per secret key: Flask builds it
    (and test-serializes with it) on every request, even an API call with no cookie, which was a
    twentieth of a message send's CPU."""

    def open_session(self, app, request):
        # The live socket is signed in by its token, never by the cookie: no cookie is read for it
        # (a reconnect storm opens thousands at once).
        if request.path == "/ws":
            return self.null_session_class()
        return super().open_session(app, request)

    def get_signing_serializer(self, app):
        keys = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        made = app.extensions.get("lobby.session-signer")
        if made is None or made[0] != keys:
            made = app.extensions["lobby.session-signer"] = (keys, super().get_signing_serializer(app))
        return made[1]


@login_manager.user_loader
def load_user(session_id: str) -> User | None:
    """The page cookie's user, "<user id>:<session version>:<sign-in id>" (`User.get_id`), while
    that sign-in stands: a sign-out, reset or deactivation ends it, copies of the cookie included."""
    parts = [parse_id(part) for part in session_id.split(":")]
    if len(parts) != 3 or None in parts:
        return None  # a cookie from before sign-ins were named, or not ours
    user = tokens.session_user(tokens.Claims(*parts))
    return user if user is not None and user.is_email_verified else None


@login_manager.unauthorized_handler
def unauthorized():
    if wants_json():
        raise ApiError(401, text("auth.sign_in_required"), "UNAUTHORIZED")
    return redirect(url_for("auth_pages.login"))


def sign_in_browser(response: Response, user: User, refresh_token: str, remember: bool) -> Response:
    """The page session and the refresh cookie, for both the form and the API sign-in; and the
    browser is remembered for the account (`remembered.py`: the sign-in throttles spare it)."""
    session.permanent = remember
    login_user(user, remember=False)  # the session cookie itself lives 30 days when remembered
    set_refresh_cookie(response, refresh_token, remember)
    remember_device(response, user)
    return response


def set_refresh_cookie(response: Response, token: str, remember: bool) -> None:
    response.set_cookie(
        REFRESH_COOKIE, token, max_age=int(tokens.REMEMBERED_SESSION.total_seconds()) if remember else None,
        path=REFRESH_COOKIE_PATH, httponly=True, samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )


def callers_sign_ins() -> set[int]:
    """The sign-ins this request speaks for: its page cookie's, its access token's and its refresh
    cookie's (one browser's, normally all the same one). A sign-out ends them all."""
    found = {tokens.sign_in_of_refresh_token(refresh_cookie())}
    if current_user.is_authenticated:
        found.add(current_user.sign_in_id)
    try:
        found.add(bearer_claims().sign_in_id)
    except ApiError:
        pass  # no token, or not a valid one: nothing it names
    return {sign_in_id for sign_in_id in found if sign_in_id is not None}


def sign_out_browser(response: Response) -> Response:
    logout_user()
    session.clear()
    response.delete_cookie(REFRESH_COOKIE, path=REFRESH_COOKIE_PATH)
    return response


def refresh_cookie() -> str | None:
    return request.cookies.get(REFRESH_COOKIE)


def bearer_claims() -> tokens.Claims:
    """The claims of the API caller's `Authorization: Bearer <access token>`, or 401. Checks the
    signature and age only, once per request: whether the session still stands is checked by
    `bearer_user`, or by the statement that acts on the claims (see messages.sending.send_text)."""
    if "claims" not in g:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        g.claims = tokens.access_claims(token.strip()) if scheme.lower() == "bearer" else None
    if g.claims is None:
        raise ApiError(401, text("auth.sign_in_required"), "UNAUTHORIZED")
    return g.claims


def check_session(claims: tokens.Claims) -> User:
    """The user behind the claims, or 401 (session ended) / 403 (e-mail not verified)."""
    user = tokens.session_user(claims)
    if user is None:
        raise ApiError(401, text("auth.sign_in_required"), "UNAUTHORIZED")
    if not user.is_email_verified:
        raise ApiError(403, text("auth.not_verified"), "EMAIL_NOT_VERIFIED")
    return user


def bearer_user() -> User:
    """The API caller, from `Authorization: Bearer <access token>`, or 401."""
    return check_session(bearer_claims())


def token_user_key() -> str:
    """Rate-limit key of an API caller: the user the Bearer token names (checked before the view,
    so without a database read), else the address."""
    from flask_limiter.util import get_remote_address

    try:
        return f"user:{bearer_claims().user_id}"
    except ApiError:
        return f"ip:{get_remote_address()}"


def api_login_required(view):
    @wraps(view)
    def wrapper(*args, **kwargs):
        g.user = bearer_user()
        return view(*args, **kwargs)

    return wrapper


def page_login_required(view):
    """Pages under /app: anonymous visitors go to /auth, unverified ones to verification."""
    @wraps(view)
    def wrapper(*args, **kwargs):
        if not current_user.is_authenticated:
            return redirect(url_for("auth_pages.login"))
        if not current_user.is_email_verified:
            return redirect(url_for("auth_pages.verify_email", email=current_user.email))
        return view(*args, **kwargs)

    return wrapper


def json_response(body: dict, status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    return response
