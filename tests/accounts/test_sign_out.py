"""A sign-out ends that session everywhere it is held: copies of its page cookie, its access tokens,
its refresh cookie and its live sockets. Other sessions of the same account stay. A password reset
(and deactivation) ends them all."""
from __future__ import annotations

from io import BytesIO

import pytest
from sqlalchemy import select

from lobby.accounts import actions
from lobby.accounts.models import User
from lobby.extensions import db
from tests.accounts.conftest import PASSWORD
from tests.realtime.conftest import Socket

SESSION_COOKIE = "session"


def session_cookie(client) -> str:
    return client.get_cookie(SESSION_COOKIE).value


def browser_with(app, cookie: str):
    """Another browser holding a copy of a page cookie (as a thief would)."""
    thief = app.test_client()
    thief.set_cookie(SESSION_COOKIE, cookie)
    return thief


def me(app, token: str):
    return app.test_client().get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})


@pytest.fixture
def signed_in(accounts, client):
    """A browser signed in through the API: (its access token, a copy of its page cookie)."""
    token = accounts.signed_in()
    return token, session_cookie(client)


def test_a_copy_of_the_page_cookie_no_longer_opens_the_app_after_api_logout(signed_in, client, app):
    token, cookie = signed_in
    assert browser_with(app, cookie).get("/app").status_code == 200
    assert client.post("/api/auth/logout").status_code == 200
    page = browser_with(app, cookie).get("/app")
    assert page.status_code == 302 and page.headers["Location"] == "/auth"


def test_the_access_token_stops_answering_after_logout(signed_in, client, app):
    token, _ = signed_in
    assert me(app, token).status_code == 200
    client.post("/api/auth/logout")
    response = me(app, token)
    assert (response.status_code, response.get_json()["code"]) == (401, "UNAUTHORIZED")


def test_a_logout_by_the_form_ends_the_cookie_and_its_tokens_too(signed_in, client, app):
    token, cookie = signed_in
    assert client.post("/auth/logout").status_code == 302
    assert browser_with(app, cookie).get("/app").status_code == 302
    assert me(app, token).status_code == 401


def test_a_logout_with_only_the_access_token_ends_that_session(signed_in, app):
    token, cookie = signed_in
    response = app.test_client().post("/api/auth/logout", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200
    assert me(app, token).status_code == 401
    assert browser_with(app, cookie).get("/app").status_code == 302


def test_signing_out_in_one_browser_leaves_the_other_signed_in(accounts, client, app):
    first_token = accounts.signed_in()
    other = app.test_client()
    response = other.post("/api/auth/login", json={"email": "anna@example.com", "password": PASSWORD})
    second_token = response.get_json()["accessToken"]
    assert client.post("/api/auth/logout").status_code == 200
    assert me(app, first_token).status_code == 401
    assert me(app, second_token).status_code == 200
    assert other.get("/app").status_code == 200
    assert other.post("/api/auth/refresh").status_code == 200


def test_a_message_cannot_be_sent_with_the_token_of_an_ended_session(signed_in, client, app):
    token, _ = signed_in
    headers = {"Authorization": f"Bearer {token}"}
    server = app.test_client().post("/api/servers", json={"name": "Мой сервер"}, headers=headers).get_json()["server"]
    channel = app.test_client().get(f"/api/servers/{server['id']}/channels", headers=headers).get_json()["channels"][0]
    client.post("/api/auth/logout")
    response = app.test_client().post(f"/api/messages/{channel['id']}/messages", json={"content": "после выхода"},
                                      headers=headers)
    assert (response.status_code, response.get_json()["code"]) == (401, "UNAUTHORIZED")


def test_a_password_reset_ends_every_cookie_and_token(signed_in, app):
    token, cookie = signed_in
    with app.app_context():
        actions.end_every_session(db.session.scalar(select(User)))
        db.session.commit()
    assert me(app, token).status_code == 401
    assert browser_with(app, cookie).get("/app").status_code == 302


def test_a_page_cookie_from_before_sign_ins_were_named_is_not_a_session(signed_in, app):
    """A cookie that names the user and version only (the old format) opens nothing."""
    from flask.sessions import SecureCookieSessionInterface

    with app.test_request_context():
        serializer = SecureCookieSessionInterface().get_signing_serializer(app)
        with app.app_context():
            user = db.session.scalar(select(User))
            old = serializer.dumps({"_user_id": f"{user.id}:{user.session_version}", "_fresh": True})
    assert browser_with(app, old).get("/app").status_code == 302


def test_the_live_socket_of_a_session_closes_when_it_signs_out(accounts, client, app, live):
    token = accounts.signed_in()
    other_token = app.test_client().post("/api/auth/login", json={"email": "anna@example.com", "password": PASSWORD}
                                         ).get_json()["accessToken"]
    mine, other = Socket(live.url, token), Socket(live.url, other_token)
    mine.expect("connected"), other.expect("connected")
    client.post("/api/auth/logout")
    assert mine.closed_with() == (4001, "unauthorized")
    other.send("ping")
    assert other.expect("pong")["type"] == "pong"  # the other sign-in's socket stays open
    other.close()


def test_a_copied_cookie_no_longer_opens_a_private_icon_or_file_after_logout(signed_in, client, app):
    from tests.servers.conftest import picture

    token, cookie = signed_in
    headers = {"Authorization": f"Bearer {token}"}
    api = app.test_client()
    server = api.post("/api/servers", data={"name": "Тайный", "isPublic": "false", "icon": (BytesIO(picture()), "i.png")},
                      headers=headers, content_type="multipart/form-data").get_json()["server"]
    channel = api.get(f"/api/servers/{server['id']}/channels", headers=headers).get_json()["channels"][0]
    sent = api.post(f"/api/messages/{channel['id']}/messages", data={"content": "файл", "files": (BytesIO(b"hi"), "a.txt")},
                    headers=headers, content_type="multipart/form-data").get_json()["message"]
    file_url = sent["attachments"][0]["url"]
    thief = browser_with(app, cookie)
    assert thief.get(server["iconUrl"]).status_code == 200 and thief.get(file_url).status_code == 200
    client.post("/api/auth/logout")
    thief = browser_with(app, cookie)
    assert thief.get(server["iconUrl"]).status_code == 401
    assert thief.get(file_url).status_code == 401
