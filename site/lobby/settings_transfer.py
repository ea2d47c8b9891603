"""The settings file of the pages' footer: what export writes, and reading an uploaded one for
import (spec §5 Settings import: not JSON → 'Неверный формат файла настроек'; a file that cannot
be read → 'Ошибка чтения файла')."""
from __future__ import annotations

import copy
import json

from werkzeug.datastructures import FileStorage

from lobby.errors import ApiError
from lobby.texts import text

MAX_FILE_BYTES = 64 * 1024  # an exported file is about 2 KB


def exported(settings: dict) -> dict:
    """The document without the avatar's address (a file carries settings, not pictures)."""
    document = copy.deepcopy(settings)
    document["profile"].pop("avatarUrl", None)
    return document


def read_settings_file(upload: FileStorage | None):
    """The file's JSON value (any type: the import refuses what is not an object)."""
    if upload is None or not upload.filename:
        raise ApiError(400, text("settings_pages.file_unreadable"), "FILE_UNREADABLE")
    try:
        raw = upload.stream.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise ValueError("too large")
        body = raw.decode("utf-8-sig")
    except (OSError, ValueError):  # UnicodeDecodeError is a ValueError
        raise ApiError(400, text("settings_pages.file_unreadable"), "FILE_UNREADABLE") from None
    try:
        return json.loads(body)
    except ValueError:
        raise ApiError(400, text("settings.bad_file"), "BAD_SETTINGS_FILE") from None
