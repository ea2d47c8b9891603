def test_healthz_reports_the_database_and_the_mode(client, app):
    response = client.get("/healthz")
    body = response.get_json()
    assert response.status_code == 200
    assert body["status"] == "ok" and body["database"] == "ok"
    expected = "embedded" if app.config["REDIS_URL"] is None else "production"
    assert body["mode"] == expected


def test_healthz_checks_redis_when_configured(make_app, app, redis_url):
    assert make_app(REDIS_URL=redis_url).test_client().get("/healthz").get_json()["redis"] == "ok"


def test_healthz_is_503_when_redis_is_unreachable(make_app, app):
    response = make_app(REDIS_URL="redis://127.0.0.1:1/0").test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["redis"] == "unreachable"


def test_healthz_is_503_when_the_database_is_unreachable(make_app, app, tmp_path):
    broken = make_app(DATABASE_URL=f"sqlite:///{tmp_path}/missing-folder/lobby.db")
    response = broken.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["database"] == "unreachable"
