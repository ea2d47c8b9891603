"""Lobby: a Russian-language community chat for gamers."""
from __future__ import annotations

import os
from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parents[2]
# Where the jobs live: the worker loads them before it forks (jobs/ itself imports no feature).
JOB_MODULES = ("lobby.jobs.tasks", "lobby.accounts.jobs", "lobby.messages.jobs", "lobby.image_jobs")


def create_app(overrides: dict | None = None, env: dict | None = None) -> Flask:
    """Build the app from the environment (`env` defaults to os.environ).

    `overrides` are Flask settings laid over the configuration, for tests.
    """
    from lobby import cli, errors, ids, input_guard, islands, logs, realtime, security, static_files, voice
    from lobby import i18n, settings_look, user_time
    from lobby.config import Config
    from lobby.database import keep_prepared_statements, tune_sqlite
    from lobby.fastjson import OrjsonProvider
    from lobby.extensions import csrf, db, limiter, login_manager, migrate, sock
    from lobby.realtime.bus import bus_for

    source = os.environ if env is None else env
    instance_path = Path(source.get("INSTANCE_PATH") or ROOT / "instance")
    app = Flask(
        __name__,
        instance_path=str(instance_path),
        static_folder=str(ROOT / "static"),
        template_folder=str(ROOT / "templates"),
    )
    app.json = OrjsonProvider(app)
    config = Config.from_env(instance_path, env)
    app.config.update(config.flask_settings())
    app.config.update(overrides or {})
    for folder in (instance_path, app.config["UPLOAD_FOLDER"]):
        Path(folder).mkdir(parents=True, exist_ok=True)

    logs.init_app(app)
    db.init_app(app)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    input_guard.init_app(app)  # before CSRF's check, which reads a form: the body's limit is set first
    csrf.init_app(app)
    login_manager.init_app(app)
    from lobby.accounts.session import CookieSessions  # (importing it registers the user loader)

    app.session_interface = CookieSessions()
    limiter.init_app(app)
    sock.init_app(app)
    with app.app_context():
        tune_sqlite(db.engine)
        keep_prepared_statements(app, db)
    app.extensions["lobby.bus"] = bus_for(app.config)
    realtime.init_app(app)  # after the bus: the hub and presence publish through it
    voice.init_app(app)  # after realtime: seats are told through its bus and hub

    register_models()
    ids.init_app(app)  # before the routes: they pick their converters as they are added
    register_blueprints(app)
    errors.init_app(app)
    islands.init_app(app)
    i18n.init_app(app)  # after islands: its Jinja globals `_` and `tp` are the catalogue's
    settings_look.init_app(app)  # every page's <html> wears the signed-in person's settings
    user_time.init_app(app)  # every timestamp a page shows, in the reader's date and clock formats
    cli.init_app(app)
    security.init_app(app)
    static_files.init_app(app)  # last: it wraps the finished app's WSGI callable
    return app


def register_models() -> None:
    """Import every model module so metadata (and Alembic) sees all tables."""
    import lobby.accounts.models  # noqa: F401
    import lobby.servers.models  # noqa: F401
    import lobby.messages.models  # noqa: F401
    import lobby.jobs.models  # noqa: F401
    import lobby.friends.models  # noqa: F401
    import lobby.dms.models  # noqa: F401
    import lobby.reads.models  # noqa: F401
    import lobby.notifications.models  # noqa: F401
    import lobby.settings.models  # noqa: F401


def register_blueprints(app: Flask) -> None:
    from lobby import apidoc, health, landing, shell
    from lobby.accounts import api as accounts_api
    from lobby.accounts import pages as accounts_pages
    from lobby.accounts import search_api as users_search
    from lobby.accounts import account_api, settings_pages as account_settings_pages  # account & security
    from lobby.messages import api as messages_api
    from lobby.messages import attachments_api
    from lobby.messages import search as messages_search
    from lobby.servers import api as servers_api
    from lobby.servers import channels_api as server_channels_api
    from lobby.servers import reports_api, roles_api as server_roles_api  # issue 18: roles, timeouts, reports
    from lobby.servers import invite_page, invites, invites_api  # issue 29: invite links
    from lobby.servers import order_api as server_order_api  # issue 29: each person's order of their servers
    from lobby.friends import api as friends_api
    from lobby.dms import api as dms_api
    from lobby.reads import api as reads_api
    from lobby.notifications import api as notifications_api
    from lobby.notifications import levels_api as notification_levels_api  # issue 29: per-server levels, mutes
    from lobby.voice import api as voice_api
    from lobby.settings import api as settings_api

    for module in (health, landing, apidoc, shell, accounts_api, accounts_pages, servers_api, server_channels_api,
                   server_roles_api, reports_api, server_order_api, invite_page, invites_api,
                   messages_api, attachments_api, messages_search, users_search, friends_api, dms_api, reads_api,
                   notifications_api, notification_levels_api, voice_api, settings_api, account_api, account_settings_pages):
        app.register_blueprint(module.blueprint)
    from lobby import settings_pages  # the personal settings pages, /app/settings/<section>
    app.register_blueprint(settings_pages.blueprint)
    invites.init_app(app)  # a sign-in takes up the invite accepted before it
