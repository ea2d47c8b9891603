"""JSON through orjson: API answers, bus payloads and live-socket frames.

Every chat message is encoded three times on its way (the POST's answer, the bus payload, the
frame for the sockets); with the standard library that was a tenth of a send's CPU. What a client
reads means the same as with Flask's own provider (keys sorted, datetimes as HTTP dates); only the
bytes differ: text is UTF-8, not `\\u` escapes, so a Russian message is a third of the size.
"""
from __future__ import annotations

import orjson
from flask.json.provider import DefaultJSONProvider

# Datetimes go to the provider's `default` (an HTTP date, as Flask writes them); dict keys that are
# not strings are written as strings, as the standard library does.
FLASK_LIKE = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS

loads = orjson.loads


def dumps(value, default=str) -> bytes:
    """Compact UTF-8 JSON for the bus and the live socket (anything odd is written as its text)."""
    return orjson.dumps(value, default=default, option=orjson.OPT_NON_STR_KEYS)


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON provider on orjson. Asked for indentation or other `json.dumps` options (the
    debug server's pretty answers), it leaves the work to the standard library as before."""

    def dumps(self, obj, **kwargs) -> str:
        # sort_keys is what Jinja's |tojson asks for: FLASK_LIKE sorts already.
        if kwargs.keys() - {"default", "sort_keys"}:
            return super().dumps(obj, **kwargs)
        return orjson.dumps(obj, default=kwargs.get("default", self.default), option=FLASK_LIKE).decode()

    def loads(self, s, **kwargs):
        return orjson.loads(s) if not kwargs else super().loads(s, **kwargs)

    def response(self, *args, **kwargs):
        if (self.compact is None and self._app.debug) or self.compact is False:
            return super().response(*args, **kwargs)
        body = orjson.dumps(self._prepare_response_obj(args, kwargs), default=self.default,
                            option=FLASK_LIKE | orjson.OPT_APPEND_NEWLINE)
        return self._app.response_class(body, mimetype=self.mimetype)
