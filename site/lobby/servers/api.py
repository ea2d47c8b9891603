"""The servers calls of the spec's section 7 (`/api/servers/*`). Each takes its query and body from
the models of `schemas.py`, checked before the view runs (after the sign-in), and is described
in `/api/openapi.json` by the same declarations."""
from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, g, request, send_file
from flask_login import current_user
from sqlalchemy import func, select

from lobby.accounts.session import api_login_required, bearer_user, json_response
from lobby.database import utcnow
from lobby.errors import ApiError
from lobby.extensions import csrf, db
from lobby.realtime.presence import withheld_from
from lobby.schema import (BEARER, MULTIPART, NOT_OBJECT, NOT_VERIFIED, UNAUTHORIZED, Done, Response, api, documented,
                          refusals)
from lobby.servers import actions, icons, listing, structure_notify
from lobby.servers import refusals as refused
from lobby.servers.access import access_member, access_moderator, access_owner, access_server, membership_of
from lobby.servers.models import AuditEntry, Ban, Channel, Membership, Server
from lobby.servers.schemas import (AuditLog, AuditLogQuery, BanBody, BanList, ChannelList, CreatedServer, IconQuery,
                                   InviteCode, Joined, KickBody, MemberList, NewChannel, NewServer, NewServerForm,
                                   OneChannel, OneServer, PublicServers, PublicServersQuery, ServerChanges,
                                   ServerChangesForm, ServerList, ServerSearchQuery)
from lobby.servers.validation import INVITE_MAX, INVITE_MIN, check_invite_code
from lobby.servers.timeouts import timeouts_of
from lobby.texts import text

blueprint = Blueprint("servers_api", __name__, url_prefix="/api/servers")
csrf.exempt(blueprint)  # JSON or multipart with a Bearer token: no cookie-borne authority here

PATH = {"server_id": f"A server's id. A non-integer answers 404 `NOT_FOUND` «{text('http.404')}».",
        "user_id": "The banned user."}
SIGNED_IN = {"HTTP_401": UNAUTHORIZED, "HTTP_403": NOT_VERIFIED}


def declared(operation_id: str, answers: Response, security=BEARER, **models):
    """`api.validate` as every servers call uses it."""
    return api.validate(resp=answers, tags=["servers"], security=security, operation_id=operation_id,
                        path_parameter_descriptions=PATH, **models)


def inline_form(model) -> dict:
    """The multipart body spelled out in the document (its `icon` a binary part), beside the model's reference."""
    return {"requestBody": {"content": {MULTIPART: {"schema": model.model_json_schema(by_alias=True)}}}}


def sent() -> tuple:
    """The body as its model read it, and the icon file a multipart form brought (or None)."""
    form = request.context.form
    return (form, request.files.get("icon")) if form is not None else (request.context.json, None)


def server_body(server: Server, membership: Membership | None) -> dict:
    return listing.server_dict(server, listing.stats_for([server.id])[server.id], membership)


@blueprint.get("")
@api_login_required
@declared("listMyServers", Response(HTTP_200=ServerList, **refusals(**SIGNED_IN)))
def mine():
    """The servers the caller belongs to

    In the caller's own order (`moveServer`): the servers placed there first, then the others,
    oldest membership first. Each carries `myRole` and `inviteCode`."""
    return json_response({"servers": listing.my_servers(g.user.id)})


@blueprint.get("/public")
@api_login_required
@declared("listPublicServers", Response(HTTP_200=(PublicServers, "A page of public servers"), **refusals(**SIGNED_IN)),
          query=PublicServersQuery)
def public():
    """Browse public servers (discovery, the recommended strip)

    Only public servers, whoever asks. Servers the caller belongs to carry `myRole` and `inviteCode`.
    Ties in any order fall back to the newest id first."""
    asked = request.context.query
    servers, total = listing.public_servers(g.user.id, asked.category, asked.search, asked.order, asked.page_number,
                                            asked.page_size, not_joined=asked.recommended)
    return json_response({"servers": servers, "total": total, "page": asked.page_number, "limit": asked.page_size})


@blueprint.get("/search")
@api_login_required
@declared("searchServers", Response(HTTP_200=(ServerList, "Matches"), **refusals(**SIGNED_IN)), query=ServerSearchQuery)
def search():
    """Servers whose name contains the query

    Public servers and the caller's own (private ones included), by name, case-insensitively,
    sorted by name, at most 20. A query shorter than 2 characters (after trimming) answers an empty
    list."""
    q = request.context.query.q
    return json_response({"servers": listing.search_servers(g.user.id, q) if len(q) >= 2 else []})


@blueprint.post("")
@api_login_required
@declared("createServer", Response(
    HTTP_201=(CreatedServer, f"Created (the owner's view: `myRole` is `owner`, `inviteCode` is set); `message` is "
                             f"«{text('server.created')}»"),
    HTTP_422=refused.NEW_SERVER, **refusals(HTTP_400=refused.NOT_A_BODY, **SIGNED_IN, HTTP_413=refused.TOO_LARGE,
                                            HTTP_503=refused.NO_WORKER)),
    json=NewServer, form=NewServerForm)
@documented(**inline_form(NewServerForm))
def create():
    """Create a server from a template

    JSON, or `multipart/form-data` when an `icon` file comes along. The caller becomes its owner and
    only member; the template's channels are created; a fresh 12-character invite code is drawn."""
    body, icon_file = sent()
    server = actions.do_create_server(g.user, body.model_dump(exclude={"icon"}), icon_file)
    created = {"message": text("server.created"), "server": server_body(server, membership_of(g.user, server.id))}
    return json_response(created, 201)


@blueprint.get("/<int:server_id>")
@api_login_required
@declared("getServer", Response(HTTP_200=(OneServer, "The server"),
                                **refusals(**SIGNED_IN, HTTP_404=refused.NOT_FOUND)))
def details(server_id: int):
    """One server

    Any public server, or a private one the caller belongs to. `inviteCode` only for members."""
    server, membership = access_server(g.user, server_id)
    return json_response({"server": server_body(server, membership)})


def settings_answers() -> Response:
    return Response(HTTP_200=(OneServer, "The changed server"), HTTP_422=refused.SERVER_CHANGES, **refusals(
        HTTP_400=refused.NOT_A_BODY, HTTP_401=UNAUTHORIZED, HTTP_403=refused.OWNER_ONLY,
        HTTP_404=refused.NOT_FOUND, HTTP_413=refused.TOO_LARGE, HTTP_503=refused.NO_WORKER))


@blueprint.patch("/<int:server_id>")
@api_login_required
@declared("updateServerPatch", settings_answers(), json=ServerChanges, form=ServerChangesForm)
@documented(**inline_form(ServerChangesForm))
def update(server_id: int):
    """Change a server's settings (PATCH)

    Owner only. Only the fields sent change (PUT and PATCH behave alike). JSON, or
    `multipart/form-data` with a new `icon` (the old file is removed). Writes a `SETTINGS` audit
    entry naming the changed fields."""
    return change_settings(server_id)


@blueprint.put("/<int:server_id>")
@api_login_required
@declared("updateServerPut", settings_answers(), json=ServerChanges, form=ServerChangesForm)
@documented(**inline_form(ServerChangesForm))
def replace(server_id: int):
    """Change a server's settings (PUT)

    Exactly as PATCH (`updateServerPatch`): only the fields sent change."""
    return change_settings(server_id)


def change_settings(server_id: int):
    server, membership = access_owner(g.user, server_id)
    body, icon_file = sent()
    actions.do_update_server(server, g.user, body.changes(), icon_file)
    structure_notify.notify_server_updated(server)
    return json_response({"server": server_body(server, membership)})


@blueprint.post("/<int:server_id>/invite")
@api_login_required
@declared("regenerateInvite", Response(HTTP_200=(InviteCode, "The new code"), **refusals(
    HTTP_401=UNAUTHORIZED, HTTP_403=refused.OWNER_ONLY, HTTP_404=refused.NOT_FOUND)))
def regenerate_invite(server_id: int):
    """Draw a new invite code

    Owner only. The old code stops working at once. Writes an `INVITE_REGENERATE` audit entry."""
    server, _ = access_owner(g.user, server_id)
    return json_response({"inviteCode": actions.do_regenerate_invite(server, g.user)})


ICON_FILE = {"description": "The icon, a PNG we re-encoded", "headers": {
    "X-Content-Type-Options": {"schema": {"type": "string", "const": "nosniff"}},
    "Cache-Control": {"schema": {"type": "string"}, "description": (
        "Cacheable for a day (`max-age=86400`); `private` for a private server's icon.")}},
    "content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}}


@blueprint.get("/<int:server_id>/icon")
@declared("getServerIcon", Response("HTTP_200", **refusals(**SIGNED_IN, HTTP_404=refused.NO_ICON)),
          security=[{"sessionCookie": []}, BEARER], query=IconQuery)
@documented(responses={"200": ICON_FILE})
def icon(server_id: int):
    """A server's icon, for `<img>` tags

    Signed in by the page session cookie or a Bearer token. A private server's icon only for its
    members. `iconUrl` in a Server links here with a `v` query parameter that changes with the
    picture."""
    user = current_user if current_user.is_authenticated else bearer_user()
    server, _ = access_server(user, server_id)
    if not server.icon_file:
        raise ApiError(404, text("server.no_icon"), "NOT_FOUND")
    response = send_file(icons.icon_path(server.icon_file), mimetype="image/png", max_age=86400)
    if not server.is_public:  # a shared cache must never hand a private server's icon to others
        response.cache_control.public = False
        response.cache_control.private = True
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Disposition"] = "inline"
    return response


@blueprint.get("/<int:server_id>/channels")
@api_login_required
@declared("listChannels", Response(HTTP_200=(ChannelList, "The channels"), **refusals(
    HTTP_401=UNAUTHORIZED, HTTP_403=refused.MEMBERS_ONLY, HTTP_404=refused.NOT_FOUND)))
def channels(server_id: int):
    """A server's channels

    Members only. Ordered by `position`."""
    access_member(g.user, server_id)
    rows = db.session.scalars(select(Channel).where(Channel.server_id == server_id)
                              .order_by(Channel.position, Channel.id)).all()
    return json_response({"channels": [channel.to_dict() for channel in rows]})


@blueprint.post("/<int:server_id>/channels")
@api_login_required
@declared("createChannel", Response(HTTP_201=(OneChannel, "Created"), HTTP_422=refused.NEW_CHANNEL, **refusals(
    HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED, HTTP_403=refused.MODERATORS_ONLY, HTTP_404=refused.NOT_FOUND)),
    json=NewChannel)
def create_channel(server_id: int):
    """Add a text or voice channel

    Owner and moderators. The channel goes last. Writes a `CHANNEL_CREATE` audit entry."""
    server, _ = access_moderator(g.user, server_id)
    channel = actions.do_create_channel(server, g.user, request.context.json.model_dump())
    structure_notify.notify_channel_created(channel)
    return json_response({"channel": channel.to_dict()}, 201)


def joined(server: Server, membership: Membership):
    return json_response({"message": text("server.joined"), "server": server_body(server, membership)})


JOINED = f"Joined (or already a member): `message` is «{text('server.joined')}»"


@blueprint.post("/<int:server_id>/join")
@api_login_required
@declared("joinServer", Response(HTTP_200=(Joined, JOINED), **refusals(
    HTTP_401=UNAUTHORIZED, HTTP_403=refused.BANNED, HTTP_404=refused.NOT_FOUND)))
def join(server_id: int):
    """Join a public server

    Public servers only (private ones answer 404: they are joined by invite code). Idempotent: a
    member gets 200 and keeps their role. No body."""
    server, membership = access_server(g.user, server_id)
    if membership is None:  # public (access_server hid private ones): anyone not banned may join
        membership = actions.do_join(server, g.user)
    return joined(server, membership)


@blueprint.post("/join/<path:code>")
@api_login_required
@declared("joinServerByInvite", Response(HTTP_200=(Joined, JOINED), HTTP_422=refused.INVITE_CODE, **refusals(
    HTTP_401=UNAUTHORIZED, HTTP_403=refused.BANNED, HTTP_404=refused.INVITE_INVALID)))
@documented(parameters=[{"name": "code", "in": "path", "required": True, "description": "The invite code (trimmed).",
                         "schema": {"type": "string", "minLength": INVITE_MIN, "maxLength": INVITE_MAX}}])
def join_by_code(code: str):
    """Join a server, public or private, by its invite code

    Idempotent: a member gets 200 and keeps their role. No body."""
    server = db.session.scalar(select(Server).where(Server.invite_code == check_invite_code(code)))
    if server is None:
        raise ApiError(404, text("server.invite_invalid"), "INVITE_INVALID")
    return joined(server, actions.do_join(server, g.user))


@blueprint.post("/<int:server_id>/leave")
@api_login_required
@declared("leaveServer", Response(HTTP_200=(Done, f"Left: «{text('server.left')}»"), **refusals(
    HTTP_401=UNAUTHORIZED, HTTP_403=refused.MEMBERS_ONLY, HTTP_404=refused.NOT_FOUND, HTTP_409=refused.OWNER_STAYS)))
def leave(server_id: int):
    """Leave a server

    Any member but the owner. No body."""
    server, membership = access_member(g.user, server_id)
    actions.do_leave(server, membership)
    return json_response({"message": text("server.left")})


@blueprint.get("/<int:server_id>/members")
@api_login_required
@declared("listMembers", Response(HTTP_200=(MemberList, "The members"), **refusals(
    HTTP_401=UNAUTHORIZED, HTTP_403=refused.MEMBERS_ONLY, HTTP_404=refused.NOT_FOUND)))
def members(server_id: int):
    """A server's members

    Members only. Earliest joined first. `timedOutUntil` is set for members in a timeout."""
    access_member(g.user, server_id)
    rows = db.session.scalars(select(Membership).where(Membership.server_id == server_id)
                              .order_by(Membership.joined_at, Membership.id)).all()
    online = listing.visible_statuses((row.user_id for row in rows), g.user.id)
    timed_out = timeouts_of(server_id)
    members = [row.to_dict(online.get(row.user_id), timed_out.get(row.user_id)) for row in rows]
    withheld = withheld_from(g.user.id)  # presence's rule: who blocked the caller reads offline, no custom status
    for member in members:
        if member["user"]["id"] in withheld:
            member["user"]["customStatus"] = ""
    return json_response({"members": members})


def moderators_only(**answers: str) -> dict:
    """The refusals of a call for the owner and moderators, with `answers` said in their place."""
    return refusals(**{"HTTP_401": UNAUTHORIZED, "HTTP_403": refused.MODERATORS_ONLY, "HTTP_404": refused.NOT_FOUND,
                       **answers})


@blueprint.get("/<int:server_id>/audit-log")
@api_login_required
@declared("getAuditLog", Response(HTTP_200=(AuditLog, "Latest first"), **moderators_only()), query=AuditLogQuery)
def audit_log(server_id: int):
    """The server's audit log

    Owner and moderators."""
    access_moderator(g.user, server_id)
    limit = request.context.query.size
    rows = db.session.scalars(select(AuditEntry).where(AuditEntry.server_id == server_id)
                              .order_by(AuditEntry.created_at.desc(), AuditEntry.id.desc()).limit(limit)).all()
    month = db.session.scalar(select(func.count()).select_from(AuditEntry).where(
        AuditEntry.server_id == server_id, AuditEntry.created_at > utcnow() - timedelta(days=30)))
    return json_response({"actions": [row.to_dict() for row in rows], "monthCount": month})


@blueprint.get("/<int:server_id>/bans")
@api_login_required
@declared("listBans", Response(HTTP_200=(BanList, "Active bans"), **moderators_only()))
def bans(server_id: int):
    """The server's active bans

    Owner and moderators. Expired bans are left out. Latest first."""
    access_moderator(g.user, server_id)
    rows = db.session.scalars(select(Ban).where(Ban.server_id == server_id).order_by(Ban.created_at.desc())).all()
    return json_response({"bans": [row.to_dict() for row in rows if row.active()]})


@blueprint.delete("/<int:server_id>/bans/<int:user_id>")
@api_login_required
@declared("unban", Response(HTTP_200=(Done, f"Lifted: «{text('moderation.unbanned')}»"),
                            **moderators_only(HTTP_404=refused.NOT_BANNED)))
def unban(server_id: int, user_id: int):
    """Lift a ban

    Owner and moderators. The user may join again. Writes an `UNBAN` audit entry."""
    server, membership = access_moderator(g.user, server_id)
    actions.do_unban(server, membership, user_id)
    return json_response({"message": text("moderation.unbanned")})


@blueprint.post("/<int:server_id>/moderation/kick")
@api_login_required
@declared("kickMember", Response(HTTP_200=(Done, f"Done: «{text('moderation.kicked')}»"), HTTP_422=refused.KICK,
                                 **moderators_only(HTTP_400=refused.NOT_ON_SELF, HTTP_403=refused.NOT_ON_THEM,
                                                   HTTP_404=refused.NOT_ON_THE_SERVER)), json=KickBody)
def kick(server_id: int):
    """Kick a member

    Owner and moderators. Nobody acts on the owner or on themselves; only the owner acts on a
    moderator. The member is removed and may join again. Writes a `KICK` audit entry."""
    server, membership = access_moderator(g.user, server_id)
    body = request.context.json
    actions.do_kick(server, membership, body.user_id, body.reason)
    return json_response({"message": text("moderation.kicked")})


@blueprint.post("/<int:server_id>/moderation/ban")
@api_login_required
@declared("banMember", Response(HTTP_200=(Done, f"Done: «{text('moderation.banned')}»"), HTTP_422=refused.BAN,
                                **moderators_only(HTTP_400=refused.NOT_ON_SELF, HTTP_403=refused.NOT_ON_THEM,
                                                  HTTP_404=refused.NO_SUCH_USER)), json=BanBody)
def ban(server_id: int):
    """Ban a user

    Owner and moderators, as for a kick. The user (member or not) is removed and cannot join again,
    by id or invite, until the ban expires or is lifted; a new ban replaces an old one. Writes a
    `BAN` audit entry."""
    server, membership = access_moderator(g.user, server_id)
    body = request.context.json
    actions.do_ban(server, membership, body.user_id, body.reason, body.duration)
    return json_response({"message": text("moderation.banned")})

