"""Reports: a member reports a message of a server's channel to its moderators (once per message
and person); a moderator resolves it — dismissed, the message deleted, or its author kicked or
banned (with those actions' own rules and audit entries) — and the log says so."""
from __future__ import annotations

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.messages.actions import do_delete_message, message_in_reach
from lobby.messages.models import Message
from lobby.servers.actions import audit, do_ban, do_kick
from lobby.servers.models import Channel, Membership, Report, Server
from lobby.servers.report_news import notify_reports_changed
from lobby.people.person import person_or_none
from lobby.texts import text

OPEN_LISTED = 200  # the queue shows the oldest open reports first, this many at most


def report_dict(report: Report) -> dict:
    return {"id": report.id, "reason": report.reason, "createdAt": report.created_at.isoformat(),
            "resolution": report.resolution, "reporter": person_or_none(report.reporter),
            "message": {"id": report.message_id, "channelId": report.channel_id, "content": report.content,
                        "author": person_or_none(report.author)}}


def do_report(user: User, message_id: int, reason: str) -> Report:
    """Any member who can read the message's channel, about someone else's message on a server."""
    message, _ = message_in_reach(user, message_id)  # 404 for a channel the user cannot read
    channel = db.session.get(Channel, message.channel_id)
    if channel.server_id is None:
        raise ApiError(403, text("report.not_on_server"), "FORBIDDEN")
    if message.author_id == user.id:
        raise ApiError(400, text("report.own_message"), "BAD_REQUEST")
    if db.session.scalar(select(Report.id).where(Report.message_id == message.id, Report.reporter_id == user.id)):
        raise ApiError(409, text("report.exists"), "REPORT_EXISTS")
    report = Report(server_id=channel.server_id, channel_id=channel.id, message_id=message.id, reporter_id=user.id,
                    author_id=message.author_id, content=message.content, reason=reason)
    db.session.add(report)
    try:
        db.session.commit()
    except IntegrityError:  # the same report twice at once: the first one stands
        db.session.rollback()
        raise ApiError(409, text("report.exists"), "REPORT_EXISTS") from None
    notify_reports_changed(report.server_id, open_count(report.server_id))
    return report


def open_count(server_id: int) -> int:
    return db.session.scalar(select(func.count()).select_from(Report).where(
        Report.server_id == server_id, Report.resolution.is_(None)))


def open_reports(server_id: int) -> list[Report]:
    return list(db.session.scalars(select(Report).where(Report.server_id == server_id, Report.resolution.is_(None))
                                   .order_by(Report.created_at, Report.id).limit(OPEN_LISTED)))


def report_of(server: Server, report_id: int) -> Report:
    """A report of this server (another server's answers 404 as if it did not exist)."""
    report = db.session.get(Report, report_id)
    if report is None or report.server_id != server.id:
        raise ApiError(404, text("report.not_found"), "REPORT_NOT_FOUND")
    return report


def do_resolve(server: Server, actor: Membership, report_id: int, action: str) -> Report:
    """Act, then close the report (and every other open report of the same message). The action
    goes first: a refused kick or ban (the author is a moderator, the owner) leaves it open."""
    report = report_of(server, report_id)
    if report.resolution is not None:
        raise ApiError(409, text("report.closed"), "REPORT_CLOSED")
    reason, author_id = f"{action}: {report.reason}", report.author_id
    same = [report.id] if report.message_id is None else list(db.session.scalars(select(Report.id).where(
        Report.message_id == report.message_id, Report.server_id == server.id, Report.resolution.is_(None))))
    if action == "delete" and report.message_id is not None:
        message = db.session.get(Message, report.message_id)
        if message is not None:
            do_delete_message(actor.user, message.id)
    elif action in ("kick", "ban"):
        if author_id is None:
            raise ApiError(404, text("moderation.user_not_found"), "USER_NOT_FOUND")
        if action == "kick":
            do_kick(server, actor, author_id, report.reason)
        else:
            do_ban(server, actor, author_id, report.reason, None)
    db.session.execute(update(Report).where(Report.id.in_(same), Report.resolution.is_(None))
                       .values(resolution=action, resolved_by_id=actor.user_id, resolved_at=utcnow())
                       .execution_options(synchronize_session=False))
    audit(server.id, "REPORT_RESOLVE", actor.user, db.session.get(User, author_id) if author_id else None, reason)
    db.session.commit()
    db.session.refresh(report)
    notify_reports_changed(server.id, open_count(server.id))
    return report
