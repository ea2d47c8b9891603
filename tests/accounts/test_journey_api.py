"""The whole account journey over the JSON API, mail read from the real SMTP listener."""
from tests.support import html_of, text_of


def test_register_verify_sign_in_and_out(accounts, client):
    response = accounts.register()
    assert response.status_code == 201
    assert response.get_json()["user"]["isEmailVerified"] is False

    mail = accounts.mailbox.wait_for("anna@example.com")
    assert mail["From"] == "Lobby <no-reply@lobby.test>"
    assert mail["Subject"] == "Код подтверждения Lobby"
    code = accounts.latest_code()
    assert code in text_of(mail) and code in html_of(mail)
    assert "действителен 10 минут" in text_of(mail)

    assert accounts.login().status_code == 403  # not verified yet
    verified = client.post("/api/auth/verify-email-code", json={"email": "anna@example.com", "code": code})
    assert verified.status_code == 200 and verified.get_json()["user"]["isEmailVerified"] is True

    signed_in = accounts.login("ANNA")
    token = signed_in.get_json()["accessToken"]
    me = client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
    assert me.get_json()["user"]["username"] == "anna"
    assert client.get("/app").status_code == 200

    assert client.post("/api/auth/logout").status_code == 200
    assert client.post("/api/auth/refresh").status_code == 401
    assert client.get("/app").headers["Location"] == "/auth"
