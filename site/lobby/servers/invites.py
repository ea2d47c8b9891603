"""Invite links: `/invite/<code>` shows the server a code opens (name, icon, member and online
counts) to anyone who has the link, and lets a signed-in person join by it, a private server too.
A signed-out visitor who accepts is remembered in the page session (`PENDING`): signing up or in
then joins them and the app opens the server (`join_pending_invite`, `LANDING`).

The code is the server's own invite code (72 random bits): whoever holds it may see the card and
join, as in Discord; it gives nothing else (the server's channels stay for members)."""
from __future__ import annotations

from flask import Flask, session
from flask_login import user_logged_in
from sqlalchemy import select

from lobby.accounts.models import User
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.servers import actions, listing
from lobby.servers.access import active_ban, membership_of
from lobby.servers.models import VOICE, Ban, Channel, Server
from lobby.servers.validation import INVITE_MAX, INVITE_MIN

PENDING = "pending_invite"  # the code a signed-out visitor accepted, joined at their sign-in
LANDING = "invite_landing"  # where /app sends them right after that sign-in

GUEST, OPEN, MEMBER, BANNED = "guest", "open", "member", "banned"  # what the card offers its reader


def server_for_code(code: str) -> Server | None:
    """The server an invite code opens; None for an unknown code (or one no code could be)."""
    code = (code or "").strip()
    if not INVITE_MIN <= len(code) <= INVITE_MAX:
        return None
    return db.session.scalar(select(Server).where(Server.invite_code == code))


def invite_state(server: Server, user: User | None) -> tuple[str, Ban | None]:
    """What the reader may do with the invite, and their ban if that is what stops them."""
    if user is None:
        return GUEST, None
    if membership_of(user, server.id) is not None:
        return MEMBER, None
    ban = active_ban(user.id, server.id)
    return (BANNED, ban) if ban is not None else (OPEN, None)


def first_text_channel(server_id: int) -> int | None:
    return db.session.scalar(select(Channel.id).where(Channel.server_id == server_id, Channel.type != VOICE)
                             .order_by(Channel.position, Channel.id).limit(1))


def landing_path(server_id: int) -> str:
    """Where the app opens a server one just joined (or created): its first text channel, as
    Discord does; the overview when it has none."""
    channel_id = first_text_channel(server_id)
    base = f"/app/servers/{server_id}"
    return f"{base}/channels/{channel_id}" if channel_id is not None else base


def icon_link(server: Server, code: str) -> str | None:
    """The icon as the invite's reader may load it: through the code (a private server's own icon
    address answers only its members)."""
    return f"/invite/{code}/icon?v={server.icon_file[:8]}" if server.icon_file else None


def preview(server: Server, code: str, user: User | None) -> dict:
    """The invite's card, as the page shows it and `GET /api/invites/<code>` answers it."""
    stats = listing.stats_for([server.id])[server.id]
    state, ban = invite_state(server, user)
    return {
        "code": code, "state": state,
        "server": {"id": server.id, "name": server.name, "description": server.description,
                   "iconUrl": icon_link(server, code), "isPublic": server.is_public,
                   "memberCount": stats.members, "onlineCount": stats.online},
        "banExpiresAt": ban.expires_at.isoformat() if ban is not None and ban.expires_at else None,
        "landing": landing_path(server.id) if state == MEMBER else None,
    }


def do_accept(server: Server, user: User) -> str:
    """Join by the invite (idempotent; 403 BANNED for a banned reader); returns where to go."""
    actions.do_join(server, user)
    return landing_path(server.id)


def join_pending_invite(_app, user: User, **_) -> None:
    """At a sign-in (the form's or the API's, both through Flask-Login): the invite this browser
    accepted while signed out is taken up, and /app then opens its server. A ban or a code that
    changed meanwhile only sends the person back to the invite's page, which says why."""
    code = session.pop(PENDING, None)
    if not code:
        return
    server = server_for_code(code)
    if server is None:
        return
    try:
        session[LANDING] = do_accept(server, user)
    except ApiError:
        db.session.rollback()
        session[LANDING] = f"/invite/{code}"


def pending_invite() -> str | None:
    """The name of the server whose invite this browser accepted signed out (the auth pages say
    where the sign-in will lead); None when there is none."""
    code = session.get(PENDING)
    server = server_for_code(code) if code else None
    return server.name if server is not None else None


def init_app(app: Flask) -> None:
    user_logged_in.connect(join_pending_invite, app)
    app.jinja_env.globals["pending_invite"] = pending_invite  # called by the auth pages only
