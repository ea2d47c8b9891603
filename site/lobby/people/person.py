"""The public person on the wire: `{id, username, displayName, profileImageUrl}`, the same
everywhere. A payload that says more of a person (a member's status, a friend's custom status)
adds its fields to this one."""
from __future__ import annotations

from lobby.people.names import display_name
from lobby.texts import shown_username

# The user columns the serializer reads, for a query that selects columns rather than rows.
PUBLIC_COLUMNS = ("id", "username", "display_name", "first_name", "last_name", "profile_image_url")


def person_dict(user) -> dict:
    """What others see of `user` (a `User`, or any object with its public attributes)."""
    return public_person(user.id, user.username, getattr(user, "display_name", None), getattr(user, "first_name", None),
                         getattr(user, "last_name", None), getattr(user, "profile_image_url", None))


def public_person(user_id: int, username: str, chosen: str | None, first_name: str | None, last_name: str | None,
                  picture: str | None) -> dict:
    """The same from the columns themselves (a row of `PUBLIC_COLUMNS`, in that order)."""
    return {"id": user_id, "username": shown_username(username),
            "displayName": display_name(chosen, first_name, last_name, username), "profileImageUrl": picture}


def person_or_none(user) -> dict | None:
    """`person_dict`, or None where the person is gone (a nulled reference)."""
    return person_dict(user) if user is not None else None
