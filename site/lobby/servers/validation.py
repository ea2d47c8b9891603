"""`check_*` for servers and channels, with the spec's section 5 messages."""
from __future__ import annotations

import re
import unicodedata

from lobby.errors import ValidationError
from lobby import texts

NAME = re.compile(r"^[A-Za-zА-Яа-яЁё0-9 _-]+$")
TEMPLATES = {
    "gaming": [("общий", "TEXT"), ("игра", "TEXT"), ("голосовой", "VOICE")],
    "community": [("добро-пожаловать", "TEXT"), ("общение", "TEXT"), ("новости", "TEXT")],
    "custom": [("основной", "TEXT")],
}
CATEGORIES = ("gaming", "community", "tech", "music", "esports", "creative")
TRUE_WORDS = {"true", "1", "on", "yes"}
FALSE_WORDS = {"false", "0", "off", "no"}
# Characters that have no place in a one-line name: control characters (newlines among them),
# format characters (zero-width ones, the bidirectional overrides that make a name read backwards)
# and line or paragraph separators.
UNSEEN_IN_NAMES = {"Cc", "Cf", "Zl", "Zp"}


def text(data, field: str) -> str:
    """The field's trimmed text; "" when absent or null; 422 when it is not text (`{}`, a number):
    a value of the wrong kind is refused, never read as a default."""
    value = data.get(field)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValidationError({field: texts.text("request.not_text")})
    return value.strip()


def flag(data, field: str, default: bool) -> bool:
    """JSON true/false, or a form's "true"/"false" (and on/off, 1/0, yes/no); absent is `default`."""
    value = data.get(field)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in TRUE_WORDS | FALSE_WORDS:
        return value.lower() in TRUE_WORDS
    raise ValidationError({field: texts.text("request.not_flag")})


def name_problem(name: str) -> str | None:
    if not name:
        return "Введите название сервера"
    if len(name) < 2:
        return "Название должно содержать минимум 2 символа"
    if len(name) > 100:
        return "Название слишком длинное"
    if not NAME.match(name):
        return "Только буквы, цифры, пробелы и дефисы"
    return None


def description_problem(description: str) -> str | None:
    return "Описание слишком длинное" if len(description) > 500 else None


def raise_if(problems: dict) -> None:
    errors = {field: problem for field, problem in problems.items() if problem}
    if errors:
        raise ValidationError(errors)


def check_new_server(data) -> dict:
    template = text(data, "template") or "custom"
    fields = {"name": text(data, "name"), "description": text(data, "description") or None,
              "template": template, "isPublic": flag(data, "isPublic", True),
              "category": text(data, "category") or ("gaming" if template == "gaming" else "community")}
    raise_if({
        "name": name_problem(fields["name"]),
        "description": description_problem(fields["description"] or ""),
        "template": None if template in TEMPLATES else "Неизвестный шаблон",
        "category": None if fields["category"] in CATEGORIES else "Неизвестная категория",
    })
    return fields


def check_server_changes(data) -> dict:
    """Only the fields sent are changed."""
    changes, problems = {}, {}
    if "name" in data:
        changes["name"] = text(data, "name")
        problems["name"] = name_problem(changes["name"])
    if "description" in data:
        changes["description"] = text(data, "description") or None
        problems["description"] = description_problem(changes["description"] or "")
    if "isPublic" in data:
        changes["is_public"] = flag(data, "isPublic", True)
    if "category" in data:
        changes["category"] = text(data, "category")
        problems["category"] = None if changes["category"] in CATEGORIES else "Неизвестная категория"
    raise_if(problems)
    return changes


def check_invite_code(code: str) -> str:
    code = (code or "").strip()
    raise_if({"code": "Код приглашения слишком короткий" if len(code) < 3
              else "Код приглашения слишком длинный" if len(code) > 50 else None})
    return code


def has_unseen(name: str) -> bool:
    return any(unicodedata.category(ch) in UNSEEN_IN_NAMES for ch in name)


def check_channel(data) -> dict:
    name = text(data, "name")
    kind = (text(data, "type") or "TEXT").upper()
    description = text(data, "description") or None
    raise_if({
        "name": "Введите название канала" if not name else "Название слишком длинное" if len(name) > 100
        else "Название содержит недопустимые символы" if has_unseen(name) else None,
        "type": None if kind in ("TEXT", "VOICE") else "Тип канала: TEXT или VOICE",
        "description": description_problem(description or ""),
    })
    return {"name": name, "type": kind, "description": description}


MAX_BAN_SECONDS = 10 * 365 * 24 * 3600  # longer is a permanent ban: send null


def check_ban_duration(duration) -> int | None:
    """Seconds, 1 … 10 years, or None for a permanent ban."""
    if duration is not None and (isinstance(duration, bool) or not isinstance(duration, int) or duration <= 0):
        raise ValidationError({"duration": "Срок блокировки: число секунд или null"})
    if duration is not None and duration > MAX_BAN_SECONDS:
        raise ValidationError({"duration": "Срок блокировки не больше 10 лет; для бессрочной блокировки — null"})
    return duration


def check_reason(data, prompt_message: str) -> str:
    reason = text(data, "reason")
    raise_if({"reason": None if reason else prompt_message})
    raise_if({"reason": "Причина слишком длинная" if len(reason) > 500 else None})
    return reason
