"""`/api/notifications`: a person's notifications, a page at a time, and marking them read."""
from __future__ import annotations

from flask import Blueprint, g, request

from lobby.accounts.session import api_login_required, json_response
from lobby.extensions import csrf
from lobby.notifications import actions
from lobby.notifications.listing import notification_dict, page_of, unread_counts
from lobby.people.person import person_or_none
from lobby.notifications.schemas import AllRead, NotificationRead, Notifications, NotificationsQuery
from lobby.schema import BEARER, NOT_VERIFIED, UNAUTHORIZED, Response, api, refusals
from lobby.texts import text

blueprint = Blueprint("notifications_api", __name__, url_prefix="/api/notifications")
csrf.exempt(blueprint)  # JSON with a Bearer token: no cookie-borne authority here

SIGNED_IN = {"HTTP_401": UNAUTHORIZED, "HTTP_403": NOT_VERIFIED}
NOT_FOUND = (f"Not one of the caller's notifications (or a non-integer id): `NOTIFICATION_NOT_FOUND` "
             f"«{text('notifications.not_found')}»")


@blueprint.get("")
@api_login_required
@api.validate(query=NotificationsQuery, resp=Response(HTTP_200=(Notifications, "Newest first"), **refusals(
    HTTP_400=f"`before` is not an id: `BAD_REQUEST` «{text('request.not_number', name='before')}»", **SIGNED_IN)),
    tags=["notifications"], security=BEARER, operation_id="listNotifications")
def listing():
    """The caller's notifications

    A page, newest first; `before` pages on. Made for a friend request received or accepted, a
    mention by name, a reply to the caller's message, and a direct message (one per conversation
    while it is unread), never from someone the caller blocked or who blocked the caller. Live:
    `notification` for each new one, `notifications_read` when any tab reads."""
    asked = request.context.query
    user_id = g.user.id
    return json_response({"notifications": page_of(user_id, asked.before, asked.size),
                          "unreadCount": unread_counts([user_id]).get(user_id, 0)})


@blueprint.post("/<int:notification_id>/read")
@api_login_required
@api.validate(resp=Response(HTTP_200=NotificationRead, **refusals(**SIGNED_IN, HTTP_404=NOT_FOUND)),
              tags=["notifications"], security=BEARER, operation_id="readNotification",
              path_parameter_descriptions={"notification_id": "One of the caller's notifications."})
def read(notification_id: int):
    """Mark a notification read

    Again is no error. Every tab of the caller hears `notifications_read`."""
    found, count = actions.do_read(g.user, notification_id)
    return json_response({"notification": notification_dict(found, person_or_none(found.actor)), "unreadCount": count})


@blueprint.post("/read-all")
@api_login_required
@api.validate(resp=Response(HTTP_200=AllRead, **refusals(**SIGNED_IN)),
              tags=["notifications"], security=BEARER, operation_id="readAllNotifications")
def read_all():
    """Mark every notification read

    Every tab of the caller hears `notifications_read` with `ids: null`."""
    actions.do_read_all(g.user)
    return json_response({"unreadCount": 0})
