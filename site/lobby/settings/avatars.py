"""Avatars: an upload checked and shrunk by the server icons' machinery (`servers/icons.py`: the
pixel budget read from the header, heavy pictures decoded by the job worker), then written as a
WebP of at most 256 × 256 under UPLOAD_FOLDER/avatars with a name we choose. The user row keeps
the file name and the URL every payload carries as `profileImageUrl`."""
from __future__ import annotations

import secrets
from io import BytesIO
from pathlib import Path

from flask import current_app
from PIL import Image

from lobby import images
from lobby.servers import icons
from lobby.texts import text

MAX_BYTES = icons.MAX_BYTES


def refusals() -> tuple[str, str, str]:
    """Too many bytes, too many pixels, not a picture: in the reader's language (asked when refusing)."""
    return (text("settings.avatar_too_big", megabytes=MAX_BYTES // 2**20),
            text("settings.avatar_too_many_pixels", megapixels=images.MAX_PIXELS // 1_000_000),
            text("settings.avatar_not_image"))


REFUSALS = refusals()  # Russian, for the API document (built at import)


def folder() -> Path:
    path = Path(current_app.config["UPLOAD_FOLDER"]) / "avatars"
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_avatar(upload) -> str:
    """Check and store an uploaded avatar; its file name. Raises ValidationError on `avatar`."""
    png = icons.small_png(upload, "avatar", refusals())
    # The PNG is at most 256 px a side: writing it again as WebP costs about a millisecond.
    with Image.open(BytesIO(png)) as picture:
        out = BytesIO()
        picture.save(out, format="WEBP", quality=90, method=4)
    name = f"{secrets.token_hex(12)}.webp"
    (folder() / name).write_bytes(out.getvalue())
    return name


def remove_avatar(name: str | None) -> None:
    if name:
        (folder() / name).unlink(missing_ok=True)


def avatar_path(name: str) -> Path:
    return folder() / name


def avatar_url(user_id: int, name: str) -> str:
    """Changes with the picture (`v`), so it may be cached for long."""
    return f"/api/users/{user_id}/avatar?v={name[:12]}"
