"""Guessing passwords cannot lock an account's owner out.

Failed sign-ins are throttled per (account, address) and per address; a higher ceiling per account
stops only the addresses that have already failed on that account, so the owner, from an address
that has not, still signs in. Failures are counted before the password is checked, so guesses sent
together cannot all slip under a limit."""
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from argon2 import PasswordHasher

from lobby.accounts import passwords
from tests.accounts.conftest import PASSWORD

EMAIL = "anna@example.com"
OWNER_ADDRESS = "198.51.100.7"
PER_ACCOUNT_AND_ADDRESS = 10  # failed sign-ins per 15 minutes
PER_ADDRESS = 30
PER_ACCOUNT = 100  # from all addresses together
TOO_MANY = {"message": "Слишком много запросов. Попробуйте позже.", "code": "RATE_LIMITED"}


@pytest.fixture
def quick_hashing(monkeypatch):
    """argon2id at its lowest cost for tests that check hundreds of passwords (the default costs
    about 150 ms a check here); the throttles do not depend on the cost. Set before the account
    is registered: a hash carries its own cost."""
    quick = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    monkeypatch.setattr(passwords, "hasher", quick)
    monkeypatch.setattr(passwords, "_DUMMY_HASH", quick.hash("lobby-not-a-password"))


def client_at(app, address: str):
    """A test client whose requests come from `address`."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def sign_in(client, password: str = PASSWORD, email: str = EMAIL):
    return client.post("/api/auth/login", json={"email": email, "password": password})


def assert_throttled(response) -> None:
    assert response.status_code == 429
    assert response.get_json() == TOO_MANY
    assert 0 < int(response.headers["Retry-After"]) <= 900


def test_the_owner_signs_in_from_an_address_that_has_not_failed(accounts, app, quick_hashing):
    accounts.verified()
    attacker = client_at(app, "203.0.113.9")
    for attempt in range(PER_ACCOUNT_AND_ADDRESS):
        assert sign_in(attacker, f"guess-{attempt}").status_code == 401, attempt
    assert_throttled(sign_in(attacker, "guess-again"))
    assert_throttled(sign_in(attacker))  # from there, even the right password waits
    assert sign_in(client_at(app, OWNER_ADDRESS)).status_code == 200


def test_a_thousand_wrong_passwords_from_a_few_addresses_get_nowhere(accounts, app, quick_hashing):
    accounts.verified()
    attackers = [client_at(app, f"203.0.113.{number}") for number in range(1, 26)]
    answers = Counter()
    for guess in range(1000):
        response = sign_in(attackers[guess % len(attackers)], f"guess-{guess}")
        answers[response.status_code] += 1
        if response.status_code == 429:
            assert_throttled(response)
    assert answers[200] == 0
    assert sign_in(client_at(app, OWNER_ADDRESS)).status_code == 200
    # 25 addresses could try 10 each; the account's ceiling stops them at 100 checked passwords.
    assert answers == {401: PER_ACCOUNT, 429: 1000 - PER_ACCOUNT}
    for attacker in attackers:
        assert_throttled(sign_in(attacker))


def test_past_the_account_ceiling_a_new_address_gets_one_try(accounts, app, quick_hashing):
    accounts.verified()
    for number in range(PER_ACCOUNT // PER_ACCOUNT_AND_ADDRESS):
        attacker = client_at(app, f"203.0.113.{number}")
        for attempt in range(PER_ACCOUNT_AND_ADDRESS):
            assert sign_in(attacker, f"guess-{attempt}").status_code == 401
    newcomer = client_at(app, "192.0.2.50")
    assert sign_in(newcomer, "one-more-guess").status_code == 401
    assert_throttled(sign_in(newcomer, "and-another"))
    assert_throttled(sign_in(newcomer))
    assert sign_in(client_at(app, OWNER_ADDRESS)).status_code == 200


def test_the_owner_signs_in_through_the_form_while_an_attacker_sees_the_throttle_page(accounts, app, quick_hashing):
    accounts.verified()
    attacker = client_at(app, "203.0.113.9")
    for attempt in range(PER_ACCOUNT_AND_ADDRESS):
        form = {"emailOrUsername": EMAIL, "password": f"guess-{attempt}"}
        assert attacker.post("/auth", data=form).status_code == 401, attempt
    throttled = attacker.post("/auth", data={"emailOrUsername": EMAIL, "password": PASSWORD})
    assert throttled.status_code == 429
    assert "Слишком много запросов. Попробуйте позже." in throttled.get_data(as_text=True)
    assert_throttled(sign_in(attacker))  # the API and the form share the budget
    owner = client_at(app, OWNER_ADDRESS).post("/auth", data={"emailOrUsername": EMAIL, "password": PASSWORD})
    assert owner.status_code == 302 and owner.headers["Location"] == "/app"


def test_guesses_sent_together_from_one_address_are_counted_before_they_are_checked(accounts, app):
    """At the real hashing cost: each check takes long enough for the others to arrive meanwhile."""
    accounts.verified()
    answers = together(app, 24, lambda client, number: sign_in(client, f"guess-{number}"))
    assert Counter(answer.status_code for answer in answers) == {401: PER_ACCOUNT_AND_ADDRESS,
                                                                 429: 24 - PER_ACCOUNT_AND_ADDRESS}
    assert sign_in(client_at(app, OWNER_ADDRESS)).status_code == 200


def test_accounts_sprayed_together_from_one_address_are_counted_before_they_are_checked(app, quick_hashing):
    answers = together(app, PER_ADDRESS + 10,
                       lambda client, number: sign_in(client, "guess", email=f"victim{number}@example.com"))
    assert Counter(answer.status_code for answer in answers) == {401: PER_ADDRESS, 429: 10}


def together(app, count: int, send) -> list:
    """`count` requests from one address, each from its own client, released at the same instant."""
    clients = [client_at(app, "203.0.113.77") for _ in range(count)]
    start = threading.Barrier(count)

    def one(client, number):
        start.wait()
        return send(client, number)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(one, clients, range(count)))


def test_the_addresses_of_one_ipv6_network_count_as_one_address(app, quick_hashing):
    """Whoever has one IPv6 address usually has its whole /64: counted per address, it would be an
    endless supply of fresh addresses."""
    for number in range(PER_ADDRESS):
        client = client_at(app, f"2001:db8:1:2::{number + 1:x}")
        assert sign_in(client, "guess", email=f"victim{number}@example.com").status_code == 401, number
    assert_throttled(sign_in(client_at(app, "2001:db8:1:2:ffff::1"), "guess", email="victim99@example.com"))
    assert sign_in(client_at(app, "2001:db8:1:3::1"), "guess", email="victim99@example.com").status_code == 401
