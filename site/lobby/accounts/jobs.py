"""The accounts' jobs: module-level functions that take plain values and call an action. Queued
by reference (`enqueue(start_password_reset, email)`); a worker finds them by their module path."""
from lobby.accounts.actions import do_start_password_reset


def start_password_reset(email: str) -> None:
    """Forgot-password: the job looks the address up, so the request answers alike for any."""
    do_start_password_reset(email)
