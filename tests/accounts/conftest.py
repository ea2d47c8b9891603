"""Account helpers: register, read the code from the mail, sign in; and people with several
devices, for the account and security settings: each device is its own browser (a test client
with its cookies) signed in with its own User-Agent."""
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


FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0"
PHONE = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 "
         "Mobile Safari/537.36")


@dataclass
class Device:
    client: object
    token: str
    user_id: int

    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, path: str):
        return self.client.get(path, headers=self.headers())

    def post(self, path: str, json=None):
        return self.client.post(path, json=json if json is not None else {}, headers=self.headers())

    def delete(self, path: str, json=None):
        return self.client.delete(path, json=json, headers=self.headers())

    def me(self):
        return self.get("/api/auth/me")


@pytest.fixture
def anna(accounts):
    """Anna's account, verified (anna / anna@example.com / PASSWORD)."""
    return accounts.verified()


@pytest.fixture
def device(app, anna):
    """`device()` → Anna signed in on a new browser; `device(agent=PHONE, email=..., password=...)`."""
    def sign_in(agent: str = FIREFOX, email: str = "anna@example.com", password: str = PASSWORD) -> Device:
        client = app.test_client()
        response = client.post("/api/auth/login", json={"email": email, "password": password},
                               headers={"User-Agent": agent})
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        return Device(client, body["accessToken"], body["user"]["id"])

    return sign_in


@pytest.fixture
def mail_to(app, mailbox):
    """The latest mail to an address, once the queued jobs ran."""
    def latest(address: str):
        run_jobs(app)
        return mailbox.wait_for(address, count=len(mailbox.sent_to(address)) or 1)

    return latest


def has_code(message) -> bool:
    return re.search(r"\b\d{6}\b", text_of(message)) is not None


def page_text(response) -> str:
    return response.get_data(as_text=True)
