"""The messages calls of the spec's section 7 (`/api/messages/*`), plus edit and delete."""
from __future__ import annotations

from flask import Blueprint, g, request
from sqlalchemy import select
from werkzeug.exceptions import RequestEntityTooLarge

from lobby.accounts.session import api_login_required, bearer_claims, json_response
from lobby.errors import ApiError
from lobby.ids import parse_id
from lobby.input_guard import refuse_nul
from lobby.messages.schemas import Done, EditBody, HistoryQuery, OneMessage, Page, ReactionBody
from lobby.schema import Invalid, Response, api, json_object, refusals
from lobby.extensions import csrf, db
from lobby.messages import actions, attachments, sending
from lobby.messages.models import Message
from lobby.messages.serialize import message_dicts
from lobby.servers.access import access_channel

blueprint = Blueprint("messages_api", __name__, url_prefix="/api/messages")
csrf.exempt(blueprint)

PAGE = 50
BEARER = {"bearerAuth": []}
UNAUTHORIZED = "No, bad or expired access token: `UNAUTHORIZED` «Требуется вход в систему»"
NOT_VERIFIED = "The e-mail is not verified: `EMAIL_NOT_VERIFIED` «Подтвердите email перед входом в систему»"
NOT_FOUND = ("No such message, or not a member: `MESSAGE_NOT_FOUND` «Сообщение не найдено», "
             "`CHANNEL_NOT_FOUND` «Канал не найден»")
NOT_OBJECT = "Body is not a JSON object: `BAD_REQUEST` «Ожидается JSON-объект»"


def send_form() -> tuple[dict, list]:
    """The send's fields and files: JSON, or `multipart/form-data` when files come along (its
    replyToId arrives as text)."""
    if request.mimetype != "multipart/form-data":
        return json_object(), []
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
@api.validate(query=HistoryQuery, resp=Response(HTTP_200=Page, **refusals(
    HTTP_400="A cursor that is not a number: `BAD_REQUEST`", HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED,
    HTTP_404="No such channel, or not a member: `CHANNEL_NOT_FOUND` «Канал не найден»")),
    tags=["messages"], security=BEARER, operation_id="listMessages")
def history(channel_id: int):
    """A page of a channel's messages

    Members of the channel's server only (anyone else: 404 `CHANNEL_NOT_FOUND`, as if the channel
    did not exist). Without a cursor: the newest page. `before`: the page before that id (history,
    scrolling up). `after`: messages after that id, oldest first (catching up after a reconnect).
    Always ordered oldest → newest; `hasMore` says whether another page exists in that direction.
    A cursor that is not a number is 400 `BAD_REQUEST` «Параметр before должен быть числом»."""
    access_channel(g.user, channel_id)
    asked = request.context.query
    before, after = asked.before, asked.after
    limit = min(max(asked.limit or PAGE, 1), 100)
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
@api.validate(json=EditBody, resp=Response(HTTP_200=OneMessage, **refusals(
    HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED,
    HTTP_403="Not the author: `FORBIDDEN` «Можно изменять только свои сообщения»; or the e-mail is not verified",
    HTTP_404=NOT_FOUND)), tags=["messages"], security=BEARER, operation_id="editMessage")
def edit(message_id: int):
    """Edit your message

    Only the author. Live: `message_edited`."""
    return json_response({"message": actions.do_edit_message(g.user, message_id, request.context.json.content)})


@blueprint.delete("/<int:message_id>")
@api_login_required
@api.validate(resp=Response(HTTP_200=Done, **refusals(
    HTTP_401=UNAUTHORIZED,
    HTTP_403="Neither the author nor a moderator: `FORBIDDEN` «Недостаточно прав для удаления сообщения»; "
             "or the e-mail is not verified",
    HTTP_404=NOT_FOUND)), tags=["messages"], security=BEARER, operation_id="deleteMessage")
def delete(message_id: int):
    """Delete a message

    The author, or the server's owner or a moderator. Replies keep their text and lose the quote.
    Live: `message_deleted`."""
    actions.do_delete_message(g.user, message_id)
    return json_response({"message": "Сообщение удалено"})


@blueprint.post("/<int:message_id>/reactions")
@api_login_required
@api.validate(json=ReactionBody, resp=Response(HTTP_200=OneMessage, **refusals(
    HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED, HTTP_404=NOT_FOUND)),
    tags=["messages"], security=BEARER, operation_id="addReaction")
def react(message_id: int):
    """Add a reaction

    Members of the channel's server. Adding a reaction you already gave changes nothing. Live:
    `reaction_added` with the message's new reaction list."""
    return json_response({"message": actions.do_add_reaction(g.user, message_id, request.context.json.emoji)[0]})


@blueprint.delete("/<int:message_id>/reactions/<path:emoji>")
@api_login_required
@api.validate(resp=Response(HTTP_200=OneMessage, HTTP_422=(Invalid, "`VALIDATION_ERROR` «Неверная реакция» (`emoji`)"),
                            **refusals(HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED, HTTP_404=NOT_FOUND)),
              tags=["messages"], security=BEARER, operation_id="removeReaction")
def unreact(message_id: int, emoji: str):
    """Remove your reaction

    Members of the channel's server. Removing one you did not give changes nothing. Live:
    `reaction_removed` with the message's new reaction list."""
    return json_response({"message": actions.do_remove_reaction(g.user, message_id, emoji)[0]})
