"""The accounts' jobs: module-level functions that take plain values and call an action. Queued
by reference (`enqueue(start_password_reset, email)`); a worker finds them by their module path.
`PERIODIC`: what the job worker's periodic pass runs (`jobs.worker.start_sweeper`)."""
import logging

from lobby.accounts.actions import do_start_password_reset
from lobby.accounts.unverified import do_prune_unverified
from lobby.jobs.queue import MAIL, on_queue

log = logging.getLogger(__name__)


@on_queue(MAIL)  # it writes the reset mail: a step of the mail's way, on the mail queue
def start_password_reset(email: str, language: str | None = None) -> None:
    """Forgot-password: the job looks the address up, so the request answers alike for any.
    `language`: the asking page's, for the mail (a job has no request to read it from)."""
    do_start_password_reset(email, language)


def prune_unverified_accounts() -> None:
    """Remove the unverified accounts past their 48 hours (`accounts/unverified.py`)."""
    removed = do_prune_unverified()
    if removed:
        log.info("removed %s unverified account(s) older than 48 hours", removed)


PERIODIC = (prune_unverified_accounts,)
