"""The messages calls of the spec's section 7 (`/api/messages/*`), plus edit and delete."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts.session import api_login_required, bearer_claims, json_response
from lobby.errors import ApiError
from lobby.ids import parse_id
from lobby.input_guard import body_limit, checked_form
from functools import wraps

from lobby.messages.schemas import EditBody, HistoryQuery, OneMessage, Page, ReactionBody, SendBody, SendForm
from lobby.messages.actions import MAX_LENGTH
from lobby.schema import (BEARER, MULTIPART, NOT_OBJECT, NOT_VERIFIED, UNAUTHORIZED, Done, Invalid, Response, api, documented,
                          refusals)
from lobby.texts import text
from lobby.extensions import csrf
from lobby.messages import actions, attachments, reactions, sending
from lobby.messages.history import MAX_PAGE, PAGE, page_of, window_around
from lobby.servers.access import access_channel, channel_not_found

blueprint = Blueprint("messages_api", __name__, url_prefix="/api/messages")
csrf.exempt(blueprint)

CHANNEL_MISSING = channel_not_found().message
DM_BLOCKED = (f"in a DM, a block stands between its two people: the caller's `USER_BLOCKED` "
              f"«{text('friends.you_blocked')}», or the other person's, answered as their privacy setting would "
              f"(so it is not revealed): `DM_NOT_ALLOWED` «{text('dms.not_allowed')}»")
NOT_FOUND = (f"No such message, or not a member: `MESSAGE_NOT_FOUND` «{text('message.not_found')}», "
             f"`CHANNEL_NOT_FOUND` «{CHANNEL_MISSING}»")
SEND_RATE = ("30 messages sent or edited in any 10 seconds per user (MESSAGE_SEND_LIMIT), files or not, over HTTP and "
             "the live socket together, counted from the messages and edits written")
SEND_REFUSALS = (
    "Invalid fields (`VALIDATION_ERROR`); `message` is the first one's. Possible messages:\n"
    f"- `content`: «{text('message.empty')}»; «{text('message.too_long', limit=MAX_LENGTH)}»; «{text('request.nul')}»\n"
    f"- `replyToId`: «{text('message.reply_missing')}»\n"
    f"- `nonce`: «{text('message.nonce')}»\n"
    f"- `files`: «{attachments.TOO_MANY}»; «{text('attachment.too_large', size='10MB')}»")


def claims_required(view):
    """The caller's token is checked before the body (401 comes first, as on every call); only the
    token: the send itself checks that its session stands (sending.py)."""
    @wraps(view)
    def wrapper(*args, **kwargs):
        g.claims = bearer_claims()
        return view(*args, **kwargs)
    return wrapper


def send_form() -> tuple[dict, list]:
    """The send's fields and files: JSON (checked by its model), or `multipart/form-data` when files
    come along (read here, not by a model: its replyToId arrives as text)."""
    if request.mimetype != MULTIPART:
        body = request.context.json
        return {"content": body.content, "replyToId": body.reply_to_id, "nonce": body.nonce}, []
    form, files = checked_form(), request.files.getlist("files")  # within the limit `send` declares
    reply = form.get("replyToId") if form.get("replyToId") not in (None, "", "null") else None
    data = {"content": form.get("content", ""), "nonce": form.get("nonce") or None,
            "replyToId": parse_id(reply) or reply}
    return data, files


@blueprint.get("/<int:channel_id>/messages")
@api_login_required
@api.validate(query=HistoryQuery, resp=Response(HTTP_200=Page, **refusals(
    HTTP_400="A cursor that is not a number, or `around` with another cursor: `BAD_REQUEST`", HTTP_401=UNAUTHORIZED,
    HTTP_403=NOT_VERIFIED,
    HTTP_404=f"No such channel, or not a member: `CHANNEL_NOT_FOUND` «{CHANNEL_MISSING}»; `around` names no message "
             f"of this channel: `MESSAGE_NOT_FOUND` «{text('message.not_found')}»")),
    tags=["messages"], security=BEARER, operation_id="listMessages")
def history(channel_id: int):
    """A page of a channel's messages

    Members of the channel's server only, or the two people of a DM (anyone else: 404
    `CHANNEL_NOT_FOUND`, as if the channel did not exist). Without a cursor: the newest page.
    `before`: the page before that id (history, scrolling up). `after`: messages after that id,
    oldest first (catching up after a reconnect). Always ordered oldest → newest; `hasMore` says
    whether another page exists in that direction. `around`: a window of `limit` messages around
    that one (half before it), with `hasMoreBefore` and `hasMoreAfter` (and `hasMore` = `hasMoreBefore`);
    404 `MESSAGE_NOT_FOUND` when it is no message of this channel (deleted, or another channel's).
    A cursor that is not a number is 400 `BAD_REQUEST` naming it."""
    access_channel(g.user, channel_id)
    asked = request.context.query
    limit = min(max(asked.limit or PAGE, 1), MAX_PAGE)
    if asked.around is not None:
        if asked.before is not None or asked.after is not None:
            raise ApiError(400, text("request.around_alone"), "BAD_REQUEST")
        window = window_around(channel_id, asked.around, limit)
        if window is None:
            raise ApiError(404, text("message.not_found"), "MESSAGE_NOT_FOUND")
        messages, before, after = window
        return json_response({"messages": messages, "hasMore": before, "hasMoreBefore": before, "hasMoreAfter": after})
    messages, more = page_of(channel_id, asked.before, asked.after, limit)
    return json_response({"messages": messages, "hasMore": more})


@blueprint.post("/<int:channel_id>/messages")
@claims_required
@api.validate(json=SendBody, resp=Response(
    HTTP_201=(OneMessage, "Created"), HTTP_200=(OneMessage, "Already sent with this nonce: the first message"),
    **refusals(HTTP_400=f"Body is neither a JSON object nor a multipart form: `BAD_REQUEST` «{text('request.not_object')}»",
               HTTP_401=UNAUTHORIZED, HTTP_403=f"{NOT_VERIFIED}; or {DM_BLOCKED}",
               HTTP_404=f"No such channel, or not a member: `CHANNEL_NOT_FOUND` «{CHANNEL_MISSING}»",
               HTTP_409=f"This user already used the nonce for a message in another channel: `NONCE_CONFLICT` "
                        f"«{sending.NONCE_TAKEN}»",
               HTTP_413="The request is longer than the limit for a message with files: `PAYLOAD_TOO_LARGE` "
                        f"«{text('attachment.too_large', size='10MB')}» (with the default ATTACHMENT_MAX_BYTES)",
               HTTP_429=f"`RATE_LIMITED`: {SEND_RATE}. A resend with a nonce already used still answers 200 with "
                        "its message.",
               HTTP_503="Production only: a large picture waited 60 s for a job worker that did not answer; "
                        f"`Retry-After` says when to try again: `SERVICE_UNAVAILABLE` «{text('http.503')}»")),
    tags=["messages"], security=BEARER, operation_id="sendMessage")
@documented(requestBody={"content": {MULTIPART: {"schema": SendForm.model_json_schema(by_alias=True),
                                                 "encoding": {"files": {"contentType": "*/*"}}}}},
            responses={"422": {"description": SEND_REFUSALS}})
@body_limit(attachments.request_limit, lambda: ApiError(413, attachments.too_large_message(), "PAYLOAD_TOO_LARGE"))
def send(channel_id: int):
    """Send a message, with or without files

    JSON, or `multipart/form-data` with one `files` part per file (and `content`, `replyToId`, `nonce`
    as text fields). The content is trimmed; empty is refused unless a file comes along; at most 2000
    characters. At most 10 files, each at most 10 MB; a request with files may be up to 10 × 10 MB +
    1 MB long, beyond that the answer is 413. HTML is stored as text and shown as text. `nonce` (the
    client's id for this send, ≤ 64 characters): sending again to the same channel with a nonce
    already used by this user returns the first message (200) instead of creating another, and
    stores none of the files sent again, so a resend after a dropped connection is harmless; the
    same nonce in another channel is refused (409). The message reaches the channel's live sockets
    as `new_message`, attachments included."""
    data, files = send_form()
    message, created = sending.send_message(g.claims, channel_id, data.get("content"), data.get("replyToId"),
                                            data.get("nonce"), files, rate=sending.send_rate())
    return json_response({"message": message}, 201 if created else 200)


@blueprint.patch("/<int:message_id>")
@api_login_required
@api.validate(json=EditBody, resp=Response(HTTP_200=OneMessage, **refusals(
    HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED,
    HTTP_403=f"Not the author: `FORBIDDEN` «{text('message.not_yours')}»; or {NOT_VERIFIED}; or {DM_BLOCKED}",
    HTTP_404=NOT_FOUND, HTTP_429=f"`RATE_LIMITED`: {SEND_RATE}")),
    tags=["messages"], security=BEARER, operation_id="editMessage")
def edit(message_id: int):
    """Edit your message

    Only the author. An edit counts as a send for the send rate. Someone it newly mentions is
    notified, once per message however often the mention is edited out and back in. Live:
    `message_edited`."""
    return json_response({"message": actions.do_edit_message(g.user, message_id, request.context.json.content)})


@blueprint.delete("/<int:message_id>")
@api_login_required
@api.validate(resp=Response(HTTP_200=Done, **refusals(
    HTTP_401=UNAUTHORIZED,
    HTTP_403=f"Neither the author nor a moderator: `FORBIDDEN` «{text('message.cannot_delete')}»; "
             "or the e-mail is not verified",
    HTTP_404=NOT_FOUND)), tags=["messages"], security=BEARER, operation_id="deleteMessage")
def delete(message_id: int):
    """Delete a message

    The author, or the server's owner or a moderator. Replies keep their text and lose the quote.
    Live: `message_deleted`."""
    actions.do_delete_message(g.user, message_id)
    return json_response({"message": text("message.deleted")})


@blueprint.post("/<int:message_id>/reactions")
@api_login_required
@api.validate(json=ReactionBody, resp=Response(HTTP_200=OneMessage, **refusals(
    HTTP_400=NOT_OBJECT, HTTP_401=UNAUTHORIZED, HTTP_403=f"{NOT_VERIFIED}; or {DM_BLOCKED}", HTTP_404=NOT_FOUND,
    HTTP_409=f"A new kind of reaction on a message that has {reactions.MAX_KINDS} kinds already: `TOO_MANY_REACTIONS` "
             f"«{reactions.too_many_kinds().message}»")),
    tags=["messages"], security=BEARER, operation_id="addReaction")
def react(message_id: int):
    """Add a reaction

    Members of the channel's server. `emoji`: one Unicode emoji (a ZWJ sequence, a skin tone, a flag
    or a keycap is one), stored in its fully-qualified form ('❤' is '❤️'); anything else is 422. A
    message holds at most 20 different reactions: a 21st kind is 409, adding to one it has is fine.
    Adding a reaction you already gave changes nothing. Answers with the whole message. Live:
    `reaction_added` with the change (`emoji`, `userId`, the emoji's new `count`)."""
    reactions.do_add_reaction(g.user, message_id, request.context.json.emoji)
    return json_response({"message": reactions.message_now(message_id)})


@blueprint.delete("/<int:message_id>/reactions/<path:emoji>")
@api_login_required
@api.validate(resp=Response(HTTP_200=OneMessage, HTTP_422=(Invalid, f"`VALIDATION_ERROR` «{text('message.emoji')}» (`emoji`)"),
                            **refusals(HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED, HTTP_404=NOT_FOUND)),
              tags=["messages"], security=BEARER, operation_id="removeReaction")
def unreact(message_id: int, emoji: str):
    """Remove your reaction

    Members of the channel's server. `emoji` as when it was added ('❤' takes back '❤️'). Removing
    one you did not give changes nothing. Answers with the whole message. Live: `reaction_removed`
    with the change (`emoji`, `userId`, the emoji's new `count`)."""
    reactions.do_remove_reaction(g.user, message_id, emoji)
    return json_response({"message": reactions.message_now(message_id)})
