"""Query strings of API calls: numbers in them, and one value per parameter."""
from __future__ import annotations

from flask import Flask, request

from lobby.errors import ApiError, ValidationError, wants_json
from lobby.ids import DIGITS, MAX_ID

REPEATED = "Параметр указан несколько раз"


def query_number(name: str) -> int | None:
    """`?name=` as a whole number 0 … 2^63−1 in ASCII digits; None when absent or empty; else 400
    (the message says which parameter)."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return None
    number = int(raw) if DIGITS.fullmatch(raw) else None
    if number is None or number > MAX_ID:
        raise ApiError(400, f"Параметр {name} должен быть числом", "BAD_REQUEST")
    return number


def refuse_repeated_parameters():
    """`?before=1&before=9` has no one meaning (the first? the last?): refused rather than guessed."""
    if not wants_json():
        return None
    repeated = [name for name, values in request.args.lists() if len(values) > 1]
    if repeated:
        raise ValidationError({name: REPEATED for name in repeated})
    return None


def init_app(app: Flask) -> None:
    app.before_request(refuse_repeated_parameters)
