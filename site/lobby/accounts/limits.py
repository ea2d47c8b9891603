"""Throttles shared by the JSON API and the no-JS forms (one scope each, whichever door is used).

Failed sign-ins are counted three ways, each in a 15-minute window:
- per account and address (10): one address guessing one account;
- per address (30): one address guessing many accounts (an IPv6 client counts by its /64);
- per account from all addresses (100): many addresses guessing one account. This ceiling stops
  only addresses that have already failed on the account in their own window; an address that
  has not may still try, so no one can lock the owner out by failing on purpose.
An attacker therefore gets at most 100 guesses at an account per window, plus one per address
that has not failed on it in the last 15 minutes, while the owner, from an address that has not
failed, signs in.
"""
from __future__ import annotations

import ipaddress
import logging
import math
import time
from dataclasses import dataclass
from functools import wraps

from flask import after_this_request, current_app, request
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from redis.exceptions import RedisError

from lobby.errors import ApiError, http_message
from lobby.extensions import limiter

log = logging.getLogger(__name__)


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


@dataclass(frozen=True)
class FailureWindow:
    """Failed sign-ins in a fixed window, counted in the rate-limit storage (memory, or Redis in
    production) under the app's key prefix.

    An attempt takes its place before the password is checked (one atomic increment, whose result
    says where it stands), and gives it back unless it fails: guesses sent together cannot all
    pass a check made before any of them failed."""

    limit: RateLimitItem
    scope: str

    def _key(self, ids: tuple[str, ...]) -> str:
        return self.limit.key_for(current_app.config["RATELIMIT_KEY_PREFIX"], self.scope, *ids)

    def take(self, *ids: str) -> int:
        """Count one attempt; returns the count in the window, this one included."""
        return counted(lambda storage: storage.incr(self._key(ids), self.limit.get_expiry()))

    def give_back(self, *ids: str) -> None:
        # An attempt that outlives its window gives back into the next one: one extra try at most.
        counted(lambda storage: storage.incr(self._key(ids), self.limit.get_expiry(), amount=-1))

    def exceeded(self, count: int) -> bool:
        return count > self.limit.amount

    def seconds_left(self, *ids: str) -> int:
        return max(1, math.ceil(counted(lambda storage: storage.get_expiry(self._key(ids))) - time.time()))


# While Redis is away, sign-in failures are counted in this process's memory, as Flask-Limiter
# counts the views' limits then (RATELIMIT_IN_MEMORY_FALLBACK_ENABLED): people can still sign in,
# and guessing is still throttled, per process.
_FALLBACK = MemoryStorage()


def counted(call):
    try:
        return call(limiter.storage)
    except RedisError as error:
        log.warning("sign-in failures counted in memory: rate-limit storage unreachable (%s)", error)
        return call(_FALLBACK)


PER_ACCOUNT_AND_ADDRESS = FailureWindow(parse("10 per 15 minutes"), "login-account-address")
PER_ADDRESS = FailureWindow(parse("30 per 15 minutes"), "login-ip")
PER_ACCOUNT = FailureWindow(parse("100 per 15 minutes"), "login-account")


def client_address() -> str:
    """The address sign-in failures count against. An IPv6 client counts by its /64 network: one
    subscriber is usually given a whole /64, so its single addresses would cost an attacker nothing."""
    address = get_remote_address()
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 6:
        mapped = parsed.ipv4_mapped
        return str(mapped) if mapped else str(ipaddress.ip_network((parsed, 64), strict=False))
    return str(parsed)


def too_many(seconds: int) -> ApiError:
    return ApiError(429, http_message(429), "RATE_LIMITED", headers={"Retry-After": str(seconds)})


def keep_if_failed(*taken: tuple[FailureWindow, tuple[str, ...]]) -> None:
    """Once this request's response is known, give back what it took unless it was a failure."""
    @after_this_request
    def settle(response):
        if not failed(response):
            for window, ids in taken:
                window.give_back(*ids)
        return response


def check_address() -> None:
    address = client_address()
    if PER_ADDRESS.exceeded(PER_ADDRESS.take(address)):
        PER_ADDRESS.give_back(address)
        raise too_many(PER_ADDRESS.seconds_left(address))
    keep_if_failed((PER_ADDRESS, (address,)))


def check_account() -> None:
    account, address = login_account_key(), client_address()
    pair = (account, address)
    from_here = PER_ACCOUNT_AND_ADDRESS.take(*pair)
    if PER_ACCOUNT_AND_ADDRESS.exceeded(from_here):
        PER_ACCOUNT_AND_ADDRESS.give_back(*pair)
        raise too_many(PER_ACCOUNT_AND_ADDRESS.seconds_left(*pair))
    in_all = PER_ACCOUNT.take(account)
    # Alone in its window, this attempt comes from an address that has not failed on the account
    # (the owner's own device, say): it may try past the ceiling, and then counts like any other.
    if PER_ACCOUNT.exceeded(in_all) and from_here > 1:
        PER_ACCOUNT_AND_ADDRESS.give_back(*pair)
        PER_ACCOUNT.give_back(account)
        # Whichever window ends first lets this address try again.
        raise too_many(min(PER_ACCOUNT_AND_ADDRESS.seconds_left(*pair), PER_ACCOUNT.seconds_left(account)))
    keep_if_failed((PER_ACCOUNT_AND_ADDRESS, pair), (PER_ACCOUNT, (account,)))


def sign_in_throttle(check):
    """A decorator for sign-in views that runs `check` (it raises a 429 or takes its places)
    before the view, on POSTs only (showing the form is free), when limits are on."""
    def decorator(view):
        @wraps(view)
        def guarded(*args, **kwargs):
            if request.method in POST and limiter.enabled:
                check()
            return view(*args, **kwargs)
        return guarded
    return decorator


# Put login_per_ip outermost: an address over its limit is refused before its account is looked up.
login_per_ip = sign_in_throttle(check_address)
login_per_account = sign_in_throttle(check_account)

registration = limiter.shared_limit("10 per hour", scope="register", methods=POST)
code_checks = limiter.shared_limit("20 per 10 minutes", scope="code-check", methods=POST)
mail_sends_per_ip = limiter.shared_limit("10 per hour", scope="mail-ip", methods=POST)
mail_sends_per_address = limiter.shared_limit("5 per hour", scope="mail-address", methods=POST,
                                              key_func=mail_address_key)
availability = limiter.shared_limit("30 per minute", scope="availability")


def account_key() -> str:
    """The signed-in person, whichever door they use (Bearer token or page cookie): one budget
    for the API and the settings forms."""
    from flask_login import current_user

    from lobby.accounts.session import token_user_key

    key = token_user_key()
    if key.startswith("ip:") and current_user.is_authenticated:
        return f"user:{current_user.id}"
    return key


def wrong_password(response) -> bool:
    """Marked by `password_change.check_current_password`, not read from the status: the settings
    dialog answers every refusal with 422 (the only one htmx swaps in)."""
    from flask import g

    return bool(g.get("wrong_password"))


# Account settings that take the current password: only wrong passwords count (like failed
# sign-ins), so a stolen session cannot guess the password to lock the owner out of it.
password_checks = limiter.shared_limit("10 per 15 minutes", scope="account-password", methods=["POST", "DELETE"],
                                       key_func=account_key, deduct_when=wrong_password)
# Sign-outs of single sessions, lists: generous, only against a runaway client.
session_changes = limiter.shared_limit("60 per minute", scope="account-sessions", methods=["POST", "DELETE"],
                                       key_func=account_key)
