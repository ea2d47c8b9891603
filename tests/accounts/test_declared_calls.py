"""The accounts calls are described by their declarations (`accounts/schemas.py` and the views):
every refusal they send is quoted in its operation, in the words of `lobby/texts.py`."""
from __future__ import annotations

import json

import pytest

from lobby.accounts import validation
from lobby.accounts.validation import check_login, check_registration
from lobby.errors import ValidationError
from lobby.texts import text
from tests.accounts.conftest import registration

# (method, path) → {status: the text codes its description must quote}
QUOTED = {
    ("post", "/api/auth/register"): {"201": ["auth.code_sent"], "409": ["auth.username_taken", "auth.email_taken"]},
    ("post", "/api/auth/login"): {"400": ["request.not_object"], "401": ["auth.bad_credentials"],
                                  "403": ["auth.not_verified", "auth.deactivated"]},
    ("post", "/api/auth/refresh"): {"401": ["auth.refresh_failed"]},
    ("post", "/api/auth/logout"): {"200": ["auth.signed_out"]},
    ("post", "/api/auth/verify-email-code"): {
        "200": ["auth.verified"], "409": ["auth.already_verified"],
        "400": ["auth.code_wrong", "auth.code_unknown", "auth.code_expired", "auth.code_locked"],
        "422": ["auth.email_missing", "auth.code_format"]},
    ("post", "/api/auth/verify-email-resend"): {"200": ["auth.new_code_sent"], "400": ["auth.email_missing"],
                                                "409": ["auth.already_verified"], "429": ["auth.code_daily_limit"]},
    ("get", "/api/auth/check-availability"): {"400": ["auth.availability_empty"]},
    ("get", "/api/auth/me"): {"401": ["auth.sign_in_required"], "403": ["auth.not_verified"]},
    ("post", "/api/auth/forgot-password"): {"200": ["auth.reset_mail_sent"]},
    ("post", "/api/auth/reset-password"): {"200": ["auth.password_changed"], "400": ["auth.reset_invalid"]},
    ("get", "/api/users/search"): {"400": ["search.too_short"], "401": ["auth.sign_in_required"]},
}
# A bad value of each registration field, for every rule it has.
BAD_REGISTRATION = {"firstName": ["", "Я" * 51, "Анна2"], "lastName": ["", "Я" * 51, "Смирнова3"],
                    "username": ["", "an", "a" * 33, "anna smith"], "email": ["", "anna-at-example.com"],
                    "password": ["", "1234567", "x" * 129]}


@pytest.fixture
def document(client) -> dict:
    return client.get("/api/openapi.json").get_json()


def operation(document: dict, method: str, path: str) -> dict:
    return document["paths"][path][method]


def said(answer: dict) -> str:
    return json.dumps(answer, ensure_ascii=False)


@pytest.mark.parametrize("method, path", list(QUOTED))
def test_each_refusal_is_quoted_in_its_operation(document, method, path):
    answers = operation(document, method, path)["responses"]
    for status, codes in QUOTED[(method, path)].items():
        for code in codes:
            assert f"«{text(code)}»" in said(answers[status]), (status, code)


@pytest.mark.parametrize("field, value", [(field, value) for field, values in BAD_REGISTRATION.items()
                                          for value in values])
def test_every_message_of_a_registration_rule_is_listed_in_its_422(document, field, value):
    with pytest.raises(ValidationError) as refused:
        check_registration(registration(**{field: value}))
    listed = said(operation(document, "post", "/api/auth/register")["responses"]["422"])
    assert f"«{refused.value.errors[field]}»" in listed


@pytest.mark.parametrize("path", ["/api/auth/forgot-password", "/api/auth/reset-password"])
def test_the_password_and_address_rules_are_listed_where_they_apply(document, path):
    listed = said(operation(document, "post", path)["responses"]["422"])
    codes = ["auth.email_empty", "auth.email_invalid"] if "forgot" in path else [
        "auth.password_empty", "auth.password_too_short", "auth.password_too_long"]
    assert all(f"«{text(code)}»" in listed for code in codes)


@pytest.mark.parametrize("form", [{}, {"emailOrUsername": "a" * (validation.IDENTIFIER_MAX + 1)}])
def test_the_sign_in_messages_are_listed_in_its_422(document, form):
    with pytest.raises(ValidationError) as refused:
        check_login(form)
    listed = said(operation(document, "post", "/api/auth/login")["responses"]["422"])
    assert all(f"«{message}»" in listed for message in refused.value.errors.values())


def test_the_refresh_cookie_is_described_where_it_is_set_and_cleared(document):
    for path in ("/api/auth/login", "/api/auth/refresh"):
        cookie = operation(document, "post", path)["responses"]["200"]["headers"]["Set-Cookie"]
        assert "lobby_refresh=<token>; Path=/api/auth; HttpOnly" in cookie["description"]
    for path in ("/api/auth/login", "/api/auth/reset-password"):  # the browser is remembered there
        cookie = operation(document, "post", path)["responses"]["200"]["headers"]["Set-Cookie"]
        assert "lobby_device=<signed>; Path=/; Max-Age=31536000; HttpOnly" in cookie["description"]
    cleared = operation(document, "post", "/api/auth/logout")["responses"]["200"]["headers"]["Set-Cookie"]
    assert "Expires `lobby_refresh`" in cleared["description"]


def test_each_call_says_what_credentials_it_takes(document):
    refresh_cookie = [{"refreshCookie": []}, {}]
    assert operation(document, "post", "/api/auth/refresh")["security"] == refresh_cookie
    assert operation(document, "post", "/api/auth/logout")["security"] == refresh_cookie
    assert operation(document, "get", "/api/auth/me")["security"] == [{"bearerAuth": []}]
    assert operation(document, "get", "/api/users/search")["security"] == [{"bearerAuth": []}]
    assert operation(document, "post", "/api/auth/login")["security"] == []


def test_the_optional_bodies_are_documented_as_optional(document):
    for path in ("/api/auth/refresh", "/api/auth/verify-email-resend"):
        assert operation(document, "post", path)["requestBody"]["required"] is False


@pytest.mark.parametrize("code, limit", [
    ("auth.username_too_short", validation.USERNAME_MIN), ("auth.username_too_long", validation.USERNAME_MAX),
    ("auth.first_name_too_long", validation.NAME_MAX), ("auth.last_name_too_long", validation.NAME_MAX),
    ("auth.password_too_short", validation.PASSWORD_MIN), ("auth.password_too_long", validation.PASSWORD_MAX),
])
def test_the_limits_the_texts_name_are_the_rules(code, limit):
    assert f" {limit} " in text(code)
