"""The visitor's language switch (templates/_partials/language_switch.html, POST /language in
lobby/i18n.py): a plain form on the landing and auth pages that keeps the choice in a cookie and
comes back to the page it was sent from, never to another site. The English texts come with the
catalogue; until then `<html lang>` and the marked button say which language is chosen."""
from __future__ import annotations

import re

import pytest

from lobby.accounts import actions
from lobby.accounts.actions import find_user
from lobby.settings.store import settings_of
from tests.accounts.conftest import PASSWORD

AUTH_PAGES = ["/auth", "/auth/register", "/auth/forgot-password", "/auth/reset-password?token=abc",
              "/auth/verify-email?email=anna@example.com"]


def html_lang(response) -> str:
    return re.search(r'<html lang="(\w+)"', response.get_data(as_text=True)).group(1)


def switch_of(response) -> str:
    found = re.search(r'<nav class="language-switch"[^>]*>.*?</nav>', response.get_data(as_text=True), re.S)
    assert found, "the page has no language switch"
    return found.group(0)


def marked(switch: str) -> list[str]:
    """The languages whose button is marked as the current one."""
    return re.findall(r'<button[^>]*value="(\w+)"[^>]*aria-current="true"', switch)


def choose(client, lang: str, next_: str = "/"):
    return client.post("/language", data={"lang": lang, "next": next_})


def test_the_landing_shows_the_switch_with_russian_marked(client):
    switch = switch_of(client.get("/"))
    assert 'aria-label="Язык"' in switch
    assert 'method="post" action="/language"' in switch
    assert 'name="csrf_token"' in switch and '<input type="hidden" name="next" value="/">' in switch
    assert re.search(r'<button[^>]*name="lang" value="ru"[^>]*>Русский</button>', switch)
    assert re.search(r'<button[^>]*name="lang" value="en"[^>]*>English</button>', switch)
    assert marked(switch) == ["ru"]


@pytest.mark.parametrize("path", AUTH_PAGES)
def test_every_auth_page_has_the_switch_coming_back_to_itself(client, path):
    response = client.get(path)
    switch = switch_of(response)
    assert f'name="next" value="{path}"' in switch
    assert marked(switch) == ["ru"] and html_lang(response) == "ru"


def test_choosing_english_sets_the_cookie_and_comes_back(client):
    answer = choose(client, "en", "/auth/register")
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/auth/register"
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("lang=en;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert client.get_cookie("lang").value == "en"
    page = client.get("/auth/register")
    assert html_lang(page) == "en" and marked(switch_of(page)) == ["en"]
    assert html_lang(client.get("/")) == "en"


def test_choosing_russian_again_switches_back(client):
    choose(client, "en")
    answer = choose(client, "ru", "/auth")
    assert answer.status_code == 303 and answer.headers["Location"] == "/auth"
    assert client.get_cookie("lang").value == "ru"
    assert html_lang(client.get("/auth")) == "ru" and marked(switch_of(client.get("/"))) == ["ru"]


def test_the_query_of_the_page_comes_back_too(client):
    path = "/auth/verify-email?email=anna@example.com"
    assert choose(client, "en", path).headers["Location"] == path


@pytest.mark.parametrize("target", ["//evil.example", "https://evil.example", "http://evil.example/auth",
                                    "/\\evil.example", "evil.example", "javascript:alert(1)", ""])
def test_a_next_outside_the_site_goes_home(client, target):
    answer = choose(client, "en", target)
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/"
    assert client.get_cookie("lang").value == "en"


@pytest.mark.parametrize("lang", ["de", "", "EN", "en-US"])
def test_an_unknown_language_changes_nothing(client, lang):
    answer = choose(client, lang, "/auth")
    assert answer.status_code == 303 and answer.headers["Location"] == "/auth"
    assert "Set-Cookie" not in answer.headers and client.get_cookie("lang") is None
    assert html_lang(client.get("/")) == "ru"


def test_an_unknown_language_keeps_an_earlier_choice(client):
    choose(client, "en")
    choose(client, "de")
    assert client.get_cookie("lang").value == "en" and html_lang(client.get("/")) == "en"


def test_without_a_choice_the_browser_language_decides_and_a_choice_wins_over_it(client):
    english_browser = {"Accept-Language": "en-US,en;q=0.9"}
    assert html_lang(client.get("/", headers=english_browser)) == "en"
    assert html_lang(client.get("/", headers={"Accept-Language": "de-DE"})) == "ru"
    choose(client, "ru")
    page = client.get("/", headers=english_browser)
    assert html_lang(page) == "ru" and marked(switch_of(page)) == ["ru"]


def test_a_signed_in_persons_choice_is_their_setting(app):
    with app.app_context():
        actions.do_register({"username": "anna", "email": "anna@example.com", "firstName": "Анна",
                             "lastName": "Смирнова", "password": PASSWORD}, verified=True)
    client = app.test_client()
    assert client.post("/auth", data={"emailOrUsername": "anna", "password": PASSWORD}).status_code == 302
    assert choose(client, "en", "/app").headers["Location"] == "/app"
    with app.app_context():
        assert settings_of(find_user("anna").id)["general"]["language"] == "en"
    assert html_lang(client.get("/app/settings/general")) == "en"


def test_the_settings_page_names_the_languages_in_their_own_language(app):
    with app.app_context():
        actions.do_register({"username": "anna", "email": "anna@example.com", "firstName": "Анна",
                             "lastName": "Смирнова", "password": PASSWORD}, verified=True)
    client = app.test_client()
    client.post("/auth", data={"emailOrUsername": "anna", "password": PASSWORD})
    page = client.get("/app/settings/general").get_data(as_text=True)
    assert '<option value="ru" lang="ru" selected>Русский</option>' in page
    assert '<option value="en" lang="en">English</option>' in page


def test_the_switch_needs_its_csrf_token(make_app, app):
    protected = make_app({"WTF_CSRF_ENABLED": True})
    client = protected.test_client()
    assert client.post("/language", data={"lang": "en", "next": "/"}).status_code == 400
    assert client.get_cookie("lang") is None
    token = re.search(r'name="csrf_token" value="([^"]+)"', switch_of(client.get("/"))).group(1)
    answer = client.post("/language", data={"csrf_token": token, "lang": "en", "next": "/auth"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/auth"
    assert html_lang(client.get("/auth")) == "en"
