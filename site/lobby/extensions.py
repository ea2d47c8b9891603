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


db = SQLAlchemy(model_class=Model)
migrate = Migrate(render_as_batch=True, compare_type=True)
login_manager = LoginManager()
sock = Sock()
csrf = CSRFProtect()
limiter = Limiter(key_func=get_remote_address)
