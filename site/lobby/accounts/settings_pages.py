"""The account and security settings page, `/app/settings/account`: plain POST forms that work
with JavaScript off (POST → 303 + flash; a refusal → the page again with the error beside its
field). Inside the settings dialog htmx posts the same forms and swaps the frame in place. The
actions are the ones `/api/account/*` calls.

Errors are keyed `<form>.<field>` (`password.currentPassword`): three forms ask for the current
password, and only the one that was sent shows its error."""
from __future__ import annotations

from flask import Blueprint, flash, make_response, redirect, request, url_for
from flask_login import current_user

from lobby.accounts import email_change, limits, sign_ins
from lobby.accounts.deletion import confirmation_word, do_delete_account
from lobby.accounts.password_change import do_change_password
from lobby.accounts.session import page_login_required, sign_out_browser
from lobby.errors import ApiError, ValidationError
from lobby.settings_pages import htmx, render_section
from lobby.texts import text

blueprint = Blueprint("account_settings", __name__, url_prefix="/app/settings/account")


def me():
    """The signed-in user itself (the actions hand it to the ORM, which a proxy would not satisfy)."""
    return current_user._get_current_object()


def render_account(status: int = 200, errors: dict | None = None, **context):
    return render_section("account", status, errors, email=me().email,
                          pending_email=email_change.pending_email(me()),
                          resend_in=email_change.resend_wait(me()), sessions=sign_ins.sessions_of(me()),
                          confirmation_word=confirmation_word(), **context)


def refused(form: str, error: ApiError):
    """The page again, the error beside its field (or atop the form). htmx swaps only a 2xx or 422,
    so the dialog gets every refusal as 422; the page keeps the true status."""
    fields = error.errors if isinstance(error, ValidationError) else {"form": error.message}
    errors = {f"{form}.{field}": message for field, message in fields.items()}
    response = make_response(render_account(422 if htmx() else error.status, errors, sent=request.form))
    response.headers.update(error.headers)
    return response


def done(message: str):
    if htmx():
        return render_account(notice=message)
    flash(message, "success")
    return redirect(url_for("account_settings.page"), 303)


def signed_out(message: str):
    """This browser's session ended (its account deleted, or it signed itself out): to the sign-in page."""
    response = sign_out_browser(redirect(url_for("auth_pages.login"), 303))
    flash(message, "success")  # after the session was cleared
    if htmx():
        response.headers["HX-Redirect"] = url_for("auth_pages.login")
    return response


@blueprint.get("")
@page_login_required
def page():
    return render_account()


@blueprint.post("/password")
@page_login_required
@limits.password_checks
def change_password():
    try:
        do_change_password(me(), request.form.get("currentPassword"), request.form.get("newPassword"))
    except ApiError as error:
        return refused("password", error)
    return done(text("account.password_changed"))


@blueprint.post("/email")
@page_login_required
@limits.password_checks
@limits.mail_sends_per_ip
def start_email_change():
    try:
        email_change.do_start_email_change(me(), request.form.get("currentPassword"),
                                           request.form.get("newEmail"))
    except ApiError as error:
        return refused("email", error)
    return done(text("account.email_code_sent"))


@blueprint.post("/email/resend")
@page_login_required
@limits.mail_sends_per_ip
def resend_email_code():
    try:
        email_change.do_resend_email_code(me())
    except ApiError as error:
        return refused("confirm", error)
    return done(text("account.email_code_sent"))


@blueprint.post("/email/confirm")
@page_login_required
@limits.code_checks
def confirm_email_change():
    try:
        email_change.do_confirm_email_change(me(), request.form.get("code"))
    except ApiError as error:
        return refused("confirm", error)
    return done(text("account.email_changed"))


@blueprint.post("/sessions/<int:sign_in_id>/end")
@page_login_required
@limits.session_changes
def end_session(sign_in_id: int):
    mine = sign_in_id == current_user.sign_in_id
    try:
        sign_ins.do_end_session(me(), sign_in_id)
    except ApiError as error:
        return refused("sessions", error)
    return signed_out(text("auth.signed_out")) if mine else done(text("account.session_ended"))


@blueprint.post("/sessions/others/end")
@page_login_required
@limits.session_changes
def end_other_sessions():
    sign_ins.do_end_other_sessions(me())
    return done(text("account.others_ended"))


@blueprint.post("/delete")
@page_login_required
@limits.password_checks
def delete_account():
    try:
        do_delete_account(me(), request.form.get("currentPassword"), request.form.get("confirmation"))
    except ApiError as error:
        return refused("delete", error)
    return signed_out(text("account.deleted"))
