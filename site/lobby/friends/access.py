"""`access_*` for friends: load and authorize, the one place that answers their 404s.

A request is seen only by its two people, and answered only by the one it was sent to: anyone
else gets 404, as if it did not exist."""
from __future__ import annotations

from sqlalchemy import select

from lobby.accounts.models import User
from lobby.errors import ApiError
from lobby.extensions import db
from lobby.friends.models import FriendRequest
from lobby.texts import text


def user_not_found() -> ApiError:
    return ApiError(404, text("friends.user_not_found"), "USER_NOT_FOUND")


def request_not_found() -> ApiError:
    return ApiError(404, text("friends.request_not_found"), "REQUEST_NOT_FOUND")


def access_user(user_id: int) -> User:
    """Anyone with an account (blocking works on any of them)."""
    user = db.session.get(User, user_id)
    if user is None:
        raise user_not_found()
    return user


def access_requestable(username: str) -> User:
    """The person a request names, by username in any letter case: someone the users search would
    find (verified and active), else 404."""
    user = db.session.scalar(select(User).where(User.username_key == username.lower()))
    if user is None or not user.is_email_verified or user.is_deactivated:
        raise user_not_found()
    return user


def access_incoming_request(user: User, request_id: int) -> FriendRequest:
    """A request sent to the user (accept, decline)."""
    request = db.session.get(FriendRequest, request_id)
    if request is None or request.to_user_id != user.id:
        raise request_not_found()
    return request


def access_outgoing_request(user: User, request_id: int) -> FriendRequest:
    """A request the user sent (cancel)."""
    request = db.session.get(FriendRequest, request_id)
    if request is None or request.from_user_id != user.id:
        raise request_not_found()
    return request
