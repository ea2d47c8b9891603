"""Ids as clients send them: in paths, query strings, JSON bodies, forms and socket frames.

Every table's id is a 64-bit signed integer on PostgreSQL (and SQLite), so an id is 1 … 2^63−1
written in ASCII digits. Anything else names nothing: a path answers 404, a field 422 or 400.
(`str.isdigit()` is not the test: it accepts '²' and '٣', which `int()` refuses or reads.)
"""
from __future__ import annotations

import re

from werkzeug.routing import BaseConverter, ValidationError as NoMatch

MAX_ID = 2**63 - 1
DIGITS = re.compile(r"[0-9]{1,19}")


def parse_id(value) -> int | None:
    """The id `value` names (an int, or a string of ASCII digits), or None when it names none."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value <= MAX_ID else None
    if isinstance(value, str) and DIGITS.fullmatch(value):
        number = int(value)
        return number if 0 < number <= MAX_ID else None
    return None


class IdConverter(BaseConverter):
    """`<int:…>` in every route: ASCII digits within the id range, else the route does not match
    (404), instead of an OverflowError deep in the database driver."""

    regex = r"[0-9]{1,19}"
    part_isolating = True

    def to_python(self, value: str) -> int:
        number = parse_id(value)
        if number is None:
            raise NoMatch()
        return number

    def to_url(self, value) -> str:
        return str(int(value))


def init_app(app) -> None:
    """Before any blueprint: a rule picks its converter when it is added to the map."""
    app.url_map.converters["int"] = IdConverter
