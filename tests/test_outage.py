"""The database away (a restart, a failover): every answer is a 503 with Retry-After, never a 500.
The app here points at a PostgreSQL port where nothing listens, as during a restart."""
from types import SimpleNamespace

import pytest

from lobby.accounts.tokens import issue_access_token
from tests.realtime.conftest import Socket
from tests.support import LiveServer, free_port


@pytest.fixture
def stranded(make_app):
    """An app whose database does not answer, and a token it would otherwise take."""
    app = make_app(DATABASE_URL=f"postgresql://postgres@127.0.0.1:{free_port()}/lobby")
    with app.test_request_context():
        token = issue_access_token(SimpleNamespace(id=1, session_version=1), 1)
    return app, token


def test_an_api_call_answers_503_with_retry_after(stranded):
    app, token = stranded
    response = app.test_client().get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 503
    assert response.get_json() == {"message": "Сервис временно недоступен", "code": "SERVICE_UNAVAILABLE"}
    assert int(response.headers["Retry-After"]) > 0


def test_a_page_answers_503_saying_to_come_back(stranded):
    app, _ = stranded
    client = app.test_client()
    with client.session_transaction() as session:
        session["_user_id"] = "1:1:1"  # a signed-in browser (user:session version:sign-in): read from the database
    response = client.get("/app")
    assert response.status_code == 503 and int(response.headers["Retry-After"]) > 0
    assert "Сервис временно недоступен" in response.get_data(as_text=True)


def test_health_names_the_database(stranded):
    app, _ = stranded
    response = app.test_client().get("/healthz")
    assert response.status_code == 503 and response.get_json()["database"] == "unreachable"


def test_a_live_socket_is_asked_to_come_back_later(stranded):
    app, token = stranded
    with LiveServer(app) as server:
        assert Socket(server.url, token).closed_with(timeout=10) == (1013, "try again later")


def test_a_message_sent_meanwhile_answers_503_not_500(stranded):
    """The send's one statement takes its connection from the pool itself (database.HotStatement)."""
    app, token = stranded
    response = app.test_client().post("/api/messages/1/messages", json={"content": "есть кто?"},
                                      headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 503 and response.get_json()["code"] == "SERVICE_UNAVAILABLE"


@pytest.fixture
def one_connection(make_app, database_url):
    """An app whose pool holds one database connection and waits half a second for it (SQLite's
    file database is pooled the same way), and a token it would otherwise take."""
    from lobby.config import engine_options

    options = {**engine_options(database_url, 1), "pool_size": 1, "max_overflow": 0, "pool_timeout": 0.5}
    app = make_app({"SQLALCHEMY_ENGINE_OPTIONS": options})
    with app.test_request_context():
        token = issue_access_token(SimpleNamespace(id=1, session_version=1), 1)
    return app, token


def test_a_call_that_finds_every_pooled_connection_busy_answers_503(one_connection):
    from lobby.extensions import db

    app, token = one_connection
    with app.app_context():
        held = db.engine.connect()  # the pool's only connection, busy with "another request"
        try:
            response = app.test_client().get("/api/servers", headers={"Authorization": f"Bearer {token}"})
        finally:
            held.close()
    assert response.status_code == 503
    assert response.get_json() == {"message": "Сервис временно недоступен", "code": "SERVICE_UNAVAILABLE"}
    assert int(response.headers["Retry-After"]) > 0
