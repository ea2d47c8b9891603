"""Account helpers: register, read the code from the mail, sign in."""
from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from tests.support import run_jobs, text_of

PASSWORD = "correct-horse-42"


def registration(**overrides) -> dict:
    data = {"firstName": "Анна", "lastName": "Смирнова", "username": "anna", "email": "anna@example.com",
            "password": PASSWORD}
    data.update(overrides)
    return data


def code_in(message) -> str:
    return re.search(r"\b(\d{6})\b", text_of(message)).group(1)


@dataclass
class Accounts:
    app: object
    client: object
    mailbox: object

    def register(self, **overrides):
        data = registration(**overrides)
        response = self.client.post("/api/auth/register", json=data)
        run_jobs(self.app)
        return response

    def countdown_over(self) -> None:
        """As if a minute had passed since the last code: another may be sent (one a minute per address)."""
        from datetime import timedelta

        from sqlalchemy import select

        from lobby.accounts.models import EmailCode
        from lobby.extensions import db

        with self.app.app_context():
            for row in db.session.scalars(select(EmailCode)):
                row.created_at -= timedelta(seconds=61)
            db.session.commit()

    def latest_code(self, email: str = "anna@example.com") -> str:
        return code_in(self.mailbox.sent_to(email)[-1])

    def verified(self, **overrides) -> dict:
        """A registered, verified account; returns its registration data."""
        data = registration(**overrides)
        assert self.register(**overrides).status_code == 201
        code = code_in(self.mailbox.wait_for(data["email"]))
        assert self.client.post("/api/auth/verify-email-code",
                                json={"email": data["email"], "code": code}).status_code == 200
        return data

    def login(self, identifier: str = "anna@example.com", password: str = PASSWORD, remember: bool = False):
        key = "email" if "@" in identifier else "username"
        return self.client.post("/api/auth/login", json={key: identifier, "password": password,
                                                         "rememberMe": remember})

    def signed_in(self, **overrides) -> str:
        """A verified account signed in; returns its access token."""
        data = self.verified(**overrides)
        response = self.login(data["email"])
        assert response.status_code == 200, response.get_json()
        return response.get_json()["accessToken"]


@pytest.fixture
def accounts(app, client, mailbox):
    mailbox.messages.clear()
    return Accounts(app, client, mailbox)
