"""Signing up with someone else's address squats nothing: an unverified account holds its username
and address for a code's lifetime only, expires after 48 hours, spends no one else's codes, and
the address's owner takes it back by the mailed reset link."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

from sqlalchemy import select, update

from lobby.accounts.models import EmailCode, User
from lobby.database import utcnow
from lobby.extensions import db
from tests.accounts.conftest import code_in, registration
from tests.accounts.test_reset_api import RESET_SUBJECT, reset, token_in
from tests.support import run_jobs, text_of

ROOT = Path(__file__).resolve().parents[2]
EMAIL = "anna@example.com"
RESEND_WAIT = "CODE_RESEND_WAIT"


def backdate_account(app, username: str, **age) -> None:
    with app.app_context():
        db.session.execute(update(User).where(User.username_key == username.lower())
                           .values(created_at=utcnow() - timedelta(**age)))
        db.session.commit()


def backdate_codes(app, seconds: int = 61) -> None:
    """As if the last code had been sent `seconds` earlier (the resend countdown has run out)."""
    with app.app_context():
        for row in db.session.scalars(select(EmailCode)):
            row.created_at -= timedelta(seconds=seconds)
        db.session.commit()


def usernames(app) -> set[str]:
    with app.app_context():
        return set(db.session.scalars(select(User.username)))


def resend(client, email: str = EMAIL):
    return client.post("/api/auth/verify-email-resend", json={"email": email})


def squat(accounts, app, **age):
    """Someone signs up with Anna's address; their account is `age` old."""
    assert accounts.register(username="squatter", email=EMAIL, password="holding-pass-1").status_code == 201
    if age:
        backdate_account(app, "squatter", **age)


def test_the_owner_signs_up_over_a_squatter_older_than_a_code_and_verifies(accounts, app, client):
    squat(accounts, app, minutes=11)
    assert client.get("/api/auth/check-availability?email=anna@example.com").get_json()["email"]["available"]
    assert accounts.register().status_code == 201  # anna, anna@example.com
    code = code_in(accounts.mailbox.wait_for(EMAIL, count=2))
    assert client.post("/api/auth/verify-email-code", json={"email": EMAIL, "code": code}).status_code == 200
    assert accounts.login().status_code == 200
    assert usernames(app) == {"anna"}  # the squatter's account, codes and all, went


def test_an_old_unverified_account_frees_its_username_too(accounts, app, client):
    assert accounts.register(username="anna", email="someone@example.com").status_code == 201
    assert not client.get("/api/auth/check-availability?username=anna").get_json()["username"]["available"]
    backdate_account(app, "anna", minutes=11)
    assert client.get("/api/auth/check-availability?username=anna").get_json()["username"]["available"]
    assert accounts.register().status_code == 201
    assert accounts.verified(username="boris", email="boris@example.com")  # unrelated sign-ups go on
    with app.app_context():
        assert db.session.scalar(select(User.email).where(User.username == "anna")) == EMAIL


def test_an_unverified_account_younger_than_a_code_still_holds_its_name_and_address(accounts, app):
    squat(accounts, app, minutes=9)
    taken = accounts.register()
    assert taken.status_code == 409
    assert taken.get_json()["errors"] == {"email": "Этот email уже используется"}
    assert accounts.register(username="squatter", email="boris@example.com").status_code == 409
    assert usernames(app) == {"squatter"}


def test_a_verified_account_holds_its_name_and_address_at_any_age(accounts, app):
    accounts.verified()
    backdate_account(app, "anna", days=30)
    assert accounts.register(username="boris").status_code == 409
    assert accounts.register(username="anna", email="boris@example.com").status_code == 409


def test_codes_are_sent_at_most_once_a_minute_per_address(accounts, app, client):
    assert accounts.register().status_code == 201
    for sender in (client, app.test_client()):  # this browser, or any other
        refused = resend(sender)
        assert refused.status_code == 429
        assert refused.get_json()["code"] == RESEND_WAIT
        assert refused.get_json()["message"].startswith("Новый код можно запросить через")
        assert 0 < int(refused.headers["Retry-After"]) <= 60
    backdate_codes(app)
    assert resend(client).status_code == 200
    run_jobs(app)
    assert len(accounts.mailbox.sent_to(EMAIL)) == 2
    with app.app_context():  # the refused resends made no code: the day's five are not spent by waiting
        assert len(db.session.scalars(select(EmailCode)).all()) == 2


def test_a_squatter_who_spent_the_days_codes_loses_the_account_to_the_owners_reset_link(accounts, app, client):
    squat(accounts, app)
    for number in range(4):
        backdate_codes(app)
        assert resend(client).status_code == 200, number
    backdate_codes(app)
    spent = resend(client)
    assert spent.status_code == 429 and spent.get_json()["code"] == "CODE_DAILY_LIMIT"

    owner = app.test_client()
    assert owner.post("/api/auth/forgot-password", json={"email": EMAIL}).status_code == 200
    run_jobs(app)
    accounts.mailbox.wait_for(EMAIL, count=6)
    [mail] = [m for m in accounts.mailbox.sent_to(EMAIL) if m["Subject"] == RESET_SUBJECT]
    assert reset(owner, token_in(app, text_of(mail)), "owners-own-password").status_code == 200
    signed_in = owner.post("/api/auth/login", json={"email": EMAIL, "password": "owners-own-password"})
    assert signed_in.status_code == 200
    assert signed_in.get_json()["user"]["isEmailVerified"] is True
    code = code_in(accounts.mailbox.sent_to(EMAIL)[-2])  # the squatter's last code: the address is verified
    assert client.post("/api/auth/verify-email-code", json={"email": EMAIL, "code": code}).status_code == 409


def test_a_sign_in_meets_an_expired_unverified_account_and_removes_it(accounts, app):
    squat(accounts, app, hours=49)
    refused = accounts.login("squatter", "holding-pass-1")
    assert refused.status_code == 401  # not 403 "verify first": the account is gone
    assert usernames(app) == set()


def three_accounts(accounts, app) -> None:
    """`old` unverified for 49 hours, `settled` verified 49 hours ago, `young` unverified for 47."""
    assert accounts.register(username="old", email="old@example.com").status_code == 201
    accounts.verified(username="settled", email="settled@example.com")
    assert accounts.register(username="young", email="young@example.com").status_code == 201
    backdate_account(app, "old", hours=49)
    backdate_account(app, "settled", hours=49)
    backdate_account(app, "young", hours=47)


def test_the_prune_command_removes_only_unverified_accounts_past_48_hours(accounts, app):
    three_accounts(accounts, app)
    result = app.test_cli_runner().invoke(args=["users", "prune-unverified"])
    assert result.exit_code == 0, result.output
    assert "removed 1 unverified account(s)" in result.output
    assert usernames(app) == {"settled", "young"}


def test_the_job_workers_periodic_pass_removes_unverified_accounts_past_48_hours(accounts, app, make_app,
                                                                                  redis_url):
    three_accounts(accounts, app)
    production = make_app(REDIS_URL=redis_url)
    worker = subprocess.Popen(
        [str(Path(sys.executable).with_name("flask")), "--app", "wsgi", "worker"], cwd=ROOT,
        env={**os.environ, "DATABASE_URL": production.config["SQLALCHEMY_DATABASE_URI"], "REDIS_URL": redis_url,
             "REDIS_PREFIX": production.config["REDIS_PREFIX"], "INSTANCE_PATH": str(production.instance_path),
             "SECRET_KEY": "x", "OUTBOX_SWEEP_SECONDS": "1"},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while "old" in usernames(app) and time.monotonic() < deadline:
            time.sleep(0.2)  # polling the rows the worker changes: the event waited for
        assert usernames(app) == {"settled", "young"}
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def test_two_sign_ups_over_one_old_squatter_at_once_make_one_account(accounts, app):
    squat(accounts, app, minutes=11)
    start = threading.Barrier(2)

    def sign_up(username: str):
        start.wait()
        return app.test_client().post("/api/auth/register", json=registration(username=username))

    with ThreadPoolExecutor(2) as pool:
        answers = sorted(answer.status_code for answer in pool.map(sign_up, ["anna", "anya"]))
    assert answers == [201, 409]  # never a 500, never two accounts with one address
    assert len(usernames(app) & {"anna", "anya"}) == 1 and "squatter" not in usernames(app)
