"""Confirming a new e-mail address ends what the old one could still open, as a password change
does: every unused reset link (one mailed to the old address included) and every other session."""
from __future__ import annotations

from tests.accounts.conftest import PASSWORD, PHONE, code_in
from tests.accounts.test_reset_api import RESET_SUBJECT, reset, token_in
from tests.support import run_jobs, text_of
from tests.servers.conftest import cheap_password_hashing  # noqa: F401 (fixtures; cheap hashing here only)

NEW = "anna.new@example.com"
RESET_INVALID = "RESET_TOKEN_INVALID"


def change_email(laptop, mail_to, email: str = NEW):
    assert laptop.post("/api/account/email", {"currentPassword": PASSWORD, "newEmail": email}).status_code == 200
    return laptop.post("/api/account/email/confirm", {"code": code_in(mail_to(email))})


def reset_link_to_old_address(app, client, mailbox) -> str:
    assert client.post("/api/auth/forgot-password", json={"email": "anna@example.com"}).status_code == 200
    run_jobs(app)
    mailbox.wait_for("anna@example.com", count=2)
    [mail] = [m for m in mailbox.sent_to("anna@example.com") if m["Subject"] == RESET_SUBJECT]
    return token_in(app, text_of(mail))


def test_a_reset_link_mailed_to_the_old_address_dies_with_the_change(app, device, mail_to, mailbox, accounts):
    laptop = device()
    stranger = app.test_client()
    token = reset_link_to_old_address(app, stranger, mailbox)
    assert change_email(laptop, mail_to).status_code == 200
    refused = reset(stranger, token, "taken-over-password")
    assert refused.status_code == 400 and refused.get_json()["code"] == RESET_INVALID
    assert accounts.login(NEW, PASSWORD).status_code == 200


def test_the_change_ends_every_other_session_and_keeps_this_one(device, mail_to):
    laptop, phone, tablet = device(), device(PHONE), device()
    confirmed = change_email(laptop, mail_to)
    assert confirmed.status_code == 200 and confirmed.get_json()["user"]["email"] == NEW
    assert laptop.me().status_code == 200
    assert phone.me().status_code == 401 and tablet.me().status_code == 401
    assert phone.client.post("/api/auth/refresh").status_code == 401  # their refresh chains ended too


def test_an_address_held_by_an_unverified_account_is_taken_by_the_code(app, accounts, device, mail_to):
    laptop = device()
    assert accounts.register(username="squatter", email=NEW).status_code == 201  # never verified
    assert change_email(laptop, mail_to).status_code == 200  # a code came, not a "taken" notice
    assert laptop.me().get_json()["user"]["email"] == NEW
    assert accounts.login("squatter").status_code == 401  # the unverified account went
