"""Changing the password through `/api/account/password`."""
from __future__ import annotations

from tests.accounts.conftest import PASSWORD, PHONE
from tests.servers.conftest import cheap_password_hashing  # noqa: F401 (fixtures; cheap hashing here only)

NEW = "brand-new-password-7"


def test_wrong_current_password_is_refused_and_nothing_changes(device, accounts):
    laptop, phone = device(), device(PHONE)
    response = laptop.post("/api/account/password", {"currentPassword": "not-it-at-all", "newPassword": NEW})
    assert response.status_code == 403
    body = response.get_json()
    assert body["code"] == "WRONG_PASSWORD" and body["errors"] == {"currentPassword": "Неверный текущий пароль"}
    assert phone.me().status_code == 200 and laptop.me().status_code == 200
    assert accounts.login(password=PASSWORD).status_code == 200
    assert accounts.login(password=NEW).status_code == 401


def test_changing_the_password_signs_out_every_other_session_and_keeps_this_one(device, accounts):
    laptop, phone, tablet = device(), device(PHONE), device()
    response = laptop.post("/api/account/password", {"currentPassword": PASSWORD, "newPassword": NEW})
    assert response.status_code == 200
    assert response.get_json() == {"message": "Пароль изменён. Остальные сеансы завершены."}
    assert laptop.me().status_code == 200
    assert phone.me().status_code == 401 and tablet.me().status_code == 401
    assert phone.client.post("/api/auth/refresh").status_code == 401  # their refresh chains ended too
    assert accounts.login(password=PASSWORD).status_code == 401
    assert accounts.login(password=NEW).status_code == 200


def test_the_new_password_follows_the_rules(device):
    laptop = device()
    short = laptop.post("/api/account/password", {"currentPassword": PASSWORD, "newPassword": "short"})
    assert short.status_code == 422
    assert short.get_json()["errors"] == {"newPassword": "Пароль должен содержать минимум 8 символов"}
    same = laptop.post("/api/account/password", {"currentPassword": PASSWORD, "newPassword": PASSWORD})
    assert same.status_code == 422
    assert same.get_json()["errors"] == {"newPassword": "Новый пароль должен отличаться от текущего"}
    empty = laptop.post("/api/account/password", {"newPassword": NEW})
    assert empty.status_code == 422 and empty.get_json()["errors"] == {"currentPassword": "Введите текущий пароль"}


def test_anonymous_callers_cannot_change_a_password(client):
    response = client.post("/api/account/password", json={"currentPassword": PASSWORD, "newPassword": NEW})
    assert response.status_code == 401 and response.get_json()["code"] == "UNAUTHORIZED"


def test_wrong_current_passwords_are_throttled_but_right_ones_are_not_counted(device):
    laptop = device()
    for _ in range(3):  # right passwords (refused for another reason) cost nothing
        assert laptop.post("/api/account/password", {"currentPassword": PASSWORD, "newPassword": "x"}).status_code == 422
    for _ in range(10):
        assert laptop.post("/api/account/password", {"currentPassword": "wrong-one", "newPassword": NEW}).status_code == 403
    throttled = laptop.post("/api/account/password", {"currentPassword": PASSWORD, "newPassword": NEW})
    assert throttled.status_code == 429 and int(throttled.headers["Retry-After"]) > 0
    # One budget whatever the call: deleting the account is refused too.
    refused = laptop.delete("/api/account", {"currentPassword": PASSWORD, "confirmation": "УДАЛИТЬ"})
    assert refused.status_code == 429
