"""Production mail settings: STARTTLS (MAIL_USE_TLS) and SMTP credentials, against a real
aiosmtpd server that refuses plain-text mail and checks the login."""
import ssl
import subprocess

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from tests.accounts.conftest import registration
from tests.support import Mailbox, free_port, run_jobs


class StrictMailbox(Mailbox):
    def __init__(self, context: ssl.SSLContext) -> None:
        super().__init__()
        self.logins: list[tuple[str, str]] = []
        self.controller = Controller(
            self, hostname="127.0.0.1", port=free_port(), tls_context=context, require_starttls=True,
            authenticator=self.check_login, auth_require_tls=True)

    def check_login(self, server, session, envelope, mechanism, auth_data):
        login = (auth_data.login.decode(), auth_data.password.decode())
        self.logins.append(login)
        return AuthResult(success=login == ("lobby", "s3cret"))


@pytest.fixture
def strict_mailbox(tmp_path):
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    box = StrictMailbox(context).start()
    yield box
    box.stop()


def test_mail_goes_over_starttls_with_credentials(make_app, app, strict_mailbox):
    tls_app = make_app(MAIL_PORT=str(strict_mailbox.port), MAIL_USE_TLS="true",
                       MAIL_USERNAME="lobby", MAIL_PASSWORD="s3cret")
    response = tls_app.test_client().post("/api/auth/register", json=registration())
    assert response.status_code == 201
    run_jobs(tls_app)
    mail = strict_mailbox.wait_for("anna@example.com")
    assert mail["Subject"] == "Код подтверждения Lobby"
    assert strict_mailbox.logins == [("lobby", "s3cret")]
