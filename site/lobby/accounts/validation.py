"""`check_*`: the spec's section 5 rules, with its Russian messages, for the API and the pages."""
from __future__ import annotations

import re

from lobby.errors import ValidationError

USERNAME = re.compile(r"^[\w-]+$")  # letters (any alphabet), digits, underscore, hyphen
NAME = re.compile(r"^[^\W\d_]+(?:[ -][^\W\d_]+)*$")  # letters, single spaces and hyphens between
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
CODE = re.compile(r"^\d{6}$")

USERNAME_MAX, NAME_MAX, EMAIL_MAX = 32, 50, 254
PASSWORD_MIN, PASSWORD_MAX = 8, 128


def text(data: dict, field: str) -> str:
    value = data.get(field)
    return value.strip() if isinstance(value, str) else ""


def username_problem(username: str) -> str | None:
    if not username:
        return "Введите username"
    if len(username) < 3:
        return "Username должен содержать минимум 3 символа"
    if len(username) > USERNAME_MAX:
        return f"Username не может быть длиннее {USERNAME_MAX} символов"
    if not USERNAME.match(username):
        return "Username может содержать только буквы, цифры, _ и -"
    return None


def email_problem(email: str) -> str | None:
    if not email:
        return "Введите email"
    if len(email) > EMAIL_MAX or not EMAIL.match(email):
        return "Введите корректный email"
    return None


def password_problem(password: str) -> str | None:
    if not password:
        return "Введите пароль"
    if len(password) < PASSWORD_MIN:
        return f"Пароль должен содержать минимум {PASSWORD_MIN} символов"
    if len(password) > PASSWORD_MAX:
        return f"Пароль не может быть длиннее {PASSWORD_MAX} символов"
    return None


def name_problem(value: str, empty: str, label: str) -> str | None:
    if not value:
        return empty
    if len(value) > NAME_MAX:
        return f"{label} не может быть длиннее {NAME_MAX} символов"
    if not NAME.match(value):
        return f"{label} может содержать только буквы, пробелы и дефисы"
    return None


def raise_if(problems: dict[str, str | None]) -> None:
    errors = {field: problem for field, problem in problems.items() if problem}
    if errors:
        raise ValidationError(errors)


def check_registration(data: dict) -> dict:
    """Returns the cleaned fields of a registration, or raises with every field's problem."""
    fields = {
        "firstName": text(data, "firstName"),
        "lastName": text(data, "lastName"),
        "username": text(data, "username"),
        "email": text(data, "email"),
        "password": data.get("password") if isinstance(data.get("password"), str) else "",
    }
    raise_if({
        "firstName": name_problem(fields["firstName"], "Введите имя", "Имя"),
        "lastName": name_problem(fields["lastName"], "Введите фамилию", "Фамилия"),
        "username": username_problem(fields["username"]),
        "email": email_problem(fields["email"]),
        "password": password_problem(fields["password"]),
    })
    return fields


def check_login(data: dict) -> tuple[str, str]:
    """The identifier (e-mail or username, as given) and the password."""
    identifier = text(data, "email") or text(data, "username") or text(data, "emailOrUsername")
    password = data.get("password") if isinstance(data.get("password"), str) else ""
    raise_if({
        "emailOrUsername": None if identifier else "Введите email или username",
        "password": None if password else "Введите пароль",
    })
    return identifier, password


def check_code(data: dict) -> tuple[str, str]:
    email, code = text(data, "email"), text(data, "code")
    raise_if({
        "email": None if email else "Email не указан",
        "code": None if CODE.match(code) else "Введите 6-значный код",
    })
    return email, code


def check_email(data: dict) -> str:
    email = text(data, "email")
    raise_if({"email": email_problem(email)})
    return email


def check_new_password(data: dict) -> str:
    password = data.get("password") if isinstance(data.get("password"), str) else ""
    raise_if({"password": password_problem(password)})
    return password
