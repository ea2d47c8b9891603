"""`GET /api/attachments/<id>/<filename>`: a message's file, for the members of its channel only.

Pictures are shown with <img> tags, which send no Authorization header: the page session cookie
signs in here too, like the server icon route. A channel's outsiders get 404, as for the channel.
"""
from __future__ import annotations

from flask import Blueprint, send_file
from flask_login import current_user

from lobby.accounts.session import bearer_user
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.messages import attachments
from lobby.messages.models import Attachment
from lobby.schema import NOT_VERIFIED, UNAUTHORIZED, Response, api, documented, refusals
from lobby.servers.access import access_channel, channel_not_found
from lobby.texts import text

blueprint = Blueprint("attachments_api", __name__, url_prefix="/api/attachments")

NOT_FOUND = (text("attachment.not_found"), "ATTACHMENT_NOT_FOUND")  # Russian, for the API document
# A file is never a page: no scripts, no plugins, no same-origin powers even if opened directly.
SANDBOX = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"


FILE = {"description": "The file", "headers": {
    "X-Content-Type-Options": {"schema": {"type": "string", "const": "nosniff"}},
    "Content-Disposition": {"schema": {"type": "string"}, "description": (
        "`inline` for pictures we re-encoded, `attachment` for everything else; the file name as `filename` (ASCII) "
        "and `filename*` (RFC 5987, UTF-8).")},
    "Content-Security-Policy": {"schema": {"type": "string"}, "description": "`sandbox`, and nothing may load."},
    "Cache-Control": {"schema": {"type": "string"}, "description": "`private` (an hour)."}},
    "content": {"image/*": {"schema": {"type": "string", "format": "binary"},
                            "description": "image/png, image/jpeg, image/gif, image/webp"},
                "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}


@blueprint.get("/<int:attachment_id>/<filename>")
@api.validate(resp=Response(**refusals(
    HTTP_401=UNAUTHORIZED, HTTP_403=NOT_VERIFIED,
    HTTP_404=f"No such file, or not a member: `ATTACHMENT_NOT_FOUND` «{NOT_FOUND[0]}», `CHANNEL_NOT_FOUND` «{channel_not_found().message}»")),
    tags=["messages"], security={"sessionCookie": [], "bearerAuth": []}, operation_id="getAttachment")
@documented(responses={"200": FILE}, security=[{"sessionCookie": []}, {"bearerAuth": []}])
def download(attachment_id: int, filename: str):
    """A message's file

    Signed in by the page session cookie (for `<img>` tags) or a Bearer token; members of the
    message's channel only (anyone else: 404). `filename` is for readable addresses and is not
    checked (the id decides); the attachment's `url` gives the right one. Pictures are served as
    what they are; any other file as `application/octet-stream`, as a download."""
    user = current_user if current_user.is_authenticated else bearer_user()
    attachment = db.session.get(Attachment, attachment_id)
    if attachment is None:
        raise ApiError(404, text("attachment.not_found"), "ATTACHMENT_NOT_FOUND")
    access_channel(user, attachment.message.channel_id)
    path = attachments.path_of(attachment.stored_name)
    if not path.is_file():
        raise ApiError(404, text("attachment.not_found"), "ATTACHMENT_NOT_FOUND")
    shown = attachments.inline(attachment)
    response = send_file(path, mimetype=attachment.content_type if shown else attachments.OCTET_STREAM,
                         as_attachment=not shown, download_name=attachment.filename, max_age=3600)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = SANDBOX
    response.cache_control.private = True  # signed-in content: never in a shared cache
    response.cache_control.public = False
    return response
