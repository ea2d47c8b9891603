"""Migrations on the suite's database (SQLite in the embedded run, PostgreSQL in the other)."""
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from lobby import create_app
from lobby.extensions import db
from lobby.messages.search_index import outside_models
from tests.conftest import SUITE_DATABASE_URL
from tests.support import fresh_database


def tables(engine) -> set[str]:
    names = set(inspect(engine).get_table_names()) - {"alembic_version"}
    return {name for name in names if outside_models(name, "table", {})}  # not the search index


def test_upgrade_downgrade_and_upgrade_again(tmp_path):
    with fresh_database(SUITE_DATABASE_URL, tmp_path) as url:
        app = create_app(env={"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": url, "SECRET_KEY": "x"})
        with app.app_context():
            upgrade()
            assert tables(db.engine) == set(db.metadata.tables)
            downgrade(revision="base")
            assert tables(db.engine) == set()
            upgrade()
            assert tables(db.engine) == set(db.metadata.tables)
            db.engine.dispose()


def test_models_and_migrations_agree(app):
    # A model change without its migration shows up here as a difference.
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"include_name": outside_models})
        differences = compare_metadata(context, db.metadata)
    assert differences == []
