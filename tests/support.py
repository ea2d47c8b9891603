"""Test plumbing shared by the fixtures: throwaway databases and a live server."""
from __future__ import annotations

import secrets
import threading
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from werkzeug.serving import make_server

from lobby.config import database_url


@contextmanager
def fresh_database(base_url: str | None, folder: Path):
    """A new empty database on the suite's server: PostgreSQL when DATABASE_URL names one,
    else a new SQLite file. Dropped afterwards."""
    if not base_url or base_url.startswith("sqlite"):
        yield f"sqlite:///{folder / ('lobby-' + secrets.token_hex(4) + '.db')}"
        return
    url = make_url(database_url(base_url, folder))
    name = f"lobby_test_{secrets.token_hex(4)}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


class LiveServer:
    """The app served on a free loopback port in a thread, as a browser or socket client sees it."""

    def __init__(self, app) -> None:
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.thread.join(timeout=5)
