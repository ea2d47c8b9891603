"""The servers calls of the spec's section 7 (`/api/servers/*`)."""
from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, g, request, send_file
from flask_login import current_user
from sqlalchemy import func, select

from lobby.accounts.session import api_login_required, bearer_user, json_response
from lobby.database import utcnow
from lobby.errors import ApiError
from lobby.extensions import csrf, db
from lobby.ids import parse_id
from lobby.input_guard import refuse_nul
from lobby.schema import json_object
from lobby.servers import actions, icons, listing
from lobby.servers.access import access_member, access_moderator, access_owner, access_server, membership_of
from lobby.servers.models import AuditEntry, Ban, Channel, Membership, Server
from lobby.servers.validation import (check_ban_duration, check_channel, check_invite_code, check_new_server,
                                      check_reason, check_server_changes)

blueprint = Blueprint("servers_api", __name__, url_prefix="/api/servers")
csrf.exempt(blueprint)  # JSON or multipart with a Bearer token: no cookie-borne authority here


def payload() -> dict:
    """JSON, or a multipart form (create and settings may carry an icon file)."""
    if request.mimetype == "multipart/form-data":
        refuse_nul(request.form)
        return request.form
    return json_object()


def int_arg(name: str, default: int, low: int, high: int) -> int:
    try:
        return min(max(int(request.args.get(name, default)), low), high)
    except ValueError:
        return default


def server_body(server: Server, membership: Membership | None) -> dict:
    return listing.server_dict(server, listing.stats_for([server.id])[server.id], membership)


@blueprint.get("")
@api_login_required
def mine():
    return json_response({"servers": listing.my_servers(g.user.id)})


@blueprint.get("/public")
@api_login_required
def public():
    recommended = request.args.get("recommended") == "true"
    limit = int_arg("limit", 6, 1, 6) if recommended else int_arg("limit", 24, 1, 100)  # the strip shows 6
    page = int_arg("page", 1, 1, 10_000)
    servers, total = listing.public_servers(
        g.user.id, request.args.get("category", "all"), request.args.get("search", "").strip(),
        "trending" if recommended else request.args.get("sort", "members"), page, limit, not_joined=recommended)
    return json_response({"servers": servers, "total": total, "page": page, "limit": limit})


@blueprint.get("/search")
@api_login_required
def search():
    q = request.args.get("q", "").strip()
    return json_response({"servers": listing.search_servers(g.user.id, q) if len(q) >= 2 else []})


@blueprint.post("")
@api_login_required
def create():
    server = actions.do_create_server(g.user, check_new_server(payload()), request.files.get("icon"))
    return json_response({"server": server_body(server, membership_of(g.user, server.id))}, 201)


@blueprint.get("/<int:server_id>")
@api_login_required
def details(server_id: int):
    server, membership = access_server(g.user, server_id)
    return json_response({"server": server_body(server, membership)})


@blueprint.route("/<int:server_id>", methods=["PATCH", "PUT"])
@api_login_required
def update(server_id: int):
    server, membership = access_owner(g.user, server_id)
    actions.do_update_server(server, g.user, check_server_changes(payload()), request.files.get("icon"))
    return json_response({"server": server_body(server, membership)})


@blueprint.post("/<int:server_id>/invite")
@api_login_required
def regenerate_invite(server_id: int):
    server, _ = access_owner(g.user, server_id)
    return json_response({"inviteCode": actions.do_regenerate_invite(server, g.user)})


@blueprint.get("/<int:server_id>/icon")
def icon(server_id: int):
    """For <img> tags: the page session or a Bearer token. Private icons only for members."""
    user = current_user if current_user.is_authenticated else bearer_user()
    server, _ = access_server(user, server_id)
    if not server.icon_file:
        raise ApiError(404, "У сервера нет иконки", "NOT_FOUND")
    response = send_file(icons.icon_path(server.icon_file), mimetype="image/png", max_age=86400)
    if not server.is_public:  # a shared cache must never hand a private server's icon to others
        response.cache_control.public = False
        response.cache_control.private = True
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Disposition"] = "inline"
    return response


@blueprint.get("/<int:server_id>/channels")
@api_login_required
def channels(server_id: int):
    access_member(g.user, server_id)
    rows = db.session.scalars(select(Channel).where(Channel.server_id == server_id)
                              .order_by(Channel.position, Channel.id)).all()
    return json_response({"channels": [channel.to_dict() for channel in rows]})


@blueprint.post("/<int:server_id>/channels")
@api_login_required
def create_channel(server_id: int):
    server, _ = access_moderator(g.user, server_id)
    channel = actions.do_create_channel(server, g.user, check_channel(payload()))
    return json_response({"channel": channel.to_dict()}, 201)


@blueprint.post("/<int:server_id>/join")
@api_login_required
def join(server_id: int):
    server, membership = access_server(g.user, server_id)
    if membership is None:  # public (access_server hid private ones): anyone not banned may join
        membership = actions.do_join(server, g.user)
    return json_response({"message": "Вы присоединились к серверу", "server": server_body(server, membership)})


@blueprint.post("/join/<path:code>")
@api_login_required
def join_by_code(code: str):
    server = db.session.scalar(select(Server).where(Server.invite_code == check_invite_code(code)))
    if server is None:
        raise ApiError(404, "Неверный код приглашения или сервер недоступен", "INVITE_INVALID")
    membership = actions.do_join(server, g.user)
    return json_response({"message": "Вы присоединились к серверу", "server": server_body(server, membership)})


@blueprint.post("/<int:server_id>/leave")
@api_login_required
def leave(server_id: int):
    server, membership = access_member(g.user, server_id)
    actions.do_leave(server, membership)
    return json_response({"message": "Вы покинули сервер"})


@blueprint.get("/<int:server_id>/members")
@api_login_required
def members(server_id: int):
    access_member(g.user, server_id)
    rows = db.session.scalars(select(Membership).where(Membership.server_id == server_id)
                              .order_by(Membership.joined_at, Membership.id)).all()
    online = listing.visible_statuses(row.user_id for row in rows)
    return json_response({"members": [row.to_dict(online.get(row.user_id)) for row in rows]})


@blueprint.get("/<int:server_id>/audit-log")
@api_login_required
def audit_log(server_id: int):
    access_moderator(g.user, server_id)
    limit = int_arg("limit", 50, 1, 200)
    rows = db.session.scalars(select(AuditEntry).where(AuditEntry.server_id == server_id)
                              .order_by(AuditEntry.created_at.desc(), AuditEntry.id.desc()).limit(limit)).all()
    month = db.session.scalar(select(func.count()).select_from(AuditEntry).where(
        AuditEntry.server_id == server_id, AuditEntry.created_at > utcnow() - timedelta(days=30)))
    return json_response({"actions": [row.to_dict() for row in rows], "monthCount": month})


@blueprint.get("/<int:server_id>/bans")
@api_login_required
def bans(server_id: int):
    access_moderator(g.user, server_id)
    rows = db.session.scalars(select(Ban).where(Ban.server_id == server_id).order_by(Ban.created_at.desc())).all()
    return json_response({"bans": [row.to_dict() for row in rows if row.active()]})


@blueprint.delete("/<int:server_id>/bans/<int:user_id>")
@api_login_required
def unban(server_id: int, user_id: int):
    server, membership = access_moderator(g.user, server_id)
    actions.do_unban(server, membership, user_id)
    return json_response({"message": "Блокировка снята"})


def target_id(data) -> int:
    found = parse_id(data.get("userId"))
    if found is None:
        raise ApiError(422, "Укажите пользователя", "VALIDATION_ERROR", errors={"userId": "Укажите пользователя"})
    return found


@blueprint.post("/<int:server_id>/moderation/kick")
@api_login_required
def kick(server_id: int):
    server, membership = access_moderator(g.user, server_id)
    data = payload()
    actions.do_kick(server, membership, target_id(data), check_reason(data, "Укажите причину исключения"))
    return json_response({"message": "Пользователь исключен с сервера"})


@blueprint.post("/<int:server_id>/moderation/ban")
@api_login_required
def ban(server_id: int):
    server, membership = access_moderator(g.user, server_id)
    data = payload()
    duration = check_ban_duration(data.get("duration"))
    actions.do_ban(server, membership, target_id(data), check_reason(data, "Укажите причину блокировки"), duration)
    return json_response({"message": "Пользователь заблокирован"})
