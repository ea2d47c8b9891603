"""`POST /api/auth/refresh` and `/logout`: rotation, reuse detection, the race grace, expiry and
revocation of refresh tokens."""
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from lobby.accounts import actions, tokens
from lobby.accounts.models import RefreshToken, User
from lobby.database import utcnow
from lobby.extensions import db

COOKIE, COOKIE_PATH = "lobby_refresh", "/api/auth"


def refresh_cookie_headers(response) -> list[str]:
    return [h for h in response.headers.getlist("Set-Cookie") if h.startswith(f"{COOKIE}=")]


def cookie_value(client) -> str | None:
    cookie = client.get_cookie(COOKIE, path=COOKIE_PATH)
    return cookie.value if cookie else None


def refresh_with(app, token: str):
    """A refresh by a client that has no cookie, naming the token in the body."""
    return app.test_client().post("/api/auth/refresh", json={"refreshToken": token})


def me(client, token: str):
    return client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})


@pytest.fixture
def signed_in(accounts, client):
    """A signed-in client; its first refresh token."""
    accounts.signed_in()
    token = cookie_value(client)
    assert token
    return token


def test_refresh_gives_a_new_access_token_and_rotates_the_cookie(signed_in, client):
    response = client.post("/api/auth/refresh")
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"accessToken"} and body["accessToken"]
    assert len(refresh_cookie_headers(response)) == 1
    assert cookie_value(client) not in (None, signed_in)


def test_the_refreshed_access_token_works(signed_in, client):
    access = client.post("/api/auth/refresh").get_json()["accessToken"]
    response = me(client, access)
    assert response.status_code == 200 and response.get_json()["user"]["username"] == "anna"


def test_rotation_keeps_a_remembered_cookie_persistent_and_a_session_cookie_not(accounts, client):
    accounts.verified()
    assert accounts.login(remember=True).status_code == 200
    [remembered] = refresh_cookie_headers(client.post("/api/auth/refresh"))
    assert "Max-Age=2592000" in remembered
    assert accounts.login(remember=False).status_code == 200
    [session_only] = refresh_cookie_headers(client.post("/api/auth/refresh"))
    assert "Max-Age" not in session_only and "Expires" not in session_only


def test_reusing_a_rotated_token_after_the_grace_revokes_the_whole_chain(signed_in, client, app, monkeypatch):
    monkeypatch.setattr(tokens, "ROTATION_GRACE", timedelta(0))
    assert client.post("/api/auth/refresh").status_code == 200
    newest = cookie_value(client)
    reused = refresh_with(app, signed_in)
    assert reused.status_code == 401
    assert reused.get_json() == {"message": "Сессия истекла. Войдите снова.", "code": "REFRESH_REUSED"}
    assert refresh_with(app, newest).status_code == 401  # the thief's copy and the owner's both end
    assert client.post("/api/auth/refresh").status_code == 401


def test_reuse_within_the_grace_window_is_a_race_not_a_theft(signed_in, client, app):
    assert client.post("/api/auth/refresh").status_code == 200
    newest = cookie_value(client)
    racing = refresh_with(app, signed_in)
    assert racing.status_code == 200
    assert me(client, racing.get_json()["accessToken"]).status_code == 200
    assert refresh_cookie_headers(racing) == []
    assert refresh_with(app, newest).status_code == 200  # the chain lives on


def test_a_refresh_token_in_the_body_works_without_a_cookie(signed_in, app):
    response = refresh_with(app, signed_in)
    assert response.status_code == 200
    assert response.get_json()["accessToken"]


def test_refresh_without_any_token_is_401(app):
    response = app.test_client().post("/api/auth/refresh")
    assert response.status_code == 401
    assert response.get_json()["code"] == "REFRESH_INVALID"


def test_an_expired_refresh_token_is_refused(signed_in, client, app):
    with app.app_context():
        db.session.execute(update(RefreshToken).values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
    response = client.post("/api/auth/refresh")
    assert response.status_code == 401
    assert response.get_json() == {"message": "Сессия истекла. Войдите снова.", "code": "REFRESH_INVALID"}


def test_logout_revokes_the_token_clears_the_cookie_and_ends_the_page_session(signed_in, client, app):
    assert client.get("/app").status_code == 200
    response = client.post("/api/auth/logout")
    assert response.status_code == 200
    assert response.get_json() == {"message": "Вы вышли из системы"}
    [cleared] = refresh_cookie_headers(response)
    assert cleared.startswith(f"{COOKIE}=;") and "Max-Age=0" in cleared and f"Path={COOKIE_PATH}" in cleared
    assert cookie_value(client) is None
    assert refresh_with(app, signed_in).status_code == 401  # revoked on the server, not just forgotten
    page = client.get("/app")
    assert page.status_code == 302 and page.headers["Location"] == "/auth"


def test_a_deactivated_users_refresh_is_refused(signed_in, client, app):
    with app.app_context():
        actions.do_deactivate(db.session.scalar(select(User)))
    assert client.post("/api/auth/refresh").status_code == 401
    assert refresh_with(app, signed_in).status_code == 401


def test_refresh_checks_the_account_is_still_active_even_if_its_tokens_were_not_revoked(signed_in, client, app):
    with app.app_context():
        db.session.execute(update(User).values(is_deactivated=True))
        db.session.commit()
    response = client.post("/api/auth/refresh")
    assert response.status_code == 401
    assert response.get_json()["code"] == "REFRESH_INVALID"
