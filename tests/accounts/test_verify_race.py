"""Guesses at one verification code arriving together: each claims one of the code's five tries
before it is compared, so however many arrive at once, at most five are ever checked."""
import threading
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import select

from lobby.accounts.models import EmailCode
from lobby.extensions import db
from tests.accounts.test_verify_api import EMAIL, INVALID, LOCKED, registered_code, verify

GUESSERS = 24


def client_at(app, address: str):
    """A test client whose requests come from `address`."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def guess_together(app, code: str) -> list:
    """GUESSERS wrong codes, each from its own client and address, released at the same instant."""
    clients = [client_at(app, f"203.0.113.{number}") for number in range(GUESSERS)]
    wrong = [f"{(int(code) + number + 1) % 10**6:06d}" for number in range(GUESSERS)]
    start = threading.Barrier(GUESSERS)

    def guess(client, attempt):
        start.wait()
        return client.post("/api/auth/verify-email-code", json={"email": EMAIL, "code": attempt})

    with ThreadPoolExecutor(GUESSERS) as pool:
        return list(pool.map(guess, clients, wrong))


def test_concurrent_wrong_guesses_are_checked_at_most_five_times(accounts, app, client):
    code = registered_code(accounts)
    answers = guess_together(app, code)
    assert all(answer.status_code == 400 for answer in answers)
    bodies = [answer.get_json() for answer in answers]
    # Four wrong tries leave the code alive; the fifth kills it; every later one finds no try left.
    assert bodies.count(INVALID) == 4
    assert bodies.count(LOCKED) == GUESSERS - 4
    afterwards = verify(client, code)
    assert afterwards.status_code == 400 and afterwards.get_json() == LOCKED
    assert accounts.login().status_code == 403  # still unverified
    with app.app_context():
        assert db.session.scalar(select(EmailCode.failed_attempts)) == 5


def test_a_killed_code_answers_locked_to_the_right_code_too(accounts, client):
    code = registered_code(accounts)
    for offset in range(1, 6):
        verify(client, f"{(int(code) + offset) % 10**6:06d}")
    again = verify(client, code)
    assert again.status_code == 400 and again.get_json() == LOCKED
