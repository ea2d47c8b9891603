"""The job machinery's own job. Every feature keeps its jobs next to its actions
(`accounts/jobs.py`, `messages/jobs.py`, `image_jobs.py`): `jobs/` imports no feature, a job is
named by its module path, and the worker loads the modules `lobby.JOB_MODULES` lists."""
import logging

log = logging.getLogger(__name__)


def log_heartbeat(note: str) -> str:
    """A job an operator can queue to check that the worker runs jobs (`flask jobs ping`)."""
    log.info("job heartbeat: %s", note)
    return note
