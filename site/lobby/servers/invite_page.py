"""`/invite/<code>`: the invite link's page, a plain form that works with JavaScript off.

GET shows the card for everyone: a signed-out visitor gets 'Принять приглашение' (sign up) and
'Войти'; a signed-in one 'Принять приглашение', or 'Открыть сервер' when already a member, or the
ban's words. POST (with the CSRF token) joins a signed-in person and opens the server; for a
signed-out one it remembers the invite and goes to sign up or sign in (`invites.PENDING`)."""
from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, send_file, session, url_for
from flask_login import current_user

from lobby.errors import ApiError
from lobby.servers import icons, invites
from lobby.servers.models import Server

blueprint = Blueprint("invite_pages", __name__)


def reader():
    """The signed-in, verified visitor, or None (an unverified one reads the card as a guest)."""
    return current_user if current_user.is_authenticated and current_user.is_email_verified else None


def server_or_404(code: str) -> Server:
    server = invites.server_for_code(code)
    if server is None:
        raise NotFoundInvite()
    return server


class NotFoundInvite(Exception):
    """An unknown code: the page says so in the reader's language (a 404 of its own)."""


@blueprint.errorhandler(NotFoundInvite)
def unknown_invite(_error):
    return render_template("invite.html", card=None), 404


def render_card(server: Server, code: str, status: int = 200):
    card = invites.preview(server, code, reader())
    return render_template("invite.html", card=card, server=server), status


@blueprint.get("/invite/<code>")
def show(code: str):
    return render_card(server_or_404(code), code)


@blueprint.post("/invite/<code>")
def accept(code: str):
    server = server_or_404(code)
    user = reader()
    if user is None:
        session[invites.PENDING] = code  # taken up at the sign-in (invites.join_pending_invite)
        then = "auth_pages.login" if request.form.get("then") == "login" else "auth_pages.register"
        return redirect(url_for(then))
    try:
        return redirect(invites.do_accept(server, user))
    except ApiError as error:  # banned: the card again, saying so
        return render_card(server, code, error.status)


@blueprint.get("/invite/<code>/icon")
def icon(code: str):
    """The server's icon for whoever holds the invite (the card's <img>)."""
    server = server_or_404(code)
    if not server.icon_file:
        raise NotFoundInvite()
    response = send_file(icons.icon_path(server.icon_file), mimetype="image/png", max_age=86400)
    response.cache_control.public = False  # a private server's face, for holders of its code
    response.cache_control.private = True
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
