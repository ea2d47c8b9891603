"""`check_*` for the friend request's fields (spec §5: the message is optional, at most 200
characters). The request's model runs them as its fields' validators."""
from __future__ import annotations

from lobby.errors import ValidationError
from lobby.friends.models import MESSAGE_MAX
from lobby.texts import text


def check_username(value) -> str:
    """Trimmed; refused when empty or not text. Whether it names anyone is the request's business (404)."""
    if value is not None and not isinstance(value, str):
        raise ValidationError({"username": text("request.not_text")})
    username = (value or "").strip()
    if not username:
        raise ValidationError({"username": text("auth.username_empty")})
    return username


def check_request_message(value) -> str | None:
    """Trimmed; empty or null means none."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValidationError({"message": text("request.not_text")})
    message = value.strip()
    if len(message) > MESSAGE_MAX:
        raise ValidationError({"message": text("friends.message_too_long")})
    return message or None
