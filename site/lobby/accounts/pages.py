"""The auth pages: plain forms that work with JavaScript off (POST → redirect → flash), with
islands that add the live behaviour on top. The same `check_*` and `do_*` as the JSON API."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from flask_login import current_user

from lobby.accounts import actions, codes, limits
from lobby.accounts.api import PENDING_EMAIL, remember_code_sent, resend_wait
from lobby.accounts.remembered import remember_device
from lobby.accounts.session import callers_sign_ins, sign_in_browser, sign_out_browser
from lobby.accounts.validation import (check_code_entry, check_email, check_login, check_password,
                                       check_registration, identifier_of, trimmed)
from lobby.errors import ApiError, ValidationError, handle_api_error, handle_http_exception, limiter_wait
from lobby.i18n import N_, _, language
from lobby.accounts.jobs import start_password_reset
from lobby.accounts.models import User
from lobby.extensions import db
from lobby.jobs.queue import enqueue
from lobby.texts import text

blueprint = Blueprint("auth_pages", __name__)

REASONS = {
    "session_expired": N_("Сессия истекла. Войдите снова."),
    "new_tab": N_("Приложение открыто в новой вкладке. Войдите снова, чтобы продолжить."),
    "init_failed": N_("Не удалось восстановить сессию. Войдите снова."),
}


@blueprint.before_request
def signed_in_visitors_go_to_the_app():
    if current_user.is_authenticated and request.endpoint not in ("auth_pages.logout", "auth_pages.reset_password"):
        # The app sent the visitor here because its sign-in no longer works there (its refresh
        # token was refused: `?reason=`): the form again, not a loop back to the app.
        if request.method == "GET" and request.endpoint == "auth_pages.login" and request.args.get("reason") in REASONS:
            return None
        return redirect("/app")
    return None


def form_errors(error: ApiError) -> dict[str, str]:
    return error.errors if isinstance(error, ValidationError) else {"form": error.message}


# The innermost route is the one url_for builds: /auth, as the spec's redirects say.
@blueprint.route("/login", methods=["GET", "POST"])
@blueprint.route("/auth/login", methods=["GET", "POST"])
@blueprint.route("/auth", methods=["GET", "POST"])
@limits.sign_in_throttle
def login():
    if request.method == "GET":
        return render_login({}, {})
    form = request.form
    try:
        identifier, password = check_login(form)
        user = actions.authenticate(identifier, password)
    except ApiError as error:
        if error.code == "EMAIL_NOT_VERIFIED":
            session[PENDING_EMAIL] = actions.find_user(identifier_of(form)).email
            flash(error.message, "warning")
            return redirect(url_for("auth_pages.verify_email"))
        return render_login(form, form_errors(error), error.status)
    remember = form.get("rememberMe") == "on"
    refresh_token = actions.do_sign_in(user, password, remember)
    return sign_in_browser(redirect("/app"), user, refresh_token, remember)


def reason_for(key: str) -> str | None:
    """Why the app sent the visitor back here (`?reason=`), in their language."""
    return _(REASONS[key]) if key in REASONS else None


def render_login(form, errors: dict, status: int = 200):
    return render_template(
        "auth/login.html", form=form, errors=errors,
        verified=request.args.get("verified") == "true", reason=reason_for(request.args.get("reason", "")),
    ), status


@blueprint.route("/auth/register", methods=["GET", "POST"])
@limits.registration
def register():
    if request.method == "GET":
        return render_template("auth/register.html", form={}, errors={})
    try:
        user = actions.do_register(check_registration(request.form))
    except ApiError as error:
        return render_template("auth/register.html", form=request.form, errors=form_errors(error)), error.status
    remember_code_sent(user.email)
    return redirect(url_for("auth_pages.verify_email", email=user.email))


@blueprint.route("/verify-email", methods=["GET", "POST"])
@blueprint.route("/auth/verify-email", methods=["GET", "POST"])
@limits.code_checks
def verify_email():
    email = trimmed(request.form.get("email")) or trimmed(request.args.get("email")) or session.get(PENDING_EMAIL, "")
    if request.method == "GET":
        return render_verify(email, {})
    try:
        actions.do_verify_email(*check_code_entry({"email": email, "code": request.form.get("code", "")}))
    except ApiError as error:
        if error.code == "ALREADY_VERIFIED":
            flash(_("Email уже подтвержден. Войдите в аккаунт."), "success")
            return redirect(url_for("auth_pages.login", verified="true"))
        return render_verify(email, form_errors(error)), error.status
    session.pop(PENDING_EMAIL, None)
    return redirect(url_for("auth_pages.login", verified="true"))


def render_verify(email: str, errors: dict):
    return render_template("auth/verify.html", email=email, errors=errors,
                           resend_in=max(resend_wait(), address_wait(email)))


def address_wait(email: str) -> int:
    """The server's countdown for the address (a code another browser had sent counts too)."""
    user = actions.find_user(email) if "@" in email else None
    return codes.resend_wait(user.id) if user is not None and not user.is_email_verified else 0


@blueprint.post("/auth/verify-email/resend")
@limits.mail_sends_per_ip
def resend_code():
    email = trimmed(request.form.get("email")) or session.get(PENDING_EMAIL, "")
    user = actions.find_account(email) if "@" in email else None
    try:
        if user is None:
            raise ApiError(400, text("auth.email_missing"), "EMAIL_REQUIRED")
        actions.do_resend_code(user)
        remember_code_sent(user.email)
        flash(text("auth.new_code_sent"), "success")
    except ApiError as error:
        flash(error.message, "error")
    return redirect(url_for("auth_pages.verify_email", email=email))


@blueprint.route("/auth/forgot-password", methods=["GET", "POST"])
@limits.mail_sends_per_ip
@limits.mail_sends_per_address
def forgot_password():
    if request.method == "GET":
        return render_template("auth/forgot.html", form={}, errors={}, sent=request.args.get("sent") == "1")
    try:
        email = check_email(request.form.get("email"))
    except ValidationError as error:
        return render_template("auth/forgot.html", form=request.form, errors=error.errors, sent=False), 422
    enqueue(start_password_reset, email, language())
    return redirect(url_for("auth_pages.forgot_password", sent="1"))


@blueprint.errorhandler(ValidationError)
def refused_before_the_view(error: ValidationError):
    """The sign-in throttle refuses an identifier longer than any account's before the view runs:
    the form again, with the message under its field. Elsewhere, the common answer."""
    if request.endpoint != "auth_pages.login":
        return handle_api_error(error)
    return render_login({"rememberMe": request.form.get("rememberMe")}, error.errors, error.status)  # not echoed


@blueprint.errorhandler(429)
def throttled(error):
    """Too many reset letters asked for: the form again, with the spec's words, the address kept.
    Other throttled pages of the blueprint get the common error page."""
    if request.endpoint != "auth_pages.forgot_password":
        return handle_http_exception(error)
    errors = {"form": _("Ошибка отправки. Попробуйте позже.")}
    page = render_template("auth/forgot.html", form=request.form, errors=errors, sent=False)
    return page, 429, {"Retry-After": str(limiter_wait())}


@blueprint.route("/auth/reset-password", methods=["GET", "POST"])
@limits.code_checks
def reset_password():
    token = request.values.get("token", "")
    if request.method == "GET":
        try:
            actions.reset_for_token(token)
        except ApiError as error:
            return render_template("auth/reset.html", token="", errors={"form": error.message}), 400
        return render_template("auth/reset.html", token=token, errors={}, owner=link_owner(token))
    try:
        user = actions.do_reset_password(token, check_password(request.form.get("password")))
    except ApiError as error:
        return render_template("auth/reset.html", token=token, errors=form_errors(error),
                               owner=link_owner(token)), error.status
    response = sign_out_browser(redirect(url_for("auth_pages.login")))  # this browser too
    remember_device(response, user)  # it read the mail: the sign-in throttles spare it from now on
    flash(text("auth.password_changed"), "success")  # after the session was cleared
    return response


def link_owner(token: str) -> User | None:
    """The account a live reset link is for (its strength hint names what the password must not
    contain); None for a dead link."""
    try:
        return db.session.get(User, actions.reset_for_token(token).user_id)
    except ApiError:
        return None


@blueprint.post("/auth/logout")
def logout():
    actions.do_sign_out(*callers_sign_ins())
    return sign_out_browser(redirect(url_for("auth_pages.login")))
