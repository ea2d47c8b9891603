"""A new password is not one of the most common passwords and does not contain its owner's username
or e-mail (OWASP ASVS 2.1.7; issue 29), at registration and reset, through the API and the no-JS
pages; the spec's own rules and messages stay as they were."""
from __future__ import annotations

import re

import pytest

from lobby.accounts.weak_passwords import contains_personal, is_common
from tests.accounts.conftest import registration
from tests.accounts.test_reset_api import reset, reset_token  # noqa: F401  (reset_token: a fixture)

COMMON = "Этот пароль слишком распространён: придумайте другой"
PERSONAL = "Пароль не должен содержать username или email"


@pytest.mark.parametrize("password", ["password1", "qwerty123", "P@ssw0rd", "1q2w3e4r5t", "12345678", "iloveyou"])
def test_the_most_common_passwords_are_known_in_their_disguises(password):
    assert is_common(password)


@pytest.mark.parametrize("password", ["correct-horse-42", "password-123", "Some-pass-2026", "x" * 128])
def test_fair_passwords_are_not_common(password):
    assert not is_common(password)


def test_a_password_names_its_owner_by_username_address_or_its_local_part():
    assert contains_personal("Anna-2026!", "anna", "other@example.com")
    assert contains_personal("my-annas-box", "bob", "annas@example.com")
    assert contains_personal("x-annas@example.com", "bob", "annas@example.com")
    assert not contains_personal("li-li-li-42", "li", "li@example.com")  # two letters name nobody


@pytest.mark.parametrize("password, message", [
    ("qwerty123", COMMON), ("P@ssw0rd", COMMON),
    ("anna-rocks-2026", PERSONAL), ("ANNA.smirnova", PERSONAL),
    ("1234567", "Пароль должен содержать минимум 8 символов"),  # the spec's own words, verbatim
])
def test_registration_refuses_a_weak_password_under_its_field(accounts, password, message):
    response = accounts.register(password=password, email="anna.smirnova@example.com")
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"password": message}
    assert accounts.register(password="correct-horse-42", email="anna.smirnova@example.com").status_code == 201


def test_the_registration_page_without_javascript_says_the_same(client):
    form = {**registration(), "password": "iloveyou1"}
    page = client.post("/auth/register", data=form)
    assert page.status_code == 422
    assert COMMON in page.get_data(as_text=True)
    hint = client.get("/auth/register").get_data(as_text=True)
    assert "не из самых распространённых паролей и без username или email" in hint


def test_a_reset_refuses_a_common_or_personal_password(accounts, reset_token):  # noqa: F811
    common = reset(accounts.client, reset_token, "letmein1")
    assert common.status_code == 422 and common.get_json()["errors"] == {"password": COMMON}
    personal = reset(accounts.client, reset_token, "anna@example.com!")
    assert personal.status_code == 422 and personal.get_json()["errors"] == {"password": PERSONAL}
    assert reset(accounts.client, reset_token, "brand-new-secret-7").status_code == 200


def test_the_reset_page_names_what_to_avoid_and_refuses_it(accounts, reset_token):  # noqa: F811
    page = accounts.client.get(f"/auth/reset-password?token={reset_token}").get_data(as_text=True)
    hint = re.search(r"data-island=\"password-hint\" data-props='([^']*)'", page).group(1)
    assert '"username":"anna"' in hint and '"email":"anna@example.com"' in hint
    refused = accounts.client.post("/auth/reset-password", data={"token": reset_token, "password": "anna-anna-anna"})
    assert refused.status_code == 422 and PERSONAL in refused.get_data(as_text=True)
