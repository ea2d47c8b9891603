"""Guessing passwords cannot lock an account's owner out of their usual browser.

Failed sign-ins are throttled per (account, address), per address, and per account from all
addresses (a ceiling that holds for every address, however fresh). A browser in which the account
signed in before is remembered for it (a signed cookie) and counted in a small window of its own
only, so the owner signs in there whatever others do. Failures are counted before the password is
checked, so guesses sent together cannot all slip under a limit."""
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from argon2 import PasswordHasher

from lobby.accounts import passwords, remembered
from tests.accounts.conftest import PASSWORD
from tests.accounts.test_reset_api import RESET_SUBJECT, reset, token_in
from tests.support import run_jobs, text_of

EMAIL = "anna@example.com"
OWNER_ADDRESS = "198.51.100.7"
PER_ACCOUNT_AND_ADDRESS = 10  # failed sign-ins per 15 minutes
PER_ADDRESS = 30
PER_ACCOUNT = 100  # from all addresses together
PER_DEVICE = 10  # per account, from one remembered browser
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
    owner = client_at(app, OWNER_ADDRESS)
    assert sign_in(owner).status_code == 200  # the owner's usual browser, remembered from now on
    attackers = [client_at(app, f"203.0.113.{number}") for number in range(1, 26)]
    answers = Counter()
    for guess in range(1000):
        response = sign_in(attackers[guess % len(attackers)], f"guess-{guess}")
        answers[response.status_code] += 1
        if response.status_code == 429:
            assert_throttled(response)
    assert answers[200] == 0
    assert sign_in(owner).status_code == 200
    # 25 addresses could try 10 each; the account's ceiling stops them at 100 checked passwords.
    assert answers == {401: PER_ACCOUNT, 429: 1000 - PER_ACCOUNT}
    for attacker in attackers:
        assert_throttled(sign_in(attacker))


def attack_past_the_ceiling(app, addresses: int = 12, guesses: int = 11) -> Counter:
    """The probe's attack: 132 wrong passwords from 12 addresses (10 are checked from each until
    the account's ceiling of 100 refuses the rest)."""
    answers = Counter()
    for number in range(addresses):
        attacker = client_at(app, f"203.0.113.{number}")
        for attempt in range(guesses):
            answers[sign_in(attacker, f"guess-{number}-{attempt}").status_code] += 1
    return answers


def test_past_the_account_ceiling_a_new_address_gets_no_try(accounts, app, quick_hashing):
    accounts.verified()
    assert attack_past_the_ceiling(app) == {401: PER_ACCOUNT, 429: 132 - PER_ACCOUNT}
    for number in range(20):  # an IPv6 /48 is 65,536 fresh /64s: none of them gets a guess
        assert_throttled(sign_in(client_at(app, f"2001:db8:7:{number:x}::1"), "one-more-guess"))
    assert_throttled(sign_in(client_at(app, "192.0.2.50")))  # the right password waits as well


def test_the_owners_remembered_browser_signs_in_past_the_ceiling_after_a_wrong_password(accounts, app,
                                                                                        quick_hashing):
    accounts.verified()
    owner = client_at(app, OWNER_ADDRESS)
    assert sign_in(owner).status_code == 200
    attack_past_the_ceiling(app)
    assert_throttled(sign_in(client_at(app, "192.0.2.50")))
    assert sign_in(owner, "a-typo").status_code == 401  # a failure of their own, not a 429
    assert sign_in(owner).status_code == 200


def test_the_owners_remembered_browser_signs_in_through_the_form_past_the_ceiling(accounts, app, quick_hashing):
    accounts.verified()
    owner = client_at(app, OWNER_ADDRESS)
    first = owner.post("/auth", data={"emailOrUsername": EMAIL, "password": PASSWORD})
    assert first.status_code == 302 and first.headers["Location"] == "/app"
    owner.post("/auth/logout")
    attack_past_the_ceiling(app)
    typo = owner.post("/auth", data={"emailOrUsername": "ANNA", "password": "a-typo"})
    assert typo.status_code == 401 and "Неверный email/username или пароль" in typo.get_data(as_text=True)
    signed_in = owner.post("/auth", data={"emailOrUsername": "anna", "password": PASSWORD})
    assert signed_in.status_code == 302 and signed_in.headers["Location"] == "/app"


def test_others_failures_from_the_owners_own_address_do_not_lock_the_owners_browser(accounts, app, quick_hashing):
    """A shared address (an office, a carrier's NAT): someone there fills its window, on other
    accounts and on the owner's own."""
    accounts.verified()
    owner = client_at(app, OWNER_ADDRESS)
    assert sign_in(owner).status_code == 200
    neighbour = client_at(app, OWNER_ADDRESS)
    for number in range(PER_ADDRESS):
        email = EMAIL if number < PER_ACCOUNT_AND_ADDRESS else f"victim{number}@example.com"
        assert sign_in(neighbour, "guess", email=email).status_code == 401, number
    assert_throttled(sign_in(neighbour))
    assert sign_in(owner).status_code == 200


def test_a_remembered_browser_has_a_small_window_of_its_own(accounts, app, quick_hashing):
    accounts.verified()
    thief = client_at(app, OWNER_ADDRESS)
    assert sign_in(thief).status_code == 200  # a browser the owner signed in from, left behind
    for attempt in range(PER_DEVICE):
        assert sign_in(thief, f"guess-{attempt}").status_code == 401, attempt
    assert_throttled(sign_in(thief, "guess-again"))
    assert_throttled(sign_in(thief))
    assert sign_in(client_at(app, "192.0.2.60")).status_code == 200  # elsewhere, below the ceiling


def test_a_browser_remembered_for_one_account_is_spared_on_that_account_only(accounts, app, quick_hashing):
    accounts.verified()
    accounts.verified(username="boris", email="boris@example.com")
    mallory = client_at(app, "203.0.113.66")
    assert sign_in(mallory, email="boris@example.com").status_code == 200  # a browser remembered for boris
    for attempt in range(PER_ACCOUNT_AND_ADDRESS):
        assert sign_in(mallory, f"guess-{attempt}").status_code == 401, attempt
    assert_throttled(sign_in(mallory, "guess-again"))  # anna's account: the usual windows


@pytest.mark.filterwarnings("ignore:The 'lobby_device' cookie is too large")  # one of the forgeries, on purpose
def test_a_forged_or_altered_device_cookie_spares_nothing(accounts, app, quick_hashing):
    accounts.verified()
    owner = client_at(app, OWNER_ADDRESS)
    assert sign_in(owner).status_code == 200
    genuine = owner.get_cookie(remembered.COOKIE).value
    attack_past_the_ceiling(app)
    for forged in (genuine[:-2] + ("AA" if not genuine.endswith("AA") else "BB"), '[1, "x"]', "x" * 5000):
        stranger = client_at(app, "192.0.2.70")
        stranger.set_cookie(remembered.COOKIE, forged)
        assert_throttled(sign_in(stranger))
    copied = client_at(app, "192.0.2.71")  # the genuine cookie, copied: one device, one window
    copied.set_cookie(remembered.COOKIE, genuine)
    assert sign_in(copied).status_code == 200


def test_sign_in_remembers_the_browser_in_a_year_long_httponly_cookie(accounts, app):
    accounts.verified()
    form = {"emailOrUsername": EMAIL, "password": PASSWORD}
    for response in (sign_in(client_at(app, OWNER_ADDRESS)), client_at(app, OWNER_ADDRESS).post("/auth", data=form)):
        [cookie] = [h for h in response.headers.getlist("Set-Cookie") if h.startswith(f"{remembered.COOKIE}=")]
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/;" in cookie
        assert "Max-Age=31536000" in cookie
        assert "anna" not in cookie.lower()  # it names the account by its id only
    refused = sign_in(client_at(app, OWNER_ADDRESS), "wrong")
    assert not any(h.startswith(f"{remembered.COOKIE}=") for h in refused.headers.getlist("Set-Cookie"))


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


def test_a_new_browser_that_resets_the_password_from_the_mail_is_remembered(accounts, app, quick_hashing):
    """Past the ceiling a new browser waits; the owner who proves the mailbox there need not."""
    accounts.verified()
    attack_past_the_ceiling(app)
    phone = client_at(app, "192.0.2.80")
    assert_throttled(sign_in(phone))
    assert phone.post("/api/auth/forgot-password", json={"email": EMAIL}).status_code == 200
    run_jobs(app)
    accounts.mailbox.wait_for(EMAIL, count=2)  # after the verification code's
    [mail] = [m for m in accounts.mailbox.sent_to(EMAIL) if m["Subject"] == RESET_SUBJECT]
    assert reset(phone, token_in(app, text_of(mail)), "a-brand-new-one").status_code == 200
    assert sign_in(phone, "a-brand-new-one").status_code == 200
