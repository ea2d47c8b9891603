"""The messages calls of the spec's section 7 (`/api/messages/*`), plus edit and delete."""
from __future__ import annotations

from flask import Blueprint, g, request
from sqlalchemy import select
from werkzeug.exceptions import RequestEntityTooLarge

from lobby.accounts.session import api_login_required, bearer_claims, json_response
from lobby.errors import ApiError
from lobby.ids import parse_id
from lobby.input_guard import refuse_nul
from lobby.query import query_number
from lobby.extensions import csrf, db
from lobby.messages import actions, attachments, sending
from lobby.messages.models import Message
from lobby.messages.serialize import message_dicts
from lobby.servers.access import access_channel

blueprint = Blueprint("messages_api", __name__, url_prefix="/api/messages")
csrf.exempt(blueprint)

PAGE = 50


def body() -> dict:
    data = request.get_json(silent=True) if request.get_data() else {}
    if not isinstance(data, dict):
        raise ApiError(400, "Ожидается JSON-объект", "BAD_REQUEST")
    return data


def send_form() -> tuple[dict, list]:
    """The send's fields and files: JSON, or `multipart/form-data` when files come along (its
    replyToId arrives as text)."""
    if request.mimetype != "multipart/form-data":
        return body(), []
    request.max_content_length = attachments.request_limit()
    try:
        form, files = request.form, request.files.getlist("files")
    except RequestEntityTooLarge:
        raise ApiError(413, attachments.too_large_message(), "PAYLOAD_TOO_LARGE") from None
    refuse_nul(form)
    reply = form.get("replyToId") if form.get("replyToId") not in (None, "", "null") else None
    data = {"content": form.get("content", ""), "nonce": form.get("nonce") or None,
            "replyToId": parse_id(reply) or reply}
    return data, files


@blueprint.get("/<int:channel_id>/messages")
@api_login_required
def history(channel_id: int):
    """Newest page by default; `before` pages back through history, `after` catches up
    (oldest first from that id). Always oldest → newest in the answer."""
    access_channel(g.user, channel_id)
    before, after = query_number("before"), query_number("after")
    limit = min(max(query_number("limit") or PAGE, 1), 100)
    query = select(Message).where(Message.channel_id == channel_id)
    if after is not None:
        rows = db.session.scalars(query.where(Message.id > after).order_by(Message.id).limit(limit + 1)).all()
        more, rows = len(rows) > limit, rows[:limit]
    else:
        if before is not None:
            query = query.where(Message.id < before)
        rows = db.session.scalars(query.order_by(Message.id.desc()).limit(limit + 1)).all()
        more, rows = len(rows) > limit, list(reversed(rows[:limit]))
    return json_response({"messages": message_dicts(rows), "hasMore": more})


@blueprint.post("/<int:channel_id>/messages")
def send(channel_id: int):
    # Only the token is checked here: the send itself checks that its session stands (sending.py).
    author = bearer_claims()
    data, files = send_form()
    message, created = sending.send_message(author, channel_id, data.get("content"), data.get("replyToId"),
                                            data.get("nonce"), files, rate=sending.send_rate())
    return json_response({"message": message}, 201 if created else 200)


@blueprint.patch("/<int:message_id>")
@api_login_required
def edit(message_id: int):
    return json_response({"message": actions.do_edit_message(g.user, message_id, body().get("content"))})


@blueprint.delete("/<int:message_id>")
@api_login_required
def delete(message_id: int):
    actions.do_delete_message(g.user, message_id)
    return json_response({"message": "Сообщение удалено"})


@blueprint.post("/<int:message_id>/reactions")
@api_login_required
def react(message_id: int):
    return json_response({"message": actions.do_add_reaction(g.user, message_id, body().get("emoji"))[0]})


@blueprint.delete("/<int:message_id>/reactions/<path:emoji>")
@api_login_required
def unreact(message_id: int, emoji: str):
    return json_response({"message": actions.do_remove_reaction(g.user, message_id, emoji)[0]})
