"""E-mail verification codes: the mail, how the code is kept, and `/verify-email-code` and
`/verify-email-resend` with their limits."""
import re
from datetime import timedelta

from sqlalchemy import select

from lobby.accounts.models import EmailCode
from lobby.database import utcnow
from lobby.extensions import db
from tests.accounts.conftest import code_in
from tests.support import html_of, run_jobs, text_of

EMAIL = "anna@example.com"
INVALID = {"message": "Неверный код. Проверьте правильность ввода.", "code": "CODE_INVALID"}
LOCKED = {"message": "Слишком много неверных попыток. Запросите новый код.", "code": "CODE_LOCKED"}
EXPIRED = {"message": "Код подтверждения истек. Запросите новый код.", "code": "CODE_EXPIRED"}
ALREADY_VERIFIED = {"message": "Email уже подтвержден", "code": "ALREADY_VERIFIED"}


def verify(client, code: str, email: str = EMAIL):
    return client.post("/api/auth/verify-email-code", json={"email": email, "code": code})


def resend(accounts, **payload):
    response = accounts.client.post("/api/auth/verify-email-resend", json=payload or None)
    run_jobs(accounts.app)
    return response


def registered_code(accounts) -> str:
    assert accounts.register().status_code == 201
    return code_in(accounts.mailbox.wait_for(EMAIL))


def other_than(code: str) -> str:
    return f"{(int(code) + 1) % 10**6:06d}"


def code_rows(app) -> list[EmailCode]:
    with app.app_context():
        return db.session.scalars(select(EmailCode).order_by(EmailCode.id)).all()


def test_the_code_mail_is_russian_text_and_html_from_the_configured_sender(accounts, app):
    code = registered_code(accounts)
    mail = accounts.mailbox.wait_for(EMAIL)
    assert mail["From"] == app.config["MAIL_DEFAULT_SENDER"]
    assert mail["To"] == EMAIL
    assert mail["Subject"] == "Код подтверждения Lobby"
    assert re.fullmatch(r"\d{6}", code)
    for body in (text_of(mail), html_of(mail)):
        assert "Здравствуйте, Анна!" in body and code in body
        assert "Код действителен 10 минут" in body


def test_the_code_is_stored_only_as_a_hash(accounts, app):
    code = registered_code(accounts)
    [row] = code_rows(app)
    assert code not in row.code_hash
    assert re.fullmatch(r"[0-9a-f]{64}", row.code_hash)


def test_the_right_code_verifies_the_address(accounts, client):
    code = registered_code(accounts)
    response = verify(client, code)
    assert response.status_code == 200
    body = response.get_json()
    assert body["message"] == "Email успешно подтвержден"
    assert body["user"]["email"] == EMAIL and body["user"]["isEmailVerified"] is True
    assert accounts.login().status_code == 200


def test_a_wrong_code_is_refused(accounts, client):
    code = registered_code(accounts)
    response = verify(client, other_than(code))
    assert response.status_code == 400
    assert response.get_json() == INVALID
    assert accounts.login().status_code == 403  # still unverified


def test_five_wrong_tries_kill_the_code_even_for_the_right_one(accounts, client):
    code = registered_code(accounts)
    for _ in range(4):
        assert verify(client, other_than(code)).get_json() == INVALID
    fifth = verify(client, other_than(code))
    assert fifth.status_code == 400 and fifth.get_json() == LOCKED
    afterwards = verify(client, code)
    assert afterwards.status_code == 400 and afterwards.get_json()["code"] != "ALREADY_VERIFIED"
    assert accounts.login().status_code == 403


def test_an_expired_code_is_refused(accounts, client, app):
    code = registered_code(accounts)
    with app.app_context():
        row = db.session.scalar(select(EmailCode))
        row.expires_at = utcnow() - timedelta(seconds=1)
        db.session.commit()
    response = verify(client, code)
    assert response.status_code == 400
    assert response.get_json() == EXPIRED


def test_a_code_works_only_once(accounts, client):
    code = registered_code(accounts)
    assert verify(client, code).status_code == 200
    again = verify(client, code)
    assert again.status_code == 409
    assert again.get_json() == ALREADY_VERIFIED


def test_resend_by_address_sends_a_new_code_and_the_old_one_stops_working(accounts, client):
    old = registered_code(accounts)
    accounts.countdown_over()
    response = resend(accounts, email=EMAIL)
    assert response.status_code == 200
    assert response.get_json() == {"message": "Новый код отправлен на email"}
    new = code_in(accounts.mailbox.wait_for(EMAIL, count=2))
    assert verify(client, old).get_json() == INVALID
    assert verify(client, new).status_code == 200


def test_resend_with_no_body_uses_the_address_just_registered(accounts, client):
    old = registered_code(accounts)
    accounts.countdown_over()
    response = resend(accounts)
    assert response.status_code == 200
    new = code_in(accounts.mailbox.wait_for(EMAIL, count=2))
    assert verify(client, old).get_json() == INVALID
    assert verify(client, new).status_code == 200


def test_resend_with_no_address_known_asks_for_one(app):
    response = app.test_client().post("/api/auth/verify-email-resend")
    assert response.status_code == 400
    assert response.get_json() == {"message": "Email не указан", "code": "EMAIL_REQUIRED"}


def test_at_most_five_codes_per_address_a_day(accounts):
    registered_code(accounts)
    for number in range(4):
        accounts.countdown_over()
        assert resend(accounts, email=EMAIL).status_code == 200, number
    accounts.countdown_over()
    response = resend(accounts, email=EMAIL)
    assert response.status_code == 429
    assert response.get_json() == {"message": "Превышен лимит кодов на сегодня. Попробуйте завтра.",
                                   "code": "CODE_DAILY_LIMIT"}
    assert 86000 < int(response.headers["Retry-After"]) <= 86401  # when the oldest code turns a day old
    assert len(accounts.mailbox.sent_to(EMAIL)) == 5


def test_resend_for_a_verified_address_is_a_conflict(accounts):
    accounts.verified()
    response = resend(accounts, email=EMAIL)
    assert response.status_code == 409
    assert response.get_json() == ALREADY_VERIFIED
    assert len(accounts.mailbox.sent_to(EMAIL)) == 1


def test_verification_without_an_email_names_the_field(client):
    response = client.post("/api/auth/verify-email-code", json={"code": "123456"})
    assert response.status_code == 422
    assert response.get_json() == {"message": "Email не указан", "code": "VALIDATION_ERROR",
                                   "errors": {"email": "Email не указан"}}


def test_a_code_that_is_not_six_digits_names_the_field(client):
    response = verify(client, "12a456")
    assert response.status_code == 422
    assert response.get_json() == {"message": "Введите 6-значный код", "code": "VALIDATION_ERROR",
                                   "errors": {"code": "Введите 6-значный код"}}


def test_an_unverified_user_cannot_sign_in_and_gets_no_session(accounts, client):
    registered_code(accounts)
    response = accounts.login()
    assert response.status_code == 403
    assert response.get_json() == {"message": "Подтвердите email перед входом в систему",
                                   "code": "EMAIL_NOT_VERIFIED"}
    assert not any(cookie.startswith("lobby_refresh=") for cookie in response.headers.getlist("Set-Cookie"))
    assert client.get_cookie("lobby_refresh", path="/api/auth") is None
    assert client.post("/api/auth/refresh").status_code == 401
    assert client.get("/app").headers["Location"] == "/auth"
