"""Operators' `flask users ...` commands."""
from tests.accounts.conftest import PASSWORD
from tests.support import run_jobs


def cli(app, *args, input=None):
    return app.test_cli_runner().invoke(args=list(args), input=input)


def create(app, *extra):
    return cli(app, "users", "create", "--username", "boris", "--email", "boris@example.com",
               "--first-name", "Борис", "--last-name", "Орлов", "--password", PASSWORD, *extra)


def test_create_a_verified_user_who_can_sign_in_at_once(app, accounts):
    result = create(app, "--verified")
    assert result.exit_code == 0 and "@boris (verified)" in result.output
    assert accounts.login("boris@example.com").status_code == 200
    run_jobs(app)
    assert accounts.mailbox.sent_to("boris@example.com") == []  # no code for a verified account


def test_create_an_unverified_user_mails_a_code(app, accounts):
    assert create(app).exit_code == 0
    run_jobs(app)
    assert accounts.mailbox.wait_for("boris@example.com")
    assert accounts.login("boris").status_code == 403


def test_create_refuses_bad_or_taken_input(app):
    assert create(app, "--verified").exit_code == 0
    taken = create(app)
    assert taken.exit_code != 0 and "Этот username уже занят" in taken.output
    bad = cli(app, "users", "create", "--username", "x", "--email", "bad", "--first-name", "A",
              "--last-name", "B", "--password", "short")
    assert bad.exit_code != 0 and "Введите корректный email" in bad.output


def test_list_shows_every_account_and_its_state(app, accounts):
    accounts.verified()
    create(app)
    output = cli(app, "users", "list").output
    assert "@anna\tanna@example.com\tАнна Смирнова\tverified" in output
    assert "@boris\tboris@example.com\tБорис Орлов\tunverified" in output


def test_verify_lets_the_user_sign_in(app, accounts):
    create(app)
    result = cli(app, "users", "verify", "boris@example.com")
    assert result.exit_code == 0
    assert accounts.login("boris").status_code == 200
    assert cli(app, "users", "verify", "nobody@example.com").exit_code != 0


def test_deactivate_ends_every_session(app, accounts, client):
    token = accounts.signed_in()
    assert cli(app, "users", "deactivate", "anna").exit_code == 0
    assert client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"}).status_code == 401
    assert client.post("/api/auth/refresh").status_code == 401
    assert client.get("/app").headers["Location"] == "/auth"
    assert accounts.login().status_code == 403
