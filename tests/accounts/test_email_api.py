"""Changing the e-mail address through `/api/account/email` and `email/confirm`: the code goes to
the new address, and nothing changes until it comes back."""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update

from lobby.accounts.models import EmailCode
from lobby.database import utcnow
from lobby.extensions import db
from tests.accounts.conftest import PASSWORD, code_in, has_code
from tests.support import text_of
from tests.servers.conftest import cheap_password_hashing, people  # noqa: F401 (fixtures; cheap hashing here only)

NEW = "anna.new@example.com"


def start(laptop, email: str = NEW, password: str = PASSWORD):
    return laptop.post("/api/account/email", {"currentPassword": password, "newEmail": email})


def test_the_address_changes_only_with_the_code_mailed_to_the_new_one(device, mail_to, accounts, mailbox):
    laptop = device()
    response = start(laptop)
    assert response.status_code == 200
    body = response.get_json()
    assert body["pendingEmail"] == NEW and 55 <= body["resendIn"] <= 60
    assert laptop.me().get_json()["user"]["email"] == "anna@example.com"  # not yet
    code = code_in(mail_to(NEW))

    confirmed = laptop.post("/api/account/email/confirm", {"code": code})
    assert confirmed.status_code == 200
    assert confirmed.get_json()["message"] == "Email изменён"
    assert laptop.me().get_json()["user"]["email"] == NEW
    assert accounts.login(NEW).status_code == 200
    assert accounts.login("anna@example.com").status_code == 401
    told = mail_to("anna@example.com")
    assert "изменён" in text_of(told) and not has_code(told)  # the old address hears of it
    assert laptop.post("/api/account/email/confirm", {"code": code}).status_code == 400  # single use


def test_a_wrong_current_password_sends_nothing(device, mail_to, mailbox):
    laptop = device()
    response = start(laptop, password="not-my-password")
    assert response.status_code == 403 and response.get_json()["code"] == "WRONG_PASSWORD"
    mail_to("anna@example.com")  # let queued jobs run
    assert mailbox.sent_to(NEW) == []
    assert laptop.post("/api/account/email/confirm", {"code": "123456"}).status_code == 400


def test_wrong_and_expired_codes_are_refused(app, device, mail_to):
    laptop = device()
    assert start(laptop).status_code == 200
    code = code_in(mail_to(NEW))
    wrong = "000000" if code != "000000" else "111111"
    refused = laptop.post("/api/account/email/confirm", {"code": wrong})
    assert refused.status_code == 400 and refused.get_json()["code"] == "CODE_INVALID"
    malformed = laptop.post("/api/account/email/confirm", {"code": "12"})
    assert malformed.status_code == 422 and "code" in malformed.get_json()["errors"]
    with app.app_context():
        db.session.execute(update(EmailCode).values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
    expired = laptop.post("/api/account/email/confirm", {"code": code})
    assert expired.status_code == 400 and expired.get_json()["code"] == "CODE_EXPIRED"
    assert laptop.me().get_json()["user"]["email"] == "anna@example.com"


def test_an_address_someone_uses_gets_the_same_answer_and_no_code(device, accounts, mail_to, people):
    people("boris")  # boris@example.com is taken
    laptop = device()
    taken = start(laptop, "boris@example.com").get_json()
    notice = mail_to("boris@example.com")
    assert not has_code(notice) and "уже используется" in text_of(notice)  # its owner is told, no code
    for guess in ("123456", "654321"):
        refused = laptop.post("/api/account/email/confirm", {"code": guess})
        assert refused.get_json()["code"] == "CODE_INVALID"  # as any wrong code would be
    assert laptop.me().get_json()["user"]["email"] == "anna@example.com"
    assert taken["pendingEmail"] == "boris@example.com"  # shown as waiting, like any address


def test_a_free_and_a_taken_address_answer_alike(app, device, people, mail_to):
    people("boris")
    laptop = device()
    answers = []
    for address in ("boris@example.com", "free.one@example.com"):
        response = start(laptop, address)
        answers.append((response.status_code, response.get_json()["message"], response.get_json()["resendIn"] > 0))
        with app.app_context():  # past the resend countdown
            db.session.execute(update(EmailCode).values(created_at=utcnow() - timedelta(minutes=2)))
            db.session.commit()
    assert answers[0] == answers[1] == (200, "Код отправлен на новый адрес. Введите его, чтобы подтвердить смену email.",
                                        True)


def test_a_new_code_waits_sixty_seconds_and_replaces_the_old_one(app, device, mail_to):
    laptop = device()
    assert start(laptop).status_code == 200
    first = code_in(mail_to(NEW))
    early = laptop.post("/api/account/email/resend")
    assert early.status_code == 429 and int(early.headers["Retry-After"]) > 50
    with app.app_context():
        db.session.execute(update(EmailCode).values(created_at=utcnow() - timedelta(seconds=61)))
        db.session.commit()
    again = laptop.post("/api/account/email/resend")
    assert again.status_code == 200 and again.get_json()["pendingEmail"] == NEW
    second = code_in(mail_to(NEW))
    if first != second:
        assert laptop.post("/api/account/email/confirm", {"code": first}).status_code == 400
    assert laptop.post("/api/account/email/confirm", {"code": second}).status_code == 200


def test_nothing_to_resend_without_a_change(device):
    response = device().post("/api/account/email/resend")
    assert response.status_code == 409 and response.get_json()["code"] == "NO_EMAIL_CHANGE"


def test_the_current_address_and_a_malformed_one_are_refused(device):
    laptop = device()
    same = start(laptop, "ANNA@example.com")
    assert same.status_code == 422 and same.get_json()["errors"] == {"newEmail": "Это ваш текущий email"}
    bad = start(laptop, "not-an-address")
    assert bad.status_code == 422 and "newEmail" in bad.get_json()["errors"]
