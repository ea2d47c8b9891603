"""What Lobby answers while PostgreSQL or Redis is away (a restart, a failover, a network blip):
503 with `Retry-After`, never a 500. The API gets `{message, code: SERVICE_UNAVAILABLE}`, a page a
short one of its own, a live-socket frame an `error` frame with `retryAfter`. So does a request
that waited DATABASE_POOL_TIMEOUT for a pooled connection (every one busy). A restarted
database's stale pooled connections fail one call each and are replaced (`database.py`), so the
service is whole again as soon as the database answers."""
from __future__ import annotations

import logging

from flask import Response, render_template
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from lobby.errors import ApiError, api_error_response, http_message, wants_json
from lobby.extensions import db
from lobby.i18n import N_, _

log = logging.getLogger(__name__)

RETRY_SECONDS = 5

COME_BACK = N_("Сервис временно недоступен. Попробуйте ещё раз через несколько секунд.")
# The page when even its language cannot be worked out (that may need the database): both.
PLAIN_PAGE = (f"<!doctype html><meta charset=utf-8><title>Lobby</title><p>{COME_BACK}</p>"
              "<p lang=en>The service is temporarily unavailable. Please try again in a few seconds.</p>")


def is_outage(error: BaseException) -> bool:
    """The database or Redis did not answer, or no pooled connection to it came free in time (not
    a bug in a statement or a script)."""
    if isinstance(error, (RedisConnectionError, RedisTimeoutError, OperationalError, InterfaceError, PoolTimeout)):
        return True
    return isinstance(error, DBAPIError) and bool(error.connection_invalidated)


def unavailable() -> ApiError:
    return ApiError(503, http_message(503), "SERVICE_UNAVAILABLE", headers={"Retry-After": str(RETRY_SECONDS)})


def outage_response(error: BaseException):
    log.warning("service unavailable: %s: %s", type(error).__name__, str(error).splitlines()[0][:200])
    try:
        db.session.rollback()
    except Exception:  # the connection is gone; the session is removed at the request's end anyway
        pass
    if wants_json():
        return api_error_response(unavailable())
    try:
        body = render_template("errors/unavailable.html", text=_(COME_BACK))
    except Exception:  # the page's look and language are read from the database
        body = PLAIN_PAGE
    return Response(body, 503, {"Retry-After": str(RETRY_SECONDS)}, mimetype="text/html")
