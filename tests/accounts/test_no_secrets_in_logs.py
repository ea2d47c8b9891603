"""Tokens never appear in logs: a whole account journey logged at DEBUG leaks none of them."""
import logging
import re

from tests.accounts.conftest import PASSWORD, code_in
from tests.support import run_jobs, text_of

EMAIL = "anna@example.com"
NEW_PASSWORD = "brand-new-secret-7"


def refresh_cookie(client) -> str:
    return client.get_cookie("lobby_refresh", path="/api/auth").value


def test_a_whole_journey_logs_no_code_token_or_password(accounts, client, app, caplog):
    caplog.set_level(logging.DEBUG)
    secrets = {}

    assert accounts.register().status_code == 201
    secrets["code"] = code_in(accounts.mailbox.wait_for(EMAIL))
    assert client.post("/api/auth/verify-email-code", json={"email": EMAIL, "code": secrets["code"]}).status_code == 200

    signed_in = accounts.login(remember=True)
    assert signed_in.status_code == 200
    secrets["access token"] = signed_in.get_json()["accessToken"]
    secrets["refresh token"] = refresh_cookie(client)
    assert client.get("/api/auth/me", headers={"Authorization": f"Bearer {secrets['access token']}"}).status_code == 200

    refreshed = client.post("/api/auth/refresh")
    assert refreshed.status_code == 200
    secrets["refreshed access token"] = refreshed.get_json()["accessToken"]
    secrets["rotated refresh token"] = refresh_cookie(client)

    assert client.post("/api/auth/forgot-password", json={"email": EMAIL}).status_code == 200
    run_jobs(app)
    reset_mail = accounts.mailbox.wait_for(EMAIL, count=2)
    secrets["reset token"] = re.search(r"reset-password\?token=([A-Za-z0-9_-]+)", text_of(reset_mail)).group(1)
    assert client.post("/api/auth/reset-password",
                       json={"token": secrets["reset token"], "password": NEW_PASSWORD}).status_code == 200
    assert accounts.login(password=NEW_PASSWORD).status_code == 200
    secrets["password"], secrets["new password"] = PASSWORD, NEW_PASSWORD

    assert any(record.name == "lobby.request" for record in caplog.records)  # the journey was logged
    leaked = [name for name, value in secrets.items() if value in caplog.text]
    assert leaked == []
