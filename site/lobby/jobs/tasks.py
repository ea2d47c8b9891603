"""Job functions: small, module-level, they take ids and call an action.

Mail, cleanup and picture jobs arrive with the features that need them; the worker imports this
module before it forks, so every job listed here starts warm.
"""
import logging

log = logging.getLogger(__name__)


def log_heartbeat(note: str) -> str:
    """A job an operator can queue to check that the worker runs jobs (`flask jobs ping`)."""
    log.info("job heartbeat: %s", note)
    return note


def start_password_reset(email: str) -> None:
    from lobby.accounts.actions import do_start_password_reset

    do_start_password_reset(email)


def remove_attachment_files(stored_names: list[str]) -> None:
    """The files of a deleted message (its rows are already gone)."""
    from lobby.messages.attachments import remove_files

    remove_files(stored_names)


def reencode_upload(purpose: str, token: str) -> dict:
    """A heavy picture's decoding, off the web worker: the request that queued it waits for the
    result (see lobby.image_jobs)."""
    from lobby.image_jobs import work

    return work(purpose, token)
