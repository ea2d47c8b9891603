"""The accounts' jobs: module-level functions that take plain values and call an action. Queued
by reference (`enqueue(start_password_reset, email)`); a worker finds them by their module path."""
from lobby.accounts.actions import do_start_password_reset


def start_password_reset(email: str, language: str | None = None) -> None:
    """Forgot-password: the job looks the address up, so the request answers alike for any.
    `language`: the asking page's, for the mail (a job has no request to read it from)."""
    do_start_password_reset(email, language)
