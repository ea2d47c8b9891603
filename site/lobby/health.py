"""`/healthz` for load balancers and operators: 200 when the database (and Redis, if configured)
answer, 503 otherwise. It names what failed, never how it is configured."""
from typing import Literal

from flask import Blueprint, current_app, jsonify
from pydantic import Field
from redis import Redis
from redis.exceptions import RedisError
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from lobby.extensions import db
from lobby.input_guard import NUL_FOUND
from lobby.schema import Answer, Response, api, documented

blueprint = Blueprint("health", __name__)


def database_state() -> str:
    try:
        db.session.execute(text("SELECT 1"))
        return "ok"
    except SQLAlchemyError:
        db.session.rollback()
        return "unreachable"


def redis_state() -> str:
    url = current_app.config.get("REDIS_URL")
    if not url:
        return "not configured"
    try:
        Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2).ping()
        return "ok"
    except RedisError:
        return "unreachable"


class Health(Answer):
    status: Literal["ok", "unavailable"]
    mode: Literal["embedded", "production"]
    database: Literal["ok", "unreachable"]
    redis: Literal["ok", "unreachable", "not configured"] = Field(description="Only production mode uses Redis.")


@blueprint.get("/healthz")
@api.validate(resp=Response(HTTP_200=(Health, "Database (and Redis, if configured) answer"),
                            HTTP_503=(Health, "Something named in the body is unreachable")),
              tags=["health"], security={}, operation_id="healthz")
@documented(responses={"422": {"description": f"A NUL character in the query string: an error page («{NUL_FOUND}»)",
                               "content": {"text/html": {"schema": {"type": "string"}}}}})
def healthz():
    """Health check

    For load balancers; `Cache-Control: no-store`. Names what failed, never how it is configured."""
    checks = {"database": database_state(), "redis": redis_state()}
    healthy = all(state in ("ok", "not configured") for state in checks.values())
    body = {"status": "ok" if healthy else "unavailable", "mode": mode(), **checks}
    response = jsonify(body)
    response.status_code = 200 if healthy else 503
    response.headers["Cache-Control"] = "no-store"
    return response


def mode() -> str:
    return "embedded" if current_app.config.get("REDIS_URL") is None else "production"
