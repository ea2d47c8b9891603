"""`check_*`: the spec's section 5 rules, with its Russian messages, for the API and the pages.

A field's check takes the value as sent and returns it cleaned, or raises naming that field: the
API's models run them as their fields' validators (`accounts/schemas.py`), the pages and the
operator commands through the form checks below, which report every failing field at once."""
from __future__ import annotations

import re
from collections.abc import Callable

from lobby.accounts.weak_passwords import contains_personal, is_common
from lobby.errors import ValidationError
from lobby.texts import text

USERNAME = re.compile(r"^[\w-]+$")  # letters (any alphabet), digits, underscore, hyphen
NAME = re.compile(r"^[^\W\d_]+(?:[ -][^\W\d_]+)*$")  # letters, single spaces and hyphens between
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
CODE = re.compile(r"^\d{6}$")

# The texts of texts.py name these numbers too (tests/accounts/test_declared_calls.py keeps them in step).
USERNAME_MIN, USERNAME_MAX, NAME_MAX, EMAIL_MAX = 3, 32, 50, 254
PASSWORD_MIN, PASSWORD_MAX = 8, 128
IDENTIFIER_MAX = max(EMAIL_MAX, USERNAME_MAX)  # no account is named by anything longer


def trimmed(value) -> str:
    """A text field as read: trimmed; anything but a string reads as empty."""
    return value.strip() if isinstance(value, str) else ""


def given(value) -> str:
    """A password as read: never trimmed; anything but a string reads as empty."""
    return value if isinstance(value, str) else ""


def refuse_if(field: str, problem: str | None) -> None:
    if problem:
        raise ValidationError({field: problem})


def username_problem(username: str) -> str | None:
    if not username:
        return text("auth.username_empty")
    if len(username) < USERNAME_MIN:
        return text("auth.username_too_short")
    if len(username) > USERNAME_MAX:
        return text("auth.username_too_long")
    if not USERNAME.match(username):
        return text("auth.username_letters")
    return None


def email_problem(email: str) -> str | None:
    if not email:
        return text("auth.email_empty")
    if len(email) > EMAIL_MAX or not EMAIL.match(email):
        return text("auth.email_invalid")
    return None


def password_problem(password: str) -> str | None:
    if not password:
        return text("auth.password_empty")
    if len(password) < PASSWORD_MIN:
        return text("auth.password_too_short")
    if len(password) > PASSWORD_MAX:
        return text("auth.password_too_long")
    if is_common(password):
        return text("auth.password_common")
    return None


def personal_password_problem(password: str, username: str | None, email: str | None) -> str | None:
    """A password that contains its owner's username or e-mail (or the address's local part)."""
    return text("auth.password_personal") if contains_personal(password, username, email) else None


def check_password_not_personal(password: str, username: str | None, email: str | None,
                                field: str = "password") -> None:
    """Once the owner is known (a sign-up's fields, the account of a reset link or of the settings)."""
    refuse_if(field, personal_password_problem(password, username, email))


def name_problem(value: str, empty: str, too_long: str, letters: str) -> str | None:
    if not value:
        return text(empty)
    if len(value) > NAME_MAX:
        return text(too_long)
    if not NAME.match(value):
        return text(letters)
    return None


def check_first_name(value) -> str:
    name = trimmed(value)
    refuse_if("firstName", name_problem(name, "auth.first_name_empty", "auth.first_name_too_long",
                                        "auth.first_name_letters"))
    return name


def check_last_name(value) -> str:
    name = trimmed(value)
    refuse_if("lastName", name_problem(name, "auth.last_name_empty", "auth.last_name_too_long",
                                       "auth.last_name_letters"))
    return name


def check_username(value) -> str:
    username = trimmed(value)
    refuse_if("username", username_problem(username))
    return username


def check_email(value) -> str:
    email = trimmed(value)
    refuse_if("email", email_problem(email))
    return email


def check_password(value) -> str:
    """A new password: its length rules, and not one of the most common passwords."""
    password = given(value)
    refuse_if("password", password_problem(password))
    return password


def check_password_given(value) -> str:
    """A password to sign in with: any, but not none."""
    password = given(value)
    refuse_if("password", None if password else text("auth.password_empty"))
    return password


def check_identifier(value) -> str:
    """Who signs in: an e-mail or a username, as given."""
    identifier = trimmed(value)
    refuse_if("emailOrUsername", None if identifier else text("auth.identifier_empty"))
    refuse_if("emailOrUsername", text("auth.identifier_too_long") if len(identifier) > IDENTIFIER_MAX else None)
    return identifier


def check_email_given(value) -> str:
    """The address a code was sent to: looked up as it is, so only its absence is refused."""
    email = trimmed(value)
    refuse_if("email", None if email else text("auth.email_missing"))
    return email


def check_code(value) -> str:
    code = trimmed(value)
    refuse_if("code", None if CODE.match(code) else text("auth.code_format"))
    return code


def check_fields(data, checks: dict[str, Callable]) -> dict:
    """Each field of a form through its check: the cleaned fields, or every failing field at once."""
    fields, errors = {}, {}
    for field, check in checks.items():
        try:
            fields[field] = check(data.get(field))
        except ValidationError as error:
            errors.update(error.errors)
    if errors:
        raise ValidationError(errors)
    return fields


REGISTRATION = {"firstName": check_first_name, "lastName": check_last_name, "username": check_username,
                "email": check_email, "password": check_password}


def check_registration(data) -> dict:
    """The cleaned fields of a registration (by their wire names), or every field's problem."""
    return check_fields(data, REGISTRATION)


def identifier_of(data) -> str:
    """The first one given of `email`, `username`, `emailOrUsername` (a sign-in may name any)."""
    return trimmed(data.get("email")) or trimmed(data.get("username")) or trimmed(data.get("emailOrUsername"))


def check_login(data) -> tuple[str, str]:
    """The identifier (e-mail or username, as given) and the password."""
    fields = check_fields({"emailOrUsername": identifier_of(data), "password": data.get("password")},
                          {"emailOrUsername": check_identifier, "password": check_password_given})
    return fields["emailOrUsername"], fields["password"]


def check_code_entry(data) -> tuple[str, str]:
    """The address and the code typed on the verification form."""
    fields = check_fields(data, {"email": check_email_given, "code": check_code})
    return fields["email"], fields["code"]
