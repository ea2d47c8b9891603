import re
from pathlib import Path

import pytest

LANDING_TEXTS = ["Войти", "Начать", "Создать аккаунт", "Уже с нами? Войдите в аккаунт",
                 "Быстрый чат", "Голосовые каналы", "Гибкие настройки"]


@pytest.fixture
def failing_app(make_app, app):
    app = make_app({"PROPAGATE_EXCEPTIONS": False})

    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    @app.get("/api/boom")
    def api_boom():
        raise RuntimeError("boom")

    return app


def test_landing_shows_the_product_and_the_way_in(client):
    response = client.get("/")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert '<html lang="ru"' in page
    for text in LANDING_TEXTS:
        assert text in page
    assert re.search(r'href="/auth"[^>]*>\s*Войти', page)
    assert re.search(r'href="/auth/register"[^>]*>\s*Начать', page)
    assert "нового поколения" in page


def test_landing_has_skip_link_favicon_toaster_and_frame_banner(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="#content"' in page and 'id="content"' in page
    assert re.search(r'<link rel="icon" href="/static/img/favicon.svg\?v=\w+"', page)
    assert 'data-island="toaster"' in page
    assert 'data-island="frame-banner"' in page
    assert re.search(r'<script type="module" src="/static/build/ru/main-\w+\.js"', page)


def test_unknown_path_is_a_404_page_with_a_way_home(client):
    response = client.get("/no/such/page")
    page = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "Not Found" in page
    assert 'href="/"' in page


def test_unknown_api_path_answers_json(client):
    response = client.get("/api/no-such-call")
    assert response.status_code == 404
    assert response.is_json
    assert response.get_json()["code"] == "NOT_FOUND"
    assert response.get_json()["message"]


def test_wrong_method_on_the_api_answers_json_with_allow(client, app):
    @app.get("/api/only-get")
    def only_get():
        return {"ok": True}

    response = client.post("/api/only-get")
    assert response.status_code == 405
    assert response.get_json()["code"] == "METHOD_NOT_ALLOWED"
    assert "GET" in response.headers["Allow"]
    assert response.get_json()["message"] == "Этот метод не поддерживается"


def test_server_error_page_offers_retry_and_reload(failing_app):
    response = failing_app.test_client().get("/boom")
    page = response.get_data(as_text=True)
    assert response.status_code == 500
    for text in ["Что-то пошло не так", "Произошла ошибка в приложении. Попробуйте перезагрузить страницу.",
                 "Попробовать снова", "Перезагрузить"]:
        assert text in page
    assert response.headers["X-Request-Id"] in page
    assert "RuntimeError" not in page


def test_server_error_on_the_api_is_json_not_html(failing_app):
    response = failing_app.test_client().get("/api/boom")
    assert response.status_code == 500
    assert response.get_json() == {"message": "Внутренняя ошибка сервера", "code": "INTERNAL_ERROR"}


def test_plain_http_errors_speak_russian_on_pages_and_api(client, app):
    @app.get("/api/only-get-too")
    def only_get_too():
        return {"ok": True}

    page = client.post("/")
    assert page.status_code == 405
    assert "Этот метод не поддерживается" in page.get_data(as_text=True)
    assert client.post("/api/only-get-too").get_json()["message"] == "Этот метод не поддерживается"


def test_error_pages_render_even_when_islands_are_not_built(failing_app, monkeypatch):
    monkeypatch.setattr("lobby.islands.build_folder", lambda app: Path(app.instance_path) / "nothing-here")
    response = failing_app.test_client().get("/boom")
    assert response.status_code == 500
    assert "Что-то пошло не так" in response.get_data(as_text=True)
    assert "/static/build/" not in response.get_data(as_text=True)
