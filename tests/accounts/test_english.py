"""English over HTTP: a visitor's browser language or choice, a person's setting, and what follows
from it (pages, bundles, API errors, the mails they are sent, the language they sign up in)."""
from __future__ import annotations

from lobby.accounts.actions import find_user
from lobby.settings.store import settings_of
from tests.accounts.conftest import code_in, registration
from tests.support import run_jobs

ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def test_a_visitor_reads_the_browsers_language_and_russian_otherwise(client):
    english = client.get("/auth", headers=ENGLISH).get_data(as_text=True)
    assert '<html lang="en"' in english and "Log in" in english and "/static/build/en/main-" in english
    russian = client.get("/auth", headers={"Accept-Language": "de-DE,fr;q=0.8"}).get_data(as_text=True)
    assert '<html lang="ru"' in russian and "Войти" in russian and "/static/build/ru/main-" in russian


def test_the_visitors_choice_outweighs_the_browser(client):
    client.post("/language", data={"lang": "ru", "next": "/auth"})
    page = client.get("/auth", headers=ENGLISH).get_data(as_text=True)
    assert '<html lang="ru"' in page and "Войти" in page


def test_api_refusals_speak_the_callers_language(client, accounts):
    accounts.verified()
    wrong = {"email": "anna@example.com", "password": "not-the-password", "rememberMe": False}
    english = client.post("/api/auth/login", json=wrong, headers=ENGLISH)
    assert english.status_code == 401
    assert english.get_json() == {"message": "Incorrect email/username or password", "code": english.get_json()["code"]}
    russian = client.post("/api/auth/login", json=wrong)
    assert russian.get_json()["message"] == "Неверный email/username или пароль"


def test_signing_up_in_english_keeps_english_for_the_mails_and_the_app(app, client, mailbox):
    data = registration(email="ann@example.com", username="ann")
    assert client.post("/api/auth/register", json=data, headers=ENGLISH).status_code == 201
    run_jobs(app)
    mail = mailbox.wait_for("ann@example.com")
    assert mail["Subject"] == "Lobby verification code"
    with app.app_context():
        assert settings_of(find_user("ann").id)["general"]["language"] == "en"
    code = code_in(mail)
    assert client.post("/api/auth/verify-email-code", json={"email": "ann@example.com", "code": code}).status_code == 200
    token = client.post("/api/auth/login", json={"email": "ann@example.com", "password": data["password"]}).get_json()
    # Signed in, her setting decides, whatever the browser says.
    refused = client.post("/api/dms", json={"userId": token["user"]["id"]},
                          headers={"Authorization": f"Bearer {token['accessToken']}", "Accept-Language": "ru"})
    assert refused.status_code == 400 and refused.get_json()["message"] == "You can't message yourself"
    # A `lang` cookie from the visitor's switch rides along: the bearer's setting still decides.
    client.set_cookie("lang", "ru")
    again = client.post("/api/dms", json={"userId": token["user"]["id"]},
                        headers={"Authorization": f"Bearer {token['accessToken']}"})
    assert again.get_json()["message"] == "You can't message yourself"
