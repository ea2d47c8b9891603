"""Structured request logs: one JSON line per request, never with the query string.

Query strings carry secrets (the live socket's `?token=`, reset links), so only the path is kept.
Werkzeug's own access line (which has the full URL) is dropped for the same reason.
"""
from __future__ import annotations

import json
import logging
import re
import secrets
import time

from flask import Flask, g, request

request_log = logging.getLogger("lobby.request")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update(getattr(record, "fields", {}))
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


class DropAccessLines(logging.Filter):
    """The dev server logs each request as '127.0.0.1 - - [date] "GET /path?query HTTP/1.1" 200 -'
    (query included): drop those lines; `lobby.request` already logs the request without it."""

    ACCESS_LINE = re.compile(r'^\S+ - - \[[^\]]*\] "')

    def filter(self, record: logging.LogRecord) -> bool:
        return not self.ACCESS_LINE.match(record.getMessage())


def configure_logging(level: str) -> None:
    root = logging.getLogger()
    if not any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(JsonFormatter())
        root.addHandler(handler)
    root.setLevel(level)
    werkzeug = logging.getLogger("werkzeug")
    if not any(isinstance(f, DropAccessLines) for f in werkzeug.filters):
        werkzeug.addFilter(DropAccessLines())


def _start() -> None:
    g.request_started = time.perf_counter()
    g.request_id = request.headers.get("X-Request-Id", "")[:64] or secrets.token_hex(8)


def _finish(response):
    response.headers["X-Request-Id"] = g.get("request_id", "")
    if not request_log.isEnabledFor(logging.INFO):
        return response
    elapsed = time.perf_counter() - g.get("request_started", time.perf_counter())
    request_log.info(
        "request",
        extra={
            "fields": {
                "method": request.method,
                "path": request.path,
                "status": response.status_code,
                "ms": round(elapsed * 1000, 1),
                "requestId": g.get("request_id"),
                "remote": request.remote_addr,
            }
        },
    )
    return response


def init_app(app: Flask) -> None:
    configure_logging(app.config["LOG_LEVEL"])
    app.before_request(_start)
    app.after_request(_finish)
