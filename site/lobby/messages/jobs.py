"""The messages' jobs: module-level functions that take plain values; queued by reference."""
from lobby.messages.attachments import remove_files


def remove_attachment_files(stored_names: list[str]) -> None:
    """The files of a deleted message (its rows are already gone)."""
    remove_files(stored_names)
