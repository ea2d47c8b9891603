"""`/api/account/*`: the account and security settings — password, e-mail, sessions, deleting the
account. The settings forms (`settings_pages.py`) call the same actions."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts import email_change, limits, sign_ins
from lobby.accounts.account_schemas import (AccountDeletionBody, AccountSessions, EmailChangeBody, EmailChangePending,
                                            EmailCodeBody, PasswordChangeBody, SessionsEnded)
from lobby.accounts.deletion import CONFIRMATION_WORD, do_delete_account
from lobby.accounts.password_change import do_change_password
from lobby.accounts.schemas import PASSWORD, UserNotice, texts_of
from lobby.accounts.session import api_login_required, json_response
from lobby.extensions import csrf
from lobby.schema import (BEARER, NOT_OBJECT, NOT_VERIFIED, UNAUTHORIZED, Done, Response, api, documented, invalid,
                          json_object, read, refusals, refused_with, throttled)
from lobby.texts import text

blueprint = Blueprint("account_api", __name__, url_prefix="/api/account")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

TAGS = ["account"]
CURRENT = texts_of("account.current_password_empty")
WRONG_PASSWORD = ("Signed in, but: " + NOT_VERIFIED + "; or the current password is wrong: "
                  + refused_with(("WRONG_PASSWORD", "account.current_password_wrong"))
                  + " with `errors.currentPassword`.")
PASSWORD_THROTTLE = throttled("10 wrong current passwords per 15 minutes per user, shared by every call that asks "
                              "for it (API and settings forms)")
MAIL_THROTTLE = throttled(
    "10 mails per hour per IP (shared with the auth mails)",
    " Also `CODE_RESEND_WAIT` «" + text("account.email_resend_wait", seconds="N") + "» within 60 s of the last "
    "code, and `CODE_DAILY_LIMIT` «" + text("auth.code_daily_limit") + "» after 5 codes in 24 hours.")
CODE_REFUSALS = refused_with(("CODE_INVALID", "auth.code_wrong"), ("CODE_INVALID", "auth.code_unknown"),
                             ("CODE_EXPIRED", "auth.code_expired"), ("CODE_LOCKED", "auth.code_locked"))
SIGNED_IN = {"HTTP_401": UNAUTHORIZED, "HTTP_403": NOT_VERIFIED}


@blueprint.post("/password")
@api_login_required
@limits.password_checks
@api.validate(json=PasswordChangeBody, resp=Response(
    HTTP_200=(Done, f"Changed: «{text('account.password_changed')}»"),
    HTTP_422=invalid({"currentPassword": CURRENT, "newPassword": PASSWORD + texts_of("account.password_same")}),
    **refusals(HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED, HTTP_403=WRONG_PASSWORD, HTTP_429=PASSWORD_THROTTLE)),
    tags=TAGS, security=BEARER, operation_id="changePassword")
def change_password():
    """Change the password

    Needs the current password. Every other session of the account ends at once (its page cookie,
    access tokens, refresh chain; its sockets close with 4001), and so does every unused reset
    link; this session stays signed in."""
    body = request.context.json
    do_change_password(g.user, body.current_password, body.new_password)
    return json_response({"message": text("account.password_changed")})


def pending_answer(email: str) -> dict:
    return {"message": text("account.email_code_sent"), "pendingEmail": email,
            "resendIn": email_change.resend_wait(g.user)}


@blueprint.post("/email")
@api_login_required
@limits.password_checks
@limits.mail_sends_per_ip
@api.validate(json=EmailChangeBody, resp=Response(
    HTTP_200=(EmailChangePending, f"A code is on its way: «{text('account.email_code_sent')}»"),
    HTTP_422=invalid({"currentPassword": CURRENT, "newEmail": texts_of(
        "auth.email_empty", "auth.email_invalid", "account.email_same")}),
    **refusals(HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED, HTTP_403=WRONG_PASSWORD,
               HTTP_429=PASSWORD_THROTTLE + " " + MAIL_THROTTLE)),
    tags=TAGS, security=BEARER, operation_id="startEmailChange")
def start_email_change():
    """Start changing the e-mail address

    Needs the current password. Mails a 6-digit code (10 minutes, 5 tries) to the new address; the
    account keeps its address until `email/confirm`. An address another verified account uses gets
    the same answer (so this call cannot tell whether it is taken): its owner is sent a notice
    instead of a code, and no code will confirm it. An address held by an unverified account is
    sent a code like a free one."""
    body = request.context.json
    email = email_change.do_start_email_change(g.user, body.current_password, body.new_email)
    return json_response(pending_answer(email))


@blueprint.post("/email/resend")
@api_login_required
@limits.mail_sends_per_ip
@api.validate(resp=Response(
    HTTP_200=(EmailChangePending, "A new code replaces the last one"),
    **refusals(HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED, HTTP_409="No change is waiting: " + refused_with(
        ("NO_EMAIL_CHANGE", "account.email_not_pending")), HTTP_429=MAIL_THROTTLE)),
    tags=TAGS, security=BEARER, operation_id="resendEmailChangeCode")
def resend_email_code():
    """Mail a new code for the waiting e-mail change

    To the address given to `email`, while its code is open and in time; at most one code every
    60 seconds."""
    return json_response(pending_answer(email_change.do_resend_email_code(g.user)))


@blueprint.post("/email/confirm")
@api_login_required
@limits.code_checks
@api.validate(json=EmailCodeBody, resp=Response(
    HTTP_200=(UserNotice, f"Changed: «{text('account.email_changed')}»; the user has the new address"),
    HTTP_422=invalid({"code": texts_of("auth.code_format")}),
    **refusals(HTTP_400=f"Wrong, missing, expired or locked code: {CODE_REFUSALS}. {NOT_OBJECT}",
               HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED,
               HTTP_409="The address was taken by another account meanwhile: " + refused_with(
                   ("CONFLICT", "auth.email_taken")) + " with `errors.newEmail`.",
               HTTP_429=throttled("20 code checks per 10 minutes per IP, shared with `verify-email-code`"))),
    tags=TAGS, security=BEARER, operation_id="confirmEmailChange")
def confirm_email_change():
    """Confirm the new e-mail address with its code

    The account takes the new address (sign in with it from now on); the old address is told. As
    after a password change, every other session ends at once (its page cookie, access tokens,
    refresh chain; its sockets close with 4001), and so does every unused reset link (one mailed to
    the old address included); this session stays signed in. An unverified account that held the
    address is removed: the code proved the mailbox is the caller's."""
    user = email_change.do_confirm_email_change(g.user, request.context.json.code)
    return json_response({"message": text("account.email_changed"), "user": user.to_dict()})


@blueprint.get("/sessions")
@api_login_required
@api.validate(resp=Response(HTTP_200=(AccountSessions, "Open sessions"), **refusals(**SIGNED_IN)),
              tags=TAGS, security=BEARER, operation_id="listSessions")
def sessions():
    """The account's open sessions

    One per sign-in (browser or client) that has not ended or expired; `current` marks the one
    making the call."""
    return json_response({"sessions": sign_ins.sessions_of(g.user)})


@blueprint.delete("/sessions/<int:sign_in_id>")
@api_login_required
@limits.session_changes
@api.validate(resp=Response(HTTP_200=(Done, f"«{text('account.session_ended')}»"), **refusals(
    HTTP_404="Not an open session of the caller's (another person's included): "
             + refused_with(("SESSION_NOT_FOUND", "account.session_not_found")),
    HTTP_429=throttled("60 per minute per user"), **SIGNED_IN)),
    tags=TAGS, security=BEARER, operation_id="endSession")
def end_session(sign_in_id: int):
    """Sign one session out

    Its page cookie, access tokens and refresh chain stop working and its sockets close with 4001.
    Naming the caller's own session signs the caller out."""
    sign_ins.do_end_session(g.user, sign_in_id)
    return json_response({"message": text("account.session_ended")})


@blueprint.delete("/sessions/others")
@api_login_required
@limits.session_changes
@api.validate(resp=Response(HTTP_200=(SessionsEnded, f"«{text('account.others_ended')}»"), **refusals(
    HTTP_429=throttled("60 per minute per user"), **SIGNED_IN)),
    tags=TAGS, security=BEARER, operation_id="endOtherSessions")
def end_other_sessions():
    """Sign out everywhere else

    Every session but the caller's ends."""
    ended = sign_ins.do_end_other_sessions(g.user)
    return json_response({"message": text("account.others_ended"), "ended": ended})


@blueprint.delete("")
@api_login_required
@limits.password_checks
@api.validate(json=AccountDeletionBody, resp=Response(
    HTTP_200=(Done, f"«{text('account.deleted')}»"),
    HTTP_422=invalid({"currentPassword": CURRENT, "confirmation": (
        text("account.confirmation_wrong", word=CONFIRMATION_WORD),)}),
    **refusals(HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED, HTTP_403=WRONG_PASSWORD, HTTP_429=PASSWORD_THROTTLE)),
    tags=TAGS, security=BEARER, operation_id="deleteAccount")
@documented(requestBody={"required": True})
def delete_account():
    """Delete the account

    Needs the current password and `confirmation: "УДАЛИТЬ"`. Messages stay, their author shown as
    «Удалённый пользователь»; the username and e-mail are free again at once. Owned servers pass
    to their oldest moderator, else their oldest member; a server with no one else in it is
    deleted. Friendships, requests, blocks, memberships, notifications end; every session ends
    (sockets close with 4001) and a voice seat is taken away."""
    body = read(AccountDeletionBody, json_object())  # spectree reads no DELETE body
    do_delete_account(g.user, body.current_password, body.confirmation)
    return json_response({"message": text("account.deleted")})
