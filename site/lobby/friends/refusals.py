"""What the friends calls answer when they refuse, as `/api/openapi.json` says it: each error code
with its text quoted as sent (`lobby/texts.py`), for the `Response` declarations of `api.py`."""
from __future__ import annotations

from lobby.schema import NOT_OBJECT, NOT_VERIFIED, invalid, refused_with
from lobby.texts import text

USER_NOT_FOUND = refused_with(("USER_NOT_FOUND", "friends.user_not_found"))
REQUEST_NOT_FOUND = ("No such request, or not one the caller may answer (the same answer for both): "
                     + refused_with(("REQUEST_NOT_FOUND", "friends.request_not_found")))

NO_SUCH_PERSON = ("No verified, active account has this username: " + USER_NOT_FOUND)
SELF = f"{NOT_OBJECT}; or the username is the caller's: {refused_with(('CANNOT_ADD_SELF', 'friends.not_yourself'))}"
CLOSED = (f"The caller blocked them: {refused_with(('USER_BLOCKED', 'friends.you_blocked'))}; or they take no request "
          f"from the caller — their `friendRequests` privacy setting, or they blocked the caller (one answer for "
          f"both, so a block is not revealed): {refused_with(('FRIEND_REQUESTS_CLOSED', 'friends.requests_closed'))}; "
          f"or {NOT_VERIFIED[0].lower()}{NOT_VERIFIED[1:]}")
TAKEN = ("Already friends: " + refused_with(("ALREADY_FRIENDS", "friends.already_friends"))
         + "; or the caller's request to them is pending: " + refused_with(("REQUEST_PENDING", "friends.request_pending")))
REQUEST_FIELDS = invalid(dict(
    username=[text("auth.username_empty"), text("request.not_text")],
    message=[text("friends.message_too_long"), text("request.not_text")]))

NOT_FRIENDS = "Not a friend of the caller (or no such user): " + refused_with(("NOT_FRIENDS", "friends.not_friends"))
BLOCK_SELF = "The id is the caller's: " + refused_with(("CANNOT_BLOCK_SELF", "friends.block_yourself"))
NOT_BLOCKED = ("The caller has not blocked this user (or no such user): "
               + refused_with(("NOT_BLOCKED", "friends.not_blocked")))
NO_USER = "No user has this id: " + USER_NOT_FOUND
