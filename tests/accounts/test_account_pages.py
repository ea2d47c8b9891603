"""The account and security settings page with JavaScript off: plain forms, POST → 303 + flash,
errors beside their fields. The same flows as the API tests, through the forms."""
from __future__ import annotations

import re

from tests.accounts.conftest import FIREFOX, PASSWORD, PHONE, code_in, page_text
from tests.servers.conftest import cheap_password_hashing, people  # noqa: F401 (fixtures; cheap hashing here only)

PAGE = "/app/settings/account"
NEW = "anna.new@example.com"


def browser(app, identifier: str = "anna@example.com", password: str = PASSWORD, agent: str = FIREFOX):
    """A browser signed in through the no-JS sign-in form."""
    client = app.test_client()
    response = client.post("/auth", data={"emailOrUsername": identifier, "password": password},
                           headers={"User-Agent": agent})
    assert response.status_code == 302, page_text(response)
    return client


def test_the_page_shows_the_address_the_sessions_and_the_forms(app, anna, device):
    device(PHONE)
    html = page_text(browser(app).get(PAGE))
    assert "Аккаунт и безопасность" in html and "anna@example.com" in html
    assert "Это устройство" in html and "Chrome, Android" in html and "Firefox, Windows" in html
    assert "Выйти на всех других устройствах" in html and 'name="csrf_token"' in html
    for action in ("/password", "/email", "/delete", "/sessions/others/end"):
        assert f'action="{PAGE}{action}"' in html


def test_anonymous_visitors_go_to_sign_in(client):
    assert client.get(PAGE).headers["Location"] == "/auth"
    assert client.post(f"{PAGE}/password", data={}).headers["Location"] == "/auth"


def test_changing_the_password_through_the_form(app, anna, device):
    me, phone = browser(app), device(PHONE)
    wrong = me.post(f"{PAGE}/password", data={"currentPassword": "nope-nope", "newPassword": "another-pass-1"})
    assert wrong.status_code == 403 and "Неверный текущий пароль" in page_text(wrong)
    assert 'id="error-password-currentPassword" role="alert"' in page_text(wrong)  # beside its field
    assert phone.me().status_code == 200

    done = me.post(f"{PAGE}/password", data={"currentPassword": PASSWORD, "newPassword": "another-pass-1"})
    assert done.status_code == 303 and done.headers["Location"] == PAGE
    assert "Пароль изменён" in page_text(me.get(PAGE))  # the flash, and still signed in
    assert phone.me().status_code == 401


def test_changing_the_email_through_the_forms(app, anna, mail_to):
    me = browser(app)
    started = me.post(f"{PAGE}/email", data={"currentPassword": PASSWORD, "newEmail": NEW})
    assert started.status_code == 303
    html = page_text(me.get(PAGE))
    assert f"Код отправлен на <strong>{NEW}</strong>" in html and "Отправить код повторно через" in html

    wrong = me.post(f"{PAGE}/email/confirm", data={"code": "000000" if "000000" != code_in(mail_to(NEW)) else "111111"})
    assert wrong.status_code == 400 and 'id="error-confirm-code"' in page_text(wrong)
    done = me.post(f"{PAGE}/email/confirm", data={"code": code_in(mail_to(NEW))})
    assert done.status_code == 303
    html = page_text(me.get(PAGE))
    assert "Email изменён" in html and f"<strong>{NEW}</strong>" in html


def test_signing_sessions_out_through_the_forms(app, anna, device):
    me, phone, tablet = browser(app), device(PHONE), device()
    html = page_text(me.get(PAGE))
    phone_id = re.search(r'action="/app/settings/account/sessions/(\d+)/end"[^>]*>\s*<input[^>]*>\s*'
                         r'<button[^>]*aria-label="Выйти: Chrome, Android"', html).group(1)
    assert me.post(f"{PAGE}/sessions/{phone_id}/end").status_code == 303
    assert phone.me().status_code == 401 and tablet.me().status_code == 200
    assert me.post(f"{PAGE}/sessions/others/end").status_code == 303
    assert tablet.me().status_code == 401
    assert "Вы вышли на всех других устройствах" in page_text(me.get(PAGE))


def test_nobody_signs_out_someone_elses_session_through_the_form(app, anna, device, people):
    phone = device(PHONE)
    phone_id = phone.get("/api/account/sessions").get_json()["sessions"][0]["id"]
    people("boris")
    boris = browser(app, "boris@example.com", "password-123")
    assert boris.post(f"{PAGE}/sessions/{phone_id}/end").status_code == 404
    assert phone.me().status_code == 200


def test_deleting_the_account_through_the_form(app, anna, accounts, client):
    me = browser(app)
    word = me.post(f"{PAGE}/delete", data={"currentPassword": PASSWORD, "confirmation": "да"})
    assert word.status_code == 422 and "Введите слово УДАЛИТЬ" in page_text(word)
    gone = me.post(f"{PAGE}/delete", data={"currentPassword": PASSWORD, "confirmation": "удалить"})
    assert gone.status_code == 303 and gone.headers["Location"] == "/auth"
    assert me.get(PAGE).headers["Location"] == "/auth"  # this browser is signed out
    assert "Аккаунт удалён" in page_text(me.get("/auth"))
    assert accounts.register().status_code == 201  # anna / anna@example.com again


def csrf_of(response) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page_text(response)).group(1)


def test_the_forms_are_protected_by_csrf_tokens(make_app, app, anna):
    protected = make_app({"WTF_CSRF_ENABLED": True})
    me = protected.test_client()
    signed_in = me.post("/auth", data={"csrf_token": csrf_of(me.get("/auth")), "emailOrUsername": "anna",
                                       "password": PASSWORD})
    assert signed_in.status_code == 302
    assert me.post(f"{PAGE}/sessions/others/end").status_code == 400
    assert me.post(f"{PAGE}/sessions/others/end", data={"csrf_token": csrf_of(me.get(PAGE))}).status_code == 303


def test_the_dialog_gets_refusals_as_422_and_the_frame(app, anna):
    me = browser(app)
    wrong = me.post(f"{PAGE}/password", data={"currentPassword": "nope-nope", "newPassword": "another-pass-1"},
                    headers={"HX-Request": "true"})
    assert wrong.status_code == 422 and 'id="settings-frame"' in page_text(wrong)
    assert "<html" not in page_text(wrong)
