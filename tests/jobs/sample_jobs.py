"""Job functions for the queue tests: importable by a worker started from the repo root."""
from pathlib import Path


def write_note(path: str, text: str) -> str:
    Path(path).write_text(text)
    return text


def explode(reason: str) -> None:
    raise RuntimeError(reason)
