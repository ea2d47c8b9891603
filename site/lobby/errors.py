"""One JSON error shape for the API (`{message, code}`), error pages for HTML."""
from __future__ import annotations

import logging
import time

from flask import Flask, g, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from lobby.texts import text

log = logging.getLogger(__name__)

# Codes a client can switch on; the message is for people.
HTTP_CODES = {
    400: "BAD_REQUEST",
    401: "UNAUTHORIZED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    409: "CONFLICT",
    413: "PAYLOAD_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    422: "UNPROCESSABLE",
    429: "RATE_LIMITED",
    500: "INTERNAL_ERROR",
    503: "SERVICE_UNAVAILABLE",
}


# The statuses with a text of their own (`http.<status>` in lobby/texts.py).
HTTP_STATUSES = (400, 401, 403, 404, 405, 413, 415, 429, 500, 503)


def http_message(status: int, default: str | None = None) -> str | None:
    """What people read when a request fails for a plain HTTP reason (werkzeug's texts are English),
    in the reader's language; `default` for a status without one."""
    return text(f"http.{status}") if status in HTTP_STATUSES else default


class ApiError(Exception):
    """Raise from any view or action; the API answers `{message, code}` with `status`."""

    def __init__(self, status: int, message: str, code: str | None = None,
                 headers: dict | None = None, **extra) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code or HTTP_CODES.get(status, "ERROR")
        self.headers = headers or {}
        self.extra = extra

    def to_dict(self) -> dict:
        return {"message": self.message, "code": self.code, **self.extra}


class ValidationError(ApiError):
    """Bad input, field by field: `{message, code, errors: {field: message}}`. The message is the
    first field's, so a client that reads only `message` still shows something true."""

    def __init__(self, errors: dict[str, str], status: int = 422, code: str = "VALIDATION_ERROR") -> None:
        super().__init__(status, next(iter(errors.values())), code, errors=errors)
        self.errors = errors


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def api_error_response(error: ApiError):
    response = jsonify(error.to_dict())
    response.status_code = error.status
    response.headers.update(error.headers)
    return response


def handle_api_error(error: ApiError):
    if wants_json():
        return api_error_response(error)
    return render_error_page(error.status, error.message)


def handle_http_exception(error: HTTPException):
    status = error.code or 500
    # A description set on purpose (abort(404, "…")) is kept; werkzeug's stock English one is not.
    # (A 429's description is the limiter's "10 per 15 minute": not for people either.)
    stock = type(error).description
    chosen = error.description != stock and status != 429
    message = error.description if chosen else http_message(status, error.name)
    if not wants_json():
        body, status = render_error_page(status, message)
        return body, status, allowed_methods(error)
    response = api_error_response(ApiError(status, message))
    original = error.get_response().headers
    for header in ("Retry-After", "Allow"):
        if original.get(header):
            response.headers[header] = original[header]
    if status == 429 and "Retry-After" not in response.headers:
        response.headers["Retry-After"] = str(limiter_wait())
    return response


def allowed_methods(error: HTTPException) -> dict[str, str]:
    """A 405 page names the methods the address takes (werkzeug's own answer carries them)."""
    allow = error.get_response().headers.get("Allow")
    return {"Allow": allow} if allow else {}


def limiter_wait() -> int:
    """Seconds until the breached Flask-Limiter window resets. Its headers are off (a Redis round
    trip on every limited request, the message send among them), so a 429 works it out here."""
    from lobby.extensions import limiter

    current = limiter.current_limit
    return max(1, int(current.reset_at - time.time())) if current is not None else 1


def handle_unexpected(error: Exception):
    if isinstance(error, HTTPException):
        return handle_http_exception(error)
    from lobby.outage import is_outage, outage_response  # (outage speaks in this module's shapes)

    if is_outage(error):
        return outage_response(error)
    log.exception("unhandled error on %s %s", request.method, request.path)
    if wants_json():
        return api_error_response(ApiError(500, http_message(500)))
    return render_error_page(500, None)


def render_error_page(status: int, description: str | None):
    if status >= 500:
        body = render_template("errors/500.html", status=status, request_id=g.get("request_id", ""))
    elif status == 404:  # the spec's 'Not Found' page
        body = render_template("errors/generic.html", status=404, title="Not Found", description=text("page.not_found"))
    else:
        body = render_template("errors/generic.html", status=status, title=None, description=description)
    return body, status


def init_app(app: Flask) -> None:
    app.register_error_handler(ApiError, handle_api_error)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Exception, handle_unexpected)
