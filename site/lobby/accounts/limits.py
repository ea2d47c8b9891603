"""Throttles shared by the JSON API and the no-JS forms (one scope each, whichever door is used).

Sign-in attempts are counted in 15-minute windows:
- per address (30): failed sign-ins (401) on any accounts, and refused bodies (400, 422), from one
  address (an IPv6 client counts by its /64): a malformed body is no way around the count;
- per account and address (10): failed sign-ins on one account from one address;
- per account from all addresses (100): a ceiling that holds for every address: past it no
  address may try (429) until the window ends, however fresh it is;
- per account and remembered device (10): a browser in which the account signed in before carries
  a signed cookie naming it (`remembered.py`); its sign-ins to that account count in this window
  alone and skip the three above, so no one else's failures lock the owner out of it.
An attacker therefore gets at most 100 guesses at an account per window, from however many
addresses, and the owner still signs in from their usual browser (a new browser signs in once
the ceiling's window ends, or after a reset through the mailed link, which remembers it).
Successes, 403 and 429 count nowhere; an attempt counts while it is in progress.

No key is made from what a request sent: an account is named by its id, and an unknown identifier
or a mail address by a keyed digest (`input_key`), so a key's size does not depend on the input;
an identifier longer than any account's (254) is refused (422) before any key is made from it.
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import math
import time
from dataclasses import dataclass
from functools import wraps

from flask import after_this_request, current_app, request
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse

from lobby.accounts.remembered import device_for, remembered
from lobby.accounts.validation import IDENTIFIER_MAX, email_problem, identifier_of, refuse_if
from lobby.errors import ApiError, http_message
from lobby.extensions import limiter
from lobby.limit_storage import counted as counted_in_storage
from lobby.texts import text


def sent() -> dict:
    """The request's fields (JSON object or form); {} for anything else."""
    data = request.get_json(silent=True) if request.is_json else request.form
    return data if isinstance(data, dict) or hasattr(data, "getlist") else {}


def submitted(field: str) -> str:
    value = sent().get(field)
    return value.strip().lower() if isinstance(value, str) else ""


def input_key(kind: str, value: str) -> str:
    """A throttle key for a value someone sent: a keyed digest, the same for the same value, of one
    size whatever the value's, and saying nothing of it to whoever reads the rate-limit storage."""
    secret = current_app.config["SECRET_KEY"].encode()
    data = f"{kind}:{value}".encode(errors="surrogatepass")  # JSON may carry a lone surrogate
    return f"{kind}:{hmac.new(secret, data, hashlib.sha256).hexdigest()[:32]}"


def sign_in_identifier() -> str:
    """Who the sign-in names (as `validation.identifier_of` reads it), lower-cased; 422 when it is
    longer than any account's, before anything is looked up or counted under it."""
    identifier = identifier_of(sent()).lower()
    refuse_if("emailOrUsername", text("auth.identifier_too_long") if len(identifier) > IDENTIFIER_MAX else None)
    return identifier


def account_named(identifier: str):
    from lobby.accounts.actions import find_user

    return find_user(identifier) if identifier else None


def failed(response) -> bool:
    return response.status_code == 401


def failed_or_refused(response) -> bool:
    """What the per-address window keeps: failures, and bodies refused before any password was
    checked (else refused bodies would cost an address nothing)."""
    return response.status_code in (400, 401, 422)


def mail_address_malformed() -> bool:
    return email_problem(submitted("email")) is not None


def mail_address_key() -> str:
    return input_key("address", submitted("email"))


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

    def admit(self, *ids: str) -> None:
        """Take a place, or give it back and refuse (429) when the window is full."""
        if self.exceeded(self.take(*ids)):
            self.give_back(*ids)
            raise too_many(self.seconds_left(*ids))


def counted(call):
    # Redis away: counted in this process's memory (limit_storage.py), so people can still sign
    # in, and guessing is still throttled, per process.
    return counted_in_storage(call, "sign-in failures")


PER_ACCOUNT_AND_ADDRESS = FailureWindow(parse("10 per 15 minutes"), "login-account-address")
PER_ADDRESS = FailureWindow(parse("30 per 15 minutes"), "login-ip")
PER_ACCOUNT = FailureWindow(parse("100 per 15 minutes"), "login-account")
PER_ACCOUNT_AND_DEVICE = FailureWindow(parse("10 per 15 minutes"), "login-account-device")


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


def keep_if(counts, *taken: tuple[FailureWindow, tuple[str, ...]]) -> None:
    """Once this request's response is known, give back what it took unless `counts(response)`."""
    @after_this_request
    def settle(response):
        if not counts(response):
            for window, ids in taken:
                window.give_back(*ids)
        return response


def check_sign_in() -> None:
    """The sign-in throttles (module docstring), before the password is checked."""
    if remembered_here():
        return
    address = client_address()
    PER_ADDRESS.admit(address)  # before the account is looked up
    keep_if(failed_or_refused, (PER_ADDRESS, (address,)))
    account = login_account_key(sign_in_identifier())
    pair = (account, address)
    PER_ACCOUNT_AND_ADDRESS.admit(*pair)
    try:
        PER_ACCOUNT.admit(account)
    except ApiError:
        PER_ACCOUNT_AND_ADDRESS.give_back(*pair)
        raise
    keep_if(failed, (PER_ACCOUNT_AND_ADDRESS, pair), (PER_ACCOUNT, (account,)))


def login_account_key(identifier: str) -> str:
    """The account the sign-in names, whether by e-mail or by username (one budget for both)."""
    user = account_named(identifier)
    return f"user:{user.id}" if user else input_key("unknown", identifier)


def remembered_here() -> bool:
    """A sign-in from a browser remembered for the account it names: counted in its own window
    only (taken, or 429). False for any other, which the other windows count."""
    if remembered() is None:  # most sign-ins: no cookie, no lookup
        return False
    identifier = identifier_of(sent()).lower()
    user = account_named(identifier) if len(identifier) <= IDENTIFIER_MAX else None
    device = device_for(user)
    if device is None:
        return False
    ids = (f"user:{user.id}", device)
    PER_ACCOUNT_AND_DEVICE.admit(*ids)
    keep_if(failed, (PER_ACCOUNT_AND_DEVICE, ids))
    return True


def sign_in_throttle(view):
    """A decorator for sign-in views: `check_sign_in` (it raises a 429 or a 422, or takes its
    places) before the view, on POSTs only (showing the form is free), when limits are on."""
    @wraps(view)
    def guarded(*args, **kwargs):
        if request.method in POST and limiter.enabled:
            check_sign_in()
        return view(*args, **kwargs)
    return guarded


registration = limiter.shared_limit("10 per hour", scope="register", methods=POST)
code_checks = limiter.shared_limit("20 per 10 minutes", scope="code-check", methods=POST)
mail_sends_per_ip = limiter.shared_limit("10 per hour", scope="mail-ip", methods=POST)
# A malformed address is counted per IP only (the view refuses it): no key is made from it.
mail_sends_per_address = limiter.shared_limit("5 per hour", scope="mail-address", methods=POST,
                                              key_func=mail_address_key, exempt_when=mail_address_malformed)
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
