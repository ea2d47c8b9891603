"""Configuration, read only from the environment.

Unset values fall back to the embedded defaults of `make run`: SQLite under `instance/`, no Redis
(jobs and live events in-process), mail written to `instance/outbox/`.
"""
from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from lobby.redis_pool import blocking_pool
from lobby.voice.config import DEFAULTS as VOICE, ice_servers

TRUE_WORDS = {"1", "true", "yes", "on"}
MEGABYTE = 1024 * 1024
POOL_TIMEOUT = 10  # seconds a request waits for a pooled database connection


def _flag(env: dict, name: str, default: bool = False) -> bool:
    value = env.get(name)
    return default if value is None or value == "" else value.strip().lower() in TRUE_WORDS


def database_url(raw: str | None, instance_path: Path) -> str:
    """Normalise DATABASE_URL: default SQLite file, and psycopg 3 for PostgreSQL URLs."""
    if not raw:
        return f"sqlite:///{instance_path / 'lobby.db'}"
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix):]
    return raw


def secret_key(raw: str | None, instance_path: Path) -> str:
    """SECRET_KEY from the environment, else one generated once and kept in `instance/`."""
    if raw:
        return raw
    path = instance_path / "secret_key"
    if path.exists():
        return path.read_text().strip()
    instance_path.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(48)
    # Create the file owner-readable only; a second process racing us keeps the first key.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key


# One source of a CSP frame-ancestors list: an origin (a `*.` subdomain wildcard and a port allowed).
FRAME_SOURCE = re.compile(r"https?://(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?", re.IGNORECASE)


def frame_ancestors(raw: str | None) -> str:
    """FRAME_ANCESTORS, the pages that may show Lobby in a frame, as a CSP source list: unset is
    `'none'`; `self` and origins (`https://portal.example`), separated by spaces or commas.
    Anything else stops the start: the value goes into a header, where `;` would add a directive."""
    words = (raw or "").replace(",", " ").split()
    if not words:
        return "'none'"
    sources = []
    for word in words:
        if word.strip("'").lower() == "self":
            sources.append("'self'")
        elif FRAME_SOURCE.fullmatch(word.rstrip("/")):
            sources.append(word.rstrip("/").lower())
        else:
            raise ValueError(f"FRAME_ANCESTORS: {word!r} is neither `self` nor an origin like https://portal.example")
    return " ".join(sources)


@dataclass(frozen=True)
class Config:
    instance_path: Path
    SECRET_KEY: str
    SQLALCHEMY_DATABASE_URI: str
    REDIS_URL: str | None
    DATABASE_POOL_SIZE: int
    REDIS_PREFIX: str
    MAIL_SERVER: str | None
    MAIL_PORT: int
    MAIL_USE_TLS: bool
    MAIL_USE_SSL: bool
    MAIL_USERNAME: str | None
    MAIL_PASSWORD: str | None
    MAIL_DEFAULT_SENDER: str
    UPLOAD_FOLDER: Path
    OUTBOX_FOLDER: Path
    ATTACHMENT_MAX_BYTES: int
    MESSAGE_SEND_LIMIT: int
    OUTBOX_SWEEP_SECONDS: float
    LOG_LEVEL: str
    PREFERRED_URL_SCHEME: str
    PUBLIC_URL: str
    SESSION_COOKIE_SECURE: bool
    ALLOWED_ORIGINS: tuple[str, ...]
    FRAME_ANCESTORS: str
    VOICE_CHANNEL_LIMIT: int
    VOICE_GRACE_SECONDS: float
    VOICE_MAX_SDP: int
    VOICE_SIGNAL_RATE: float
    VOICE_SIGNAL_BURST: int
    VOICE_RING_SECONDS: float
    ICE_SERVERS: tuple[dict, ...]
    ICE_LOOPBACK_ONLY: bool

    @classmethod
    def from_env(cls, instance_path: Path, env: dict | None = None) -> "Config":
        env = os.environ if env is None else env
        instance_path = Path(instance_path)
        return cls(
            instance_path=instance_path,
            SECRET_KEY=secret_key(env.get("SECRET_KEY"), instance_path),
            SQLALCHEMY_DATABASE_URI=database_url(env.get("DATABASE_URL"), instance_path),
            REDIS_URL=env.get("REDIS_URL") or None,
            # Connections each process keeps open to PostgreSQL. A gevent worker serves many
            # requests at once; past the pool they wait for a connection (see engine_options).
            DATABASE_POOL_SIZE=int(env.get("DATABASE_POOL_SIZE") or 20),
            # Keys, channels and queue names start with this, so two deployments (or test runs)
            # can share one Redis.
            REDIS_PREFIX=env.get("REDIS_PREFIX") or "lobby",
            MAIL_SERVER=env.get("MAIL_SERVER") or None,
            MAIL_PORT=int(env.get("MAIL_PORT") or 25),
            MAIL_USE_TLS=_flag(env, "MAIL_USE_TLS"),
            MAIL_USE_SSL=_flag(env, "MAIL_USE_SSL"),
            MAIL_USERNAME=env.get("MAIL_USERNAME") or None,
            MAIL_PASSWORD=env.get("MAIL_PASSWORD") or None,
            MAIL_DEFAULT_SENDER=env.get("MAIL_DEFAULT_SENDER") or "Lobby <no-reply@lobby.local>",
            UPLOAD_FOLDER=Path(env.get("UPLOAD_FOLDER") or instance_path / "uploads"),
            OUTBOX_FOLDER=Path(env.get("OUTBOX_FOLDER") or instance_path / "outbox"),
            ATTACHMENT_MAX_BYTES=int(env.get("ATTACHMENT_MAX_BYTES") or 10 * MEGABYTE),  # per file
            # Messages one person may send in any 10 seconds, over HTTP and all their sockets.
            MESSAGE_SEND_LIMIT=int(env.get("MESSAGE_SEND_LIMIT") or 30),
            # The job worker queues again, this often, mail undelivered this long whose job is gone
            # (Redis was away or lost its queue): jobs/worker.py.
            OUTBOX_SWEEP_SECONDS=float(env.get("OUTBOX_SWEEP_SECONDS") or 15),
            LOG_LEVEL=(env.get("LOG_LEVEL") or "INFO").upper(),
            PREFERRED_URL_SCHEME=env.get("PREFERRED_URL_SCHEME") or "http",
            # Links in mail point here; never built from a request's Host header (an attacker
            # could make a reset link point at their own site).
            PUBLIC_URL=(env.get("PUBLIC_URL") or "http://127.0.0.1:5000").rstrip("/"),
            SESSION_COOKIE_SECURE=_flag(env, "SESSION_COOKIE_SECURE"),
            # Browser origins besides this host and PUBLIC_URL that may open the live socket,
            # comma-separated (e.g. a separate front-end host).
            ALLOWED_ORIGINS=tuple(o.strip().rstrip("/") for o in (env.get("ALLOWED_ORIGINS") or "").split(",") if o.strip()),
            # Pages of other sites that may frame Lobby (a portal embedding it); none by default.
            FRAME_ANCESTORS=frame_ancestors(env.get("FRAME_ANCESTORS")),
            # Voice (lobby/voice/config.py has the defaults and says why).
            VOICE_CHANNEL_LIMIT=int(env.get("VOICE_CHANNEL_LIMIT") or VOICE["VOICE_CHANNEL_LIMIT"]),
            VOICE_GRACE_SECONDS=float(env.get("VOICE_GRACE_SECONDS") or VOICE["VOICE_GRACE_SECONDS"]),
            VOICE_MAX_SDP=int(env.get("VOICE_MAX_SDP") or VOICE["VOICE_MAX_SDP"]),
            VOICE_SIGNAL_RATE=float(env.get("VOICE_SIGNAL_RATE") or VOICE["VOICE_SIGNAL_RATE"]),
            VOICE_SIGNAL_BURST=int(env.get("VOICE_SIGNAL_BURST") or VOICE["VOICE_SIGNAL_BURST"]),
            VOICE_RING_SECONDS=float(env.get("VOICE_RING_SECONDS") or VOICE["VOICE_RING_SECONDS"]),
            ICE_SERVERS=ice_servers(env.get("ICE_SERVERS")),
            # Tests only: browsers keep loopback ICE candidates alone (media never leaves 127.0.0.1).
            ICE_LOOPBACK_ONLY=_flag(env, "ICE_LOOPBACK_ONLY"),
        )

    @property
    def embedded(self) -> bool:
        return self.REDIS_URL is None

    def flask_settings(self) -> dict:
        settings = {k: v for k, v in self.__dict__.items() if k.isupper()}
        settings.update(
            SQLALCHEMY_ENGINE_OPTIONS=engine_options(self.SQLALCHEMY_DATABASE_URI, self.DATABASE_POOL_SIZE),
            SESSION_COOKIE_HTTPONLY=True,
            SESSION_COOKIE_SAMESITE="Lax",
            PERMANENT_SESSION_LIFETIME=timedelta(days=30),  # "remember me"
            # The largest multipart body: a picture (icon or avatar, at most 5 MB) with its form. Other
            # bodies are at most 128 KB, and a message with files declares its own limit
            # (lobby/input_guard.py).
            MAX_CONTENT_LENGTH=6 * MEGABYTE,
            RATELIMIT_STORAGE_URI=self.REDIS_URL or "memory://",
            # The limiter's client waits for a free connection too, as presence's and voice's do.
            RATELIMIT_STORAGE_OPTIONS={"connection_pool": blocking_pool(self.REDIS_URL)} if self.REDIS_URL else {},
            RATELIMIT_KEY_PREFIX=f"{self.REDIS_PREFIX}:limits",
            RATELIMIT_HEADERS_ENABLED=False,  # 429s still carry Retry-After (errors.py)
            # Redis away: the limits are counted in each process's memory until it is back, rather
            # than every throttled call (sign-up, sign-in, codes) failing.
            RATELIMIT_IN_MEMORY_FALLBACK_ENABLED=True,
            LOBBY_CONFIG=self,
        )
        return settings


def engine_options(uri: str, pool_size: int) -> dict:
    if uri.startswith("sqlite"):
        # A short busy timeout: a blocked SQLite call would freeze a whole gevent worker.
        return {"connect_args": {"timeout": 5}}
    # No pre-ping: it is a round trip on every checkout (measured: 132 → 169 sends/s in-process on
    # PostgreSQL). After a database restart each stale pooled connection fails one call and is
    # replaced; connections are also renewed hourly. No overflow: an overflow connection is a
    # backend opened and closed for one request (a fork on the server); under load a gevent
    # worker's requests wait for a pooled one instead (measured: 550 → 665 sends/s, 64 clients).
    # A request that finds every connection busy waits POOL_TIMEOUT for one, then answers 503 with
    # Retry-After (outage.py): SQLAlchemy's 30 s left the caller hanging, then gave a 500.
    return {"pool_pre_ping": False, "pool_recycle": 3600, "pool_size": pool_size, "max_overflow": 0,
            "pool_timeout": POOL_TIMEOUT}
