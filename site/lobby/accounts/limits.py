"""Throttles shared by the JSON API and the no-JS forms (one scope each, whichever door is used).

Failed sign-ins count per account and per IP, and only failures count; the windows are short, so
an attacker hammering an account delays its owner for minutes, never locks them out for good.
"""
from __future__ import annotations

from flask import request

from lobby.extensions import limiter


def submitted(field: str) -> str:
    data = request.get_json(silent=True) if request.is_json else request.form
    value = data.get(field) if isinstance(data, dict) or hasattr(data, "get") else None
    return value.strip().lower() if isinstance(value, str) else ""


def login_account_key() -> str:
    """The account the sign-in names, whether by e-mail or by username (one budget for both)."""
    from lobby.accounts.actions import find_user

    identifier = submitted("email") or submitted("username") or submitted("emailOrUsername")
    user = find_user(identifier) if identifier else None
    return f"user:{user.id}" if user else f"unknown:{identifier}"


def failed(response) -> bool:
    return response.status_code == 401


def mail_address_key() -> str:
    return f"address:{submitted('email')}"


POST = ["POST"]  # showing a form is never throttled; sending it is

login_per_account = limiter.shared_limit("10 per 15 minutes", scope="login-account", methods=POST,
                                         key_func=login_account_key, deduct_when=failed)
login_per_ip = limiter.shared_limit("30 per 15 minutes", scope="login-ip", methods=POST, deduct_when=failed)
registration = limiter.shared_limit("10 per hour", scope="register", methods=POST)
code_checks = limiter.shared_limit("20 per 10 minutes", scope="code-check", methods=POST)
mail_sends_per_ip = limiter.shared_limit("10 per hour", scope="mail-ip", methods=POST)
mail_sends_per_address = limiter.shared_limit("5 per hour", scope="mail-address", methods=POST,
                                              key_func=mail_address_key)
availability = limiter.shared_limit("30 per minute", scope="availability")
