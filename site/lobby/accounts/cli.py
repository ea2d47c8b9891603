"""`flask --app wsgi users ...`: create, list, verify and deactivate accounts, and remove the
unverified ones past their time."""
import click
from flask.cli import AppGroup
from sqlalchemy import select

from lobby.accounts import actions
from lobby.accounts.unverified import do_prune_unverified
from lobby.accounts.models import User
from lobby.accounts.validation import check_registration
from lobby.errors import ValidationError
from lobby.extensions import db

users = AppGroup("users", help="Manage user accounts.")


def user_or_fail(identifier: str) -> User:
    user = actions.find_user(identifier)
    if user is None:
        raise click.ClickException(f"no user {identifier!r}")
    return user


@users.command("create")
@click.option("--username", required=True)
@click.option("--email", required=True)
@click.option("--first-name", required=True)
@click.option("--last-name", required=True)
@click.password_option(help="Prompted for when not given.")
@click.option("--verified", is_flag=True, help="Mark the e-mail verified; no code is sent.")
def create_user(username, email, first_name, last_name, password, verified):
    """Create an account (a verification code is mailed unless --verified)."""
    fields = {"username": username, "email": email, "firstName": first_name, "lastName": last_name,
              "password": password}
    try:
        user = actions.do_register(check_registration(fields), verified=verified)
    except ValidationError as error:
        raise click.ClickException("; ".join(f"{k}: {v}" for k, v in error.errors.items())) from None
    from flask import current_app

    from lobby.jobs.queue import wait_for_local_jobs

    wait_for_local_jobs(current_app._get_current_object())  # the code mail goes out before we exit
    click.echo(f"created user {user.id} @{user.username}{' (verified)' if verified else ''}")


@users.command("list")
def list_users():
    """Every account, oldest first."""
    for user in db.session.scalars(select(User).order_by(User.id)):
        state = "deactivated" if user.is_deactivated else "verified" if user.is_email_verified else "unverified"
        click.echo(f"{user.id}\t@{user.username}\t{user.email}\t{user.first_name} {user.last_name}\t{state}")


@users.command("verify")
@click.argument("email")
def verify_user(email):
    """Mark an address verified without a code."""
    actions.do_verify_by_operator(user_or_fail(email))
    click.echo(f"{email} verified")


@users.command("deactivate")
@click.argument("username")
def deactivate_user(username):
    """Disable an account and end all its sessions."""
    actions.do_deactivate(user_or_fail(username))
    click.echo(f"@{username} deactivated; all sessions ended")


@users.command("prune-unverified")
def prune_unverified():
    """Remove unverified accounts older than 48 hours (the job worker does it too, every pass)."""
    click.echo(f"removed {do_prune_unverified()} unverified account(s) older than 48 hours")
