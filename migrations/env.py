"""Alembic environment: runs inside the Flask app, on its engine and its models' metadata."""
from alembic import context
from flask import current_app

from lobby.messages.search_index import outside_models

migrate_ext = current_app.extensions["migrate"]
engine = migrate_ext.db.engine
metadata = migrate_ext.db.metadata


def skip_empty_autogenerate(_context, _revision, directives):
    # `flask db migrate` with no model change should write no empty revision.
    if getattr(context.config.cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
        directives[:] = []


def run_offline() -> None:
    context.configure(url=engine.url, target_metadata=metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """On SQLite, with foreign keys off: a batch migration rebuilds a table (copy, DROP, rename),
    and with them on, SQLite's DROP TABLE first deletes every row, so ON DELETE CASCADE would empty
    the tables that point at it (a rebuilt `channels` would take every message with it)."""
    options = dict(migrate_ext.configure_args)
    options.setdefault("process_revision_directives", skip_empty_autogenerate)
    options.setdefault("include_name", outside_models)  # the search index is not in the models
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:  # before the transaction: SQLite ignores this pragma inside one
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        context.configure(connection=connection, target_metadata=metadata, **options)
        with context.begin_transaction():
            context.run_migrations()
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
