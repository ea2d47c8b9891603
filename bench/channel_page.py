"""How long the server takes to render a channel page (`GET /app/servers/<id>/channels/<id>`, the
frame of lobby/frame.py with the latest 50 messages), and how many SQL statements one render runs.
Messages come with replies, reactions and files, so a per-message query would show.

    .venv/bin/python bench/channel_page.py [renders]                  # embedded SQLite
    DATABASE_URL=postgresql://postgres@127.0.0.1/test .venv/bin/python bench/channel_page.py

With a DATABASE_URL it creates and drops its own database on that PostgreSQL server. Timed in-process through the WSGI app (no network), after a
warm-up; server time is what a request costs the worker.
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "site")]

from flask_migrate import upgrade  # noqa: E402
from sqlalchemy import event, select, text  # noqa: E402

from lobby import create_app  # noqa: E402
from lobby.accounts import actions as accounts  # noqa: E402
from lobby.extensions import db  # noqa: E402
from lobby.messages.reactions import do_add_reaction  # noqa: E402
from lobby.messages.sending import do_send_message  # noqa: E402
from lobby.servers import actions as servers  # noqa: E402
from lobby.servers.models import Channel  # noqa: E402
from lobby.servers.validation import check_new_server  # noqa: E402
from tests.support import fresh_database  # noqa: E402


def seed(app) -> str:
    with app.app_context():
        upgrade()
        owner = accounts.do_register({"username": "owner", "email": "owner@example.com", "firstName": "Анна",
                                      "lastName": "Смирнова", "password": "password-123"}, verified=True)
        server = servers.do_create_server(owner, check_new_server({"name": "Гильдия", "template": "gaming"}))
        channel = db.session.scalar(select(Channel).where(Channel.server_id == server.id, Channel.type == "TEXT"))
        previous = None
        for n in range(120):
            sent = do_send_message(owner, channel.id, f"Сообщение номер {n}: сбор в 21:00, берите зелья",
                                   reply_to_id=previous["id"] if previous and n % 3 == 0 else None)
            if n % 4 == 0:
                do_add_reaction(owner, sent["id"], "👍")
            previous = sent
        if db.engine.dialect.name == "postgresql":
            # What autovacuum does on a live database: fresh tables have no statistics, and their
            # plans (sequential scans, hash joins) are not the ones production runs.
            db.session.execute(text("ANALYZE"))
            db.session.commit()
        return f"/app/servers/{server.id}/channels/{channel.id}"


def main(renders: int) -> None:
    folder = tempfile.mkdtemp(prefix="lobby-bench-")
    with fresh_database(os.environ.get("DATABASE_URL"), Path(folder)) as url:
        app = create_app({"RATELIMIT_ENABLED": False}, env={
            "INSTANCE_PATH": folder, "SECRET_KEY": "bench", "LOG_LEVEL": "WARNING", "DATABASE_URL": url})
        path = seed(app)
        client = app.test_client()
        login = client.post("/api/auth/login", json={"username": "owner", "password": "password-123"})
        assert login.status_code == 200, login.get_json()
        statements = []
        with app.app_context():
            event.listen(db.engine, "before_cursor_execute", lambda conn, cursor, sql, *rest: statements.append(sql))
        for _ in range(20):  # warm-up: templates compiled, statements cached
            assert client.get(path).status_code == 200
        statements.clear()
        times = []
        for _ in range(renders):
            started = time.perf_counter()
            response = client.get(path)
            times.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200 and response.get_data().count(b'class="message"') == 50
        per_render = len(statements) / renders
        if os.environ.get("SHOW_SQL"):
            print("\n\n".join(statements[-int(per_render):]))
        print(f"{url.split(':', 1)[0]}: channel page with 50 messages, {renders} renders: "
              f"p50 {statistics.median(times):.2f} ms, p90 {statistics.quantiles(times, n=10)[-1]:.2f} ms, "
              f"{per_render:.0f} SQL statements per render")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
