"""Numbers in the query strings of API calls."""
from __future__ import annotations

from flask import request

from lobby.errors import ApiError
from lobby.ids import DIGITS, MAX_ID


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
