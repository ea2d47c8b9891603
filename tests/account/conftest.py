"""People with several devices, for the account and security settings: each device is its own
browser (a test client with its cookies) signed in with its own User-Agent."""
from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from tests.accounts.conftest import PASSWORD, accounts, code_in  # noqa: F401  (shared fixture)
from tests.servers.conftest import cheap_password_hashing, create_server, people, set_role  # noqa: F401  (shared)
from tests.support import run_jobs, text_of

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
