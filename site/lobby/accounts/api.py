"""The auth calls of the spec's section 7 (`/api/auth/*`), plus forgot/reset password."""
from __future__ import annotations

import time

from flask import Blueprint, g, request, session

from lobby.accounts import actions, limits, tokens
from lobby.accounts.session import (api_login_required, callers_sign_ins, json_response, refresh_cookie, set_refresh_cookie,
                                    sign_in_browser, sign_out_browser)
from lobby.accounts.validation import (check_code, check_email, check_login, check_new_password,
                                       check_registration, email_problem, text, username_problem)
from lobby.errors import ApiError
from lobby.extensions import csrf
from lobby.schema import json_object
from lobby.accounts.jobs import start_password_reset
from lobby.jobs.queue import enqueue

blueprint = Blueprint("auth_api", __name__, url_prefix="/api/auth")
# The API takes JSON only (a cross-site form cannot send it) and its cookies are SameSite.
csrf.exempt(blueprint)

PENDING_EMAIL = "pending_verification_email"  # who the verification screen is for
CODE_SENT_AT = "code_sent_at"  # when this browser last had a code sent: the resend countdown
RESEND_COOLDOWN = 60


def remember_code_sent(email: str) -> None:
    session[PENDING_EMAIL] = email
    session[CODE_SENT_AT] = time.time()


def resend_wait() -> int:
    """Seconds left of the resend countdown for this browser (0 if it was sent no code)."""
    sent_at = session.get(CODE_SENT_AT)
    return max(0, int(RESEND_COOLDOWN - (time.time() - sent_at))) if sent_at else 0


@blueprint.post("/register")
@limits.registration
def register():
    user = actions.do_register(check_registration(json_object()))
    remember_code_sent(user.email)
    return json_response({"message": "Код подтверждения отправлен на email", "user": user.to_dict()}, 201)


@blueprint.post("/login")
@limits.login_per_ip
@limits.login_per_account
def login():
    data = json_object()
    identifier, password = check_login(data)
    try:
        user = actions.authenticate(identifier, password)
    except ApiError as error:
        if error.code == "EMAIL_NOT_VERIFIED":
            session[PENDING_EMAIL] = actions.find_user(identifier).email
        raise
    remember = data.get("rememberMe") is True
    refresh_token = actions.do_sign_in(user, password, remember)
    response = json_response({"accessToken": tokens.issue_access_token(user, user.sign_in_id), "user": user.to_dict()})
    return sign_in_browser(response, user, refresh_token, remember)


@blueprint.post("/refresh")
def refresh():
    user, successor, remember = tokens.rotate(refresh_cookie() or text(json_object(), "refreshToken"))
    response = json_response({"accessToken": tokens.issue_access_token(user, user.sign_in_id)})
    if successor:
        set_refresh_cookie(response, successor, remember)
    return response


@blueprint.post("/logout")
def logout():
    actions.do_sign_out(*callers_sign_ins())
    return sign_out_browser(json_response({"message": "Вы вышли из системы"}))


@blueprint.post("/verify-email-code")
@limits.code_checks
def verify_email_code():
    email, code = check_code(json_object())
    user = actions.do_verify_email(email, code)
    session.pop(PENDING_EMAIL, None)
    return json_response({"message": "Email успешно подтвержден", "user": user.to_dict()})


@blueprint.post("/verify-email-resend")
@limits.mail_sends_per_ip
def verify_email_resend():
    email = text(json_object(), "email") or session.get(PENDING_EMAIL, "")
    user = actions.find_user(email) if "@" in email else None
    if user is None:
        raise ApiError(400, "Email не указан", "EMAIL_REQUIRED")
    actions.do_resend_code(user)
    remember_code_sent(user.email)
    return json_response({"message": "Новый код отправлен на email"})


@blueprint.get("/check-availability")
@limits.availability
def check_availability():
    result = {}
    for field, problem, in (("username", username_problem), ("email", email_problem)):
        value = request.args.get(field, "").strip()
        if value:
            issue = problem(value) or actions.taken_fields(**{"username": None, "email": None, field: value}).get(field)
            result[field] = {"available": issue is None, "message": issue}
    if not result:
        raise ApiError(400, "Укажите username или email", "BAD_REQUEST")
    return json_response(result)


@blueprint.get("/me")
@api_login_required
def me():
    return json_response({"user": g.user.to_dict()})


@blueprint.post("/forgot-password")
@limits.mail_sends_per_ip
@limits.mail_sends_per_address
def forgot_password():
    # The job looks the address up: the answer and its timing are the same for any address.
    enqueue(start_password_reset, check_email(json_object()))
    return json_response({"message": "Если аккаунт с этим email существует, мы отправили письмо со ссылкой."})


@blueprint.post("/reset-password")
@limits.code_checks
def reset_password():
    data = json_object()
    actions.do_reset_password(text(data, "token"), check_new_password(data))
    return json_response({"message": "Пароль изменен. Войдите с новым паролем."})
