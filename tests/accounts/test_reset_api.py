"""`POST /api/auth/forgot-password` and `/reset-password`: no enumeration, the mail and its link,
a single-use one-hour token, and a reset that ends every session."""
import re
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from lobby.accounts.models import PasswordReset
from lobby.database import utcnow
from lobby.extensions import db
from tests.accounts.conftest import PASSWORD
from tests.support import html_of, run_jobs, text_of

EMAIL = "anna@example.com"
NEW_PASSWORD = "brand-new-secret-7"
RESET_SUBJECT = "Сброс пароля Lobby"
RESET_INVALID = {"message": "Ссылка для сброса пароля недействительна или устарела. Запросите новую.",
                 "code": "RESET_TOKEN_INVALID"}


def forgot(accounts, email: str = EMAIL):
    response = accounts.client.post("/api/auth/forgot-password", json={"email": email})
    run_jobs(accounts.app)
    return response


def reset_mails(accounts, email: str = EMAIL) -> list:
    return [m for m in accounts.mailbox.sent_to(email) if m["Subject"] == RESET_SUBJECT]


def reset_mail(accounts):
    accounts.mailbox.wait_for(EMAIL, count=2)  # after the verification code's
    [mail] = reset_mails(accounts)
    return mail


def token_in(app, body: str) -> str:
    link = re.escape(app.config["PUBLIC_URL"]) + r"/auth/reset-password\?token=([A-Za-z0-9_-]+)"
    return re.search(link, body).group(1)


def reset(client, token: str, password: str = NEW_PASSWORD):
    return client.post("/api/auth/reset-password", json={"token": token, "password": password})


@pytest.fixture
def reset_token(accounts, app) -> str:
    """A verified account that asked for a reset; the token from its mail."""
    accounts.verified()
    assert forgot(accounts).status_code == 200
    return token_in(app, text_of(reset_mail(accounts)))


def test_forgot_password_answers_alike_for_known_and_unknown_addresses(accounts):
    accounts.verified()
    known = forgot(accounts, EMAIL)
    unknown = forgot(accounts, "nobody@example.com")
    assert known.status_code == unknown.status_code == 200
    assert known.get_json() == unknown.get_json() == {
        "message": "Если аккаунт с этим email существует, мы отправили письмо со ссылкой."}
    accounts.mailbox.wait_for(EMAIL, count=2)
    assert len(reset_mails(accounts)) == 1
    assert accounts.mailbox.sent_to("nobody@example.com") == []


def test_the_reset_mail_is_russian_text_and_html_with_a_link_to_the_public_site(accounts, app, reset_token):
    mail = reset_mail(accounts)
    assert mail["From"] == app.config["MAIL_DEFAULT_SENDER"]
    link = f"{app.config['PUBLIC_URL']}/auth/reset-password?token={reset_token}"
    for body in (text_of(mail), html_of(mail)):
        assert "Здравствуйте, Анна!" in body and "Ссылка действует 60 минут" in body
        assert link in body


def test_the_reset_row_keeps_only_a_hash_of_the_token(app, reset_token):
    with app.app_context():
        [row] = db.session.scalars(select(PasswordReset)).all()
    assert reset_token not in row.token_hash
    assert re.fullmatch(r"[0-9a-f]{64}", row.token_hash)


def test_a_reset_sets_the_new_password(accounts, client, reset_token):
    response = reset(client, reset_token)
    assert response.status_code == 200
    assert response.get_json() == {"message": "Пароль изменен. Войдите с новым паролем."}
    assert accounts.login(password=PASSWORD).status_code == 401
    assert accounts.login(password=NEW_PASSWORD).status_code == 200


def test_a_reset_token_works_only_once(accounts, client, reset_token):
    assert reset(client, reset_token).status_code == 200
    again = reset(client, reset_token, "yet-another-password")
    assert again.status_code == 400
    assert again.get_json() == RESET_INVALID
    assert accounts.login(password="yet-another-password").status_code == 401


def test_a_reset_token_expires_after_an_hour(accounts, client, app, reset_token):
    with app.app_context():
        [row] = db.session.scalars(select(PasswordReset)).all()
        assert timedelta(minutes=59) < row.expires_at - row.created_at <= timedelta(hours=1)
        db.session.execute(update(PasswordReset).values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
    response = reset(client, reset_token)
    assert response.status_code == 400
    assert response.get_json() == RESET_INVALID
    assert accounts.login(password=PASSWORD).status_code == 200


def test_an_unknown_reset_token_is_refused(client):
    response = reset(client, "made-up-token")
    assert response.status_code == 400
    assert response.get_json() == RESET_INVALID


def test_a_short_new_password_is_refused_and_the_token_stays_usable(client, reset_token):
    response = reset(client, reset_token, "1234567")
    assert response.status_code == 422
    assert response.get_json() == {"message": "Пароль должен содержать минимум 8 символов",
                                   "code": "VALIDATION_ERROR",
                                   "errors": {"password": "Пароль должен содержать минимум 8 символов"}}
    assert reset(client, reset_token).status_code == 200


def test_a_reset_ends_every_session(accounts, client, app):
    access = accounts.signed_in()
    refresh = client.get_cookie("lobby_refresh", path="/api/auth").value
    assert client.get("/app").status_code == 200
    assert forgot(accounts).status_code == 200
    token = token_in(app, text_of(reset_mail(accounts)))

    assert reset(app.test_client(), token).status_code == 200

    assert app.test_client().post("/api/auth/refresh", json={"refreshToken": refresh}).status_code == 401
    assert client.post("/api/auth/refresh").status_code == 401
    assert client.get("/api/auth/me", headers={"Authorization": f"Bearer {access}"}).status_code == 401
    page = client.get("/app")
    assert page.status_code == 302 and page.headers["Location"] == "/auth"


@pytest.mark.parametrize("email, message", [("not-an-email", "Введите корректный email"), ("", "Введите email")])
def test_forgot_password_for_something_that_is_not_an_address_is_422(accounts, email, message):
    response = forgot(accounts, email)
    assert response.status_code == 422
    assert response.get_json() == {"message": message, "code": "VALIDATION_ERROR", "errors": {"email": message}}
