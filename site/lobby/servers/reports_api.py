"""Reports of messages (`POST /api/messages/{id}/report`), the moderators' queue and its
resolution, and the moderation summary the spec falls back on (`GET /api/servers/{id}/moderation`)."""
from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, g, request
from sqlalchemy import func, select

from lobby.accounts.session import api_login_required, json_response
from lobby.database import utcnow
from lobby.extensions import csrf, db
from lobby.schema import BEARER, UNAUTHORIZED, Response, api, refusals
from lobby.servers import refusals as refused
from lobby.servers import reports
from lobby.servers.access import access_moderator
from lobby.servers.api import moderators_only
from lobby.servers.models import AuditEntry
from lobby.servers.schemas import AUDITED, ModerationLog, ReportBody, ReportList, ReportSent, ResolveBody, ServerReport
from lobby.texts import text

blueprint = Blueprint("reports_api", __name__, url_prefix="/api")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

PATH = {"server_id": f"A server's id. A non-integer answers 404 `NOT_FOUND` «{text('http.404')}».",
        "report_id": "A report's id.", "message_id": "The message reported."}
MESSAGE_NOT_FOUND = (f"No such message, or one of a channel the caller cannot read: `MESSAGE_NOT_FOUND` "
                     f"«{text('message.not_found')}», `CHANNEL_NOT_FOUND` «{text('channel.not_found')}»")


def declared(operation_id: str, answers: Response, tag: str = "servers", **models):
    return api.validate(resp=answers, tags=[tag], security=BEARER, operation_id=operation_id,
                        path_parameter_descriptions=PATH, **models)


@blueprint.post("/messages/<int:message_id>/report")
@api_login_required
@declared("reportMessage", Response(HTTP_201=(ReportSent, f"Sent: «{text('report.sent')}»"), HTTP_422=refused.REPORT,
                                    **refusals(HTTP_400=refused.REPORT_OWN, HTTP_401=UNAUTHORIZED,
                                               HTTP_403=refused.REPORT_NOT_SERVER, HTTP_404=MESSAGE_NOT_FOUND,
                                               HTTP_409=refused.REPORT_EXISTS)), tag="messages", json=ReportBody)
def report(message_id: int):
    """Report a message to the server's moderators

    Any member who can read the channel, about someone else's message; once per message and person.
    The text is kept with the report, so it stays readable if the message is deleted."""
    made = reports.do_report(g.user, message_id, request.context.json.reason)
    return json_response({"message": text("report.sent"), "report": reports.report_dict(made)}, 201)


@blueprint.get("/servers/<int:server_id>/reports")
@api_login_required
@declared("listReports", Response(HTTP_200=(ReportList, "The open reports"), **moderators_only()))
def queue(server_id: int):
    """The moderators' queue of reports

    Owner and moderators. Open reports, oldest first (at most 200); `openCount` counts them all."""
    access_moderator(g.user, server_id)
    return json_response({"reports": [reports.report_dict(row) for row in reports.open_reports(server_id)],
                          "openCount": reports.open_count(server_id)})


@blueprint.post("/servers/<int:server_id>/reports/<int:report_id>/resolve")
@api_login_required
@declared("resolveReport", Response(HTTP_200=(ServerReport, "The report, resolved"), HTTP_422=refused.RESOLVE,
                                    **moderators_only(HTTP_400=refused.NOT_ON_SELF, HTTP_403=refused.RESOLVE_REFUSED,
                                                      HTTP_404=refused.REPORT_NOT_FOUND,
                                                      HTTP_409=refused.REPORT_CLOSED)), json=ResolveBody)
def resolve(server_id: int, report_id: int):
    """Resolve a report

    Owner and moderators. `dismiss`, or `delete` the message, or `kick` / `ban` its author (the
    rules and audit entries of those calls apply; a refused one leaves the report open). Every
    open report of the same message is closed with it. Writes a `REPORT_RESOLVE` audit entry."""
    server, membership = access_moderator(g.user, server_id)
    done = reports.do_resolve(server, membership, report_id, request.context.json.action)
    return json_response(reports.report_dict(done))


@blueprint.get("/servers/<int:server_id>/moderation")
@api_login_required
@declared("getModeration", Response(HTTP_200=(ModerationLog, "Latest first"), **moderators_only()))
def moderation(server_id: int):
    """The moderation summary (the spec's fallback for the audit log)

    Owner and moderators. `log` holds the latest 50 audit entries, as `getAuditLog` answers them."""
    access_moderator(g.user, server_id)
    rows = db.session.scalars(select(AuditEntry).where(AuditEntry.server_id == server_id)
                              .order_by(AuditEntry.created_at.desc(), AuditEntry.id.desc()).limit(AUDITED.default)).all()
    month = db.session.scalar(select(func.count()).select_from(AuditEntry).where(
        AuditEntry.server_id == server_id, AuditEntry.created_at > utcnow() - timedelta(days=30)))
    return json_response({"log": [row.to_dict() for row in rows], "monthCount": month,
                          "openReports": reports.open_count(server_id)})
