"""The display-name rule: the profile's display name, else first and last name, else the
username. The islands apply the same rule (`islands/app/ui/person.js`) to what they are sent."""
from __future__ import annotations

from lobby.texts import shown_username


def display_name(chosen: str | None, first_name: str | None, last_name: str | None, username: str) -> str:
    """The name a person shows to others. A deleted account has none of the three parts and keeps
    the tombstone username, which the reader gets in their own language (`shown_username`)."""
    chosen = (chosen or "").strip()
    if chosen:
        return chosen
    full = " ".join(part.strip() for part in (first_name, last_name) if part and part.strip())
    return full or shown_username(username)


def name_of(user) -> str:
    """`display_name` of anything with a user's public attributes (a `User`, a joined row)."""
    return display_name(getattr(user, "display_name", None), getattr(user, "first_name", None),
                        getattr(user, "last_name", None), user.username)
