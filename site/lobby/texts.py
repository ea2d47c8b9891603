"""What people read when the API refuses something: one table, keyed by code.

Validators, actions and the generated OpenAPI document all take their words from here, so a
message lives in one place (and the English catalogue of the settings issue translates this
table, not strings scattered through the code). Russian is the product's language; the texts are
the spec's, verbatim.
"""
from __future__ import annotations

TEXTS: dict[str, str] = {
    # Any request
    "request.not_object": "Ожидается JSON-объект",
    "request.repeated": "Параметр указан несколько раз",
    "request.nul": "Текст содержит недопустимый символ (NUL)",
    "request.not_text": "Ожидается строка",
    "request.not_flag": "Ожидается true или false",
    "request.not_number": "Параметр {name} должен быть числом",
    "request.invalid": "Неверный формат",
    # Messages
    "message.empty": "Сообщение не может быть пустым",
    "message.too_long": "Сообщение слишком длинное (максимум {limit} символов)",
    "message.nonce": "Некорректный nonce",
    "message.reply_missing": "Сообщение для ответа не найдено",
    "message.emoji": "Неверная реакция",
    "message.not_found": "Сообщение не найдено",
    "message.nonce_taken": "Этот nonce уже использован для сообщения в другом канале",
    "message.not_yours": "Можно изменять только свои сообщения",
    "message.cannot_delete": "Недостаточно прав для удаления сообщения",
}


def text(code: str, **values) -> str:
    """The message for `code`, with its `{placeholders}` filled."""
    words = TEXTS[code]
    return words.format(**values) if values else words
