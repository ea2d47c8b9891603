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
from lobby.servers.access import access_channel

blueprint = Blueprint("attachments_api", __name__, url_prefix="/api/attachments")

NOT_FOUND = ("Файл не найден", "ATTACHMENT_NOT_FOUND")
# A file is never a page: no scripts, no plugins, no same-origin powers even if opened directly.
SANDBOX = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"


@blueprint.get("/<int:attachment_id>/<filename>")
def download(attachment_id: int, filename: str):
    """`filename` only makes the address readable (and the saved name right); the id decides."""
    user = current_user if current_user.is_authenticated else bearer_user()
    attachment = db.session.get(Attachment, attachment_id)
    if attachment is None:
        raise ApiError(404, *NOT_FOUND)
    access_channel(user, attachment.message.channel_id)
    path = attachments.path_of(attachment.stored_name)
    if not path.is_file():
        raise ApiError(404, *NOT_FOUND)
    shown = attachments.inline(attachment)
    response = send_file(path, mimetype=attachment.content_type if shown else attachments.OCTET_STREAM,
                         as_attachment=not shown, download_name=attachment.filename, max_age=3600)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = SANDBOX
    response.cache_control.private = True  # signed-in content: never in a shared cache
    response.cache_control.public = False
    return response
