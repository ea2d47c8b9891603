"""The accounts calls' payloads and answers, declared once: they check requests and describe them in
`/api/openapi.json`. The rules stay the `check_*` of `validation.py` (the pages and the operator
commands use them too), run here as the fields' validators; a field nobody sent, or sent as
something other than text, reads as its empty refusal (`refusals`)."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BeforeValidator, ConfigDict, Field, model_validator
from pydantic.json_schema import SkipJsonSchema

from lobby.accounts.validation import (CODE, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX,
                                       USERNAME_MIN, check_code, check_email, check_email_given, check_first_name,
                                       check_identifier, check_last_name, check_password, check_password_given,
                                       check_username, identifier_of, trimmed)
from lobby.messages.search import MAX_QUERY, MIN_QUERY
from lobby.people.schemas import Person
from lobby.schema import Answer, Payload, Query, quoted, rule
from lobby.texts import text

# What each rule may say, in the order it checks: the document lists them (and a test keeps them
# in step with what the checks send).
def texts_of(*codes: str) -> tuple[str, ...]:
    return tuple(text(code) for code in codes)


FIRST_NAME = texts_of("auth.first_name_empty", "auth.first_name_too_long", "auth.first_name_letters")
LAST_NAME = texts_of("auth.last_name_empty", "auth.last_name_too_long", "auth.last_name_letters")
USERNAME = texts_of("auth.username_empty", "auth.username_too_short", "auth.username_too_long", "auth.username_letters")
EMAIL = texts_of("auth.email_empty", "auth.email_invalid")
PASSWORD = texts_of("auth.password_empty", "auth.password_too_short", "auth.password_too_long", "auth.password_common",
                    "auth.password_personal")


def name_field(check):
    return Annotated[str, Field(max_length=NAME_MAX, description=(
        "Trimmed. Letters of any alphabet, single spaces or hyphens between words.")), BeforeValidator(rule(check))]


FirstName, LastName = name_field(check_first_name), name_field(check_last_name)
Text = Annotated[str, BeforeValidator(trimmed)]  # read as given: trimmed, anything but text is empty
Email = Annotated[str, Field(max_length=EMAIL_MAX, json_schema_extra={"format": "email"}, description="Trimmed."),
                  BeforeValidator(rule(check_email))]
NewPassword = Annotated[str, Field(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX, json_schema_extra={
    "format": "password"}, description=(
    "Taken as sent, never trimmed. Not one of the 30,000 most common passwords (zxcvbn's list, in any letter case, "
    "with common letter swaps or reversed), and not containing the account's username or e-mail (or the address's "
    "part before @).")), BeforeValidator(rule(check_password))]


class RegistrationBody(Payload):
    # In the form's order: refused fields are reported in this order, `message` being the first one's.
    first_name: FirstName
    last_name: LastName
    username: Annotated[str, Field(min_length=USERNAME_MIN, max_length=USERNAME_MAX, description=(
        "Trimmed. Letters of any alphabet, digits, `_` and `-` (Python's `[\\w-]+`).")),
        BeforeValidator(rule(check_username))]
    email: Email
    password: NewPassword
    refusals = {"firstName": "auth.first_name_empty", "lastName": "auth.last_name_empty",
                "username": "auth.username_empty", "email": "auth.email_empty", "password": "auth.password_empty"}


class LoginBody(Payload):
    email: Text = ""
    username: Text = ""
    email_or_username: Annotated[str, Field(description=(
        "Who signs in: the first non-empty of `email`, `username`, `emailOrUsername`.")),
        BeforeValidator(rule(check_identifier))] = ""
    password: Annotated[str, BeforeValidator(rule(check_password_given))]
    remember_me: Annotated[bool, BeforeValidator(lambda value: value is True)] = Field(
        False, description="Only `true` counts.")
    refusals = {"password": "auth.password_empty"}

    @model_validator(mode="before")
    @classmethod
    def name_who_signs_in(cls, data):
        """`emailOrUsername` becomes whichever field names the account, so it is refused when none does."""
        return {**data, "emailOrUsername": identifier_of(data)} if isinstance(data, dict) else data


class RefreshBody(Payload):
    refresh_token: Text = Field("", description="Fallback when no cookie is sent.")


class CodeBody(Payload):
    email: Annotated[str, Field(description="The address the code was sent to."), BeforeValidator(rule(
        check_email_given))]
    code: Annotated[str, Field(pattern=CODE.pattern), BeforeValidator(rule(check_code))]
    refusals = {"email": "auth.email_missing", "code": "auth.code_format"}


class ResendBody(Payload):
    email: Text = Field("", description="Else the address the page session remembers.")


class AvailabilityQuery(Query):
    username: Text = Field("", description=f"Checked when non-empty; messages: {quoted(*USERNAME[1:])}; "
                                           f"{quoted(text('auth.username_taken'))}")
    email: Text = Field("", description=f"Checked when non-empty; messages: {quoted(*EMAIL[1:])}; "
                                        f"{quoted(text('auth.email_taken'))}")


class ForgotPasswordBody(Payload):
    email: Email
    refusals = {"email": "auth.email_empty"}


class ResetPasswordBody(Payload):
    # A missing token is a dead link (400), not a refused field: the password is checked first.
    model_config = ConfigDict(json_schema_extra={"required": ["token", "password"]})
    token: Text = Field("", description="From the mailed link.")
    password: NewPassword
    refusals = {"password": "auth.password_empty"}


class UserSearchQuery(Query):
    # `q` is checked by `messages.search.check_query`, which answers 400 with its own codes.
    model_config = ConfigDict(json_schema_extra={"required": ["q"]})
    q: str = Field("", json_schema_extra={"minLength": MIN_QUERY, "maxLength": MAX_QUERY},
                   description="2–200 characters after trimming.")


class User(Answer):
    id: int
    username: str
    email: str = Field(json_schema_extra={"format": "email"})
    first_name: str
    last_name: str
    profile_image_url: str | None = Field(description="The avatar (`setAvatar`), or null.")
    display_name: str = Field("", description="Settings' `profile.displayName`; '' means first and last name.")
    bio: str = ""
    pronouns: str = ""
    custom_status: str = ""
    is_email_verified: bool
    last_login_at: datetime | None
    created_at: datetime


class OneUser(Answer):
    user: User


class UserNotice(Answer):
    message: str
    user: User


class SignedIn(Answer):
    access_token: str = Field(description="Bearer token, 15 minutes.")
    user: User


class Refreshed(Answer):
    access_token: str = Field(description="Bearer token, 15 minutes.")


class FieldAvailability(Answer):
    available: bool
    message: str | None = Field(description="Why not: a format message or a taken one.")


class Availability(Answer):
    # Only the fields asked about are in the answer.
    username: FieldAvailability | SkipJsonSchema[None] = None
    email: FieldAvailability | SkipJsonSchema[None] = None


class UserCard(Person):
    first_name: str
    last_name: str
    bio: None = Field(description="Profiles have no bio yet.")
    avatar: str | None = Field(description="The same as `profileImageUrl`.")


class FoundUser(UserCard):
    """A search result: the card, and how the caller stands with the person."""
    status: Literal["ONLINE", "AWAY", "DND", "OFFLINE"] = Field(description=(
        "From live presence: `ONLINE` with a socket open, `AWAY` (idle) and `DND` as the person chose, `OFFLINE` "
        "otherwise and for invisible people."))
    is_friend: bool
    is_blocked: bool = Field(description="The caller blocked them (being blocked by them is not told).")
    has_pending_request: bool = Field(description="A friend request either way waits for an answer.")


class FoundUsers(Answer):
    users: list[FoundUser] = Field(description="At most 20.")
