"""The public person's answer model, for every payload and frame that names someone."""
from __future__ import annotations

from pydantic import Field

from lobby.schema import Answer
from lobby.texts import stored_text

DISPLAY_NAME = ("The name to show: the profile's display name, else first and last name, else the username "
                "(one rule for every payload, `lobby.people.names`; a deleted account's reads "
                f"«{stored_text('account.deleted_user')}» in the reader's language).")


class Person(Answer):
    """Someone as others see them: the same fields wherever they show."""
    id: int
    username: str = Field(description="Shown on the profile card and in mentions.")
    display_name: str = Field(description=DISPLAY_NAME)
    profile_image_url: str | None = Field(description="Their avatar, or null (the islands then draw their initial "
                                                      "on a colour derived from the id).")


class UserUpdatedFrame(Answer):
    """Someone's display name or avatar changed."""
    user: Person
