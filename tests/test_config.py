from pathlib import Path

from lobby import create_app
from lobby.config import Config


def test_secret_key_is_generated_once_and_kept_in_the_instance_folder(tmp_path):
    env = {"INSTANCE_PATH": str(tmp_path)}
    first = create_app(env=env).config["SECRET_KEY"]
    second = create_app(env=env).config["SECRET_KEY"]
    assert first == second and len(first) >= 40
    assert (tmp_path / "secret_key").read_text() == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def test_two_instances_get_different_generated_keys(tmp_path):
    one = create_app(env={"INSTANCE_PATH": str(tmp_path / "a")}).config["SECRET_KEY"]
    two = create_app(env={"INSTANCE_PATH": str(tmp_path / "b")}).config["SECRET_KEY"]
    assert one != two


def test_secret_key_from_the_environment_wins(tmp_path):
    app = create_app(env={"INSTANCE_PATH": str(tmp_path), "SECRET_KEY": "from-env"})
    assert app.config["SECRET_KEY"] == "from-env"
    assert not (tmp_path / "secret_key").exists()


def test_embedded_defaults_need_no_services(tmp_path):
    config = Config.from_env(tmp_path, {})
    assert config.SQLALCHEMY_DATABASE_URI == f"sqlite:///{tmp_path / 'lobby.db'}"
    assert config.embedded and config.REDIS_URL is None
    assert config.MAIL_SERVER is None
    assert config.UPLOAD_FOLDER == tmp_path / "uploads"
    assert config.OUTBOX_FOLDER == tmp_path / "outbox"


def test_production_settings_come_from_the_environment(tmp_path):
    config = Config.from_env(
        tmp_path,
        {
            "DATABASE_URL": "postgres://lobby:pw@db.internal/lobby",
            "REDIS_URL": "redis://cache.internal:6379/2",
            "MAIL_SERVER": "smtp.internal",
            "MAIL_PORT": "587",
            "MAIL_USE_TLS": "true",
            "MAIL_USERNAME": "robot",
            "MAIL_PASSWORD": "pw",
            "MAIL_DEFAULT_SENDER": "Lobby <hi@lobby.example>",
            "UPLOAD_FOLDER": "/srv/uploads",
        },
    )
    assert config.SQLALCHEMY_DATABASE_URI == "postgresql+psycopg://lobby:pw@db.internal/lobby"
    assert not config.embedded
    assert (config.MAIL_SERVER, config.MAIL_PORT, config.MAIL_USE_TLS) == ("smtp.internal", 587, True)
    assert (config.MAIL_USERNAME, config.MAIL_PASSWORD) == ("robot", "pw")
    assert config.MAIL_DEFAULT_SENDER == "Lobby <hi@lobby.example>"
    assert config.UPLOAD_FOLDER == Path("/srv/uploads")


def test_rate_limits_live_in_redis_in_production_and_in_memory_when_embedded(tmp_path):
    embedded = Config.from_env(tmp_path, {}).flask_settings()
    production = Config.from_env(tmp_path, {"REDIS_URL": "redis://127.0.0.1:6379/0"}).flask_settings()
    assert embedded["RATELIMIT_STORAGE_URI"] == "memory://"
    assert production["RATELIMIT_STORAGE_URI"] == "redis://127.0.0.1:6379/0"


def test_app_factory_creates_the_instance_and_upload_folders(tmp_path):
    create_app(env={"INSTANCE_PATH": str(tmp_path / "inst"), "UPLOAD_FOLDER": str(tmp_path / "up")})
    assert (tmp_path / "inst").is_dir() and (tmp_path / "up").is_dir()


def test_postgresql_pool_holds_the_configured_connections(tmp_path):
    """A gevent worker serves many requests at once. An overflow connection would be a new
    PostgreSQL backend opened and closed again for one request: past the pool, requests wait."""
    url = {"DATABASE_URL": "postgresql://lobby@db.internal/lobby"}
    default = Config.from_env(tmp_path, url).flask_settings()["SQLALCHEMY_ENGINE_OPTIONS"]
    sized = Config.from_env(tmp_path, {**url, "DATABASE_POOL_SIZE": "7"}).flask_settings()["SQLALCHEMY_ENGINE_OPTIONS"]
    assert (default["pool_size"], default["max_overflow"]) == (20, 0)
    assert (sized["pool_size"], sized["max_overflow"]) == (7, 0)
    assert "pool_size" not in Config.from_env(tmp_path, {}).flask_settings()["SQLALCHEMY_ENGINE_OPTIONS"]
