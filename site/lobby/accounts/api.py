"""The auth calls of the spec's section 7 (`/api/auth/*`), plus forgot/reset password. Their bodies
and answers are declared in `schemas.py`; what each may refuse is said at the view."""
from __future__ import annotations

import time

from flask import Blueprint, g, request, session

from lobby.accounts import actions, limits, tokens
from lobby.accounts.jobs import start_password_reset
from lobby.accounts.remembered import COOKIE as DEVICE_COOKIE, remember_device
from lobby.accounts.schemas import (EMAIL, FIRST_NAME, LAST_NAME, PASSWORD, USERNAME, Availability,
                                    AvailabilityQuery, CodeBody, ForgotPasswordBody, LoginBody, OneUser, RefreshBody,
                                    Refreshed, RegistrationBody, ResendBody, ResetPasswordBody, SignedIn, UserNotice,
                                    texts_of)
from lobby.accounts.session import (REFRESH_COOKIE, REFRESH_COOKIE_PATH, api_login_required, callers_sign_ins,
                                    json_response, refresh_cookie, set_refresh_cookie, sign_in_browser,
                                    sign_out_browser)
from lobby.accounts.validation import email_problem, username_problem
from lobby.errors import ApiError
from lobby.extensions import csrf
from lobby.i18n import language
from lobby.jobs.queue import enqueue
from lobby.schema import (BEARER, NOT_OBJECT, NOT_VERIFIED, Done, Response, api, documented, invalid, refusals,
                          refused_with, throttled, written_out)
from lobby.texts import text

blueprint = Blueprint("auth_api", __name__, url_prefix="/api/auth")
# The API takes JSON only (a cross-site form cannot send it) and its cookies are SameSite.
csrf.exempt(blueprint)

PENDING_EMAIL = "pending_verification_email"  # who the verification screen is for
CODE_SENT_AT = "code_sent_at"  # when this browser last had a code sent: the resend countdown
RESEND_COOLDOWN = 60

JSON = "application/json"
AUTH = ["auth"]
PUBLIC: list = []  # no credentials needed
REFRESH_CREDENTIALS = [{"refreshCookie": []}, {}]  # the refresh cookie if the browser has one
REMEMBERED = (f"`{DEVICE_COOKIE}=<signed>; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax` (plus `Secure` when "
              "`SESSION_COOKIE_SECURE` is on): this browser is remembered for the account (see `login`'s 429).")
SETS_COOKIE = {"Set-Cookie": {"schema": {"type": "string"}, "description": (
    f"`{REFRESH_COOKIE}=<token>; Path={REFRESH_COOKIE_PATH}; HttpOnly; SameSite=Lax` (plus `Secure` when "
    "`SESSION_COOKIE_SECURE` is on); `Max-Age` of 30 days with rememberMe, else a browser-session cookie. "
    f"Also {REMEMBERED}")}}
REMEMBERS_DEVICE = {"Set-Cookie": {"schema": {"type": "string"}, "description": REMEMBERED}}
CLEARS_COOKIE = {"Set-Cookie": {"schema": {"type": "string"},
                                "description": f"Expires `{REFRESH_COOKIE}` (Path={REFRESH_COOKIE_PATH})."}}
ALREADY_VERIFIED = "Already verified: " + refused_with(("ALREADY_VERIFIED", "auth.already_verified"))
DAILY_CODES = (" Or: 5 codes per address in 24 hours reached, "
               + refused_with(("CODE_DAILY_LIMIT", "auth.code_daily_limit"))
               + " (its `Retry-After`: until the oldest of those codes is a day old).")
RESEND_WAIT = (" Or: within 60 s of the address's last code, `CODE_RESEND_WAIT` «"
               + text("account.email_resend_wait", seconds="N") + "» (its `Retry-After`: the seconds left).")
SIGN_IN_THROTTLES = throttled(
    "failed sign-ins (401) in 15-minute windows: 10 per account per address, 30 per address (an IPv6 client counts "
    "by its /64; refused bodies, 400 and 422, count there too), and 100 per account from all addresses; from a "
    f"remembered device (the `{DEVICE_COOKIE}` cookie), 10 per account per device instead of all these",
    " The per-account ceiling holds for every address, however fresh. A browser that signed in to the account "
    "before (or reset its password from the mailed link) is remembered for it: its sign-ins to that account count "
    "only in its own window, so no one else's failures lock the owner out of it. Successes, 403 and 429 count "
    "nowhere; an attempt counts while it is in progress.")


def remember_code_sent(email: str) -> None:
    session[PENDING_EMAIL] = email
    session[CODE_SENT_AT] = time.time()


def resend_wait() -> int:
    """Seconds left of the resend countdown for this browser (0 if it was sent no code)."""
    sent_at = session.get(CODE_SENT_AT)
    return max(0, int(RESEND_COOLDOWN - (time.time() - sent_at))) if sent_at else 0


@blueprint.post("/register")
@limits.registration
@api.validate(json=RegistrationBody, resp=Response(
    HTTP_201=(UserNotice, f"Created: «{text('auth.code_sent')}»"),
    HTTP_409=invalid({"username": texts_of("auth.username_taken"), "email": texts_of("auth.email_taken")},
                     "Username and/or e-mail already taken.", "CONFLICT"),
    HTTP_422=invalid({"firstName": FIRST_NAME, "lastName": LAST_NAME, "username": USERNAME, "email": EMAIL,
                      "password": PASSWORD}),
    **refusals(HTTP_400=NOT_OBJECT, HTTP_429=throttled("10 registrations per hour per IP"))),
    tags=AUTH, security=PUBLIC, operation_id="register")
def register():
    """Create an account and mail a verification code

    Fields are trimmed (the password is not). Username and e-mail must be free, case-insensitively.
    The account starts unverified: a 6-digit code, valid 10 minutes, is mailed after the commit,
    and the page session remembers the address for `verify-email-resend`. No tokens are issued:
    sign in after verifying.

    An unverified account holds its username and address for 10 minutes only (a code's lifetime):
    a sign-up naming either of an older unverified account's replaces that account, while a younger
    one still answers 409 (two people signing up at once do not undo each other). Unverified
    accounts are removed 48 hours after sign-up. The owner of an address may also take its
    unverified account at any age by a password reset from the mailed link, which verifies it."""
    user = actions.do_register(request.context.json.model_dump(by_alias=True))
    remember_code_sent(user.email)
    return json_response({"message": text("auth.code_sent"), "user": user.to_dict()}, 201)


@blueprint.post("/login")
@limits.sign_in_throttle
@api.validate(json=LoginBody, resp=Response(
    HTTP_200=(SignedIn, "Signed in"),
    HTTP_422=invalid({"emailOrUsername": texts_of("auth.identifier_empty", "auth.identifier_too_long"),
                      "password": texts_of("auth.password_empty")}),
    **refusals(
        HTTP_400=NOT_OBJECT,
        HTTP_401="Wrong credentials (the same answer for an unknown account): "
                 + refused_with(("INVALID_CREDENTIALS", "auth.bad_credentials")),
        HTTP_403="Right password, but the account cannot sign in: " + refused_with(
            ("EMAIL_NOT_VERIFIED", "auth.not_verified"), ("ACCOUNT_DEACTIVATED", "auth.deactivated"))
                 + ". For `EMAIL_NOT_VERIFIED` the page session remembers the address for `verify-email-resend`.",
        HTTP_429=SIGN_IN_THROTTLES)),
    tags=AUTH, security=PUBLIC, operation_id="login")
@documented(responses={"200": {"headers": SETS_COOKIE, "content": {JSON: {"schema": written_out(SignedIn)}}}})
def login():
    """Sign in with e-mail or username and password

    The identifier is the first non-empty of `email`, `username`, `emailOrUsername`; one containing
    `@` is looked up as an e-mail, otherwise as a username, case-insensitively. Success returns a
    15-minute access token, starts a new refresh-token chain in the `lobby_refresh` cookie (kept
    30 days with `rememberMe: true`, else a browser-session cookie; on the server each refresh token
    expires 30 days or 24 hours after it was issued) and signs the page session (`session` cookie)
    in too. The refresh token is never in the body. Only failed attempts (401) count toward the
    throttles."""
    body = request.context.json
    try:
        user = actions.authenticate(body.email_or_username, body.password)
    except ApiError as error:
        if error.code == "EMAIL_NOT_VERIFIED":
            session[PENDING_EMAIL] = actions.find_user(body.email_or_username).email
        raise
    refresh_token = actions.do_sign_in(user, body.password, body.remember_me)
    response = json_response({"accessToken": tokens.issue_access_token(user, user.sign_in_id), "user": user.to_dict()})
    return sign_in_browser(response, user, refresh_token, body.remember_me)


@blueprint.post("/refresh")
@api.validate(json=RefreshBody, resp=Response(
    HTTP_200=(Refreshed, "A new access token; `Set-Cookie` unless within the 10-second race grace"),
    **refusals(HTTP_400=NOT_OBJECT, HTTP_401=(
        "Unknown, expired or revoked token, or the account can no longer sign in (`REFRESH_INVALID`); reuse of a "
        "rotated token (`REFRESH_REUSED`, the chain is revoked): "
        + refused_with(("REFRESH_INVALID", "auth.refresh_failed"), ("REFRESH_REUSED", "auth.refresh_failed"))))),
    tags=AUTH, security=REFRESH_CREDENTIALS, operation_id="refresh")
@documented(requestBody={"required": False}, responses={"200": {"headers": SETS_COOKIE}})
def refresh():
    """Trade the refresh token for a new access token

    Reads the `lobby_refresh` cookie, or `refreshToken` in the body when there is no cookie. Every
    use rotates the token: the answer sets the next one in the cookie (same chain, same rememberMe)
    and the used one stops working. Presenting an already-rotated token later than 10 seconds after
    its rotation is a reuse: 401 `REFRESH_REUSED` and the whole chain is revoked (every tab of that
    sign-in must sign in again). Within 10 seconds it is taken for a race between tabs: the answer
    has an access token and no cookie."""
    user, successor, remember = tokens.rotate(refresh_cookie() or request.context.json.refresh_token)
    response = json_response({"accessToken": tokens.issue_access_token(user, user.sign_in_id)})
    if successor:
        set_refresh_cookie(response, successor, remember)
    return response


@blueprint.post("/logout")
@api.validate(resp=Response(HTTP_200=(Done, f"Signed out: «{text('auth.signed_out')}»")),
              tags=AUTH, security=REFRESH_CREDENTIALS, operation_id="logout")
@documented(responses={"200": {"headers": CLEARS_COOKIE}})
def logout():
    """Sign out this browser

    Ends the sign-in (the session) that the `lobby_refresh` cookie, the page session cookie and the
    Bearer token name (any of them; normally one browser's one sign-in): its refresh chain, every
    copy of its page cookie, its access tokens and its live sockets (closed with 4001) stop working
    at once. The account's other sessions stay. Clears the cookie. Always 200."""
    actions.do_sign_out(*callers_sign_ins())
    return sign_out_browser(json_response({"message": text("auth.signed_out")}))


@blueprint.post("/verify-email-code")
@limits.code_checks
@api.validate(json=CodeBody, resp=Response(
    HTTP_200=(UserNotice, f"Verified: «{text('auth.verified')}»"),
    HTTP_422=invalid({"email": texts_of("auth.email_missing"), "code": texts_of("auth.code_format")}),
    **refusals(
        HTTP_400="Wrong, missing, expired or locked code: " + refused_with(
            ("CODE_INVALID", "auth.code_wrong"), ("CODE_INVALID", "auth.code_unknown"),
            ("CODE_EXPIRED", "auth.code_expired"), ("CODE_LOCKED", "auth.code_locked")) + f". {NOT_OBJECT}",
        HTTP_409=ALREADY_VERIFIED,
        HTTP_429=throttled("20 code checks per 10 minutes per IP, shared with `reset-password`"))),
    tags=AUTH, security=PUBLIC, operation_id="verifyEmailCode")
def verify_email_code():
    """Confirm the e-mail address with the mailed code

    Checks the account's open code: 6 digits, valid 10 minutes, single use. A wrong code counts a
    try; the 5th wrong try closes the code (`CODE_LOCKED`) and a new one must be requested. An
    unknown address answers like a missing code. Success does not sign in."""
    body = request.context.json
    user = actions.do_verify_email(body.email, body.code)
    session.pop(PENDING_EMAIL, None)
    return json_response({"message": text("auth.verified"), "user": user.to_dict()})


@blueprint.post("/verify-email-resend")
@limits.mail_sends_per_ip
@api.validate(json=ResendBody, resp=Response(
    HTTP_200=(Done, f"Sent: «{text('auth.new_code_sent')}»"),
    **refusals(
        HTTP_400="No address, or no account with it: " + refused_with(("EMAIL_REQUIRED", "auth.email_missing"))
                 + f". {NOT_OBJECT}",
        HTTP_409=ALREADY_VERIFIED,
        HTTP_429=throttled("10 mails per hour per IP, shared with `forgot-password`", RESEND_WAIT + DAILY_CODES))),
    tags=AUTH, security=PUBLIC, operation_id="verifyEmailResend")
@documented(requestBody={"required": False})
def verify_email_resend():
    """Mail a new verification code

    For `email` in the body, else the address the page session remembers (from `register` or a 403
    `login`). The new code replaces the open one. At most one code a minute (the sign-up's
    included) and 5 codes in 24 hours per address; a refused resend counts toward neither."""
    email = request.context.json.email or session.get(PENDING_EMAIL, "")
    user = actions.find_account(email) if "@" in email else None
    if user is None:
        raise ApiError(400, text("auth.email_missing"), "EMAIL_REQUIRED")
    actions.do_resend_code(user)
    remember_code_sent(user.email)
    return json_response({"message": text("auth.new_code_sent")})


@blueprint.get("/check-availability")
@limits.availability
@api.validate(query=AvailabilityQuery, resp=Response(
    HTTP_200=(Availability, "One entry per field asked about"),
    **refusals(HTTP_400="Neither parameter given: " + refused_with(("BAD_REQUEST", "auth.availability_empty")),
               HTTP_429=throttled("30 checks per minute per IP"))),
    tags=AUTH, security=PUBLIC, operation_id="checkAvailability")
def check_availability():
    """Is a username or e-mail free and well-formed?

    Give at least one of the query parameters; the answer has an entry for each one given."""
    asked = request.context.query
    result = {}
    for field, value, problem in (("username", asked.username, username_problem),
                                  ("email", asked.email, email_problem)):
        if value:
            issue = problem(value) or actions.taken_fields(**{"username": None, "email": None, field: value}).get(field)
            result[field] = {"available": issue is None, "message": issue}
    if not result:
        raise ApiError(400, text("auth.availability_empty"), "BAD_REQUEST")
    return json_response(result)


@blueprint.get("/me")
@api_login_required
@api.validate(resp=Response(HTTP_200=(OneUser, "The user"), **refusals(
    HTTP_401="No, bad or expired token, or the account's sessions were ended: "
             + refused_with(("UNAUTHORIZED", "auth.sign_in_required")),
    HTTP_403=NOT_VERIFIED)), tags=AUTH, security=BEARER, operation_id="me")
def me():
    """The signed-in user

    Needs a valid access token in `Authorization: Bearer …`."""
    return json_response({"user": g.user.to_dict()})


@blueprint.post("/forgot-password")
@limits.mail_sends_per_ip
@limits.mail_sends_per_address
@api.validate(json=ForgotPasswordBody, resp=Response(
    HTTP_200=(Done, f"Accepted: «{text('auth.reset_mail_sent')}»"),
    HTTP_422=invalid({"email": EMAIL}),
    **refusals(HTTP_400=NOT_OBJECT, HTTP_429=throttled(
        "10 mails per hour per IP (shared with `verify-email-resend`), 5 per hour per address"))),
    tags=AUTH, security=PUBLIC, operation_id="forgotPassword")
def forgot_password():
    """Mail a password-reset link

    The same 200 answer (and timing: the lookup runs in a background job) for any well-formed
    address, so it does not tell whether an account exists. If an active account has the address,
    it gets a link to `/auth/reset-password?token=…`; the token works once and for 1 hour."""
    enqueue(start_password_reset, request.context.json.email, language())
    return json_response({"message": text("auth.reset_mail_sent")})


@blueprint.post("/reset-password")
@limits.code_checks
@api.validate(json=ResetPasswordBody, resp=Response(
    HTTP_200=(Done, f"Changed: «{text('auth.password_changed')}»"),
    HTTP_422=invalid({"password": PASSWORD}),
    **refusals(
        HTTP_400="Unknown, used or expired token: " + refused_with(("RESET_TOKEN_INVALID", "auth.reset_invalid"))
                 + f". {NOT_OBJECT}",
        HTTP_429=throttled("20 per 10 minutes per IP, shared with `verify-email-code`"))),
    tags=AUTH, security=PUBLIC, operation_id="resetPassword")
@documented(responses={"200": {"headers": REMEMBERS_DEVICE}})
def reset_password():
    """Set a new password from a reset link

    Sets the password, uses up every open reset link of the account and signs out every session:
    page sessions, access tokens and all refresh-token chains. Does not sign in. The password is
    checked first. The link proves the mailbox: an unverified address becomes verified. This
    browser is remembered for the account (`lobby_device`, as at sign-in)."""
    body = request.context.json
    user = actions.do_reset_password(body.token, body.password)
    response = json_response({"message": text("auth.password_changed")})
    remember_device(response, user)
    return response
