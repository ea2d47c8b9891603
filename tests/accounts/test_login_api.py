"""`POST /api/auth/login` and `GET /api/auth/me`: sign-in by e-mail or username, the refresh
cookie, the errors, the throttles on failed sign-ins, and the access token's lifetime."""
import time

import pytest
from itsdangerous import TimestampSigner
from sqlalchemy import select

from lobby.accounts import tokens
from lobby.accounts.models import SignIn, User
from lobby.extensions import db
from tests.accounts.conftest import PASSWORD

BAD_CREDENTIALS = {"message": "Неверный email/username или пароль", "code": "INVALID_CREDENTIALS"}
UNAUTHORIZED = {"message": "Требуется вход в систему", "code": "UNAUTHORIZED"}


def refresh_cookie_header(response) -> str:
    [header] = [h for h in response.headers.getlist("Set-Cookie") if h.startswith("lobby_refresh=")]
    return header


def attributes(header: str) -> set[str]:
    return {part.strip() for part in header.split(";")[1:]}


def me(client, token: str | None):
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return client.get("/api/auth/me", headers=headers)


def access_token_issued_ago(app, seconds: int, monkeypatch) -> str:
    """An access token for the only user's newest sign-in (or a new one), signed `seconds` ago."""
    with monkeypatch.context() as patch, app.app_context():
        user = db.session.scalar(select(User))
        sign_in_id = db.session.scalar(select(SignIn.id).where(SignIn.user_id == user.id).order_by(SignIn.id.desc()))
        if sign_in_id is None:
            tokens.start_sign_in(user, remember=False)
            db.session.commit()
            sign_in_id = user.sign_in_id
        patch.setattr(TimestampSigner, "get_timestamp", lambda self: int(time.time()) - seconds)
        return tokens.issue_access_token(user, sign_in_id)


@pytest.mark.parametrize("identifier", ["anna@example.com", "ANNA@Example.COM", "anna", "AnNa"])
def test_sign_in_by_email_or_username_in_any_case(accounts, identifier):
    accounts.verified()
    response = accounts.login(identifier)
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"accessToken", "user"}
    assert body["accessToken"]
    assert body["user"]["username"] == "anna" and body["user"]["isEmailVerified"] is True
    assert body["user"]["lastLoginAt"] is not None


def test_sign_in_accepts_the_identifier_as_email_or_username(accounts, client):
    accounts.verified()
    response = client.post("/api/auth/login", json={"emailOrUsername": "Anna", "password": PASSWORD})
    assert response.status_code == 200


def test_remembered_sign_in_sets_a_30_day_httponly_lax_refresh_cookie(accounts):
    accounts.verified()
    header = refresh_cookie_header(accounts.login(remember=True))
    assert {"HttpOnly", "SameSite=Lax", "Path=/api/auth", "Max-Age=2592000"} <= attributes(header)


def test_sign_in_without_remember_me_sets_a_browser_session_refresh_cookie(accounts):
    accounts.verified()
    header = refresh_cookie_header(accounts.login(remember=False))
    assert {"HttpOnly", "SameSite=Lax", "Path=/api/auth"} <= attributes(header)
    assert not any(a.startswith(("Max-Age", "Expires")) for a in attributes(header))


def test_a_wrong_password_and_an_unknown_account_get_the_same_401(accounts):
    accounts.verified()
    wrong_password = accounts.login(password="not-the-password")
    unknown = accounts.login("nobody@example.com")
    assert wrong_password.status_code == unknown.status_code == 401
    assert wrong_password.get_json() == unknown.get_json() == BAD_CREDENTIALS
    assert not any(h.startswith("lobby_refresh=") for h in wrong_password.headers.getlist("Set-Cookie"))


@pytest.mark.parametrize("payload, errors", [
    ({"email": "", "password": ""}, {"emailOrUsername": "Введите email или username", "password": "Введите пароль"}),
    ({"email": "  ", "password": "something-long"}, {"emailOrUsername": "Введите email или username"}),
    ({"username": "anna", "password": ""}, {"password": "Введите пароль"}),
    ({}, {"emailOrUsername": "Введите email или username", "password": "Введите пароль"}),
])
def test_missing_credentials_name_their_field(client, payload, errors):
    response = client.post("/api/auth/login", json=payload)
    assert response.status_code == 422
    assert response.get_json() == {"message": next(iter(errors.values())), "code": "VALIDATION_ERROR",
                                   "errors": errors}


def test_a_deactivated_account_cannot_sign_in(accounts, app):
    accounts.verified()
    result = app.test_cli_runner().invoke(args=["users", "deactivate", "anna"])
    assert result.exit_code == 0, result.output
    response = accounts.login()
    assert response.status_code == 403
    assert response.get_json() == {"message": "Аккаунт отключен", "code": "ACCOUNT_DEACTIVATED"}


def test_ten_failures_delay_the_account_owner_for_at_most_15_minutes(accounts, app):
    accounts.verified()
    bob = accounts.verified(username="bob", email="bob@example.com")
    for attempt in range(10):
        assert accounts.login(password=f"guess-{attempt}").status_code == 401, attempt
    throttled = accounts.login()  # the right password, too soon
    assert throttled.status_code == 429
    assert 0 < int(throttled.headers["Retry-After"]) <= 900
    assert throttled.get_json() == {"message": "Слишком много запросов. Попробуйте позже.", "code": "RATE_LIMITED"}
    assert accounts.login(bob["email"]).status_code == 200  # another account from the same IP


def test_failed_sign_ins_count_per_account_whichever_identifier_names_it(accounts):
    accounts.verified()
    for attempt in range(5):
        assert accounts.login("anna@example.com", password=f"guess-{attempt}").status_code == 401
        assert accounts.login("anna", password=f"guess-{attempt}").status_code == 401
    throttled = accounts.login("anna")
    assert throttled.status_code == 429


def test_failures_spread_over_many_accounts_throttle_the_ip_after_30(accounts):
    for number in range(30):
        assert accounts.login(f"victim{number}@example.com", "guess").status_code == 401, number
    throttled = accounts.login("victim30@example.com", "guess")
    assert throttled.status_code == 429
    assert 0 < int(throttled.headers["Retry-After"]) <= 900
    assert throttled.get_json()["code"] == "RATE_LIMITED"


def test_successful_sign_ins_do_not_count_toward_the_limits(accounts):
    accounts.verified()
    for number in range(15):
        assert accounts.login().status_code == 200, number


def test_me_answers_the_signed_in_user(accounts, client):
    token = accounts.signed_in()
    response = me(client, token)
    assert response.status_code == 200
    user = response.get_json()["user"]
    assert user["username"] == "anna" and user["email"] == "anna@example.com" and user["firstName"] == "Анна"


@pytest.mark.parametrize("token", [None, "", "garbage", "eyJ1IjoxLCJ2IjoxfQ.forged.signature"])
def test_me_without_a_valid_token_is_401(accounts, client, token):
    accounts.signed_in()
    response = me(client, token)
    assert response.status_code == 401
    assert response.get_json() == UNAUTHORIZED


def test_me_with_a_token_of_another_scheme_is_401(accounts, client):
    token = accounts.signed_in()
    response = client.get("/api/auth/me", headers={"Authorization": f"Basic {token}"})
    assert response.status_code == 401


def test_an_access_token_lives_15_minutes(accounts, client, app, monkeypatch):
    accounts.signed_in()
    fresh_enough = access_token_issued_ago(app, 14 * 60, monkeypatch)
    assert me(client, fresh_enough).status_code == 200
    expired = access_token_issued_ago(app, 15 * 60 + 5, monkeypatch)
    response = me(client, expired)
    assert response.status_code == 401
    assert response.get_json() == UNAUTHORIZED


def test_a_token_already_used_still_expires_after_15_minutes(accounts, client, monkeypatch):
    """Verified tokens are remembered; their age is checked on every use all the same."""
    token = accounts.signed_in()
    assert me(client, token).status_code == 200
    later = time.time() + 15 * 60 + 5
    monkeypatch.setattr(tokens.time, "time", lambda: later)
    assert me(client, token).status_code == 401


def test_a_token_changed_after_use_is_refused(accounts, client):
    token = accounts.signed_in()
    assert me(client, token).status_code == 200
    assert me(client, token[:-2] + ("AA" if token[-2:] != "AA" else "BB")).status_code == 401


def test_me_refuses_an_unverified_user_with_403(accounts, client, app, monkeypatch):
    assert accounts.register().status_code == 201
    token = access_token_issued_ago(app, 0, monkeypatch)  # as if one had been issued somehow
    response = me(client, token)
    assert response.status_code == 403
    assert response.get_json() == {"message": "Подтвердите email перед входом в систему",
                                   "code": "EMAIL_NOT_VERIFIED"}
