"""Server icons: checked by content (not by name or type header), re-encoded with Pillow, kept
under UPLOAD_FOLDER/server-icons with a name we choose."""
from __future__ import annotations

import secrets
from io import BytesIO
from pathlib import Path

from flask import current_app
from PIL import Image, UnidentifiedImageError

from lobby.errors import ValidationError

MAX_BYTES = 5 * 1024 * 1024
SIDE = 256  # icons are shown at most 96 px wide; 256 keeps them sharp on dense screens
Image.MAX_IMAGE_PIXELS = 40_000_000  # refuse decompression bombs early


def folder() -> Path:
    path = Path(current_app.config["UPLOAD_FOLDER"]) / "server-icons"
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_icon(upload) -> str:
    """Validate and store an uploaded icon; returns its file name."""
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValidationError({"icon": "Файл слишком большой. Максимальный размер: 5MB"})
    try:
        with Image.open(BytesIO(data)) as image:
            image.load()
            picture = image.convert("RGBA")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError, ValueError):
        raise ValidationError({"icon": "Можно загружать только изображения"}) from None
    picture.thumbnail((SIDE, SIDE))
    name = f"{secrets.token_hex(12)}.png"
    picture.save(folder() / name, format="PNG", optimize=True)
    return name


def remove_icon(name: str | None) -> None:
    if name:
        (folder() / name).unlink(missing_ok=True)


def icon_path(name: str) -> Path:
    return folder() / name
