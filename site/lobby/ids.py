"""Ids as clients send them: in paths, query strings, JSON bodies, forms and socket frames.

Every table's id is PostgreSQL's `integer` (32-bit, signed; SQLite's are wider), so an id is
1 … 2^31−1 written in ASCII digits: a larger number in a query is an "integer out of range" error
in the database. Anything else names nothing: a path answers 404, a field 422 or 400.
(`str.isdigit()` is not the test: it accepts '²' and '٣', which `int()` refuses or reads.)
"""
from __future__ import annotations

import re

from werkzeug.routing import BaseConverter

MAX_ID = 2**31 - 1  # the id columns' type; widen both together
DIGITS = re.compile(r"[0-9]{1,10}")


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


NO_ROW = 0  # no table has a row 0


class IdConverter(BaseConverter):
    """`<int:…>` in every route: ASCII digits only (other digits do not match: 404). Digits past the
    id range name no row, so they come to the view as 0 and it answers its own 404, instead of an
    OverflowError deep in the database driver. (Refusing the match instead would let the router
    answer 405 for a method another rule of the same path has.)"""

    regex = r"[0-9]+"
    part_isolating = True

    def to_python(self, value: str) -> int:
        number = parse_id(value)
        return NO_ROW if number is None else number

    def to_url(self, value) -> str:
        return str(int(value))


def init_app(app) -> None:
    """Before any blueprint: a rule picks its converter when it is added to the map."""
    app.url_map.converters["int"] = IdConverter
