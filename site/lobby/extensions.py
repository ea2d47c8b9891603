"""Bare extension objects; `create_app` binds them with `init_app`."""
from datetime import datetime

from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sock import Sock
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase, registry

from lobby.database import UtcDateTime

# Named constraints from the first migration on: Alembic's batch mode on SQLite needs names to
# alter or drop a constraint later.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Model(DeclarativeBase):
    registry = registry(
        metadata=MetaData(naming_convention=NAMING_CONVENTION),
        type_annotation_map={datetime: UtcDateTime},
    )


class ViewLimiter(Limiter):
    """Flask-Limiter, checking limits where they are declared: on views.

    Every Lobby limit decorates a view (accounts/limits.py, the searches), and Flask-Limiter checks
    those in the decorator. Its pass before every request looks for default, application, meta and
    blueprint limits, which Lobby has none of, and cost 16 % of a message send's instructions
    (callgrind, in-process). So that pass is skipped; `init_app` refuses a configuration that
    would need it."""

    def _check_request_limit(self, callable_name=None, in_middleware=True) -> None:
        if not in_middleware:
            super()._check_request_limit(callable_name, in_middleware)

    def init_app(self, app) -> None:
        super().init_app(app)
        manager = self.limit_manager
        if manager.default_limits or manager.application_limits or self._meta_limits or manager._blueprint_limits:
            raise RuntimeError("ViewLimiter checks view limits only: no default, application, meta or blueprint limits")


db = SQLAlchemy(model_class=Model)
migrate = Migrate(render_as_batch=True, compare_type=True)
login_manager = LoginManager()
sock = Sock()
csrf = CSRFProtect()
limiter = ViewLimiter(key_func=get_remote_address)
